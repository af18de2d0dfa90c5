import { randomUUID } from 'node:crypto';
import { CoinProblemError } from '@coin/client';
import { startTestStack, type TestStack } from '../harness/stack';
import { adminSession, apiKeyFor, fundTreasury } from '../harness/admin';
import { apiClient, applied, registerUser } from '../harness/http';
import { eventually } from '../harness/eventually';

/**
 * Wallet freezes through the gateway (docs/CONTRACT.md "Wallet freezes"): a frozen wallet's
 * transfer is refused in the ledger while a reward to it lands; lifting the freeze by the person
 * who asked is refused, by a second person it works.
 */
describe('wallet freezes through the gateway', () => {
  let stack: TestStack;
  let superadminToken: string;
  let adminToken: string;
  let apiKey: string;

  const as = (token: string, options: { apiKey?: boolean } = {}) =>
    apiClient(stack.gatewayUrl, { accessToken: token, ...(options.apiKey ? { apiKey } : {}) });
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
    stack = await startTestStack();
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const admin = await adminSession(stack, 'ADMIN');
    superadminToken = superadmin.accessToken;
    adminToken = admin.accessToken;
    apiKey = await apiKeyFor(stack, superadminToken, ['mint', 'burn', 'refund', 'reward']);
    await fundTreasury(stack, { accessToken: superadminToken, apiKey }, 'REWARDS', 1_000);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when an ADMIN freezes a wallet, then its transfer is refused in the ledger while an incoming reward lands, and the wallet shows frozen', async () => {
    const [suspect, friend] = [await registerUser(stack.gatewayUrl), await registerUser(stack.gatewayUrl)];
    const platform = as(superadminToken, { apiKey: true });
    await applied(platform.mintCoins({ body: { userId: suspect.userId, amount: 100, reason: 'seed' } }));

    const key = `freeze-${randomUUID()}`;
    const frozen = await as(adminToken).freezeUserWallet({
      path: { id: String(suspect.userId) },
      body: { reason: 'fan-in from new accounts', caseId: 'case-e2e-1' },
      idempotencyKey: key,
    });
    expect(frozen).toMatchObject({
      userId: suspect.userId,
      frozen: true,
      freeze: { reason: 'fan-in from new accounts', caseId: 'case-e2e-1' },
    });
    // The same request with the same key is the same freeze.
    expect(
      await as(adminToken).freezeUserWallet({
        path: { id: String(suspect.userId) },
        body: { reason: 'fan-in from new accounts', caseId: 'case-e2e-1' },
        idempotencyKey: key,
      }),
    ).toEqual(frozen);

    const refused = await problemOf(
      as(suspect.accessToken).transferCoins({ body: { toUserId: friend.userId, amount: 10, reason: 'cash out' } }),
    );
    expect([refused.status, refused.code]).toEqual([409, 'WALLET_FROZEN']);
    // The owner is not told why, nor the case.
    expect(JSON.stringify(refused)).not.toContain('fan-in');
    const hold = await problemOf(as(suspect.accessToken).createHold({ body: { toTreasury: 'COURSE_FEES', amount: 5, reason: 'course' } }));
    expect(hold.code).toBe('WALLET_FROZEN');

    await applied(platform.rewardUser({ body: { userId: suspect.userId, amount: 25, reason: 'tournament prize' } }));
    // The reward's credit leg lands in the frozen wallet's own partition, after the REWARDS debit.
    const wallet = await eventually(
      async () => {
        const read = await as(suspect.accessToken).getMyWallet();
        return read.balance === 125 ? read : undefined;
      },
      15_000,
      'the reward in the frozen wallet',
    );
    expect(wallet).toMatchObject({ balance: 125, frozen: true });
    const shown = await as(adminToken).getUser({ path: { id: String(suspect.userId) } });
    expect(shown.wallet).toMatchObject({ balance: 125, frozen: true });
    expect(await as(friend.accessToken).getMyWallet()).toMatchObject({ balance: 0, frozen: false });

    const again = await problemOf(
      as(superadminToken).freezeUserWallet({ path: { id: String(suspect.userId) }, body: { reason: 'again' } }),
    );
    expect([again.status, again.code]).toEqual([409, 'WALLET_ALREADY_FROZEN']);
    const invalid = await problemOf(
      as(adminToken).freezeUserWallet({ path: { id: String(suspect.userId) }, body: { reason: '', caseId: 'not a case id' } as never }),
    );
    expect([invalid.status, invalid.code]).toEqual([400, 'VALIDATION_FAILED']);
    const byUser = await problemOf(
      as(friend.accessToken).freezeUserWallet({ path: { id: String(suspect.userId) }, body: { reason: 'spite' } }),
    );
    expect(byUser.status).toBe(403);
  });

  it('when the ADMIN who asked to unfreeze approves it, then 403 UNFREEZE_BY_REQUESTER and it stays frozen; a second person lifts it', async () => {
    const suspect = await registerUser(stack.gatewayUrl);
    const friend = await registerUser(stack.gatewayUrl);
    await applied(as(superadminToken, { apiKey: true }).mintCoins({ body: { userId: suspect.userId, amount: 50, reason: 'seed' } }));
    const path = { id: String(suspect.userId) };
    await as(adminToken).freezeUserWallet({ path, body: { reason: 'chargeback ring' } });

    const notAsked = await problemOf(as(superadminToken).approveUnfreeze({ path }));
    expect([notAsked.status, notAsked.code]).toEqual([409, 'UNFREEZE_NOT_REQUESTED']);
    const asked = await as(adminToken).requestUnfreeze({ path, body: { reason: 'cleared by the platform' } });
    expect(asked.freeze?.unfreezeRequest).toMatchObject({ id: asked.approval.id, reason: 'cleared by the platform' });
    expect(asked.approval).toMatchObject({ status: 'PENDING', unfreeze: { userId: suspect.userId, reason: 'cleared by the platform' } });
    // The request is listed with every other request to lift a freeze, as each act's requests are.
    const requests = await as(superadminToken).listUnfreezeRequests({ query: { status: 'PENDING', limit: 100 } });
    expect(requests.unfreezes.find((request) => request.id === asked.approval.id)).toMatchObject({ status: 'PENDING' });

    // The second ADMIN+ finds it among the unfreezes waiting for them; a user may not list freezes.
    const pending = await as(superadminToken).listWalletFreezes({ query: { unfreezeStatus: 'PENDING', limit: 100 } });
    const listed = pending.freezes.find((freeze) => freeze.userId === suspect.userId);
    expect(listed).toMatchObject({
      reason: 'chargeback ring',
      unfreezeStatus: 'PENDING',
      unfreezeRequest: { reason: 'cleared by the platform' },
    });
    expect(Date.parse(listed?.unfreezeExpiresAt ?? '')).toBeGreaterThan(Date.now());
    expect(pending.freezes.every((freeze) => freeze.unfreezeStatus === 'PENDING')).toBe(true);
    const unasked = await as(superadminToken).listWalletFreezes({ query: { unfreezeStatus: 'NONE', limit: 100 } });
    expect(unasked.freezes.some((freeze) => freeze.userId === suspect.userId)).toBe(false);
    expect((await problemOf(as(suspect.accessToken).listWalletFreezes({ query: {} }))).status).toBe(403);

    const own = await problemOf(as(adminToken).approveUnfreeze({ path }));
    expect([own.status, own.code]).toEqual([403, 'UNFREEZE_BY_REQUESTER']);
    expect(
      (await problemOf(as(suspect.accessToken).transferCoins({ body: { toUserId: friend.userId, amount: 1, reason: 'r' } }))).code,
    ).toBe('WALLET_FROZEN');

    const idempotencyKey = randomUUID();
    const lifted = await as(superadminToken).approveUnfreeze({ path, idempotencyKey });
    expect(lifted).toMatchObject({
      userId: suspect.userId,
      frozen: false,
      freeze: null,
      approval: { id: asked.approval.id, status: 'APPROVED' },
    });
    // Sent again with its key, the approval is answered as it was: the wallet's request is decided, not gone.
    expect(await as(superadminToken).approveUnfreeze({ path, idempotencyKey })).toEqual(lifted);
    const again = await problemOf(as(superadminToken).approveUnfreeze({ path }));
    expect([again.status, again.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
    const after = await as(superadminToken).listWalletFreezes({ query: { unfreezeStatus: 'PENDING', limit: 100 } });
    expect(after.freezes.some((freeze) => freeze.userId === suspect.userId)).toBe(false);
    await applied(as(suspect.accessToken).transferCoins({ body: { toUserId: friend.userId, amount: 1, reason: 'r' } }));
    expect(await as(suspect.accessToken).getMyWallet()).toMatchObject({ balance: 49, frozen: false });
  });

  it('when a request to lift a freeze is rejected, then the wallet stays frozen, the request is REJECTED on its list, and none is pending to approve', async () => {
    const suspect = await registerUser(stack.gatewayUrl);
    const path = { id: String(suspect.userId) };
    await as(adminToken).freezeUserWallet({ path, body: { reason: 'chargeback ring' } });
    const asked = await as(adminToken).requestUnfreeze({ path, body: { reason: 'cleared too early' } });

    const byOwner = await problemOf(as(suspect.accessToken).rejectUnfreeze({ path, body: { reason: 'mine' } }));
    expect(byOwner.status).toBe(403);
    expect(await as(superadminToken).rejectUnfreeze({ path, body: { reason: 'The case is still open' } })).toMatchObject({
      approval: { id: asked.approval.id, status: 'REJECTED', rejectionReason: 'The case is still open' },
    });
    const rejected = await as(superadminToken).listUnfreezeRequests({ query: { status: 'REJECTED', limit: 100 } });
    expect(rejected.unfreezes.some((request) => request.id === asked.approval.id)).toBe(true);
    const listed = await as(superadminToken).listWalletFreezes({ query: { userId: suspect.userId } });
    expect(listed.freezes).toEqual([expect.objectContaining({ userId: suspect.userId, unfreezeStatus: 'NONE', unfreezeRequest: null })]);
    const approve = await problemOf(as(superadminToken).approveUnfreeze({ path }));
    expect([approve.status, approve.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
  });
});
