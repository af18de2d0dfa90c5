import { randomUUID } from 'node:crypto';
import { adminSession, fundTreasury, type AdminSession } from '../../harness/admin';
import { eventually } from '../../harness/eventually';
import { http, login, registerUser, type HttpResult } from '../../harness/http';
import { startTestStack, type TestStack } from '../../harness/stack';

/**
 * No lone SUPERADMIN (docs/DESIGN.md "Two-person acts"), through the real stack: every act that
 * creates the means to move coins (granting ADMIN or SUPERADMIN, demoting or deleting a
 * SUPERADMIN, issuing an API key, registering a platform client) is a request a different,
 * pre-existing SUPERADMIN approves; deletions count in a rolling window per requester; and no
 * platform client or API key pays the people who created or approved it.
 *
 * The SUPERADMINs here are made as the harness makes them (role set in the database, as the
 * operator CLI's create-superadmin would), all before the requests they decide.
 */
describe('two-person acts', () => {
  let stack: TestStack;
  let first: AdminSession;
  let second: AdminSession;
  /** A SUPERADMIN who only deletes, so the deletion window test counts their deletions alone. */
  let deleter: AdminSession;

  const call = (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
    http(stack.gatewayUrl, method, path, { token, ...(body !== undefined ? { body } : {}), headers });
  const approve = (id: string, admin: { accessToken: string }) =>
    call('POST', `/api/admin/grant-requests/${id}/approve`, admin.accessToken, undefined, { 'idempotency-key': randomUUID() });
  const reject = (id: string, admin: { accessToken: string }, reason = 'not agreed') =>
    call('POST', `/api/admin/grant-requests/${id}/reject`, admin.accessToken, { reason }, { 'idempotency-key': randomUUID() });
  const createClient = (admin: { accessToken: string }, body: Record<string, unknown>) =>
    call('POST', '/api/admin/platform-clients', admin.accessToken, body, { 'idempotency-key': randomUUID() });
  /** A key asked for by `admin`, issued to `ownerUserId` (default: the one asking), the only admin it works for. */
  const createKey = (admin: { accessToken: string }, scopes: string[], ownerUserId?: number) =>
    call('POST', '/api/admin/api-keys', admin.accessToken, {
      name: `key ${randomUUID().slice(0, 8)}`,
      scopes,
      ...(ownerUserId !== undefined ? { ownerUserId } : {}),
    });
  const changeRole = (admin: { accessToken: string }, userId: number, role: string) =>
    call('PATCH', `/api/admin/users/${userId}/role`, admin.accessToken, { role });
  const systemToken = async (clientId: string, clientSecret: string) => {
    const issued = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: { clientId, clientSecret } });
    return issued.status === 200 ? (issued.body.accessToken as string) : null;
  };
  const reward = (token: string, userId: number, amount = 5) =>
    http(stack.gatewayUrl, 'POST', '/api/admin/reward', {
      token,
      body: { userId, amount, reason: 'two-person test' },
      headers: { 'idempotency-key': randomUUID() },
    });
  const roleOf = async (userId: number) => (await call('GET', `/api/admin/users/${userId}`, first.accessToken)).body.role as string;
  /** An approved key: asked by `requester`, approved by `approver`. */
  const approvedKey = async (requester: AdminSession, approver: AdminSession, scopes: string[], ownerUserId?: number) => {
    const asked = await createKey(requester, scopes, ownerUserId);
    expect(asked.status).toBe(202);
    expect((await approve(asked.body.grantRequest.id, approver)).status).toBe(200);
    return asked.body.key as string;
  };

  beforeAll(async () => {
    stack = await startTestStack({
      extraEnv: {
        DELETION_APPROVAL_MIN_COINS: '50',
        DELETION_WINDOW_DAILY_COINS: '100',
        DELETION_WINDOW_DAILY_COUNT: '20',
        // The deletion window's users are minted 30 coins each by one admin: the four-eyes windows stay out of the way.
        FOUR_EYES_ACTOR_DAILY_COINS: '0',
        FOUR_EYES_RECIPIENT_DAILY_COINS: '0',
      },
    });
    [first, second, deleter] = await Promise.all([
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'SUPERADMIN'),
    ]);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a lone SUPERADMIN registers a REWARDS client with a cap of 10^9 coins and has it reward their own wallet, then nothing is paid: the cap is above the ceiling (422) and a client within it waits for a second SUPERADMIN', async () => {
    const mintKey = await approvedKey(first, second, ['mint']);
    await fundTreasury(stack, { accessToken: first.accessToken, apiKey: mintKey }, 'REWARDS', 1_000);

    const huge = await createClient(first, { name: 'jackpot', treasuries: ['REWARDS'], dailyRewardCap: 1_000_000_000 });
    // Whatever the answer, the attacker tries the secret it carries.
    const hugeId = huge.body.id ?? huge.body.grantRequest?.act?.clientId;
    const hugeToken = huge.body.clientSecret ? await systemToken(hugeId, huge.body.clientSecret) : null;
    const hugeReward = hugeToken ? await reward(hugeToken, first.userId, 500) : null;
    expect({ created: huge.status, code: huge.body.code, rewarded: hugeReward?.status ?? null }).toEqual({
      created: 422,
      code: 'REWARD_CAP_ABOVE_CEILING',
      rewarded: null,
    });

    const modest = await createClient(first, { name: 'modest', treasuries: ['REWARDS'], dailyRewardCap: 5_000 });
    expect(modest.status).toBe(202);
    expect(modest.body.grantRequest).toMatchObject({
      status: 'PENDING',
      requestedBy: { kind: 'user', id: String(first.userId) },
      act: { type: 'user.platform-client.create', name: 'modest', treasuries: ['REWARDS'], dailyRewardCap: 5_000 },
    });
    // The secret is shown once, with the request; it opens nothing until a second SUPERADMIN approves.
    expect(modest.body.clientSecret).toMatch(/^pcs_/);
    expect(await systemToken(modest.body.grantRequest.act.clientId, modest.body.clientSecret)).toBeNull();
  });

  it('when a lone SUPERADMIN promotes a user to ADMIN or SUPERADMIN, then the role stays until another SUPERADMIN approves; the requester approving is 403 APPROVAL_BY_REQUESTER', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const asked = await changeRole(first, user.userId, 'ADMIN');
    expect([asked.status, asked.body.grantRequest?.act]).toEqual([
      202,
      { type: 'user.change-role', userId: user.userId, role: 'ADMIN', previousRole: 'USER' },
    ]);
    expect(await roleOf(user.userId)).toBe('USER');
    // The user's tokens are untouched by a request.
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken })).status).toBe(200);

    const own = await approve(asked.body.grantRequest.id, first);
    expect([own.status, own.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    expect(await roleOf(user.userId)).toBe('USER');

    const approved = await approve(asked.body.grantRequest.id, second);
    expect(approved.status).toBe(200);
    expect(approved.body.grantRequest).toMatchObject({ status: 'APPROVED', decidedBy: { kind: 'user', id: String(second.userId) } });
    expect(await roleOf(user.userId)).toBe('ADMIN');
    // A role change ends the tokens issued before it, as always.
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken })).status).toBe(401);
    const again = await approve(asked.body.grantRequest.id, second);
    expect([again.status, again.body.code]).toEqual([409, 'APPROVAL_NOT_PENDING']);
    // Both steps are in the admin audit log, written (and signed) by the user service.
    const target = `grant-request:${asked.body.grantRequest.id}`;
    await eventually(
      async () => {
        const log = await call('GET', `/api/admin/audit-log?target=${encodeURIComponent(target)}&result=applied`, first.accessToken);
        expect(log.status).toBe(200);
        const actions = (log.body.entries as Array<{ action: string; source?: string }>).map((e) => e.action).sort();
        expect(actions).toEqual(['approval.approve', 'approval.request']);
        return true;
      },
      15_000,
      'the grant request and its approval in the audit log',
    );

    const toSuper = await changeRole(first, user.userId, 'SUPERADMIN');
    expect(toSuper.status).toBe(202);
    expect(await roleOf(user.userId)).toBe('ADMIN');
    // Taking power away from an ADMIN is immediate: it creates no means to move coins.
    const rejected = await reject(toSuper.body.grantRequest.id, first, 'withdrawn');
    expect([rejected.status, rejected.body.grantRequest.status]).toEqual([200, 'REJECTED']);
    const demoted = await changeRole(first, user.userId, 'USER');
    expect([demoted.status, demoted.body.user]).toEqual([200, { id: user.userId, role: 'USER' }]);
  });

  it('when a lone SUPERADMIN demotes or deletes another SUPERADMIN, then each waits for a second SUPERADMIN (202) and the SUPERADMIN stays', async () => {
    const target = await adminSession(stack, 'SUPERADMIN');
    const demotion = await changeRole(first, target.userId, 'ADMIN');
    expect([demotion.status, demotion.body.grantRequest?.act?.previousRole]).toEqual([202, 'SUPERADMIN']);
    const deletion = await call('DELETE', `/api/admin/users/${target.userId}`, first.accessToken);
    expect([deletion.status, deletion.body.deletionRequest?.status]).toEqual([202, 'PENDING']);
    expect(await roleOf(target.userId)).toBe('SUPERADMIN');
    // Any SUPERADMIN may reject it.
    expect((await reject(demotion.body.grantRequest.id, second)).status).toBe(200);
  });

  it('when a lone SUPERADMIN issues an API key, then its secret is shown once but the key works only once another SUPERADMIN approved it', async () => {
    const admin = await adminSession(stack, 'ADMIN');
    const someone = await registerUser(stack.gatewayUrl);
    const asked = await createKey(first, ['mint'], admin.userId);
    expect(asked.status).toBe(202);
    expect(asked.body.key).toMatch(/^ck_/);
    expect(asked.body.grantRequest).toMatchObject({
      status: 'PENDING',
      act: { type: 'user.api-key.create', scopes: ['mint'], ownerUserId: admin.userId },
    });
    expect(JSON.stringify(asked.body.grantRequest)).not.toContain(asked.body.key);
    const mint = () =>
      http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
        token: admin.accessToken,
        body: { userId: someone.userId, amount: 1, reason: 'with a pending key' },
        headers: { 'x-api-key': asked.body.key, 'idempotency-key': randomUUID() },
      });
    const before = await mint();
    expect([before.status, before.body.code]).toEqual([401, 'API_KEY_INVALID']);

    const own = await approve(asked.body.grantRequest.id, first);
    expect([own.status, own.body.code]).toEqual([403, 'APPROVAL_BY_REQUESTER']);
    expect((await approve(asked.body.grantRequest.id, second)).status).toBe(200);
    expect((await mint()).status).toBe(201);
    const listed = await call('GET', '/api/admin/api-keys', first.accessToken);
    expect(listed.body.apiKeys.map((k: { id: string }) => k.id)).toContain(asked.body.grantRequest.act.apiKeyId);
  });

  it('when the approver became a SUPERADMIN after the request was made, then the approval is refused (403 APPROVER_NOT_ELIGIBLE) and the request stays pending', async () => {
    const asked = await createKey(first, ['burn']);
    expect(asked.status).toBe(202);
    const latecomer = await adminSession(stack, 'SUPERADMIN');
    const refused = await approve(asked.body.grantRequest.id, latecomer);
    expect([refused.status, refused.body.code]).toEqual([403, 'APPROVER_NOT_ELIGIBLE']);
    const read = await call('GET', `/api/admin/grant-requests/${asked.body.grantRequest.id}`, first.accessToken);
    expect(read.body.status).toBe('PENDING');
    expect((await approve(asked.body.grantRequest.id, second)).status).toBe(200);
  });

  it('when a client approved by one SUPERADMIN and asked by another rewards either of them, then 403 SELF_DEALING; anyone else is paid', async () => {
    const mintKey = await approvedKey(first, second, ['mint']);
    await fundTreasury(stack, { accessToken: first.accessToken, apiKey: mintKey }, 'REWARDS', 1_000);
    const asked = await createClient(first, { name: 'tournaments', treasuries: ['REWARDS'], dailyRewardCap: 1_000 });
    expect(asked.status).toBe(202);
    const approved = await approve(asked.body.grantRequest.id, second);
    expect(approved.status).toBe(200);
    const token = await systemToken(asked.body.grantRequest.act.clientId, asked.body.clientSecret);
    if (!token) throw new Error('the approved client got no token');
    const toApprover = await reward(token, second.userId);
    const toRequester = await reward(token, first.userId);
    expect([toApprover.status, toApprover.body.code, toRequester.status, toRequester.body.code]).toEqual([
      403,
      'SELF_DEALING',
      403,
      'SELF_DEALING',
    ]);
    const player = await registerUser(stack.gatewayUrl);
    expect((await reward(token, player.userId)).status).toBe(201);
    // A payout by the client is held to the same rule, line by line.
    const payout = await http(stack.gatewayUrl, 'POST', '/api/coins/payouts', {
      token,
      body: {
        from: { treasury: 'REWARDS' },
        reference: `cup-${randomUUID().slice(0, 8)}`,
        reason: 'cup',
        lines: [
          { toUserId: player.userId, amount: 1 },
          { toUserId: second.userId, amount: 1 },
        ],
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect([payout.status, payout.body.code]).toEqual([403, 'SELF_DEALING']);
  });

  it('when an admin pays the SUPERADMIN who asked for or approved their API key, then 403 SELF_DEALING', async () => {
    const admin = await adminSession(stack, 'ADMIN');
    const key = await approvedKey(first, second, ['mint'], admin.userId);
    const mint = (userId: number) =>
      http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
        token: admin.accessToken,
        body: { userId, amount: 2, reason: 'thanks for the key' },
        headers: { 'x-api-key': key, 'idempotency-key': randomUUID() },
      });
    const toRequester = await mint(first.userId);
    const toApprover = await mint(second.userId);
    expect([toRequester.status, toRequester.body.code, toApprover.status, toApprover.body.code]).toEqual([
      403,
      'SELF_DEALING',
      403,
      'SELF_DEALING',
    ]);
    const someone = await registerUser(stack.gatewayUrl);
    expect((await mint(someone.userId)).status).toBe(201);
  });

  it('when one SUPERADMIN deletes ten users each under the threshold at once, then those past the rolling window (100 coins) wait for a second SUPERADMIN', async () => {
    const mintKey = await approvedKey(first, second, ['mint']);
    const users = await Promise.all(Array.from({ length: 10 }, () => registerUser(stack.gatewayUrl)));
    for (const user of users) {
      const minted = await http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
        token: first.accessToken,
        body: { userId: user.userId, amount: 30, reason: 'to be deleted' },
        headers: { 'x-api-key': mintKey, 'idempotency-key': randomUUID() },
      });
      expect(minted.status).toBe(201);
    }
    const answers: HttpResult[] = await Promise.all(users.map((u) => call('DELETE', `/api/admin/users/${u.userId}`, deleter.accessToken)));
    const statuses = answers.map((a) => a.status).sort();
    // 30 + 30 + 30 = 90 < 100; a fourth would reach the window: it and the rest wait.
    expect(statuses).toEqual([200, 200, 200, 202, 202, 202, 202, 202, 202, 202]);
    const waiting = answers.filter((a) => a.status === 202).map((a) => a.body.deletionRequest);
    expect(waiting.every((r: { status: string; balance: number }) => r.status === 'PENDING' && r.balance === 30)).toBe(true);
    // A second SUPERADMIN's approval deletes one; it does not count against anyone's window.
    const approved = await call('POST', `/api/admin/deletion-requests/${waiting[0].id}/approve`, second.accessToken, undefined, {
      'idempotency-key': randomUUID(),
    });
    expect(approved.status).toBe(200);
    const kept = users.find((u) => u.userId === waiting[1].userId)!;
    await login(stack.gatewayUrl, kept.email, kept.password);
  });
});
