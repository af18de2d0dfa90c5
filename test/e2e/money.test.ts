import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { topicNames } from '@coin/contracts';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { createRedis } from '@coin/redis';
import { uuidV5 } from '@coin/security';
import { startTestStack, type TestStack, fastLoopsStack } from '../harness/stack';
import { type CoinClient, CoinProblemError } from '@coin/client';
import { apiClient, applied, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, fundTreasury, withUsersDb } from '../harness/admin';
import { eventually } from '../harness/eventually';

describe('money endpoints through the gateway, the ledger and back', () => {
  let stack: TestStack;
  let admin: string;
  let apiKey: string;
  /** The admin's platform: its token and an API key with every money scope (the typed client, @coin/client). */
  let platform: CoinClient;
  /** Well-formed calls go through the typed client; a non-2xx answer rejects with CoinProblemError. */
  const as = (token: string) => apiClient(stack.gatewayUrl, { accessToken: token });
  // Requests the document forbids (bad fields, wrong types, an over-long key) go raw.
  const post = (path: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
    http(stack.gatewayUrl, 'POST', path, { token, body, headers: token === admin ? { 'x-api-key': apiKey, ...headers } : headers });
  const balanceOf = async (token: string) => (await as(token).getMyWallet()).balance;
  const mint = (userId: number, amount: number) => applied(platform.mintCoins({ body: { userId, amount, reason: 'seed' } }));
  /** The problem a call was answered with (fails the test when it succeeded). */
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

  beforeAll(async () => {
    // The continuous supply check ticks often, so the last test reads a tick after every transaction.
    stack = await startTestStack(fastLoopsStack);
    admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, admin, ['mint', 'burn', 'refund', 'reward']);
    platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when an admin mints, then 201 with the MINT transaction and the credited wallet, and the user sees the balance', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const response = await platform.api.POST('/api/admin/mint', { body: { userId: user.userId, amount: 12.5, reason: 'seed' } });
    expect(response.response.status).toBe(201);
    expect(response.data && 'transaction' in response.data ? response.data.transaction : response.data).toMatchObject({
      type: 'MINT',
      amount: 12.5,
      fromUserId: null,
      toUserId: user.userId,
      reason: 'seed',
    });
    expect(response.data && 'wallet' in response.data ? response.data.wallet : response.data).toMatchObject({
      userId: user.userId,
      balance: 12.5,
      activeCoins: 12.5,
      totalReceived: 12.5,
    });
    expect(await balanceOf(user.accessToken)).toBe(12.5);
  });

  it('when 50 one-coin transfers race from a wallet holding 20, then exactly 20 succeed, 30 get 422 INSUFFICIENT_FUNDS, and the balance is 0', async () => {
    const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    expect((await mint(sender.userId, 20)).transaction.amount).toBe(20);
    const coin = as(sender.accessToken);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => coin.transferCoins({ body: { toUserId: receiver.userId, amount: 1, reason: 'race' } })),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as CoinProblemError] : []));
    expect(done).toHaveLength(20);
    expect(refused.map((e) => [e.status, e.code])).toEqual(Array(30).fill([422, 'INSUFFICIENT_FUNDS']));
    expect(await balanceOf(sender.accessToken)).toBe(0);
    await eventually(async () => ((await balanceOf(receiver.accessToken)) === 20 ? true : undefined), 5_000, 'receiver credited');
  });

  it("when a transfer answers 201, then the receiver's wallet shows the credit within a second (docs/CONTRACT.md, Paging)", async () => {
    const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    await mint(sender.userId, 5);
    const response = await as(sender.accessToken).transferCoins({ body: { toUserId: receiver.userId, amount: 2.25, reason: 'thanks' } });
    expect(response.wallet).toMatchObject({ userId: sender.userId, balance: 2.75, totalSent: 2.25 });
    await eventually(async () => ((await balanceOf(receiver.accessToken)) === 2.25 ? true : undefined), 1_000, 'credit within 1 s');
  });

  it('when a user pays a treasury, is refunded in part and in full, then refunds stop at the purchase and treasuries show it', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await mint(user.userId, 100);
    const purchase = await as(user.accessToken).purchase({
      body: { treasury: 'COURSE_FEES', amount: 30, reason: 'TypeScript course', reference: 'order-42' },
    });
    expect(purchase.transaction).toMatchObject({ type: 'PURCHASE', toTreasury: 'COURSE_FEES', reference: 'order-42', amount: 30 });
    const purchaseId = purchase.transaction.id;
    const treasuryHas30 = async () => {
      const list = await as(admin).listTreasuries();
      const fees = list.treasuries.find((t) => t.code === 'COURSE_FEES');
      return fees && fees.totalReceived >= 30 ? list : undefined;
    };
    const list = await eventually(treasuryHas30, 5_000, 'purchase credited to the treasury');
    expect(list.treasuries.map((t) => t.code).sort()).toEqual(['COURSE_FEES', 'OPERATIONS', 'REWARDS', 'SUBSCRIPTIONS']);

    const refund = (body: { transactionId: number; treasury?: 'COURSE_FEES' | 'REWARDS'; amount?: number; reason: string }) =>
      applied(platform.refundTransaction({ body }));
    // A refund naming a treasury the purchase did not pay is refused by the ledger (the gateway reads nothing first).
    await expect(refund({ transactionId: purchaseId, treasury: 'REWARDS', amount: 1, reason: 'wrong treasury' })).rejects.toMatchObject({
      status: 422,
      code: 'NOT_REFUNDABLE',
    });
    // Naming the treasury it paid (routed with no read), or none (the purchase read once).
    const partial = await refund({ transactionId: purchaseId, treasury: 'COURSE_FEES', amount: 10, reason: 'partly cancelled' });
    expect(partial.transaction).toMatchObject({
      type: 'REFUND',
      amount: 10,
      refundOf: purchaseId,
      fromTreasury: 'COURSE_FEES',
      toUserId: user.userId,
    });
    expect(partial.wallet).toMatchObject({ code: 'COURSE_FEES', name: 'Course fees' });
    await expect(refund({ transactionId: purchaseId, amount: 20.01, reason: 'too much' })).rejects.toMatchObject({
      status: 422,
      code: 'REFUND_EXCEEDS_PURCHASE',
    });
    const rest = await refund({ transactionId: purchaseId, reason: 'the rest' });
    expect(rest.transaction.amount).toBe(20);
    await expect(refund({ transactionId: rest.transaction.id, reason: 'no' })).rejects.toMatchObject({
      status: 422,
      code: 'NOT_REFUNDABLE',
    });
    await expect(refund({ transactionId: 987_654_321, reason: 'no' })).rejects.toMatchObject({
      status: 404,
      code: 'TRANSACTION_NOT_FOUND',
    });
    await eventually(async () => ((await balanceOf(user.accessToken)) === 100 ? true : undefined), 5_000, 'refunds credited');
  });

  it('when rewards are paid, then they come from REWARDS, and an empty REWARDS treasury gives 422 INSUFFICIENT_FUNDS', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await expect(platform.rewardUser({ body: { userId: user.userId, amount: 1_000_000, reason: 'jackpot' } })).rejects.toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
    });
    expect((await fundTreasury(stack, { accessToken: admin, apiKey }, 'REWARDS', 50)).transaction.type).toBe('MINT');
    const reward = await platform.rewardUser({ body: { userId: user.userId, amount: 15, reason: 'tournament win' } });
    // Within the four-eyes windows: applied at once (201), not an approval request.
    if (!('transaction' in reward)) throw new Error(`expected a money result, got ${JSON.stringify(reward)}`);
    expect(reward.transaction).toMatchObject({ type: 'REWARD', fromTreasury: 'REWARDS', toUserId: user.userId, amount: 15 });
    expect(reward.wallet).toMatchObject({ code: 'REWARDS' });
    await eventually(async () => ((await balanceOf(user.accessToken)) === 15 ? true : undefined), 5_000, 'reward credited');
    const user2 = await registerUser(stack.gatewayUrl);
    const forbidden = await problemOf(
      as(user2.accessToken).rewardUser({ body: { userId: user.userId, amount: 1, reason: 'self-service' } }),
    );
    expect(forbidden.status).toBe(403);
  });

  it('when an admin would pay themselves (mint or reward to their own wallet), then 403 SELF_DEALING and nothing moves; a reward without an API key is 401', async () => {
    const self = await adminSession(stack, 'ADMIN');
    const own = apiClient(stack.gatewayUrl, {
      accessToken: self.accessToken,
      apiKey: await apiKeyFor(stack, admin, ['mint', 'reward'], self),
    });
    await fundTreasury(stack, { accessToken: admin, apiKey }, 'REWARDS', 20);
    const selfMint = await problemOf(own.mintCoins({ body: { userId: self.userId, amount: 5, reason: 'for me' } }));
    expect(selfMint).toMatchObject({ status: 403, code: 'SELF_DEALING' });
    const selfReward = await problemOf(own.rewardUser({ body: { userId: self.userId, amount: 5, reason: 'for me' } }));
    expect(selfReward).toMatchObject({ status: 403, code: 'SELF_DEALING' });
    // A person's reward needs an API key of the reward scope, like every other money route of an admin.
    const keyless = await post('/api/admin/reward', self.accessToken, {
      userId: (await registerUser(stack.gatewayUrl)).userId,
      amount: 1,
      reason: 'r',
    });
    expect(keyless.status).toBe(401);
    expect(keyless.body).toMatchObject({ code: 'API_KEY_INVALID' });
    expect(await balanceOf(self.accessToken)).toBe(0);
  });

  it('when an admin burns, then the coins are gone; burning more than the balance is 422', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await mint(user.userId, 10);
    const burn = await applied(platform.burnCoins({ body: { userId: user.userId, amount: 4, reason: 'correction' } }));
    expect(burn.transaction).toMatchObject({ type: 'BURN', fromUserId: user.userId, toUserId: null, amount: 4 });
    expect(burn.wallet.balance).toBe(6);
    await expect(platform.burnCoins({ body: { userId: user.userId, amount: 6.01, reason: 'correction' } })).rejects.toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_FUNDS',
    });
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
    const coin = as(user.accessToken);
    const self = await problemOf(coin.transferCoins({ body: { toUserId: user.userId, amount: 1, reason: 'me' } }));
    expect([self.status, self.code]).toEqual([422, 'SELF_TRANSFER']);
    const nobody = await problemOf(coin.transferCoins({ body: { toUserId: 999_999_999, amount: 1, reason: 'who' } }));
    expect([nobody.status, nobody.code]).toEqual([404, 'USER_NOT_FOUND']);
    const mintAsUser = await problemOf(coin.mintCoins({ body: { userId: user.userId, amount: 1, reason: 'free money' } }));
    expect(mintAsUser.status).toBe(403);
    const badTreasury = await post('/api/coins/purchase', user.accessToken, { treasury: 'CASINO', amount: 1, reason: 'r' });
    expect(badTreasury.status).toBe(400);
  });

  it('when a request is retried with the same Idempotency-Key, then the first answer comes back and the money moved once; another body is 422', async () => {
    const [sender, receiver] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    await mint(sender.userId, 10);
    const coin = as(sender.accessToken);
    const idempotencyKey = `transfer-${randomUUID()}`;
    const body = { toUserId: receiver.userId, amount: 3, reason: 'once' };
    const first = await coin.api.POST('/api/coins/transfer', { body, params: { header: { 'idempotency-key': idempotencyKey } } });
    const again = await coin.api.POST('/api/coins/transfer', {
      body: { reason: 'once', amount: 3, toUserId: receiver.userId },
      params: { header: { 'idempotency-key': idempotencyKey } },
    });
    expect(first.response.status).toBe(201);
    expect(again.response.status).toBe(201);
    expect(again.data).toEqual(first.data);
    // The retry says it is the first answer again (Stripe's header); the first answer does not.
    expect([first.response.headers.get('idempotent-replayed'), again.response.headers.get('idempotent-replayed')]).toEqual([null, 'true']);
    expect(await balanceOf(sender.accessToken)).toBe(7);
    const reused = await problemOf(coin.transferCoins({ body: { ...body, amount: 4 }, idempotencyKey }));
    expect([reused.status, reused.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // What became of the keyed command can be asked afterwards (as after a 504).
    expect(await coin.getCommandStatus(idempotencyKey)).toMatchObject({ status: 'DONE', statusCode: 201, body: first.data });

    // A rejection is remembered too: the retry gets the same 422 even after the balance allows it.
    const rejectedKey = `big-${randomUUID()}`;
    const big = await problemOf(
      coin.transferCoins({ body: { toUserId: receiver.userId, amount: 50, reason: 'big' }, idempotencyKey: rejectedKey }),
    );
    expect([big.status, big.code, big.idempotencyKey]).toEqual([422, 'INSUFFICIENT_FUNDS', rejectedKey]);
    await mint(sender.userId, 100);
    const bigAgain = await problemOf(
      coin.transferCoins({ body: { toUserId: receiver.userId, amount: 50, reason: 'big' }, idempotencyKey: rejectedKey }),
    );
    expect([bigAgain.status, bigAgain.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect([big.response?.headers.get('idempotent-replayed'), bigAgain.response?.headers.get('idempotent-replayed')]).toEqual([
      null,
      'true',
    ]);

    // Beyond what the document allows (255 characters): sent raw.
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
    const response = await problemOf(
      as(user.accessToken).transferCoins({ body: { toTreasury: 'OPERATIONS', amount: 1, reason: 'r' }, idempotencyKey: key }),
    );
    redis.disconnect();
    expect([response.status, response.code]).toEqual([409, 'REQUEST_IN_PROGRESS']);
    expect(await as(user.accessToken).getCommandStatus(key)).toEqual({ status: 'IN_PROGRESS' });
  });

  it('when a user is deleted, then the remaining balance is burned with a reason naming the deletion, and transfers to them get 422 RECIPIENT_CLOSED', async () => {
    const [doomed, friend] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    await mint(doomed.userId, 8);
    await mint(friend.userId, 5);
    // Deleted where the gateway never saw it (an operator's deletion on the database), so only its
    // event reaches the ledger, which closes the wallet once the user service confirms the deletion.
    await withUsersDb(stack, (query) =>
      query(
        'UPDATE users SET deleted_at = now(), email = NULL, email_normalized = NULL, full_name = NULL, password_hash = NULL WHERE id = $1',
        [doomed.userId],
      ),
    );
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
    // A transfer that lands before the ledger has read the deletion credits the wallet: it is burned too.
    let landedBefore = 0;
    const closed = await eventually(
      async () => {
        const r = await as(friend.accessToken)
          .transferCoins({ body: { toUserId: doomed.userId, amount: 1, reason: 'hello?' } })
          .catch((err: unknown) => err);
        if (!(r instanceof Error)) landedBefore += 1;
        return r instanceof CoinProblemError && r.status === 422 ? r : undefined;
      },
      10_000,
      'wallet closed',
    );
    expect(closed.code).toBe('RECIPIENT_CLOSED');
    // A transfer whose debit was decided while the wallet was open but whose credit leg arrived
    // after the close is returned to the sender (docs/design/ledger.md "Closed wallets"); wait for those legs.
    await eventually(async () => ((await as(admin).getSupplyReport()).inFlight === 0 ? true : undefined), 10_000, 'no coin in flight');
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const ledger = `"${stack.prefix}ledger".transactions`;
    const burn = await client.query(`SELECT amount::int AS amount, reason FROM ${ledger} WHERE type = 'BURN' AND from_user_id = $1`, [
      doomed.userId,
    ]);
    const returned = await client.query(
      `SELECT count(*)::int AS n FROM ${ledger} WHERE type = 'TRANSFER' AND returns IS NOT NULL AND from_user_id = $1 AND to_user_id = $2`,
      [doomed.userId, friend.userId],
    );
    await client.end();
    const creditedBeforeClose = landedBefore - returned.rows[0].n;
    expect(burn.rows).toEqual([{ amount: 800 + 100 * creditedBeforeClose, reason: expect.stringContaining('deleted') }]);
    expect(await balanceOf(friend.accessToken)).toBe(5 - creditedBeforeClose);
  });

  it('when the ledger is audited at a quiet moment, then Σ balances equals Σ MINT − Σ BURN and every wallet matches its entries', async () => {
    const report = await eventually(
      async () => {
        const r = await as(admin).getSupplyReport();
        return r.inFlight === 0 ? r : undefined;
      },
      10_000,
      'quiet ledger',
    );
    expect(report).toMatchObject({
      consistent: true,
      discrepancy: 0,
      creditLegs: { inFlight: { count: 0, amount: 0 }, stale: { count: 0 } },
      mismatchedWallets: [],
      overRefundedPurchases: [],
    });
    expect(report.balances).toBe(report.supply);
  });

  it('when the continuous supply check has read every transaction above (returns to closed wallets included), then its metrics show no discrepancy and no stale leg', async () => {
    const metric = (text: string, name: string, label: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${name}{`) && l.includes(label))
          ?.split(' ')
          .pop() ?? Number.NaN,
      );
    const since = Date.now() / 1000;
    const text = await eventually(
      async () => {
        // /metrics is on the metrics port, never on the internal API port.
        const body = await (await fetch(`${stack.metricsUrls.ledger}/metrics`)).text();
        const last = Number(
          body
            .split('\n')
            .find((l) => l.startsWith('coin_ledger_supply_check_last_success_timestamp_seconds'))
            ?.split(' ')
            .pop(),
        );
        return last > since ? body : undefined;
      },
      10_000,
      'a supply check tick after the audit',
    );
    expect(metric(text, 'coin_ledger_supply_discrepancy_minor', 'check="supply"')).toBe(0);
    expect(metric(text, 'coin_ledger_supply_discrepancy_minor', 'check="balances"')).toBe(0);
    expect(metric(text, 'coin_ledger_credit_legs_in_flight_transactions', 'age="stale"')).toBe(0);
  });
});
