import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient, paginate } from '@coin/client';
import { standardWebhooksSecret, verifyAndParseWebhook } from '@coin/events';
import { Webhook } from 'standardwebhooks';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { registerUser } from '../harness/http';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * A platform's second day, as a platform team lives it (a course site paying rewards and payouts,
 * receiving webhooks), with nothing but what the docs give it: `@coin/client`, `@coin/events`
 * and a Standard Webhooks library. The operator's part (an ADMIN and a SUPERADMIN, a funded live
 * REWARDS treasury, the live client's credentials handed over) is the harness's.
 *
 * The team builds against the sandbox (docs/decisions/0018-sandbox.md): an ADMIN registers a
 * test-mode client for it through the API; with it the team funds its sandbox treasury, rewards and
 * pays out in the sandbox ledger, apart from every live balance, places a hold on sandbox coins and
 * makes it expire by advancing its test clock, registers its webhook endpoint with the sandbox's
 * webhooks service, loses its receiver for a while, catches up through the events API, finds its
 * payments by reference and metadata, makes the missed delivery's retry happen now by advancing its
 * clock again (retries wait minutes of wall time here), and pins the version it built against.
 */
describe("a platform's second day", () => {
  let stack: TestStack;
  let superadmin: AdminSession;
  let admin: AdminSession;
  let live: { clientId: string; clientSecret: string };
  let coin: CoinClient;
  /** The team's test-mode client, registered through the API in the first test. */
  let testClientId: string;
  let testClientSecret: string;
  let sandbox: CoinClient;
  const run = randomUUID().slice(0, 8);

  /** The team's own webhook receiver: it can be taken down (500 to every delivery) and brought back. */
  const receiver = {
    down: false,
    received: [] as Array<{ headers: IncomingHttpHeaders; body: string }>,
    server: undefined as Server | undefined,
    url: '',
  };

  /**
   * The team's test users: each registers and gets a wallet, as the README's tour does, and links the
   * team's test-mode client (docs/CONTRACT.md "Platform links"), which acts in the sandbox for them alone.
   */
  const newUser = async () => {
    const user = await registerUser(stack.gatewayUrl);
    await createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: user.accessToken }).linkPlatformClient({
      body: { clientId: testClientId },
    });
    return user.userId;
  };

  /** A payout to one user from the sandbox's REWARDS, with the team's reference and metadata; retried until the user's sandbox wallet is open. */
  const payOut = (toUserId: number, reference: string, metadata: Record<string, string>) =>
    eventually(
      () =>
        sandbox
          .payout({
            body: { from: { treasury: 'REWARDS' }, reason: 'Course finished', reference, metadata, lines: [{ toUserId, amount: 5 }] },
          })
          .then((paid) => ('payout' in paid ? paid : undefined))
          .catch((err: unknown) => {
            if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
            throw err;
          }),
      30_000,
      'the payee’s wallet open',
    );

  beforeAll(async () => {
    receiver.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (receiver.down) return void response.writeHead(500).end('down');
        receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.server!.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/coin`;
    // The retry schedule as deployed (its first wait a minute): only the test clock makes it pass sooner.
    stack = await startTestStack(sandboxStack);
    [superadmin, admin] = await Promise.all([adminSession(stack, 'SUPERADMIN'), adminSession(stack, 'ADMIN')]);
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1_000);
    live = await createPlatformClientWithCli(stack, `course-site-${run}`, { treasuries: ['REWARDS'] });
    coin = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, ...live }) });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await new Promise<void>((resolve) => (receiver.server ? receiver.server.close(() => resolve()) : resolve()));
  });

  it('when an ADMIN registers a test-mode client for the team, then it funds and pays in the sandbox at once, and no real balance moves', async () => {
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const created = await operator.createTestClient({ body: { name: `course-site sandbox ${run}`, treasuries: ['REWARDS'] } });
    expect(created.client.id).toMatch(/^test_/);
    testClientId = created.client.id;
    testClientSecret = created.clientSecret!;
    sandbox = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId: created.client.id, clientSecret: created.clientSecret! }),
    });
    const payee = await newUser();
    const liveBalance = () =>
      createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: superadmin.accessToken })
        .getUser({ path: { id: payee } })
        .then((u) => u.wallet.balance);
    const before = await eventually(() => liveBalance().catch(() => undefined), 30_000, 'the payee’s live wallet');
    const liveRewards = async () => (await operator.listTreasuries()).treasuries.find((t) => t.code === 'REWARDS')?.balance;
    const rewardsBefore = await liveRewards();
    const supplyBefore = await operator.getSupplyReport();

    // Test coins into its sandbox REWARDS, then a reward from them (the user's sandbox wallet opened as the live one was).
    const funded = await sandbox.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 100, reason: 'sandbox funds' } });
    expect(funded.transaction).toMatchObject({ type: 'MINT', amount: 100, toTreasury: 'REWARDS' });
    const rewarded = await eventually(
      () =>
        sandbox.rewardUser({ body: { userId: payee, amount: 5, reason: 'sandbox try' } }).catch((err: unknown) => {
          if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
          throw err;
        }),
      30_000,
      'the payee’s sandbox wallet',
    );
    expect(rewarded).toMatchObject({ transaction: { type: 'REWARD', amount: 5, toUserId: payee } });

    // Nothing of it is live: the payee's balance and the live REWARDS are as they were.
    expect(await liveBalance()).toBe(before);
    expect(await liveRewards()).toBe(rewardsBefore);
    // The live supply: no coin made, and consistent.
    const supplyAfter = await operator.getSupplyReport();
    expect([supplyAfter.minted, supplyAfter.supply, supplyAfter.discrepancy]).toEqual([supplyBefore.minted, supplyBefore.supply, 0]);
    // A hold on the payee's sandbox coins, settled by the team's client: all 5 are reserved, so a
    // second one is refused; advancing the client's test clock past the expiry releases them
    // (the sandbox's sweep expires the hold), and the same 5 can be held again.
    const holdAll = () =>
      sandbox.createSandboxHold({
        body: { fromUserId: payee, toTreasury: 'REWARDS', amount: 5, reason: 'sandbox order', expiresInSeconds: 3_600 },
      });
    const held = await eventually(
      () =>
        holdAll().catch((err: unknown) => {
          // The reward's credit reaches the payee's sandbox wallet a moment after the reward.
          if (err instanceof CoinProblemError && err.code === 'INSUFFICIENT_FUNDS') return undefined;
          throw err;
        }),
      30_000,
      'the payee’s sandbox coins held',
    );
    expect(held.hold).toMatchObject({ status: 'PENDING', amount: 5, fromUserId: payee });
    await expect(holdAll()).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expect(sandbox.advanceSandboxClock({ body: { seconds: 1_800 } })).resolves.toMatchObject({ offsetSeconds: 1_800 });
    await expect(holdAll()).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const advanced = await sandbox.advanceSandboxClock({ body: { seconds: 1_800 } });
    expect(advanced).toMatchObject({ clientId: created.client.id, offsetSeconds: 3_600 });
    const heldAgain = await eventually(
      () =>
        holdAll().catch((err: unknown) => {
          if (err instanceof CoinProblemError && err.code === 'INSUFFICIENT_FUNDS') return undefined;
          throw err;
        }),
      30_000,
      'the expired hold’s coins released',
    );
    expect(heldAgain.hold.id).not.toBe(held.hold.id);
    // The live client moves no test clock; the live balance is still as it was.
    await expect(coin.advanceSandboxClock({ body: { seconds: 60 } })).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await liveBalance()).toBe(before);

    // The live client cannot fund the sandbox.
    await expect(coin.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 1, reason: 'live try' } })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('when the team pays in the sandbox, loses its receiver for a while and catches up through the events API, then it misses nothing, finds its payments by reference and metadata, its clock makes the retry happen now, and a Standard Webhooks library verifies each delivery', async () => {
    const endpoint = await sandbox.createWebhookEndpoint({ body: { url: receiver.url, eventTypes: ['coin.transaction.recorded'] } });
    const [first, second] = [await newUser(), await newUser()];
    const paidFirst = await payOut(first, `order-${run}-1`, { courseId: 'ts-101', cohort: run });
    const firstId = paidFirst.payout.lines[0]!.transactionId;
    await eventually(async () => receiver.received.find((r) => r.body.includes(`order-${run}-1`)), 20_000, 'the first delivery');

    // The receiver goes down; the next payment's delivery fails and waits a minute for its retry.
    receiver.down = true;
    const paidSecond = await payOut(second, `order-${run}-2`, { courseId: 'ts-102', cohort: run });
    const secondId = paidSecond.payout.lines[0]!.transactionId;
    await eventually(
      async () => {
        const log = await sandbox.listWebhookDeliveries({ path: { id: endpoint.id } });
        return log.deliveries.find((d) => JSON.stringify(d.payload).includes(`order-${run}-2`) && d.attempts >= 1);
      },
      20_000,
      'the failed first attempt',
    );

    // Catching up: every event of the client, paged, holds the missed payment as a delivery carries it.
    const caughtUp = await eventually(async () => {
      for await (const event of paginate(sandbox.listEvents, { query: { type: 'coin.transaction.recorded', limit: 2 } })) {
        if (JSON.stringify(event.payload).includes(`order-${run}-2`)) return event;
      }
      return undefined;
    });
    expect(receiver.received.some((r) => r.body.includes(`order-${run}-2`))).toBe(false);

    // By its own reference and its metadata, only the client's own sandbox transactions.
    const byReference = await eventually(async () => {
      const page = await sandbox.searchTransactions({ query: { reference: `order-${run}-2#0` } });
      return page.transactions.length > 0 ? page.transactions : undefined;
    });
    expect(byReference.map((t) => t.id)).toEqual([secondId]);
    const byMetadata = await eventually(async () => {
      const page = await sandbox.searchTransactions({ query: { metadata: { cohort: run } } });
      return page.transactions.length === 2 ? page.transactions : undefined;
    });
    expect(byMetadata.map((t) => t.id).sort()).toEqual([firstId, secondId].sort());
    // Nothing of it is live: the live client finds none of them.
    expect((await coin.searchTransactions({ query: { metadata: { cohort: run } } })).transactions).toEqual([]);

    // The receiver comes back; the team's clock moves past the retry's wait, and the retry comes now.
    receiver.down = false;
    await sandbox.advanceSandboxClock({ body: { seconds: 120 } });
    const late = await eventually(async () => receiver.received.find((r) => r.body.includes(`order-${run}-2`)), 30_000, 'the retry');
    const standard = {
      'webhook-id': String(late.headers['webhook-id']),
      'webhook-timestamp': String(late.headers['webhook-timestamp']),
      'webhook-signature': String(late.headers['webhook-signature']),
    };
    expect(new Webhook(standardWebhooksSecret(endpoint.secret)).verify(late.body, standard)).toEqual(caughtUp.payload);
    expect(standard['webhook-id']).toBe(caughtUp.id);
    // @coin/events verifies and types it in one call too.
    const parsed = verifyAndParseWebhook(late.body, late.headers, endpoint.secret);
    expect(parsed).toMatchObject({ type: 'coin.transaction.recorded', transaction: { id: secondId, metadata: { courseId: 'ts-102' } } });
    expect(parsed).toMatchObject({ transaction: { clientId: testClientId } });
  });

  it('when the team pins the version it built against, then every answer says that version, shaped as that version answered', async () => {
    const versions: Array<string | null> = [];
    const pinned = createCoinClient({
      baseUrl: stack.gatewayUrl,
      version: '3.0.0',
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId: testClientId, clientSecret: testClientSecret }),
      fetch: async (request) => {
        const response = await fetch(request);
        versions.push(response.headers.get('coin-version'));
        return response;
      },
    });
    await pinned.listEvents({ query: { limit: 1 } });
    await pinned.searchTransactions({ query: { limit: 1 } });
    expect(versions).toEqual(['3.0.0', '3.0.0']);

    // A wallet as the team's app reads it for a signed-in user: 3.1.0 added `frozen`, which an app
    // built against 3.0.0 never sees; pinned to 3.1.0 it is there.
    const user = await registerUser(stack.gatewayUrl);
    const walletAs = (version: string) =>
      createCoinClient({ baseUrl: stack.gatewayUrl, version, accessToken: user.accessToken }).getMyWallet() as Promise<
        Record<string, unknown>
      >;
    const as300 = await eventually(() => walletAs('3.0.0').catch(() => undefined), 30_000, 'the user’s wallet');
    expect(as300).toMatchObject({ userId: user.userId, balance: 0 });
    expect(as300).not.toHaveProperty('frozen');
    expect(await walletAs('3.1.0')).toMatchObject({ userId: user.userId, balance: 0, frozen: false });
  });
});
