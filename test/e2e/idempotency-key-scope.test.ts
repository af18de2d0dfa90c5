import { randomUUID } from 'node:crypto';
import { type CoinClient, CoinProblemError } from '@coin/client';
import { decodeJwt } from 'jose';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, registerUser } from '../harness/http';
import { adminSession, apiKeyFor, platformClientToken } from '../harness/admin';

/**
 * "A retry key names the whole request": An Idempotency-Key sent again is a
 * replay only for the same concrete path (path parameters included), the same body and the same
 * caller (bearer subject, and the API key on routes that take one); anything else is
 * 422 IDEMPOTENCY_KEY_REUSED and changes nothing.
 */
describe('Idempotency-Key: the same key on another request is refused, never replayed', () => {
  let stack: TestStack;
  let superadminToken: string;
  /** The requester of approvals: an ADMIN with a mint key. */
  let maker: CoinClient;
  /** The approver: a SUPERADMIN with a mint key. */
  let checker: CoinClient;
  /** A SYSTEM client that settles holds. */
  let shop: CoinClient;
  /** The shop's client id: the holds below name it as the one that settles them. */
  let shopId: string;
  const as = (token: string, apiKey?: string) => apiClient(stack.gatewayUrl, { accessToken: token, ...(apiKey ? { apiKey } : {}) });
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
    await checker.mintCoins({ body: { userId: user.userId, amount: coins, reason: 'seed' } });
    return user;
  };
  const holdOf = async (token: string, id: string) =>
    (await as(token).listMyHolds({ query: { limit: '100' } })).holds.find((h) => h.id === id);

  beforeAll(async () => {
    stack = await startTestStack();
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    superadminToken = superadmin.accessToken;
    const admin = await adminSession(stack, 'ADMIN');
    maker = as(admin.accessToken, await apiKeyFor(stack, superadminToken, ['mint', 'burn', 'refund'], admin));
    checker = as(superadminToken, await apiKeyFor(stack, superadminToken, ['mint', 'burn', 'refund']));
    const shopToken = await platformClientToken(stack, 'idem-shop');
    shop = as(shopToken);
    shopId = decodeJwt(shopToken).sub!;
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a key that captured hold A is sent to capture hold B, then 422 IDEMPOTENCY_KEY_REUSED and B stays pending; the same capture again is a replay', async () => {
    const payer = await funded(10);
    const payee = await registerUser(stack.gatewayUrl);
    const payerApi = as(payer.accessToken);
    const a = (await payerApi.createHold({ body: { toUserId: payee.userId, amount: 2, reason: 'A', settlerClientId: shopId } })).hold;
    const b = (await payerApi.createHold({ body: { toUserId: payee.userId, amount: 3, reason: 'B', settlerClientId: shopId } })).hold;
    const key = `capture-${randomUUID()}`;
    const first = await shop.captureHold({ path: { id: a.id }, body: {}, idempotencyKey: key });
    expect(first.hold).toMatchObject({ id: a.id, status: 'CAPTURED' });

    const other = await problemOf(shop.captureHold({ path: { id: b.id }, body: {}, idempotencyKey: key }));
    expect([other.status, other.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await holdOf(payer.accessToken, b.id)).toMatchObject({ status: 'PENDING', transactionId: null });
  });

  it("when a platform client settled a hold with a key, then GET /api/commands/{key} with its own token reads DONE with that answer, and a user's reads UNKNOWN", async () => {
    const payer = await funded(10);
    const payee = await registerUser(stack.gatewayUrl);
    const hold = (
      await as(payer.accessToken).createHold({ body: { toUserId: payee.userId, amount: 2, reason: 'status', settlerClientId: shopId } })
    ).hold;
    const key = `capture-status-${randomUUID()}`;
    expect(await shop.getCommandStatus({ path: { idempotencyKey: key } })).toEqual({ status: 'UNKNOWN' });
    const captured = await shop.captureHold({ path: { id: hold.id }, body: {}, idempotencyKey: key });
    const status = await shop.getCommandStatus({ path: { idempotencyKey: key } });
    expect(status).toMatchObject({ status: 'DONE', statusCode: 201, request: `POST /api/coins/holds/${hold.id}/capture` });
    expect((status as { body: unknown }).body).toEqual(captured);
    // Keys are per caller: the payer asking for the platform's key learns nothing.
    expect(await as(payer.accessToken).getCommandStatus({ path: { idempotencyKey: key } })).toEqual({ status: 'UNKNOWN' });
  });

  it('when a keyed request was answered 202 (a mint waiting for a second person), then GET /api/commands/{key} is 409 COMMAND_ANSWER_NOT_SHOWN naming that 202, and the request sent again reads its answer', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const key = `mint-pending-${randomUUID()}`;
    const body = { userId: user.userId, amount: 10_000, reason: 'Large prize' };
    const answered = await maker.mintCoins({ body, idempotencyKey: key });
    expect(answered).toMatchObject({ approval: { status: 'PENDING' } });
    const refused = await problemOf(maker.getCommandStatus({ path: { idempotencyKey: key } }));
    expect([refused.status, refused.code, refused.detail]).toEqual([
      409,
      'COMMAND_ANSWER_NOT_SHOWN',
      expect.stringContaining('POST /api/admin/mint was answered 202'),
    ]);
    const again = await maker.mintCoins({ body, idempotencyKey: key });
    expect([again, (again as { lastResponse?: { idempotentReplayed?: boolean } }).lastResponse?.idempotentReplayed]).toEqual([
      answered,
      true,
    ]);
  });

  it('when a key that voided hold A is sent to void hold B, then 422 and B stays pending', async () => {
    const payer = await funded(10);
    const payee = await registerUser(stack.gatewayUrl);
    const payerApi = as(payer.accessToken);
    const a = (await payerApi.createHold({ body: { toUserId: payee.userId, amount: 1, reason: 'A', settlerClientId: shopId } })).hold;
    const b = (await payerApi.createHold({ body: { toUserId: payee.userId, amount: 1, reason: 'B', settlerClientId: shopId } })).hold;
    const key = `void-${randomUUID()}`;
    expect((await shop.voidHold({ path: { id: a.id }, idempotencyKey: key })).hold).toMatchObject({ id: a.id, status: 'VOIDED' });
    const other = await problemOf(shop.voidHold({ path: { id: b.id }, idempotencyKey: key }));
    expect([other.status, other.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await holdOf(payer.accessToken, b.id)).toMatchObject({ status: 'PENDING' });
    // The same void again, same path: the stored answer.
    expect((await shop.voidHold({ path: { id: a.id }, idempotencyKey: key })).hold).toMatchObject({ id: a.id, status: 'VOIDED' });
  });

  it('when a key that captured a hold is sent again with another body, then 422', async () => {
    const payer = await funded(10);
    const payee = await registerUser(stack.gatewayUrl);
    const hold = (
      await as(payer.accessToken).createHold({ body: { toUserId: payee.userId, amount: 5, reason: 'C', settlerClientId: shopId } })
    ).hold;
    const key = `capture-${randomUUID()}`;
    const first = await shop.captureHold({ path: { id: hold.id }, body: { amount: 1 }, idempotencyKey: key });
    expect(await shop.captureHold({ path: { id: hold.id }, body: { amount: 1 }, idempotencyKey: key })).toEqual(first);
    const other = await problemOf(shop.captureHold({ path: { id: hold.id }, body: { amount: 2 }, idempotencyKey: key }));
    expect([other.status, other.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('when a key that approved request A is sent to approve request B, then 422 and B stays pending; the same approval again is a replay', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const pending = async (amount: number) => {
      const result = (await maker.mintCoins({ body: { userId: user.userId, amount, reason: 'Large prize' } })) as {
        approval?: { id: string };
      };
      if (!result.approval) throw new Error('expected a pending approval');
      return result.approval;
    };
    const a = await pending(10_000);
    const b = await pending(20_000);
    const key = `approve-${randomUUID()}`;
    const approved = await checker.approveRequest({ path: { id: a.id }, idempotencyKey: key });
    expect(approved.approval).toMatchObject({ id: a.id, status: 'APPROVED' });

    const other = await problemOf(checker.approveRequest({ path: { id: b.id }, idempotencyKey: key }));
    expect([other.status, other.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const stillPending = await checker.listApprovals({ query: { status: 'PENDING' } });
    expect(stillPending.approvals.map((x) => x.id)).toContain(b.id);
    expect((await as(user.accessToken).getMyWallet()).balance).toBe(10_000);
    expect(await checker.approveRequest({ path: { id: a.id }, idempotencyKey: key })).toEqual(approved);
  });

  it('when a key that rejected request A is sent to reject request B, then 422 and B stays pending', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const pending = async () => {
      const result = (await maker.mintCoins({ body: { userId: user.userId, amount: 10_000, reason: 'Large prize' } })) as {
        approval?: { id: string };
      };
      if (!result.approval) throw new Error('expected a pending approval');
      return result.approval;
    };
    const [a, b] = [await pending(), await pending()];
    const key = `reject-${randomUUID()}`;
    await checker.rejectRequest({ path: { id: a.id }, body: { reason: 'No' }, idempotencyKey: key });
    const other = await problemOf(checker.rejectRequest({ path: { id: b.id }, body: { reason: 'No' }, idempotencyKey: key }));
    expect([other.status, other.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await checker.listApprovals({ query: { status: 'PENDING' } })).approvals.map((x) => x.id)).toContain(b.id);
  });

  it('when the same caller sends a key again with another API key, then 422; another caller with the same key gets its own command', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const keyA = await apiKeyFor(stack, superadminToken, ['mint']);
    const keyB = await apiKeyFor(stack, superadminToken, ['mint']);
    const key = `mint-${randomUUID()}`;
    const body = { userId: user.userId, amount: 3, reason: 'Prize' };
    const first = await as(superadminToken, keyA).mintCoins({ body, idempotencyKey: key });
    expect(await as(superadminToken, keyA).mintCoins({ body, idempotencyKey: key })).toEqual(first);
    const otherKey = await problemOf(as(superadminToken, keyB).mintCoins({ body, idempotencyKey: key }));
    expect([otherKey.status, otherKey.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // Another bearer with the same Idempotency-Key: its own command (never the first caller's answer).
    const own = (await maker.mintCoins({ body, idempotencyKey: key })) as { transaction?: { id: number } };
    expect(own.transaction?.id).not.toBe((first as { transaction: { id: number } }).transaction.id);
    expect((await as(user.accessToken).getMyWallet()).balance).toBe(6);
  });

  it('when a key that asked for a platform client is sent again with another name, then 422; the same body is the 202 retry, without the secret', async () => {
    const admin = as(superadminToken);
    const key = `client-${randomUUID()}`;
    const created = await admin.createPlatformClient({ body: { name: 'idem-a' }, idempotencyKey: key });
    const again = await admin.createPlatformClient({ body: { name: 'idem-a' }, idempotencyKey: key });
    expect([again.grantRequest.id, again.clientSecret, typeof created.clientSecret]).toEqual([
      created.grantRequest.id,
      undefined,
      'string',
    ]);
    const other = await problemOf(admin.createPlatformClient({ body: { name: 'idem-b' }, idempotencyKey: key }));
    expect([other.status, other.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });
});
