import { randomBytes, randomUUID } from 'node:crypto';
import { holdIdNamingPayer } from '@coin/contracts';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient } from '@coin/client';
import { decodeJwt } from 'jose';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { apiClient, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, platformClientToken } from '../harness/admin';
import { eventually } from '../harness/eventually';

/**
 * Through the gateway and the ledger: bulk capture and void of holds (docs/CONTRACT.md "Holds,
 * limits and approvals"): up to 500 in one call, each with its own result, idempotent as a whole.
 * The hostile cases first: over the bound, an id twice, another client's holds and unknown ids.
 */
describe('bulk capture and void of holds', () => {
  let stack: TestStack;
  let platform: CoinClient;
  let shop: CoinClient;
  let shopId: string;
  let rivalId: string;
  const as = (token: string) => apiClient(stack.gatewayUrl, { accessToken: token });
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
  /** A payer with `coins`, and `count` holds of 1 coin each to COURSE_FEES that `settler` may settle. */
  const holdsOf = async (coins: number, count: number, settler: string) => {
    const payer = await registerUser(stack.gatewayUrl);
    await platform.mintCoins({ body: { userId: payer.userId, amount: coins, reason: 'seed' } });
    const coin = as(payer.accessToken);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const { hold } = await coin.createHold({
        body: { toTreasury: 'COURSE_FEES', amount: 1, reason: `entry ${i}`, settlerClientId: settler },
      });
      ids.push(hold.id);
    }
    return { payer, coin, ids };
  };
  const statusesOf = async (coin: CoinClient) =>
    Object.fromEntries((await coin.listMyHolds({ query: { limit: '100' } })).holds.map((h) => [h.id, h.status]));
  const unknownId = (payer: number) => holdIdNamingPayer(payer, randomBytes(16).toString('hex'));

  beforeAll(async () => {
    stack = await startTestStack();
    const admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey: await apiKeyFor(stack, admin, ['mint']) });
    const shopToken = await platformClientToken(stack, 'bulk-shop');
    shop = as(shopToken);
    shopId = decodeJwt(shopToken).sub!;
    rivalId = decodeJwt(await platformClientToken(stack, 'bulk-rival')).sub!;
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a bulk capture names more than 500 holds, then 422 HOLDS_BULK_LIMIT and nothing is captured', async () => {
    const { payer, coin, ids } = await holdsOf(2, 1, shopId);
    const holds = [...ids, ...Array.from({ length: 500 }, () => unknownId(payer.userId))].map((id) => ({ id }));
    const refused = await problemOf(shop.captureHolds({ body: { holds } }));
    expect([refused.status, refused.code]).toEqual([422, 'HOLDS_BULK_LIMIT']);
    expect(await statusesOf(coin)).toEqual({ [ids[0]!]: 'PENDING' });
  });

  it('when a bulk void names a hold twice, then 400 naming the second and nothing is voided', async () => {
    const { coin, ids } = await holdsOf(3, 2, shopId);
    const refused = await problemOf(shop.voidHolds({ body: { holds: [{ id: ids[0]! }, { id: ids[1]! }, { id: ids[0]! }] } }));
    expect([refused.status, refused.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(refused.problem.errors).toEqual([{ path: 'body.holds[2].id', message: expect.stringContaining('holds[0]') }]);
    expect(await statusesOf(coin)).toEqual({ [ids[0]!]: 'PENDING', [ids[1]!]: 'PENDING' });
  });

  it("when a bulk capture names the shop's holds, another client's hold and an unknown id, then each of the others is its own 404 and the shop's are captured", async () => {
    const mine = await holdsOf(5, 3, shopId);
    const theirs = await holdsOf(2, 1, rivalId);
    const unknown = unknownId(mine.payer.userId);
    const body = {
      holds: [{ id: mine.ids[0]!, amount: 0.5 }, { id: theirs.ids[0]! }, { id: mine.ids[1]! }, { id: unknown }, { id: mine.ids[2]! }],
    };
    const { results } = await shop.captureHolds({ body });
    expect(results.map((r) => [r.id, r.status, 'problem' in r ? r.problem.code : null])).toEqual([
      [mine.ids[0], 201, null],
      [theirs.ids[0], 404, 'HOLD_NOT_FOUND'],
      [mine.ids[1], 201, null],
      [unknown, 404, 'HOLD_NOT_FOUND'],
      [mine.ids[2], 201, null],
    ]);
    // The 404 says nothing the unknown id's does not: no client, no payer, no amount.
    const problemAt = (i: number) => (results[i] as { problem: { title: string; detail: string } }).problem;
    const [other, none] = [problemAt(1), problemAt(3)];
    expect(other.title).toBe(none.title);
    expect(other.detail).not.toContain(rivalId);
    expect(results[0]).toMatchObject({
      result: { hold: { status: 'CAPTURED', capturedAmount: 0.5 }, transaction: { type: 'PURCHASE', amount: 0.5 } },
    });
    expect(await statusesOf(mine.coin)).toEqual(Object.fromEntries(mine.ids.map((id) => [id, 'CAPTURED'])));
    expect(await statusesOf(theirs.coin)).toEqual({ [theirs.ids[0]!]: 'PENDING' });
    expect(await mine.coin.getMyWallet()).toMatchObject({ balance: 2.5, activeCoins: 2.5 });
  });

  it('when a bulk capture is sent again with its Idempotency-Key, then every hold is answered as the first time and nothing is taken twice; the key with another list is 422 IDEMPOTENCY_KEY_REUSED and settles nothing', async () => {
    const { coin, ids } = await holdsOf(10, 3, shopId);
    const key = `bulk-${randomUUID()}`;
    const body = { holds: ids.slice(0, 2).map((id) => ({ id })) };
    const first = await shop.captureHolds({ body, idempotencyKey: key });
    expect(first.results.map((r) => r.status)).toEqual([201, 201]);
    const again = await shop.captureHolds({ body, idempotencyKey: key });
    expect(again.lastResponse?.idempotentReplayed).toBe(true);
    expect(JSON.stringify(again.results)).toBe(JSON.stringify(first.results));
    const reused = await problemOf(shop.captureHolds({ body: { holds: [{ id: ids[2]! }, { id: ids[0]! }] }, idempotencyKey: key }));
    expect([reused.status, reused.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await statusesOf(coin)).toEqual({ [ids[0]!]: 'CAPTURED', [ids[1]!]: 'CAPTURED', [ids[2]!]: 'PENDING' });
    expect(await coin.getMyWallet()).toMatchObject({ balance: 8, activeCoins: 7 });
  });

  it('when a tournament voids its entries and then captures 100 holds in one call each, then every hold has its own result', async () => {
    const voided = await holdsOf(4, 3, shopId);
    const { results } = await shop.voidHolds({ body: { holds: voided.ids.map((id) => ({ id })) } });
    expect(results.map((r) => [r.status, 'result' in r ? r.result.hold.status : null])).toEqual(Array(3).fill([200, 'VOIDED']));
    expect(await voided.coin.getMyWallet()).toMatchObject({ balance: 4, activeCoins: 4 });

    const entries = await Promise.all(Array.from({ length: 4 }, () => holdsOf(25, 25, shopId)));
    const ids = entries.flatMap((e) => e.ids);
    const captured = await shop.captureHolds({ body: { holds: ids.map((id) => ({ id })) } });
    expect(captured.results).toHaveLength(100);
    expect(captured.results.map((r) => r.id)).toEqual(ids);
    expect(captured.results.filter((r) => r.status === 201)).toHaveLength(100);
    for (const entry of entries) expect(await entry.coin.getMyWallet()).toMatchObject({ balance: 0, activeCoins: 0 });
  });
});

describe('bulk capture and void of sandbox holds by a test-mode client', () => {
  let stack: TestStack;
  let operator: CoinClient;
  const run = randomUUID().slice(0, 8);

  /** A test-mode client of REWARDS, funded, and a user who linked it, rewarded `coins` test coins. */
  const testClientWithUser = async (name: string, coins: number) => {
    const created = await operator.createTestClient({ body: { name: `${name} ${run}`, treasuries: ['REWARDS'] } });
    const client = createCoinClient({
      baseUrl: stack.gatewayUrl,
      accessToken: clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId: created.client.id, clientSecret: created.clientSecret! }),
    });
    await client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: coins, reason: 'sandbox funds' } });
    const user = await registerUser(stack.gatewayUrl);
    await apiClient(stack.gatewayUrl, { accessToken: user.accessToken }).linkPlatformClient({ body: { clientId: created.client.id } });
    await eventually(
      () =>
        client.rewardUser({ body: { userId: user.userId, amount: coins, reason: `seed ${run}` } }).catch((err: unknown) => {
          if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
          throw err;
        }),
      30_000,
      'the test user’s sandbox wallet',
    );
    return { client, user };
  };

  beforeAll(async () => {
    stack = await startTestStack(sandboxStack);
    operator = apiClient(stack.gatewayUrl, { accessToken: (await adminSession(stack, 'ADMIN')).accessToken });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("when a test-mode client captures its sandbox holds and another test client's in one call, then its own are captured in the sandbox and the other's is its item's 404", async () => {
    const mine = await testClientWithUser('bulk mine', 10);
    const theirs = await testClientWithUser('bulk theirs', 10);
    const place = (owner: typeof mine, amount: number) =>
      owner.client.createSandboxHold({ body: { fromUserId: owner.user.userId, toTreasury: 'REWARDS', amount, reason: `entry ${run}` } });
    const [a, b, other] = [await place(mine, 3), await place(mine, 2), await place(theirs, 4)];
    const { results } = await mine.client.captureHolds({ body: { holds: [{ id: a.hold.id }, { id: other.hold.id }, { id: b.hold.id }] } });
    expect(results.map((r) => [r.id, r.status, 'problem' in r ? r.problem.code : r.result.hold.status])).toEqual([
      [a.hold.id, 201, 'CAPTURED'],
      [other.hold.id, 404, 'HOLD_NOT_FOUND'],
      [b.hold.id, 201, 'CAPTURED'],
    ]);
    expect(await mine.client.getSandboxUserWallet({ path: { userId: String(mine.user.userId) } })).toMatchObject({
      balance: 5,
      activeCoins: 5,
    });
    expect(await theirs.client.getSandboxUserWallet({ path: { userId: String(theirs.user.userId) } })).toMatchObject({
      balance: 10,
      activeCoins: 6,
    });
    // The other client voids its own in one call: it was left pending.
    const voided = await theirs.client.voidHolds({ body: { holds: [{ id: other.hold.id }] } });
    expect(voided.results).toEqual([
      expect.objectContaining({
        id: other.hold.id,
        status: 200,
        result: expect.objectContaining({ hold: expect.objectContaining({ status: 'VOIDED' }) }),
      }),
    ]);
  });
});
