import type { AuditLogEntry, ServiceActionLogEntry } from '@coin/contracts';
import { decodeJwt } from 'jose';
import { eventually } from '../harness/eventually';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser } from '../harness/http';
import { adminSession, adminStepUp, apiKeyFor, platformClientToken, type AdminSession } from '../harness/admin';

/**
 * A user's verification through the gateway (docs/CONTRACT.md "Verification"): an ADMIN+ sets it
 * alone with a fresh second factor; it reaches the ledger's cash-out daily amount through the
 * `verified` claim of the user's next token, and a change ends the tokens carrying the old claim.
 * A USER and a platform client are refused (audited); so is an unknown user.
 */
describe('verifying a user for cash-out', () => {
  let stack: TestStack;
  let admin: AdminSession;
  let superadminToken: string;
  let minter: ReturnType<typeof apiClient>;

  const verify = (id: number, verified: boolean, token = admin.accessToken) =>
    http(stack.gatewayUrl, 'PUT', `/api/admin/users/${id}/verification`, {
      token,
      body: { verified, reason: 'Identity document checked' },
    });
  const cashOut = (token: string, amount: number, key: string) =>
    http(stack.gatewayUrl, 'POST', '/api/cashouts', {
      token,
      body: { amount, msisdn: '+237670000000' },
      headers: { 'idempotency-key': key },
    });
  const refresh = async (refreshToken: string) => {
    const answer = await http(stack.gatewayUrl, 'POST', '/api/auth/refresh', { body: { refreshToken } });
    expect(answer.status).toBe(200);
    return answer.body as { accessToken: string; refreshToken: string };
  };
  const rejectedEntries = async () =>
    (await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', { token: superadminToken })).body
      .entries as AuditLogEntry[];

  beforeAll(async () => {
    // An unverified user cashes out nothing (the shipped default); a verified one up to 500 coins a day.
    stack = await startTestStack({
      extraEnv: {
        CASHOUT_RATES: '2020-01-01T00:00:00Z=655',
        CASHOUT_DAILY_COINS_UNVERIFIED: '0',
        CASHOUT_DAILY_COINS_VERIFIED: '500',
      },
    });
    admin = await adminSession(stack, 'ADMIN');
    superadminToken = (await adminSession(stack, 'SUPERADMIN')).accessToken;
    minter = apiClient(stack.gatewayUrl, { accessToken: superadminToken, apiKey: await apiKeyFor(stack, superadminToken, ['mint']) });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when an ADMIN verifies an unverified user, then the cash-out refused before is accepted on their next token; taking it away ends that token and refuses again', async () => {
    const user = await registerUser(stack.gatewayUrl);
    await minter.mintCoins({ body: { userId: user.userId, amount: 100, reason: 'seed' } });
    const refused = await cashOut(user.accessToken, 10, `verify-${user.userId}-1`);
    expect([refused.status, refused.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);

    const verified = await verify(user.userId, true);
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ id: user.userId, isVerified: true, role: 'USER' });
    // The token that said "not verified" is refused; the refresh token is still good, and its token says verified.
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken })).status).toBe(401);
    const session = await refresh(user.refreshToken);
    expect(decodeJwt(session.accessToken)).toMatchObject({ verified: true });

    const accepted = await cashOut(session.accessToken, 10, `verify-${user.userId}-2`);
    expect(accepted.status).toBe(201);
    expect(accepted.body.cashout).toMatchObject({ status: 'REQUESTED', amount: 10, userId: user.userId });

    // The same value again: nothing changes, the token stays good.
    const again = await verify(user.userId, true);
    expect([again.status, again.body.user.isVerified]).toEqual([200, true]);
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: session.accessToken })).status).toBe(200);

    // Taken away: the token carrying `verified: true` stops at once, at the gateway and so for every cash-out.
    expect((await verify(user.userId, false)).body.user.isVerified).toBe(false);
    expect((await cashOut(session.accessToken, 5, `verify-${user.userId}-3`)).status).toBe(401);
    const unverified = await refresh(session.refreshToken);
    expect(decodeJwt(unverified.accessToken)).not.toHaveProperty('verified');
    const over = await cashOut(unverified.accessToken, 5, `verify-${user.userId}-4`);
    expect([over.status, over.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);

    // Both changes are in the admin audit log, each with its reason; the repeat says it changed nothing.
    const actions = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log/service-actions?target=user:${user.userId}`, {
          token: superadminToken,
        });
        const found = (page.body.entries as ServiceActionLogEntry[]).filter((e) => e.action === 'user.set-verification');
        return found.length === 3 ? found : undefined;
      },
      20_000,
      'the three verification acts recorded',
    );
    expect(actions.map((e) => [e.summary['verified'], e.summary['changed'], e.actor.id]).reverse()).toEqual([
      [true, true, String(admin.userId)],
      [true, false, String(admin.userId)],
      [false, true, String(admin.userId)],
    ]);
    expect(actions.every((e) => e.source === 'user' && e.summary['reason'] === 'Identity document checked')).toBe(true);
  });

  it('when a USER, a platform client or an unknown user is named, then it is refused and audited, and nothing changes', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const self = await verify(user.userId, true, user.accessToken);
    expect(self.status).toBe(403);
    const platform = await verify(user.userId, true, await platformClientToken(stack, 'verifier'));
    expect(platform.status).toBe(403);
    const bad = await http(stack.gatewayUrl, 'PUT', `/api/admin/users/${user.userId}/verification`, {
      token: admin.accessToken,
      body: { verified: true },
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const unknown = await verify(987_654_321, true);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'USER_NOT_FOUND']);

    const read = await http(stack.gatewayUrl, 'GET', `/api/admin/users/${user.userId}`, { token: admin.accessToken });
    expect(read.body.isVerified).toBe(false);
    // The user's token was never revoked by the refused attempts.
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken })).status).toBe(200);

    const refusals = await eventually(
      async () => {
        const entries = await rejectedEntries();
        const byUser = entries.find((e) => e.action === 'setUserVerification' && e.actor.id === String(user.userId));
        const unknownTarget = entries.find((e) => e.action === 'user.set-verification' && e.target === 'user:987654321');
        return byUser && unknownTarget ? { byUser, unknownTarget } : undefined;
      },
      20_000,
      'the refusals recorded',
    );
    expect(refusals.byUser).toMatchObject({ errorCode: 'FORBIDDEN', result: 'rejected' });
    expect(refusals.unknownTarget).toMatchObject({ errorCode: 'USER_NOT_FOUND', actor: { id: String(admin.userId) } });
  });

  it("when an ADMIN verifies another ADMIN, then it takes a request a different ADMIN+ approves: neither the requester nor the account may; taking it away is one person's", async () => {
    const colleague = await adminSession(stack, 'ADMIN');
    const second = await adminSession(stack, 'ADMIN');
    const decide = async (who: AdminSession, id: string) =>
      http(stack.gatewayUrl, 'POST', `/api/admin/verification-requests/${id}/approve`, { token: await adminStepUp(stack, who) });
    const isVerified = async () =>
      (await http(stack.gatewayUrl, 'GET', `/api/admin/users/${colleague.userId}`, { token: superadminToken })).body.isVerified;

    // Alone, as for a USER: refused, typed.
    const alone = await verify(colleague.userId, true, await adminStepUp(stack, admin));
    expect([alone.status, alone.body.code]).toEqual([403, 'FOUR_EYES_REQUIRED']);
    expect(await isVerified()).toBe(false);

    const asked = await http(stack.gatewayUrl, 'POST', `/api/admin/users/${colleague.userId}/verification-requests`, {
      token: await adminStepUp(stack, admin),
      body: { reason: 'Identity document checked' },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.verificationRequest).toMatchObject({
      status: 'PENDING',
      act: { type: 'user.set-verification', userId: colleague.userId, verified: true },
      requestedBy: { id: String(admin.userId) },
    });
    expect(await isVerified()).toBe(false);
    const id = asked.body.verificationRequest.id as string;
    // It is no grant request of the SUPERADMINs' routes.
    expect((await http(stack.gatewayUrl, 'GET', `/api/admin/grant-requests/${id}`, { token: superadminToken })).status).toBe(404);

    const byAccount = await decide(colleague, id);
    expect([byAccount.status, byAccount.body.code]).toEqual([403, 'SELF_DEALING']);
    const byRequester = await decide(admin, id);
    expect([byRequester.status, byRequester.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    expect(await isVerified()).toBe(false);

    const approved = await decide(second, id);
    expect([approved.status, approved.body.verificationRequest?.status]).toEqual([200, 'APPROVED']);
    expect(await isVerified()).toBe(true);
    // The colleague's token that said "not verified" ends at once.
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: colleague.accessToken })).status).toBe(401);

    // Taking it away only tightens: one ADMIN, at once.
    const taken = await verify(colleague.userId, false, await adminStepUp(stack, admin));
    expect([taken.status, taken.body.user.isVerified]).toEqual([200, false]);

    const refusals = await eventually(
      async () => {
        const entries = await rejectedEntries();
        const found = entries.filter((e) => e.action === 'approval.approve' && e.target === `grant-request:${id}`);
        return found.length === 2 ? found : undefined;
      },
      20_000,
      'the two refused approvals recorded',
    );
    expect(refusals.map((e) => e.errorCode).sort()).toEqual(['APPROVAL_BY_REQUESTER', 'SELF_DEALING']);
  }, 60_000);
});
