import { randomUUID } from 'node:crypto';
import { type CoinClient, CoinProblemError } from '@coin/client';
import { startTestStack, type TestStack } from '../harness/stack';
import { decodeJwt } from 'jose';
import { apiClient, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, fundTreasury, platformClientToken } from '../harness/admin';
import { eventually, eventuallyHolds } from '../harness/eventually';

/**
 * Through the gateway and the ledger: a dry run (`?dryRun=true`) of a money command is decided by
 * the ledger as it would be and writes nothing (docs/DESIGN.md "Dry runs"). The hostile cases
 * first: a key already used, a command that needs a second person, a limit.
 */
describe('dry runs of money commands', () => {
  let stack: TestStack;
  let admin: string;
  let apiKey: string;
  let platform: CoinClient;
  let shop: CoinClient;
  let shopId: string;
  const dry = { query: { dryRun: 'true' as const } };
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
  const funded = async (coins: number) => {
    const user = await registerUser(stack.gatewayUrl);
    await platform.mintCoins({ body: { userId: user.userId, amount: coins, reason: 'seed' } });
    return user;
  };
  const historyOf = async (token: string) => (await as(token).listMyTransactions({ query: { limit: '100' } })).transactions;

  beforeAll(async () => {
    stack = await startTestStack();
    admin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    apiKey = await apiKeyFor(stack, admin, ['mint', 'burn', 'refund', 'reward']);
    platform = apiClient(stack.gatewayUrl, { accessToken: admin, apiKey });
    const shopToken = await platformClientToken(stack, 'dry-run-shop');
    shop = as(shopToken);
    shopId = decodeJwt(shopToken).sub!;
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a dry run is sent with an Idempotency-Key a real transfer already used, then it is decided afresh (no replay, no IDEMPOTENCY_KEY_REUSED), and a dry run with a new key does not reserve it: the real transfer with that key is applied', async () => {
    const payer = await funded(10);
    const payee = await registerUser(stack.gatewayUrl);
    const coin = as(payer.accessToken);
    const used = `used-${randomUUID()}`;
    const first = await coin.transferCoins({ body: { toUserId: payee.userId, amount: 3, reason: 'real' }, idempotencyKey: used });
    expect(first.lastResponse?.status).toBe(201);

    // Another body under the used key: a real retry would be 422 IDEMPOTENCY_KEY_REUSED; the dry run decides it.
    const preview = await coin.transferCoins({
      body: { toUserId: payee.userId, amount: 5, reason: 'what if' },
      idempotencyKey: used,
      ...dry,
    });
    // The status the transfer would get, the body it would get, marked.
    expect(preview.lastResponse?.status).toBe(201);
    expect(preview.lastResponse?.idempotentReplayed).toBe(false);
    expect(preview).toMatchObject({ dryRun: true, transaction: { amount: 5, type: 'TRANSFER' }, wallet: { balance: 2 } });
    expect(preview.transaction.id).not.toBe(first.transaction.id);

    // A dry run with a fresh key, then the real transfer with it: applied (201), not a replay of the preview.
    const fresh = `fresh-${randomUUID()}`;
    const previewed = await coin.transferCoins({
      body: { toUserId: payee.userId, amount: 4, reason: 'later' },
      idempotencyKey: fresh,
      ...dry,
    });
    expect(previewed).toMatchObject({ dryRun: true, wallet: { balance: 3 } });
    expect((await coin.getCommandStatus(fresh)).status).toBe('UNKNOWN');
    const real = await coin.transferCoins({ body: { toUserId: payee.userId, amount: 4, reason: 'later' }, idempotencyKey: fresh });
    expect(real.lastResponse?.status).toBe(201);
    expect(real.lastResponse?.idempotentReplayed).toBe(false);
    expect(real).toMatchObject({ wallet: { balance: 3 } });
    expect('dryRun' in real).toBe(false);
    // Written: the two real transfers, nothing of the previews.
    await eventuallyHolds(async () =>
      expect((await historyOf(payer.accessToken)).filter((t) => t.type === 'TRANSFER').map((t) => t.amount)).toEqual([4, 3]),
    );
    expect(await coin.getMyWallet()).toMatchObject({ balance: 3 });
  });

  it('when a purchase that would be refused is previewed, then it gets the very problem the real one gets and nothing is written; the next real purchase with the same key is applied', async () => {
    const buyer = await funded(5);
    const coin = as(buyer.accessToken);
    const key = `purchase-${randomUUID()}`;
    const body = { treasury: 'COURSE_FEES' as const, amount: 8, reason: 'Course: too dear', reference: `ORDER-${randomUUID()}` };
    const previewed = await problemOf(coin.purchase({ body, idempotencyKey: key, ...dry }));
    const refused = await problemOf(coin.purchase({ body, idempotencyKey: `other-${randomUUID()}` }));
    expect([previewed.status, previewed.code, previewed.problem.detail]).toEqual([refused.status, refused.code, refused.problem.detail]);
    expect([previewed.status, previewed.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    // The key the preview named is free: the real purchase with it is applied.
    const real = await coin.purchase({ body: { ...body, amount: 4.5 }, idempotencyKey: key });
    expect(real.lastResponse?.status).toBe(201);
    expect(real).toMatchObject({ transaction: { type: 'PURCHASE', amount: 4.5 }, wallet: { balance: 0.5 } });
    await eventuallyHolds(async () =>
      expect((await historyOf(buyer.accessToken)).filter((t) => t.type === 'PURCHASE').map((t) => t.amount)).toEqual([4.5]),
    );
  });

  it("when a person's reward that needs a second person is previewed, then the answer says so (an approval request, PENDING) and no one is asked: no request exists, nothing moved", async () => {
    await fundTreasury(stack, { accessToken: admin, apiKey }, 'REWARDS', 20_000);
    const user = await registerUser(stack.gatewayUrl);
    const requester = await adminSession(stack, 'ADMIN');
    const key = await apiKeyFor(stack, admin, ['reward'], requester);
    const person = apiClient(stack.gatewayUrl, { accessToken: requester.accessToken, apiKey: key });
    const before = (await platform.listApprovals({ query: { status: 'PENDING', limit: '100' } })).approvals.map((a) => a.id);
    const preview = await person.rewardUser({ body: { userId: user.userId, amount: 10_001, reason: 'season prize' }, ...dry });
    expect(preview.lastResponse?.status).toBe(202);
    expect(preview).toMatchObject({ dryRun: true, approval: { status: 'PENDING' } });
    expect('transaction' in preview).toBe(false);
    const after = (await platform.listApprovals({ query: { status: 'PENDING', limit: '100' } })).approvals.map((a) => a.id);
    expect(after).toEqual(before);
    expect(after).not.toContain((preview as { approval: { id: string } }).approval.id);
    expect(await as(user.accessToken).getMyWallet()).toMatchObject({ balance: 0 });
  });

  it('when a dry run is sent at the limit, then it is answered as the real one would be and consumes nothing: the real transfer after it still passes, and the one after that is refused', async () => {
    const user = await funded(20);
    const other = await registerUser(stack.gatewayUrl);
    await as(admin).setUserLimits({ path: { id: String(user.userId) }, body: { dailyCount: 1, dailyAmount: 5, singleAmount: null } });
    const coin = as(user.accessToken);
    const pay = (amount: number, options = {}) =>
      coin.transferCoins({ body: { toUserId: other.userId, amount, reason: 'limits' }, ...options });
    for (let i = 0; i < 3; i += 1) expect(await pay(5, dry)).toMatchObject({ dryRun: true, wallet: { balance: 15 } });
    const over = await problemOf(pay(5.01, dry));
    expect([over.status, over.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    expect((await as(admin).getUserLimits({ path: { id: String(user.userId) } })).usage).toEqual({ amount: 0, count: 0, windowHours: 24 });
    await pay(5);
    const spent = await problemOf(pay(1, dry));
    expect(spent.code).toBe('LIMIT_EXCEEDED');
    expect(await coin.getMyWallet()).toMatchObject({ balance: 15 });
  });

  it('when a hold, its capture and its void are previewed, then each answers what it would do and the hold and the coins stay as they were', async () => {
    const payer = await funded(10);
    const coin = as(payer.accessToken);
    const preview = await coin.createHold({
      body: { toTreasury: 'COURSE_FEES', amount: 4, reason: 'Order', settlerClientId: shopId },
      ...dry,
    });
    expect(preview).toMatchObject({ dryRun: true, hold: { status: 'PENDING', amount: 4 }, wallet: { balance: 10, activeCoins: 6 } });
    expect((await coin.listMyHolds({ query: { limit: '100' } })).holds).toEqual([]);
    const { hold } = await coin.createHold({ body: { toTreasury: 'COURSE_FEES', amount: 4, reason: 'Order', settlerClientId: shopId } });
    const capture = await shop.captureHold({ path: { id: hold.id }, body: { amount: 3 }, ...dry });
    expect(capture).toMatchObject({
      dryRun: true,
      hold: { status: 'CAPTURED', capturedAmount: 3 },
      transaction: { type: 'PURCHASE', amount: 3 },
    });
    const voided = await shop.voidHold({ path: { id: hold.id }, ...dry });
    expect(voided).toMatchObject({ dryRun: true, hold: { status: 'VOIDED' } });
    expect((await coin.listMyHolds({ query: { limit: '100' } })).holds).toEqual([
      expect.objectContaining({ id: hold.id, status: 'PENDING' }),
    ]);
    expect(await coin.getMyWallet()).toMatchObject({ balance: 10, activeCoins: 6 });
    // The real capture after the previews takes it once.
    expect(await shop.captureHold({ path: { id: hold.id }, body: { amount: 3 } })).toMatchObject({ hold: { status: 'CAPTURED' } });
    expect(await coin.getMyWallet()).toMatchObject({ balance: 7, activeCoins: 7 });
  });

  it('when a payout and a refund are previewed, then each answers what it would do (the same problem for a bad payout) and moves nothing: the full refund and the payout after them are applied', async () => {
    const payer = await funded(10);
    const [x, y] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    const coin = as(payer.accessToken);
    const body = (amount: number) => ({
      from: {},
      reason: 'Spring cup',
      reference: `cup-${randomUUID()}`,
      lines: [
        { toUserId: x.userId, amount },
        { toUserId: y.userId, amount },
      ],
    });
    const preview = await coin.payout({ body: body(4), ...dry });
    expect(preview.lastResponse?.status).toBe(201);
    expect(preview).toMatchObject({ dryRun: true, payout: { type: 'TRANSFER', total: 8 }, wallet: { balance: 2 } });
    const [previewed, refused] = [await problemOf(coin.payout({ body: body(6), ...dry })), await problemOf(coin.payout({ body: body(6) }))];
    expect([previewed.status, previewed.code]).toEqual([refused.status, refused.code]);
    expect(await coin.getMyWallet()).toMatchObject({ balance: 10 });
    expect(await coin.payout({ body: body(4) })).toMatchObject({ payout: { total: 8 }, wallet: { balance: 2 } });

    const buyer = await funded(30);
    const { transaction } = await as(buyer.accessToken).purchase({ body: { treasury: 'COURSE_FEES', amount: 30, reason: 'Course' } });
    const refundBody = { transactionId: transaction.id, treasury: 'COURSE_FEES' as const, amount: 10, reason: 'one lesson cancelled' };
    // The purchase's credit reaches COURSE_FEES a moment after the 201: until then a refund would be refused too.
    const refundPreview = await eventually(
      () =>
        platform
          .refundTransaction({ body: refundBody, ...dry })
          .catch((err: unknown) => (err instanceof CoinProblemError ? undefined : Promise.reject(err))),
      15_000,
      'the refund preview',
    );
    expect(refundPreview).toMatchObject({ dryRun: true, transaction: { type: 'REFUND', amount: 10 } });
    expect(await as(buyer.accessToken).getMyWallet()).toMatchObject({ balance: 0 });
    // Nothing of the purchase was refunded by the preview: all 30 still are.
    const full = await platform.refundTransaction({ body: { ...refundBody, amount: 30 } });
    expect(full).toMatchObject({ transaction: { type: 'REFUND', amount: 30 } });
  });

  it('when a keyed route that takes no dry run is sent dryRun=true, then 400 and nothing is applied (never a real mint for a preview)', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const asked = await platform.api.POST('/api/admin/mint', {
      params: { query: { dryRun: 'true' } as never },
      body: { userId: user.userId, amount: 1, reason: 'not a preview' },
    });
    expect(asked.response.status).toBe(400);
    expect(await as(user.accessToken).getMyWallet()).toMatchObject({ balance: 0 });
  });
});
