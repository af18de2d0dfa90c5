import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { topicNames } from '@coin/contracts';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { createRedis } from '@coin/redis';
import { uuidV5 } from '@coin/security';
import { startTestStack, type TestStack } from '../harness/stack';
import { http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor } from '../harness/admin';
import { eventually } from '../harness/eventually';

describe('money endpoints through the gateway, the ledger and back', () => {
  let stack: TestStack;
  let admin: string;
  let apiKey: string;
  // The admin's calls carry an API key with every money scope, as an admin's platform would.
  const post = (path: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
    http(stack.gatewayUrl, 'POST', path, { token, body, headers: token === admin ? { 'x-api-key': apiKey, ...headers } : headers });
  const balanceOf = async (token: string) => (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token })).body.balance as number;
  const mint = (userId: number, amount: number) => post('/api/admin/mint', admin, { userId, amount, reason: 'seed' });

  beforeAll(async () => {
    stack = await startTestStack();
    admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, admin, ['mint', 'burn', 'refund']);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when an admin mints, then 201 with the MINT transaction and the credited wallet, and the user sees the balance', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const response = await mint(user.userId, 12.5);
    expect(response.status).toBe(201);
    expect(response.body.transaction).toMatchObject({
      type: 'MINT',
      amount: 12.5,
      fromUserId: null,
      toUserId: user.userId,
      reason: 'seed',
    });
    expect(response.body.wallet).toMatchObject({ userId: user.userId, balance: 12.5, activeCoins: 12.5, totalReceived: 12.5 });
    expect(await balanceOf(user.accessToken)).toBe(12.5);
  });

  it('when 50 one-coin transfers race from a wallet holding 20, then exactly 20 succeed, 30 get 422 INSUFFICIENT_FUNDS, and the balance is 0', async () => {
    const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    expect((await mint(sender.userId, 20)).status).toBe(201);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/api/coins/transfer', sender.accessToken, { toUserId: receiver.userId, amount: 1, reason: 'race' }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 422)).toHaveLength(30);
    expect(responses.filter((r) => r.status === 422).every((r) => r.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balanceOf(sender.accessToken)).toBe(0);
    await eventually(async () => ((await balanceOf(receiver.accessToken)) === 20 ? true : undefined), 5_000, 'receiver credited');
  });

  it("when a transfer answers 201, then the receiver's wallet shows the credit within a second (SPEC §6)", async () => {
    const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    await mint(sender.userId, 5);
    const response = await post('/api/coins/transfer', sender.accessToken, { toUserId: receiver.userId, amount: 2.25, reason: 'thanks' });
    expect(response.status).toBe(201);
    expect(response.body.wallet).toMatchObject({ userId: sender.userId, balance: 2.75, totalSent: 2.25 });
    await eventually(async () => ((await balanceOf(receiver.accessToken)) === 2.25 ? true : undefined), 1_000, 'credit within 1 s');
  });

  it('when a user pays a treasury, is refunded in part and in full, then refunds stop at the purchase and treasuries show it', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await mint(user.userId, 100);
    const purchase = await post('/api/coins/purchase', user.accessToken, {
      treasury: 'COURSE_FEES',
      amount: 30,
      reason: 'TypeScript course',
      reference: 'order-42',
    });
    expect(purchase.status).toBe(201);
    expect(purchase.body.transaction).toMatchObject({ type: 'PURCHASE', toTreasury: 'COURSE_FEES', reference: 'order-42', amount: 30 });
    const purchaseId = purchase.body.transaction.id as number;
    const treasuryHas30 = async () => {
      const list = await http(stack.gatewayUrl, 'GET', '/api/admin/treasuries', { token: admin });
      const fees = (list.body.treasuries as Array<{ code: string; totalReceived: number }>).find((t) => t.code === 'COURSE_FEES');
      return fees && fees.totalReceived >= 30 ? list.body : undefined;
    };
    const list = await eventually(treasuryHas30, 5_000, 'purchase credited to the treasury');
    expect(list.treasuries.map((t: { code: string }) => t.code).sort()).toEqual(['COURSE_FEES', 'OPERATIONS', 'REWARDS', 'SUBSCRIPTIONS']);

    const partial = await post('/api/admin/refund', admin, { transactionId: purchaseId, amount: 10, reason: 'partly cancelled' });
    expect(partial.status).toBe(201);
    expect(partial.body.transaction).toMatchObject({
      type: 'REFUND',
      amount: 10,
      refundOf: purchaseId,
      fromTreasury: 'COURSE_FEES',
      toUserId: user.userId,
    });
    expect(partial.body.wallet).toMatchObject({ code: 'COURSE_FEES', name: 'Course fees' });
    const tooMuch = await post('/api/admin/refund', admin, { transactionId: purchaseId, amount: 20.01, reason: 'too much' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe('REFUND_EXCEEDS_PURCHASE');
    const rest = await post('/api/admin/refund', admin, { transactionId: purchaseId, reason: 'the rest' });
    expect(rest.status).toBe(201);
    expect(rest.body.transaction.amount).toBe(20);
    const notPurchase = await post('/api/admin/refund', admin, { transactionId: rest.body.transaction.id, reason: 'no' });
    expect(notPurchase.status).toBe(422);
    expect(notPurchase.body.code).toBe('NOT_REFUNDABLE');
    const unknown = await post('/api/admin/refund', admin, { transactionId: 987_654_321, reason: 'no' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('TRANSACTION_NOT_FOUND');
    await eventually(async () => ((await balanceOf(user.accessToken)) === 100 ? true : undefined), 5_000, 'refunds credited');
  });

  it('when rewards are paid, then they come from REWARDS, and an empty REWARDS treasury gives 422 INSUFFICIENT_FUNDS', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const broke = await post('/api/admin/reward', admin, { userId: user.userId, amount: 1_000_000, reason: 'jackpot' });
    expect(broke.status).toBe(422);
    expect(broke.body.code).toBe('INSUFFICIENT_FUNDS');
    expect((await post('/api/admin/mint', admin, { treasury: 'REWARDS', amount: 50, reason: 'prize pool' })).status).toBe(201);
    const reward = await post('/api/admin/reward', admin, { userId: user.userId, amount: 15, reason: 'tournament win' });
    expect(reward.status).toBe(201);
    expect(reward.body.transaction).toMatchObject({ type: 'REWARD', fromTreasury: 'REWARDS', toUserId: user.userId, amount: 15 });
    expect(reward.body.wallet).toMatchObject({ code: 'REWARDS' });
    await eventually(async () => ((await balanceOf(user.accessToken)) === 15 ? true : undefined), 5_000, 'reward credited');
    const user2 = await registerUser(stack.gatewayUrl);
    const forbidden = await post('/api/admin/reward', user2.accessToken, { userId: user.userId, amount: 1, reason: 'self-service' });
    expect(forbidden.status).toBe(403);
  });

  it('when an admin burns, then the coins are gone; burning more than the balance is 422', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await mint(user.userId, 10);
    const burn = await post('/api/admin/burn', admin, { userId: user.userId, amount: 4, reason: 'correction' });
    expect(burn.status).toBe(201);
    expect(burn.body.transaction).toMatchObject({ type: 'BURN', fromUserId: user.userId, toUserId: null, amount: 4 });
    expect(burn.body.wallet.balance).toBe(6);
    const tooMuch = await post('/api/admin/burn', admin, { userId: user.userId, amount: 6.01, reason: 'correction' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('when a money request is invalid, then 400 naming the field, or the domain code for self, unknown and forbidden cases', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const cases: Array<[unknown, string]> = [
      [{ toUserId: 1, amount: 0.001, reason: 'r' }, 'amount'],
      [{ toUserId: 1, amount: '1', reason: 'r' }, 'amount'],
      [{ toUserId: 1, amount: 0, reason: 'r' }, 'amount'],
      [{ toUserId: 1, amount: 1_000_000_000.01, reason: 'r' }, 'amount'],
      [{ toUserId: 1, amount: 1, reason: '' }, 'reason'],
      [{ toUserId: 1, toTreasury: 'REWARDS', amount: 1, reason: 'r' }, 'toUserId'],
      [{ amount: 1, reason: 'r' }, 'toUserId'],
      [{ toUserId: 1, amount: 1, reason: 'r', fromUserId: 2 }, 'fromUserId'],
    ];
    for (const [body, field] of cases) {
      const response = await post('/api/coins/transfer', user.accessToken, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(response.body.errors)).toContain(field);
    }
    const self = await post('/api/coins/transfer', user.accessToken, { toUserId: user.userId, amount: 1, reason: 'me' });
    expect([self.status, self.body.code]).toEqual([422, 'SELF_TRANSFER']);
    const nobody = await post('/api/coins/transfer', user.accessToken, { toUserId: 999_999_999, amount: 1, reason: 'who' });
    expect([nobody.status, nobody.body.code]).toEqual([404, 'USER_NOT_FOUND']);
    const mintAsUser = await post('/api/admin/mint', user.accessToken, { userId: user.userId, amount: 1, reason: 'free money' });
    expect(mintAsUser.status).toBe(403);
    const badTreasury = await post('/api/coins/purchase', user.accessToken, { treasury: 'CASINO', amount: 1, reason: 'r' });
    expect(badTreasury.status).toBe(400);
  });

  it('when a request is retried with the same Idempotency-Key, then the first answer comes back and the money moved once; another body is 422', async () => {
    const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    await mint(sender.userId, 10);
    const key = { 'idempotency-key': `transfer-${randomUUID()}` };
    const body = { toUserId: receiver.userId, amount: 3, reason: 'once' };
    const first = await post('/api/coins/transfer', sender.accessToken, body, key);
    const again = await post('/api/coins/transfer', sender.accessToken, { reason: 'once', amount: 3, toUserId: receiver.userId }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(sender.accessToken)).toBe(7);
    const reused = await post('/api/coins/transfer', sender.accessToken, { ...body, amount: 4 }, key);
    expect([reused.status, reused.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);

    // A rejection is remembered too: the retry gets the same 422 even after the balance allows it.
    const rejectedKey = { 'idempotency-key': `big-${randomUUID()}` };
    const big = await post(
      '/api/coins/transfer',
      sender.accessToken,
      { toUserId: receiver.userId, amount: 50, reason: 'big' },
      rejectedKey,
    );
    expect([big.status, big.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    await mint(sender.userId, 100);
    const bigAgain = await post(
      '/api/coins/transfer',
      sender.accessToken,
      { toUserId: receiver.userId, amount: 50, reason: 'big' },
      rejectedKey,
    );
    expect([bigAgain.status, bigAgain.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);

    const tooLong = await post('/api/coins/transfer', sender.accessToken, body, { 'idempotency-key': 'k'.repeat(256) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body.errors)).toContain('idempotency-key');
  });

  it('when the same Idempotency-Key is still in flight, then 409 REQUEST_IN_PROGRESS', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const key = `inflight-${randomUUID()}`;
    // Hold the lock the way an in-flight request would.
    const redis = createRedis(stack.redisUrl, `${stack.prefix}gw:`);
    await redis.connect();
    const commandId = uuidV5(`user:${user.userId}:POST /api/coins/transfer:${key}`);
    await redis.set(`idem:${commandId}`, 'someone-else', 'PX', 10_000);
    const response = await post(
      '/api/coins/transfer',
      user.accessToken,
      { toTreasury: 'OPERATIONS', amount: 1, reason: 'r' },
      { 'idempotency-key': key },
    );
    redis.disconnect();
    expect([response.status, response.body.code]).toEqual([409, 'REQUEST_IN_PROGRESS']);
  });

  it('when a user is deleted, then the remaining balance is burned with a reason naming the deletion, and transfers to them get 422 RECIPIENT_CLOSED', async () => {
    const [doomed, friend] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    await mint(doomed.userId, 8);
    await mint(friend.userId, 5);
    const logger = createLogger('e2e', 'warn');
    const producer = new BatchingProducer(createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e', logger }).producer(), logger);
    await producer.connect();
    await producer.send(topicNames(stack.prefix).userEvents, {
      key: String(doomed.userId),
      value: JSON.stringify({
        eventId: randomUUID(),
        type: 'user.deleted',
        version: 1,
        occurredAt: new Date().toISOString(),
        user: { id: doomed.userId, email: doomed.email, role: 'USER', tokenVersion: 1 },
      }),
    });
    await producer.close();
    const closed = await eventually(
      async () => {
        const r = await post('/api/coins/transfer', friend.accessToken, { toUserId: doomed.userId, amount: 1, reason: 'hello?' });
        return r.status === 422 ? r : undefined;
      },
      10_000,
      'wallet closed',
    );
    expect(closed.body.code).toBe('RECIPIENT_CLOSED');
    const supply = await http(stack.gatewayUrl, 'GET', '/api/admin/supply', { token: admin });
    expect(supply.status).toBe(200);
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const burn = await client.query(
      `SELECT amount::int AS amount, reason FROM "${stack.prefix}ledger".transactions WHERE type = 'BURN' AND from_user_id = $1`,
      [doomed.userId],
    );
    await client.end();
    expect(burn.rows).toEqual([{ amount: 800, reason: expect.stringContaining('deleted') }]);
  });

  it('when the ledger is audited at a quiet moment, then Σ balances equals Σ MINT − Σ BURN and every wallet matches its entries', async () => {
    const report = await eventually(
      async () => {
        const r = await http(stack.gatewayUrl, 'GET', '/api/admin/supply', { token: admin });
        return r.body.inFlight === 0 ? r.body : undefined;
      },
      10_000,
      'quiet ledger',
    );
    expect(report).toMatchObject({ consistent: true, mismatchedWallets: [], overRefundedPurchases: [] });
    expect(report.balances).toBe(report.supply);
  });
});
