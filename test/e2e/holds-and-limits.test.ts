import { randomUUID } from 'node:crypto';
import { coinHoldEvent, holdIdNamingPayer, payerOfHoldId, topicNames, walletKeyOfUser, type CoinHoldEvent } from '@coin/contracts';
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { type CoinClient, CoinProblemError } from '@coin/client';
import { decodeJwt } from 'jose';
import { uuidV5 } from '@coin/security';
import { startTestStack, type TestStack, fastLoopsStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, fundTreasury, platformClientToken } from '../harness/admin';
import { eventually } from '../harness/eventually';

/** Through the gateway: Holds (create, capture, void, expire) and spending limits. */
describe('holds and spending limits through the gateway and the ledger', () => {
  let stack: TestStack;
  let admin: string;
  let apiKey: string;
  let platform: CoinClient;
  /** A shop back end: a SYSTEM client, which may capture and void holds (and reward), nothing else. */
  let shop: CoinClient;
  /** The shop's client id: a hold paying a user names it to let it settle (docs/design/ledger.md "Holds"). */
  let shopId: string;
  let shopToken: string;
  const as = (token: string) => apiClient(stack.gatewayUrl, { accessToken: token });
  const mint = (userId: number, amount: number) => platform.mintCoins({ body: { userId, amount, reason: 'seed' } });
  const walletOf = (token: string) => as(token).getMyWallet();
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
  const funded = async (coins: number) => {
    const user = await registerUser(stack.gatewayUrl);
    await mint(user.userId, coins);
    return user;
  };
  const holdOf = async (token: string, id: string) => {
    const page = await as(token).listMyHolds({ query: { limit: '100' } });
    return page.holds.find((h) => h.id === id);
  };

  beforeAll(async () => {
    // Expiry is checked within seconds, not the production second-by-second sweep.
    stack = await startTestStack(fastLoopsStack);
    admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, admin, ['mint', 'burn', 'refund', 'reward']);
    platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
    shopToken = await platformClientToken(stack, 'holds-shop');
    shop = as(shopToken);
    shopId = decodeJwt(shopToken).sub!;
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a payer places a hold, then 201 PENDING, the balance stays, activeCoins drop, and debits past activeCoins are refused', async () => {
    const payer = await funded(10);
    const created = await as(payer.accessToken).createHold({
      body: { toTreasury: 'COURSE_FEES', amount: 7.5, reason: 'Order 1', reference: 'ORDER-1' },
    });
    expect(created.hold).toMatchObject({
      status: 'PENDING',
      amount: 7.5,
      fromUserId: payer.userId,
      toTreasury: 'COURSE_FEES',
      toUserId: null,
      reference: 'ORDER-1',
      capturedAmount: null,
    });
    // Default expiry: 7 days.
    const lifetime = Date.parse(created.hold.expiresAt) - Date.parse(created.hold.createdAt);
    expect(lifetime).toBe(7 * 24 * 3600 * 1000);
    expect(created.wallet).toMatchObject({ balance: 10, activeCoins: 2.5 });
    expect(await walletOf(payer.accessToken)).toMatchObject({ balance: 10, activeCoins: 2.5 });

    const other = await registerUser(stack.gatewayUrl);
    const refused = await problemOf(
      as(payer.accessToken).transferCoins({ body: { toUserId: other.userId, amount: 3, reason: 'more than is active' } }),
    );
    expect([refused.status, refused.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    const burnRefused = await problemOf(platform.burnCoins({ body: { userId: payer.userId, amount: 3, reason: 'too much' } }));
    expect(burnRefused.code).toBe('INSUFFICIENT_FUNDS');
    const holdRefused = await problemOf(
      as(payer.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 2.51, reason: 'one more' } }),
    );
    expect(holdRefused.code).toBe('INSUFFICIENT_FUNDS');
    await as(payer.accessToken).transferCoins({ body: { toUserId: other.userId, amount: 2.5, reason: 'all that is active' } });
    expect(await walletOf(payer.accessToken)).toMatchObject({ balance: 7.5, activeCoins: 0 });
    expect(await holdOf(payer.accessToken, created.hold.id)).toMatchObject({ status: 'PENDING' });
  });

  it('when a hold is placed with an Idempotency-Key, then its id cannot be computed from the payer id and the key, and a retry with the key names the same hold', async () => {
    const payer = await funded(3);
    const key = `hold-${randomUUID()}`;
    const place = () =>
      as(payer.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'guess me' }, idempotencyKey: key });
    const { hold } = await place();
    // What anyone knowing the payer and the key could compute: the command id the gateway derives, then the hold id from it.
    const commandId = uuidV5(`user:${payer.userId}:POST /api/coins/holds:${key}`);
    expect(hold.id).not.toBe(uuidV5(`ledger.hold:${commandId}`));
    expect((await place()).hold.id).toBe(hold.id);
    expect(await walletOf(payer.accessToken)).toMatchObject({ balance: 3, activeCoins: 2 });
  });

  it("when a hold's id is rewritten to name another payer, or its real id is sent with another payer, on ledger.commands by an insider with the shop's token, then the ledger refuses both and the hold stays; the shop's capture through the gateway, routed by the id, takes it", async () => {
    const payer = await funded(5);
    const other = await funded(5);
    const { hold } = await as(payer.accessToken).createHold({ body: { toTreasury: 'SUBSCRIPTIONS', amount: 4, reason: 'forged' } });
    // The id names its payer: the gateway routes a capture or void by it, with no read.
    expect(payerOfHoldId(hold.id)).toBe(payer.userId);
    const forgedId = `${hold.id.slice(0, 21)}${holdIdNamingPayer(other.userId, '0'.repeat(32)).slice(21)}`;
    expect(payerOfHoldId(forgedId)).toBe(other.userId);
    const logger = createLogger('e2e', 'warn');
    const producer = new BatchingProducer(
      createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-hold-forger', logger }).producer(),
      logger,
    );
    await producer.connect();
    try {
      for (const holdId of [forgedId, hold.id]) {
        const command = {
          commandId: randomUUID(),
          type: 'ledger.capture-hold',
          issuedAt: new Date().toISOString(),
          actor: { kind: 'system', id: shopId },
          proof: shopToken,
          data: { holdId, fromUserId: other.userId },
        };
        await producer.send(topicNames(stack.prefix).ledgerCommands, {
          key: walletKeyOfUser(other.userId),
          value: JSON.stringify(command),
        });
      }
    } finally {
      await producer.close();
    }
    // Same key, after them: the other payer's own request, so both forgeries were decided by then.
    await as(other.accessToken).createHold({ body: { toTreasury: 'SUBSCRIPTIONS', amount: 1, reason: 'after the forgeries' } });
    expect(await holdOf(payer.accessToken, hold.id)).toMatchObject({ status: 'PENDING', capturedAmount: null });
    expect(await walletOf(payer.accessToken)).toMatchObject({ balance: 5, activeCoins: 1 });
    expect(await walletOf(other.accessToken)).toMatchObject({ balance: 5, activeCoins: 4 });
    const captured = await shop.captureHold({ path: { id: hold.id }, body: { amount: 4 } });
    expect(captured.hold).toMatchObject({ id: hold.id, status: 'CAPTURED', fromUserId: payer.userId });
    // A version 8 id naming no user is refused at the edge.
    const malformed = await http(stack.gatewayUrl, 'POST', `/api/coins/holds/${hold.id.slice(0, 21)}00-000000000000/void`, {
      token: shopToken,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('when a platform captures part of a hold, then a PURCHASE of that amount is recorded, the rest is released, and the hold cannot be captured or voided again', async () => {
    const payer = await funded(20);
    const { hold } = await as(payer.accessToken).createHold({
      body: { toTreasury: 'SUBSCRIPTIONS', amount: 12, reason: 'Monthly plan', reference: 'SUB-7' },
    });
    const from = new Date(Date.now() - 60_000).toISOString();
    const captured = await shop.captureHold({ path: { id: hold.id }, body: { amount: 9.25 } });
    expect(captured.hold).toMatchObject({ id: hold.id, status: 'CAPTURED', capturedAmount: 9.25, transactionId: captured.transaction.id });
    expect(captured.transaction).toMatchObject({
      type: 'PURCHASE',
      amount: 9.25,
      fromUserId: payer.userId,
      toTreasury: 'SUBSCRIPTIONS',
      reason: 'Monthly plan',
      reference: 'SUB-7',
    });
    expect(captured.wallet).toMatchObject({ balance: 10.75, activeCoins: 10.75, totalSent: 9.25 });
    // The treasury's own line of it: its balance is no measure on a shared stack, where a mandate
    // an earlier file left on it is charged to SUBSCRIPTIONS on its own schedule.
    const to = new Date(Date.now() + 60_000).toISOString();
    const line = await eventually(
      async () => {
        const page = await as(admin).getTreasuryStatement({ path: { code: 'SUBSCRIPTIONS' }, query: { from, to, limit: 1000 } });
        return page.lines.find((l) => l.transaction.id === captured.transaction.id);
      },
      5_000,
      'treasury credited',
    );
    expect(line).toMatchObject({ change: 9.25, transaction: { type: 'PURCHASE', amount: 9.25 } });
    for (const again of [shop.captureHold({ path: { id: hold.id }, body: {} }), shop.voidHold({ path: { id: hold.id } })]) {
      const problem = await problemOf(again);
      expect([problem.status, problem.code]).toEqual([409, 'HOLD_NOT_PENDING']);
    }
    const over = await as(payer.accessToken).createHold({ body: { toTreasury: 'SUBSCRIPTIONS', amount: 1, reason: 'r' } });
    const tooMuch = await problemOf(shop.captureHold({ path: { id: over.hold.id }, body: { amount: 1.01 } }));
    expect([tooMuch.status, tooMuch.code]).toEqual([422, 'CAPTURE_EXCEEDS_HOLD']);
  });

  it('when a hold to a user is captured in full with an Idempotency-Key twice, then one TRANSFER, the same answer, and the recipient credited once', async () => {
    const [payer, payee] = [await funded(5), await registerUser(stack.gatewayUrl)];
    const { hold } = await as(payer.accessToken).createHold({
      body: { toUserId: payee.userId, amount: 4, reason: 'Tournament entry', settlerClientId: shopId },
    });
    const key = `capture-${randomUUID()}`;
    const first = await shop.captureHold({ path: { id: hold.id }, body: {}, idempotencyKey: key });
    const second = await shop.captureHold({ path: { id: hold.id }, body: {}, idempotencyKey: key });
    expect(second).toEqual(first);
    expect(first.transaction).toMatchObject({ type: 'TRANSFER', amount: 4, toUserId: payee.userId });
    await eventually(async () => ((await walletOf(payee.accessToken)).balance === 4 ? true : undefined), 5_000, 'payee credited');
    expect(await walletOf(payer.accessToken)).toMatchObject({ balance: 1, activeCoins: 1 });
    // The platform client reads what became of its own keyed capture (as after a 504).
    expect(await shop.getCommandStatus({ path: { idempotencyKey: key } })).toMatchObject({ status: 'DONE', statusCode: 201, body: first });
  });

  it('when an admin voids a hold, then its coins are active again and a capture after it is 409 HOLD_NOT_PENDING', async () => {
    const payer = await funded(3);
    const { hold } = await as(payer.accessToken).createHold({ body: { toTreasury: 'OPERATIONS', amount: 3, reason: 'r' } });
    const voided = await as(admin).voidHold({ path: { id: hold.id } });
    expect(voided.hold).toMatchObject({ status: 'VOIDED', capturedAmount: null, transactionId: null });
    expect(voided.wallet).toMatchObject({ balance: 3, activeCoins: 3 });
    const late = await problemOf(shop.captureHold({ path: { id: hold.id }, body: {} }));
    expect([late.status, late.code]).toEqual([409, 'HOLD_NOT_PENDING']);
  });

  it('when a hold outlives expiresInSeconds, then the ledger expires it by itself, its coins are released, and capture is 409', async () => {
    const payer = await funded(2);
    const { hold } = await as(payer.accessToken).createHold({
      body: { toTreasury: 'COURSE_FEES', amount: 2, reason: 'short', expiresInSeconds: 1 },
    });
    expect(await walletOf(payer.accessToken)).toMatchObject({ activeCoins: 0 });
    const expired = await eventually(
      async () => {
        const found = await holdOf(payer.accessToken, hold.id);
        return found?.status === 'EXPIRED' ? found : undefined;
      },
      10_000,
      'hold expired',
    );
    expect(expired).toMatchObject({ capturedAmount: null, transactionId: null });
    expect(await walletOf(payer.accessToken)).toMatchObject({ balance: 2, activeCoins: 2 });
    const late = await problemOf(shop.captureHold({ path: { id: hold.id }, body: {} }));
    expect([late.status, late.code]).toEqual([409, 'HOLD_NOT_PENDING']);
  });

  it('when captures race expiries, then each hold ends either CAPTURED with its one PURCHASE or EXPIRED with nothing taken, never both', async () => {
    const payer = await funded(100);
    const holds = await Promise.all(
      Array.from({ length: 8 }, () =>
        as(payer.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'race', expiresInSeconds: 1 } }),
      ),
    );
    // Capture each around its expiry: some before, some after.
    const outcomes = await Promise.all(
      holds.map(async ({ hold }, i) => {
        await new Promise((resolve) => setTimeout(resolve, 700 + i * 100));
        return shop.captureHold({ path: { id: hold.id }, body: {} }).then(
          (result) => ({ id: hold.id, captured: true as const, transactionId: result.transaction.id }),
          (err: unknown) => {
            if (err instanceof CoinProblemError && err.code === 'HOLD_NOT_PENDING') return { id: hold.id, captured: false as const };
            throw err;
          },
        );
      }),
    );
    const settled = await eventually(
      async () => {
        const page = await as(payer.accessToken).listMyHolds({ query: { limit: '100' } });
        const mine = page.holds.filter((h) => holds.some((c) => c.hold.id === h.id));
        return mine.every((h) => h.status !== 'PENDING') ? mine : undefined;
      },
      10_000,
      'every raced hold resolved',
    );
    for (const outcome of outcomes) {
      const hold = settled.find((h) => h.id === outcome.id)!;
      if (outcome.captured) expect(hold).toMatchObject({ status: 'CAPTURED', transactionId: outcome.transactionId, capturedAmount: 1 });
      else expect(hold).toMatchObject({ status: 'EXPIRED', transactionId: null });
    }
    const capturedCount = outcomes.filter((o) => o.captured).length;
    expect(await walletOf(payer.accessToken)).toMatchObject({ balance: 100 - capturedCount, activeCoins: 100 - capturedCount });
  });

  it('when hold requests are wrong, then 400, 403, 404 or 422 with the code, and nothing is held', async () => {
    const payer = await funded(5);
    const self = await problemOf(as(payer.accessToken).createHold({ body: { toUserId: payer.userId, amount: 1, reason: 'me' } }));
    expect([self.status, self.code]).toEqual([422, 'SELF_TRANSFER']);
    const tooLong = await http(stack.gatewayUrl, 'POST', '/api/coins/holds', {
      token: payer.accessToken,
      body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'r', expiresInSeconds: 30 * 24 * 3600 + 1 },
    });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const both = await http(stack.gatewayUrl, 'POST', '/api/coins/holds', {
      token: payer.accessToken,
      body: { toTreasury: 'COURSE_FEES', toUserId: 1, amount: 1, reason: 'r' },
    });
    expect(both.status).toBe(400);
    // A settler is a platform client's id, of one that exists and is not revoked.
    const badSettler = await http(stack.gatewayUrl, 'POST', '/api/coins/holds', {
      token: payer.accessToken,
      body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'r', settlerClientId: 'pc no such' },
    });
    expect([badSettler.status, badSettler.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const noSettler = await problemOf(
      as(payer.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'r', settlerClientId: 'pc_nosuchclient' } }),
    );
    expect([noSettler.status, noSettler.code]).toEqual([404, 'NOT_FOUND']);
    const { hold } = await as(payer.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'r' } });
    // A user may not settle holds, not even their own.
    const forbidden = await problemOf(as(payer.accessToken).captureHold({ path: { id: hold.id }, body: {} }));
    expect([forbidden.status, forbidden.code]).toEqual([403, 'FORBIDDEN']);
    const unknown = await problemOf(shop.voidHold({ path: { id: randomUUID() } }));
    expect([unknown.status, unknown.code]).toEqual([404, 'HOLD_NOT_FOUND']);
    const badId = await http(stack.gatewayUrl, 'POST', '/api/coins/holds/not-a-uuid/void', { token: admin });
    expect(badId.status).toBe(400);
    // Another user sees none of the payer's holds.
    const stranger = await registerUser(stack.gatewayUrl);
    expect((await as(stranger.accessToken).listMyHolds({})).holds).toEqual([]);
    // An admin sees them by payer and status.
    const listed = await as(admin).listHolds({ query: { userId: String(payer.userId), status: 'PENDING' } });
    expect(listed.holds.map((h) => h.id)).toEqual([hold.id]);
    expect(await walletOf(payer.accessToken)).toMatchObject({ balance: 5, activeCoins: 4 });
  });

  it('when hold events are published, then coin.holds carries created and captured for the hold, keyed by its id', async () => {
    const payer = await funded(2);
    const { hold } = await as(payer.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'events' } });
    await shop.captureHold({ path: { id: hold.id }, body: {} });
    const logger = createLogger('e2e', 'warn');
    const consumer = createKafka({ brokers: stack.kafkaBrokers, clientId: 'e2e-holds', logger }).consumer({
      groupId: `e2e-${randomUUID()}`,
    });
    await consumer.connect();
    const seen: Array<{ key: string; event: CoinHoldEvent }> = [];
    try {
      await consumer.subscribe({ topic: topicNames(stack.prefix).coinHolds, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const event = coinHoldEvent.parse(JSON.parse(message.value!.toString()));
          if (event.hold.id === hold.id) seen.push({ key: message.key!.toString(), event });
        },
      });
      await eventually(async () => (seen.length >= 2 ? true : undefined), 15_000, 'hold events');
    } finally {
      await consumer.disconnect();
    }
    expect(seen.map((s) => [s.key, s.event.type, s.event.hold.status])).toEqual([
      [hold.id, 'coin.hold.created', 'PENDING'],
      [hold.id, 'coin.hold.captured', 'CAPTURED'],
    ]);
  });

  it("when an admin sets a user's limits, then debits past them get 422 LIMIT_EXCEEDED naming the limit and when it resets, and GET shows the usage", async () => {
    const user = await funded(50);
    const other = await registerUser(stack.gatewayUrl);
    const set = await as(admin).setUserLimits({
      path: { id: String(user.userId) },
      body: { dailyCount: 2, dailyAmount: 10, singleAmount: null },
    });
    expect(set).toMatchObject({
      userId: user.userId,
      role: 'USER',
      limits: { dailyCount: 2, dailyAmount: 10, singleAmount: null },
      defaults: { dailyCount: 1000, dailyAmount: 100000, singleAmount: null },
      overrides: { dailyCount: 2, dailyAmount: 10, singleAmount: null },
      usage: { amount: 0, count: 0, windowHours: 24 },
      resetsAt: null,
    });
    const pay = (amount: number) => as(user.accessToken).transferCoins({ body: { toUserId: other.userId, amount, reason: 'limits' } });
    const overAmount = await problemOf(pay(10.01));
    expect([overAmount.status, overAmount.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    expect(overAmount.problem.limit).toEqual({ name: 'dailyAmount', value: 10, used: 0, resetsAt: null });
    await pay(4);
    // A hold counts as an outgoing debit too.
    await as(user.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 1, reason: 'counts' } });
    const overCount = await problemOf(pay(1));
    expect(overCount.code).toBe('LIMIT_EXCEEDED');
    const limit = overCount.problem.limit!;
    expect(limit).toMatchObject({ name: 'dailyCount', value: 2, used: 2 });
    // Counted by the hour: it fits again 24 hours after the start of the hour of the first debit.
    const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    expect([hourStart + 24 * 3_600_000, hourStart + 23 * 3_600_000]).toContain(Date.parse(limit.resetsAt!));
    const read = await as(admin).getUserLimits({ path: { id: String(user.userId) } });
    expect(read.usage).toEqual({ amount: 5, count: 2, windowHours: 24 });
    expect(read.resetsAt).toBe(limit.resetsAt);
    // Rewards into the wallet and debits of treasuries are not the user's spending.
    await fundTreasury(stack, { accessToken: admin, apiKey }, 'REWARDS', 1);
    await platform.rewardUser({ body: { userId: user.userId, amount: 1, reason: 'not limited' } });
    // {} restores the role's defaults: the user may spend again.
    const reset = await as(admin).setUserLimits({ path: { id: String(user.userId) }, body: {} });
    expect(reset.overrides).toEqual({});
    await pay(1);
  });

  it("when limits requests are wrong or not an admin's, then 400, 403 or 404", async () => {
    const user = await registerUser(stack.gatewayUrl);
    const path = `/api/admin/users/${user.userId}/limits`;
    const asUser = await http(stack.gatewayUrl, 'PUT', path, { token: user.accessToken, body: { dailyCount: 1 } });
    expect(asUser.status).toBe(403);
    for (const body of [{ dailyCount: -1 }, { dailyAmount: 1.001 }, { dailyCount: 1.5 }, { weekly: 3 }, { singleAmount: '5' }]) {
      const response = await http(stack.gatewayUrl, 'PUT', path, { token: admin, body });
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400]);
    }
    const missing = await http(stack.gatewayUrl, 'GET', '/api/admin/users/999999999/limits', { token: admin });
    expect(missing.status).toBe(404);
  });

  it('when a user with pending holds is deleted, then the holds are voided and the whole balance is burned', async () => {
    const doomed = await funded(6);
    const { hold } = await as(doomed.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 4, reason: 'pending' } });
    await as(admin).deleteUser({ path: { id: String(doomed.userId) } });
    const listed = await as(admin).listHolds({ query: { userId: String(doomed.userId) } });
    expect(listed.holds).toEqual([expect.objectContaining({ id: hold.id, status: 'VOIDED' })]);
    const audit = await eventually(
      async () => {
        const report = await as(admin).getSupplyReport();
        return report.inFlight === 0 ? report : undefined;
      },
      10_000,
      'quiet ledger',
    );
    expect(audit.consistent).toBe(true);
  });
});
