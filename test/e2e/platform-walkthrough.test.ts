import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient } from '@coin/client';
import { runCoinCommand, UsageError } from '../../libs/cli/src/command';
import { notTriggerable, triggerableTypes } from '../../libs/cli/src/trigger';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { applied, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/** A receiver on this machine: a path in `down` answers 500, any other 200; every request kept in order, with its event id. */
async function startSwitchableReceiver() {
  const down = new Set<string>();
  const received: Array<{ path: string; eventId: string; body: string }> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, eventId: String(request.headers['webhook-id'] ?? ''), body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(down.has(path) ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    down,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The walkthrough of a platform that runs its money by itself (docs/guides/platform-integration.md,
 * docs/reference/platform.md): a new team with nothing but its live client (and its users, who act
 * as users do) reads its treasury and statement, lists its holds, previews a purchase that would be
 * refused, captures 100 holds in one call, watches its treasury, paces an endpoint, recovers its
 * failed deliveries in one call, and makes every event type happen in its sandbox with `coin
 * trigger`. Each step asserts outcomes and order, never timings. Long tier: one step after another,
 * each waiting for the pipeline; on the shared stack of its options (the webhooks' retry minute is
 * 2 ms, so an endpoint runs out of retries in seconds).
 */
describe('a platform runs its money by itself: the walkthrough', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startSwitchableReceiver>>;
  let shop: CoinClient;
  let shopId: string;
  let credentials: { clientId: string; clientSecret: string };
  let startedAt: string;
  const run = randomUUID().slice(0, 8);
  const userClient = (token: string) => createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: token });
  const problemOf = (call: Promise<unknown>) =>
    call.then(
      (data) => {
        throw new Error(`expected a problem, got ${JSON.stringify(data)}`);
      },
      (err: unknown) => {
        if (err instanceof CoinProblemError) return err;
        throw err;
      },
    );
  /** A user of the platform, rewarded `coins` from its REWARDS treasury. */
  const player = async (coins: number) => {
    const user = await registerUser(stack.gatewayUrl);
    if (coins > 0) await shop.rewardUser({ body: { userId: user.userId, amount: coins, reason: `welcome ${run}` } });
    return user;
  };
  const endpointAt = (path: string, eventTypes: string[]) =>
    shop.createWebhookEndpoint({ body: { url: `${receiver.url}${path}`, eventTypes: eventTypes as never } });

  beforeAll(async () => {
    stack = await startTestStack({ sandbox: true, extraEnv: { WEBHOOKS_RETRY_UNIT_MS: '2', WEBHOOKS_POLL_INTERVAL_MS: '50' } });
    receiver = await startSwitchableReceiver();
    startedAt = new Date(Date.now() - 1000).toISOString();
    // The operator's part, once: a funded REWARDS treasury and the team's live client.
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 10_000);
    credentials = await createPlatformClientWithCli(stack, `walkthrough-${run}`, { treasuries: ['REWARDS'] });
    shopId = credentials.clientId;
    shop = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...credentials }),
    });
  }, 240_000);
  afterAll(async () => {
    await receiver?.close();
    await stack?.close();
  });

  it('when the team rewards a player, then it reads its REWARDS balance and a statement holding its reward whole (JSON and CSV), and lists its holds', async () => {
    const user = await player(0);
    const { transaction } = await applied(shop.rewardUser({ body: { userId: user.userId, amount: 25, reason: `first prize ${run}` } }));
    const rewards = (await shop.listClientTreasuries()).treasuries.find((t) => t.code === 'REWARDS');
    expect(rewards).toBeDefined();
    const to = new Date(Date.now() + 60_000).toISOString();
    const statement = await eventually(
      async () => {
        const page = await shop.getClientTreasuryStatement({ path: { code: 'REWARDS' }, query: { from: startedAt, to, limit: 1000 } });
        return page.lines.some((l) => l.transactionId === transaction.id) ? page : undefined;
      },
      30_000,
      'the reward in the REWARDS statement',
    );
    expect(statement.lines.find((l) => l.transactionId === transaction.id)).toMatchObject({
      change: -25,
      transaction: { clientId: shopId, reason: `first prize ${run}` },
    });
    expect((await shop.getClientTreasuryBalanceAt({ path: { code: 'REWARDS' }, query: { at: to } })).balance).toBe(
      statement.closingBalance,
    );
    const csv = await fetch(
      `${stack.gatewayUrl}/api/platform/treasuries/REWARDS/statement?from=${encodeURIComponent(startedAt)}&to=${encodeURIComponent(to)}`,
      {
        headers: {
          authorization: `Bearer ${await clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...credentials })()}`,
          accept: 'text/csv',
        },
      },
    );
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain(`,${transaction.id},REWARD,-25,`);
    expect((await shop.listClientHolds({ query: { limit: 100 } })).holds).toEqual([]);
  });

  it('when a purchase that would be refused is previewed, then the preview gets the very problem and writes nothing; the next real purchase with the same key is applied', async () => {
    const buyer = await player(3);
    const coin = userClient(buyer.accessToken);
    const key = `walkthrough-purchase-${run}`;
    const body = { treasury: 'COURSE_FEES' as const, amount: 8, reason: `season pass ${run}`, reference: `ORDER-${run}` };
    const previewed = await problemOf(coin.purchase({ body, idempotencyKey: key, query: { dryRun: 'true' } }));
    const refused = await problemOf(coin.purchase({ body, idempotencyKey: `refused-${run}` }));
    expect([previewed.status, previewed.code, previewed.problem.detail]).toEqual([refused.status, refused.code, refused.problem.detail]);
    expect(await coin.getMyWallet()).toMatchObject({ balance: 3 });
    const real = await coin.purchase({ body: { ...body, amount: 2 }, idempotencyKey: key });
    expect(real.lastResponse?.status).toBe(201);
    expect(real.lastResponse?.idempotentReplayed).toBe(false);
    expect(real).toMatchObject({ transaction: { type: 'PURCHASE', amount: 2 }, wallet: { balance: 1 } });
  });

  it('when an endpoint is limited to 1 delivery a second and four players are rewarded at once, then its deliveries wait and go out in the queue order, none dropped', async () => {
    const path = `/paced-${run}`;
    const endpoint = await endpointAt(path, ['coin.transaction.recorded']);
    expect(await shop.setWebhookPace({ path: { id: endpoint.id }, body: { maxDeliveriesPerSecond: 1 } })).toMatchObject({
      maxDeliveriesPerSecond: 1,
    });
    const users = await Promise.all([1, 2, 3, 4].map(() => registerUser(stack.gatewayUrl)));
    const rewarded = await Promise.all(
      users.map((u) => applied(shop.rewardUser({ body: { userId: u.userId, amount: 1, reason: `paced ${run}` } }))),
    );
    const log = await eventually(
      async () => {
        const { deliveries } = await shop.listWebhookDeliveries({ path: { id: endpoint.id }, query: { limit: 100 } });
        return deliveries.length >= rewarded.length && deliveries.every((d) => d.status === 'DELIVERED') ? deliveries : undefined;
      },
      60_000,
      'the paced endpoint’s deliveries delivered',
    );
    const queueOrder = [...log].sort((a, b) => a.id - b.id).map((d) => d.eventId);
    const arrived = receiver.received.filter((r) => r.path === path).map((r) => r.eventId);
    expect(arrived).toEqual(queueOrder);
    const bodies = receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as { transaction?: { id: number } });
    expect(rewarded.map((r) => r.transaction.id).every((id) => bodies.some((b) => b.transaction?.id === id))).toBe(true);
    await shop.deleteWebhookEndpoint({ path: { id: endpoint.id } });
  });

  it('when its receiver was down until the endpoint was disabled, then one call recovers the day’s failed deliveries, its progress read until done, and each arrives', async () => {
    const path = `/flaky-${run}`;
    receiver.down.add(path);
    const endpoint = await endpointAt(path, ['coin.transaction.recorded']);
    const rewarded = await Promise.all(
      [1, 2].map(async () =>
        shop.rewardUser({ body: { userId: (await registerUser(stack.gatewayUrl)).userId, amount: 1, reason: `flaky ${run}` } }),
      ),
    );
    await eventually(
      async () => (await shop.getWebhookEndpoint({ path: { id: endpoint.id } })).status === 'DISABLED',
      60_000,
      'the endpoint disabled after its retries',
    );
    receiver.down.delete(path);
    await shop.enableWebhookEndpoint({ path: { id: endpoint.id } });
    const failed = await eventually(
      async () => {
        const { deliveries } = await shop.listWebhookDeliveries({ path: { id: endpoint.id }, query: { limit: 100 } });
        return deliveries.length >= rewarded.length && deliveries.every((d) => d.status !== 'PENDING')
          ? deliveries.filter((d) => d.status === 'FAILED')
          : undefined;
      },
      60_000,
      'the endpoint’s deliveries settled',
    );
    expect(failed.length).toBeGreaterThanOrEqual(1);
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const started = await shop.recoverWebhookEndpoint({ path: { id: endpoint.id }, body: { since }, idempotencyKey: `recover-${run}` });
    expect(started).toMatchObject({ endpointId: endpoint.id, total: failed.length });
    const seen: string[] = [];
    const done = await eventually(
      async () => {
        const read = await shop.getWebhookRecovery({ path: { id: endpoint.id, recoveryId: started.id } });
        seen.push(read.status);
        return read.status === 'DONE' ? read : undefined;
      },
      30_000,
      'the recovery done',
    );
    expect(done).toMatchObject({ total: failed.length, requeued: failed.length });
    expect(seen.every((status) => status === 'RUNNING' || status === 'DONE')).toBe(true);
    await eventually(
      async () => failed.every((d) => receiver.received.some((r) => r.path === path && r.eventId === d.eventId)) || undefined,
      30_000,
      'every recovered delivery at the endpoint',
    );
  });

  it('when a player places 100 holds naming the team, then the team lists them and captures all 100 in one call', async () => {
    const payer = await player(100);
    const coin = userClient(payer.accessToken);
    const ids: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const { hold } = await coin.createHold({
        body: { toTreasury: 'REWARDS', amount: 1, reason: `entry ${i}`, settlerClientId: shopId },
      });
      ids.push(hold.id);
    }
    const listed = await shop.listClientHolds({ query: { userId: payer.userId, status: 'PENDING', limit: 100 } });
    expect(listed.holds.map((h) => h.id).sort()).toEqual([...ids].sort());
    const { results } = await shop.captureHolds({ body: { holds: ids.map((id) => ({ id })) }, idempotencyKey: `capture-${run}` });
    expect(results.map((r) => [r.id, r.status])).toEqual(ids.map((id) => [id, 201]));
    expect(await coin.getMyWallet()).toMatchObject({ balance: 0, activeCoins: 0 });
  });

  it('when the team watches its treasury, then the crossing comes to its own endpoint', async () => {
    const endpoint = await endpointAt(`/monitor-${run}`, ['coin.balance-monitor.crossed']);
    // The ledger's balance now (the statement's history follows it by a moment).
    const { balance } = (await shop.listClientTreasuries()).treasuries.find((t) => t.code === 'REWARDS')!;
    const threshold = Math.round((balance - 5) * 100) / 100;
    const monitor = await shop.createClientBalanceMonitor({ body: { wallet: { treasury: 'REWARDS' }, threshold, direction: 'down' } });
    await player(10);
    const crossing = await eventually(
      async () => receiver.received.find((r) => r.path === `/monitor-${run}` && r.body.includes(monitor.id)),
      30_000,
      'the crossing at the team’s endpoint',
    );
    expect(JSON.parse(crossing.body)).toMatchObject({ type: 'coin.balance-monitor.crossed', monitorId: monitor.id, direction: 'down' });
    await shop.deleteClientBalanceMonitor({ path: { id: monitor.id } });
    await shop.deleteWebhookEndpoint({ path: { id: endpoint.id } });
  });

  it('when the team makes a test client and triggers each of the 15 event types in its sandbox, then each real event reaches its sandbox endpoint, and the one no sandbox command makes is refused saying why', async () => {
    const made = await shop.createOwnTestClient({ body: { name: `walkthrough test ${run}`, treasuries: ['REWARDS'] } });
    const env = { COIN_URL: stack.gatewayUrl, COIN_CLIENT_ID: made.client.id, COIN_CLIENT_SECRET: made.clientSecret as string };
    const sandbox = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({
        baseUrl: stack.gatewayUrl,
        clientId: env.COIN_CLIENT_ID,
        clientSecret: env.COIN_CLIENT_SECRET,
      }),
    });
    const subscribable = triggerableTypes.filter((t) => t !== 'coin.webhook.test' && t !== 'coin.webhook-endpoint.disabled');
    const endpoint = await sandbox.createWebhookEndpoint({
      body: { url: `${receiver.url}/sandbox-${run}`, eventTypes: subscribable as never },
    });
    const coin = async (args: string[]) => {
      const lines: string[] = [];
      await runCoinCommand(args, env, (line) => lines.push(line), new AbortController().signal);
      return lines;
    };
    const types = [...triggerableTypes, ...Object.keys(notTriggerable)];
    expect(new Set(types).size).toBe(15);
    for (const type of triggerableTypes) {
      const last = (await coin(['trigger', type])).at(-1) ?? '';
      const eventId = new RegExp(`^${type.replace(/\./g, '\\.')} {2}(\\S+) {2}-> ${endpoint.url.replace(/\./g, '\\.')}`).exec(last)?.[1];
      expect({ type, last, eventId: eventId !== undefined }).toEqual({ type, last, eventId: true });
      await eventually(
        async () => receiver.received.find((r) => r.path === `/sandbox-${run}` && r.eventId === eventId),
        30_000,
        `the triggered ${type} at the sandbox endpoint`,
      );
    }
    for (const type of Object.keys(notTriggerable)) {
      const refused = await coin(['trigger', type]).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(UsageError);
      expect(String((refused as Error).message)).toContain(notTriggerable[type]);
    }
  });
});
