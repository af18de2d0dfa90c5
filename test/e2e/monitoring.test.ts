import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceTokenSigner } from '@coin/http';
import { apiClient, applied, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * Monitoring through the real services (docs/design/monitoring.md): ordinary transfers open no
 * case; a ring y → z → x → y whose closing transfer also brings a day-old wallet 20,000 coins from
 * people scores 100 (circular 70 + first-day receipts 50): a case opens for ADMIN+ through the
 * gateway, and the wallet is frozen in the ledger by the monitoring service's signed freeze: its
 * transfer is refused while coins sent to it land. The case's event reaches the webhook of the
 * platform that rewarded the ring's subject, and not that of another platform granted the same
 * treasury (docs/design/monitoring.md "Who hears of a case").
 */
describe('monitoring (gateway, ledger, monitoring service, real Kafka and PostgreSQL)', () => {
  let stack: TestStack;
  let admin: string;
  let apiKey: string;

  beforeAll(async () => {
    // Four-eyes windows off: the test mints more than a day's window to one wallet.
    stack = await startTestStack({ extraEnv: { FOUR_EYES_ACTOR_DAILY_COINS: '0', FOUR_EYES_RECIPIENT_DAILY_COINS: '0' } });
    admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, admin, ['mint']);
  }, 120_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await stack?.close();
  });

  /** A real receiver of webhook deliveries: what each path got. */
  let server: Server | undefined;
  const received: { path: string; body: string }[] = [];
  const receiver = async (): Promise<string> => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  const cases = async () =>
    (await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases?limit=100', { token: admin })).body.cases as {
      id: string;
      subject: string;
      score: number;
      rules: string[];
      freezeOutcome: string | null;
    }[];

  const transferAs = (from: { accessToken: string }, to: { userId: number }, amount: number) =>
    http(stack.gatewayUrl, 'POST', '/api/coins/transfer', {
      token: from.accessToken,
      body: { toUserId: to.userId, amount, reason: 'test' },
    });

  it('ordinary transfers open no case; the ring opens one with the right rules and freezes the wallet in the ledger', async () => {
    const [x, y, z] = await Promise.all([registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl)]);
    const platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
    for (const user of [x, y, z]) await applied(platform.mintCoins({ body: { userId: user.userId, amount: 25_000, reason: 'seed' } }));
    const transfer = (from: { accessToken: string }, to: { userId: number }, amount: number) => transferAs(from, to, amount);
    // Ordinary: a few small transfers back and forth.
    for (let i = 0; i < 5; i++) expect((await transfer(x, z, 1.5)).status).toBe(201);
    expect((await transfer(z, x, 3)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await cases()).toEqual([]);

    // A moment between hops: the monitor evaluates in the order it reads (docs/design/monitoring.md "Order").
    expect((await transfer(y, z, 500)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transfer(z, x, 490)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transfer(x, y, 20_000)).status).toBe(201);
    const opened = await eventually(async () => (await cases()).find((c) => c.subject === `user:${y.userId}`), 20_000, 'the case');
    expect(opened).toMatchObject({ score: 100, rules: ['circular', 'first-day-receipts'] });
    await eventually(async () => ((await transfer(y, z, 1)).body?.code === 'WALLET_FROZEN' ? true : undefined), 20_000, 'the freeze');
    expect((await transfer(x, y, 1)).status).toBe(201);
    const detail = await http(stack.gatewayUrl, 'GET', `/api/admin/monitoring/cases/${opened.id}`, { token: admin });
    expect(detail.body.case.freezeOutcome).toBe('requested');
    expect(detail.body.flows.length).toBeGreaterThanOrEqual(3);
    // A USER may not see the cases.
    expect((await http(stack.gatewayUrl, 'GET', '/api/admin/monitoring/cases', { token: x.accessToken })).status).toBe(403);
  });

  it("a ring's case is delivered to the webhook of the platform that rewarded its subject, not to another granted the same treasury", async () => {
    const base = await receiver();
    const run = randomUUID().slice(0, 8);
    await fundTreasury(stack, { accessToken: admin, apiKey }, 'REWARDS', 10);
    const platformOf = async (name: string, path: string) => {
      const { clientId, clientSecret } = await createPlatformClientWithCli(stack, `${name} ${run}`, { treasuries: ['REWARDS'] });
      const signer = new ServiceTokenSigner('gateway', stack.env.gateway.SERVICE_TOKEN_PRIVATE_KEY!);
      const endpoint = await fetch(`${stack.webhooksUrl}/internal/webhooks/endpoints`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await signer.tokenFor('webhooks')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          id: randomUUID(),
          clientId,
          treasuries: ['REWARDS'],
          url: `${base}${path}`,
          eventTypes: ['coin.monitoring-case.opened'],
        }),
      });
      expect(endpoint.status).toBe(201);
      const token = await fetch(new URL('/api/auth/token', stack.gatewayUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId, clientSecret }),
      });
      expect(token.status).toBe(200);
      return { clientId, api: apiClient(stack.gatewayUrl, { accessToken: ((await token.json()) as { accessToken: string }).accessToken }) };
    };
    const [shop, rival] = [await platformOf('shop', '/shop'), await platformOf('rival', '/rival')];
    const [x, y, z, stranger] = await Promise.all([
      registerUser(stack.gatewayUrl),
      registerUser(stack.gatewayUrl),
      registerUser(stack.gatewayUrl),
      registerUser(stack.gatewayUrl),
    ]);
    const minter = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
    for (const user of [x, y, z]) await applied(minter.mintCoins({ body: { userId: user.userId, amount: 25_000, reason: 'seed' } }));
    // The shop rewards y (its user); the rival, granted REWARDS too, rewards someone else.
    await shop.api.rewardUser({ body: { userId: y.userId, amount: 1, reason: 'quiz' } });
    await rival.api.rewardUser({ body: { userId: stranger.userId, amount: 1, reason: 'quiz' } });

    // The ring y → z → x → y, its closing transfer bringing the day-old y 20,000 coins from people.
    expect((await transferAs(y, z, 500)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transferAs(z, x, 490)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await transferAs(x, y, 20_000)).status).toBe(201);
    const opened = await eventually(async () => (await cases()).find((c) => c.subject === `user:${y.userId}`), 20_000, "the ring's case");
    const delivered = await eventually(
      async () => received.filter((r) => r.path === '/shop').map((r) => JSON.parse(r.body) as Record<string, unknown>)[0],
      30_000,
      "the case's delivery to the shop",
    );
    expect(delivered).toMatchObject({
      type: 'coin.monitoring-case.opened',
      eventId: opened.id,
      caseId: opened.id,
      subject: `user:${y.userId}`,
      clients: [shop.clientId],
    });
    // The shop's events list has it too; the rival's endpoint got nothing (the earlier test's case named no client either).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(received.filter((r) => r.path === '/rival')).toEqual([]);
    expect(received.filter((r) => r.path === '/shop')).toHaveLength(1);
  }, 120_000);
});
