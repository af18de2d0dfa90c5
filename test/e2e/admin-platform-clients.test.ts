import { randomUUID } from 'node:crypto';
import { CoinProblemError } from '@coin/client';
import type { AuditLogEntry } from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import {
  adminSession,
  apiKeyFor,
  createPlatformClientWithCli,
  runOperatorCommand,
  withSecondSuperadmin,
  type Session,
} from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, applied, http, login, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * The API routes the admin console needed. Platform clients for a SUPERADMIN (asked
 * for with the secret once and approved by a second SUPERADMIN, list, revoke; applied once over
 * user.commands, audited with the SUPERADMINs), a user's sessions for ADMIN+ (and their revocation for a SUPERADMIN), and
 * the admin user read's wallet with held coins and activeCoins.
 */
describe('admin API for platform clients, sessions and wallets', () => {
  let stack: TestStack;
  let superadmin: Session;
  let admin: Session;
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    stack = await startTestStack();
    [superadmin, admin] = await Promise.all([adminSession(stack, 'SUPERADMIN'), adminSession(stack, 'ADMIN')]);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  const as = (token?: string) => apiClient(stack.gatewayUrl, token ? { accessToken: token } : {});
  const raw = (method: string, path: string, options: Parameters<typeof http>[3] = {}) => http(stack.gatewayUrl, method, path, options);
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (err: unknown) => err,
    );
  const systemToken = async (client: { clientId: string; clientSecret: string }) =>
    (await as().issueToken({ body: client })) as { accessToken: string };
  /**
   * A reward far beyond what REWARDS holds: 422 means the SYSTEM token was accepted, 401 that it was
   * refused. To the ADMIN: a client never pays the SUPERADMINs who asked for or approved it (403).
   */
  const rewardStatus = async (token: string) =>
    (await as(token).api.POST('/api/admin/reward', { body: { userId: admin.userId, amount: 1_000_000, reason: 'probe' } })).response.status;
  const auditOf = (clientId: string, count: number) =>
    eventually(
      async () => {
        const page = await as(superadmin.accessToken).listAuditLog({ query: { target: `client:${clientId}` } });
        return page.entries.length >= count ? (page.entries as AuditLogEntry[]) : undefined;
      },
      15_000,
      `audit records of ${clientId}`,
    );

  describe('platform clients', () => {
    it('when one ADMIN registers a test-mode client, then it works at once, its id starts with test_, its token claims test mode, and every live route refuses it with 403 TEST_MODE_CREDENTIALS', async () => {
      const created = await as(admin.accessToken).api.POST('/api/admin/test-clients', {
        body: { name: `sandbox ${run}`, treasuries: ['REWARDS'] },
        params: { header: { 'idempotency-key': `create-test-${run}` } },
      });
      expect(created.response.status).toBe(201);
      const { client, clientSecret } = created.data!;
      expect(client).toMatchObject({ id: expect.stringMatching(/^test_[A-Za-z0-9_-]{12}$/), revokedAt: null, treasuries: ['REWARDS'] });
      // A retry answers the same client without the secret, shown once.
      const retried = await as(admin.accessToken).api.POST('/api/admin/test-clients', {
        body: { name: `sandbox ${run}`, treasuries: ['REWARDS'] },
        params: { header: { 'idempotency-key': `create-test-${run}` } },
      });
      expect(retried.data).toEqual({ client });
      // The user service answered the retry from the outcome it stored: Idempotent-Replayed, on the retry only.
      expect([created.response.headers.get('idempotent-replayed'), retried.response.headers.get('idempotent-replayed')]).toEqual([
        null,
        'true',
      ]);

      const token = (await systemToken({ clientId: client.id, clientSecret: clientSecret! })).accessToken;
      expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))).toMatchObject({ sub: client.id, mode: 'test' });
      // The reward a live client with these grants would be answered for: refused before any rule.
      const reward = await as(token).api.POST('/api/admin/reward', { body: { userId: superadmin.userId, amount: 1, reason: 'probe' } });
      expect(reward.response.status).toBe(403);
      expect(reward.error).toMatchObject({ code: 'TEST_MODE_CREDENTIALS' });
      expect(await raw('GET', '/api/webhooks/endpoints', { token })).toMatchObject({ status: 403 });
      // Nor does a SUPERADMIN give it endpoints, which would show it live movements of its treasuries.
      const endpoint = await raw('POST', `/api/admin/platform-clients/${client.id}/webhooks/endpoints`, {
        token: superadmin.accessToken,
        body: { url: 'https://hooks.example.com/coin', eventTypes: ['coin.transaction.recorded'] },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect([endpoint.status, endpoint.body.code]).toEqual([403, 'TEST_MODE_CREDENTIALS']);
      // Its creation is the ADMIN's act, in the audit log.
      const [entry] = await auditOf(client.id, 1);
      expect(entry).toMatchObject({ action: 'platform-client.create', actor: { id: String(admin.userId) }, result: 'applied' });
    });

    it('when a USER or a DEVELOPER registers a test-mode client, then 403 FORBIDDEN; a body without a name or with an unknown field is 400, and nothing is made', async () => {
      const user = await registerUser(stack.gatewayUrl);
      const developer = await adminSession(stack, 'DEVELOPER');
      const register = (token: string, body: object) =>
        raw('POST', '/api/admin/test-clients', { token, body, headers: { 'idempotency-key': randomUUID() } });
      for (const token of [user.accessToken, developer.accessToken]) {
        expect((await register(token, { name: 'x' })).body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      }
      for (const body of [{}, { name: 'x', mode: 'live' }, { name: 'x', treasuries: ['NOPE'] }]) {
        expect((await register(admin.accessToken, body)).body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      }
      const listed = await as(superadmin.accessToken).listPlatformClients();
      expect(listed.platformClients.filter((c) => c.name === 'x' && c.id.startsWith('test_'))).toEqual([]);
    });

    it('when a SUPERADMIN asks for a client and another approves it, then the secret is in the first answer only, its token works, and after the revocation its token is refused on the next request', async () => {
      const name = `tournaments ${run}`;
      const asked = await withSecondSuperadmin(stack, superadmin.accessToken, async () => {
        const answer = await as(superadmin.accessToken).api.POST('/api/admin/platform-clients', {
          body: { name, treasuries: ['REWARDS'] },
          params: { header: { 'idempotency-key': `create-${run}` } },
        });
        expect(answer.response.status).toBe(202);
        return answer.data!;
      });
      expect(asked).toEqual({
        grantRequest: expect.objectContaining({
          status: 'PENDING',
          act: {
            type: 'user.platform-client.create',
            clientId: expect.stringMatching(/^pc_[A-Za-z0-9_-]{12}$/),
            name,
            treasuries: ['REWARDS'],
            dailyRewardCap: null,
            cashout: false,
          },
        }),
        clientSecret: expect.stringMatching(/^pcs_/),
      });
      const clientId = (asked.grantRequest.act as { clientId: string }).clientId;
      const secret = asked.clientSecret!;

      const token = (await systemToken({ clientId, clientSecret: secret })).accessToken;
      expect(await rewardStatus(token)).toBe(422);
      expect(await rewardStatus(token)).toBe(422); // the second through the gateway's cached client status

      // Listed without any secret.
      const listed = await as(superadmin.accessToken).listPlatformClients();
      const entry = listed.platformClients.find((c) => c.id === clientId);
      expect(entry).toEqual({
        id: clientId,
        name,
        createdAt: expect.any(String),
        revokedAt: null,
        treasuries: ['REWARDS'],
        dailyRewardCap: null,
        cashout: false,
      });
      expect(JSON.stringify(listed)).not.toContain(secret);
      expect(JSON.stringify(listed)).not.toMatch(/secret|hash/i);

      const revoked = await as(superadmin.accessToken).revokePlatformClient({ path: { id: clientId } });
      expect(revoked).toEqual({ ...entry, revokedAt: expect.any(String) });
      // The very next request with the token that just worked is refused, and no new token is issued.
      expect(await rewardStatus(token)).toBe(401);
      await expect(as().issueToken({ body: { clientId, clientSecret: secret } })).rejects.toMatchObject({ status: 401 });

      // Revoking again answers the same client, revoked at the first time, and is no new audited action.
      const again = await as(superadmin.accessToken).revokePlatformClient({ path: { id: clientId } });
      expect(again).toEqual(revoked);

      // The creation is recorded as the approved act, with who asked and who approved.
      const entries = await auditOf(clientId, 2);
      expect(entries.map((e) => [e.action, e.actor.id, e.result, e.summary])).toEqual([
        ['platform-client.revoke', String(superadmin.userId), 'applied', { name }],
        [
          'platform-client.create',
          expect.any(String),
          'applied',
          {
            name,
            treasuries: ['REWARDS'],
            dailyRewardCap: null,
            requestedBy: String(superadmin.userId),
            approvedBy: expect.any(String),
            grantRequest: asked.grantRequest.id,
          },
        ],
      ]);
      expect(JSON.stringify(entries)).not.toContain(secret);
      await new Promise((r) => setTimeout(r, 1000));
      expect((await as(superadmin.accessToken).listAuditLog({ query: { target: `client:${clientId}` } })).entries).toHaveLength(2);
    });

    it('when a request is retried with the same Idempotency-Key, then one request exists and the retry gets it (202) without the secret; another body with that key is 422', async () => {
      const key = `retry-${run}`;
      const name = `retried ${run}`;
      const post = (body: unknown, idempotencyKey = key) =>
        raw('POST', '/api/admin/platform-clients', { token: superadmin.accessToken, body, headers: { 'idempotency-key': idempotencyKey } });
      const first = await post({ name });
      expect(first.status).toBe(202);
      expect(typeof first.body.clientSecret).toBe('string');
      const retry = await post({ name });
      expect(retry.status).toBe(202);
      expect(retry.body).toEqual({ grantRequest: first.body.grantRequest });
      // What anyone knowing the SUPERADMIN and the key could compute: the command id the gateway derives, then the request id from it alone.
      const commandId = uuidV5(`user:${superadmin.userId}:POST /api/admin/platform-clients:${key}`);
      expect(first.body.grantRequest.id).not.toBe(uuidV5(`user.grant-request:${commandId}`));
      const pending = await as(superadmin.accessToken).listGrantRequests({ query: { status: 'PENDING' } });
      expect(pending.grantRequests.filter((r) => r.act.type === 'user.platform-client.create' && r.act.name === name)).toHaveLength(1);

      const reused = await post({ name: `${name} other` });
      expect(reused.status).toBe(422);
      expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
      // The same key from another SUPERADMIN is another request: its own client.
      const other = await adminSession(stack, 'SUPERADMIN');
      const theirs = await raw('POST', '/api/admin/platform-clients', {
        token: other.accessToken,
        body: { name },
        headers: { 'idempotency-key': key },
      });
      expect(theirs.status).toBe(202);
      expect(theirs.body.grantRequest.id).not.toBe(first.body.grantRequest.id);
      // One audit record for the request and its retry.
      const requests = await eventually(
        async () => {
          const page = await as(superadmin.accessToken).listAuditLog({ query: { target: `grant-request:${first.body.grantRequest.id}` } });
          return page.entries.length >= 1 ? page.entries : undefined;
        },
        15_000,
        'the request record',
      );
      expect(requests.map((e) => e.action)).toEqual(['approval.request']);
    });

    it('when a client made by the operator CLI is listed and revoked through the API, then the CLI sees it revoked too', async () => {
      const made = await createPlatformClientWithCli(stack, `cli ${run}`);
      const listed = await as(superadmin.accessToken).listPlatformClients();
      expect(listed.platformClients.map((c) => c.id)).toContain(made.clientId);
      const token = (await systemToken(made)).accessToken;
      expect(await rewardStatus(token)).toBe(422);
      const revoked = await as(superadmin.accessToken).revokePlatformClient({ path: { id: made.clientId } });
      expect(await rewardStatus(token)).toBe(401);
      const line = (await runOperatorCommand(stack, ['list-clients'])).split('\n').find((l) => l.includes(made.clientId));
      expect(line).toContain(revoked.revokedAt!);
      expect(await runOperatorCommand(stack, ['revoke-client', '--id', made.clientId])).toContain('already revoked');
    });

    it('when a USER, a DEVELOPER or an ADMIN calls them, then 403; without a token, 401', async () => {
      const user = await registerUser(stack.gatewayUrl);
      const developer = await adminSession(stack, 'DEVELOPER');
      for (const token of [user.accessToken, developer.accessToken, admin.accessToken]) {
        const calls = [
          raw('GET', '/api/admin/platform-clients', { token }),
          raw('POST', '/api/admin/platform-clients', { token, body: { name: 'x' }, headers: { 'idempotency-key': randomUUID() } }),
          raw('POST', '/api/admin/platform-clients/pc_anything/revoke', { token }),
        ];
        for (const answer of await Promise.all(calls)) {
          expect([answer.status, answer.body.code, answer.headers.get('content-type')]).toEqual([
            403,
            'FORBIDDEN',
            expect.stringContaining('application/problem+json'),
          ]);
        }
      }
      expect((await raw('GET', '/api/admin/platform-clients')).status).toBe(401);
      expect((await raw('POST', '/api/admin/platform-clients', { body: { name: 'x' }, headers: { 'idempotency-key': 'k' } })).status).toBe(
        401,
      );
    });

    it('when the body, the key or the id is hostile, then 400 (or 404 for a well-formed unknown id) as a problem, and nothing is created', async () => {
      const before = (await as(superadmin.accessToken).listPlatformClients()).platformClients.length;
      const requestsBefore = (await as(superadmin.accessToken).listGrantRequests()).grantRequests.length;
      const post = (options: Parameters<typeof http>[3]) =>
        raw('POST', '/api/admin/platform-clients', {
          token: superadmin.accessToken,
          headers: { 'idempotency-key': randomUUID() },
          ...options,
        });
      const bad = [
        await post({ body: { name: 'ok', secret: 'mine' } }),
        await post({ body: { name: 'ok', clientSecret: 'mine' } }),
        await post({ body: { name: '' } }),
        await post({ body: { name: '   ' } }),
        await post({ body: { name: 'x'.repeat(101) } }),
        await post({ body: { name: 'nul\u0000byte' } }),
        await post({ body: { name: 'line\nbreak' } }),
        await post({ body: { name: 42 } }),
        await post({ body: {} }),
        await post({ body: [{ name: 'array' }] }),
        await post({ rawBody: '{"name":', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() } }),
        await raw('POST', '/api/admin/platform-clients', { token: superadmin.accessToken, body: { name: 'no key' } }),
        await raw('POST', '/api/admin/platform-clients', {
          token: superadmin.accessToken,
          body: { name: 'bad key' },
          headers: { 'idempotency-key': 'k'.repeat(256) },
        }),
      ];
      for (const answer of bad) {
        expect([answer.status, answer.headers.get('content-type')]).toEqual([400, expect.stringContaining('application/problem+json')]);
        expect(['VALIDATION_FAILED', 'MALFORMED_JSON']).toContain(answer.body.code);
      }
      const revoke = (id: string) => raw('POST', `/api/admin/platform-clients/${id}/revoke`, { token: superadmin.accessToken });
      for (const id of ['bad%20id', 'pc_%00', 'x'.repeat(101), "pc_'%3B--", '..%2F..%2Fetc'])
        expect([id, (await revoke(id)).status]).toEqual([id, 400]);
      const unknown = await revoke('pc_doesnotexist');
      expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
      expect((await as(superadmin.accessToken).listPlatformClients()).platformClients.length).toBe(before);
      expect((await as(superadmin.accessToken).listGrantRequests()).grantRequests.length).toBe(requestsBefore);
    });
  });

  describe("a user's sessions", () => {
    it('when a user logs in twice and logs one session out, then ADMIN sees both with their state and no token or hash; a SUPERADMIN can end them all', async () => {
      const user = await registerUser(stack.gatewayUrl);
      const second = await login(stack.gatewayUrl, user.email, user.password);
      await as().logout({ body: { refreshToken: user.refreshToken } });

      const listed = await as(admin.accessToken).listUserSessions({ path: { id: String(user.userId) } });
      expect(listed.sessions).toHaveLength(2);
      for (const session of listed.sessions) {
        expect(Object.keys(session).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'revokedAt', 'status']);
      }
      expect(listed.sessions.map((s) => s.status).sort()).toEqual(['ACTIVE', 'REVOKED']);
      // The latest login first: the second one, still active.
      expect(listed.sessions[0]).toMatchObject({ status: 'ACTIVE', revokedAt: null });
      const text = JSON.stringify(listed);
      for (const secret of [user.refreshToken, second.refreshToken, user.accessToken, second.accessToken])
        expect(text).not.toContain(secret);
      expect(text).not.toMatch(/token|hash|secret/i);

      // A refresh keeps the session (same id) and moves its lastUsedAt.
      const rotated = await as().refreshToken({ body: { refreshToken: second.refreshToken } });
      const afterRefresh = await as(admin.accessToken).listUserSessions({ path: { id: String(user.userId) } });
      expect(afterRefresh.sessions).toHaveLength(2);
      expect(afterRefresh.sessions[0]!.id).toBe(listed.sessions[0]!.id);
      expect(afterRefresh.sessions[0]!.lastUsedAt >= listed.sessions[0]!.lastUsedAt).toBe(true);

      // An ADMIN may read but not end them.
      expect((await raw('POST', `/api/admin/users/${user.userId}/sessions/revoke`, { token: admin.accessToken })).status).toBe(403);
      const ended = await as(superadmin.accessToken).api.POST('/api/admin/users/{id}/sessions/revoke', {
        params: { path: { id: String(user.userId) } },
      });
      expect(ended.response.status).toBe(204);
      // Their access token is refused on the next request, and every session shows revoked.
      expect((await raw('GET', '/api/wallets/me', { token: rotated.accessToken })).status).toBe(401);
      const afterRevoke = await as(admin.accessToken).listUserSessions({ path: { id: String(user.userId) } });
      expect(afterRevoke.sessions.map((s) => s.status)).toEqual(['REVOKED', 'REVOKED']);
      const audited = await eventually(
        async () => {
          const page = await as(superadmin.accessToken).listAuditLog({
            query: { target: `user:${user.userId}`, action: 'sessions.revoke' },
          });
          return page.entries.length === 1 ? page.entries : undefined;
        },
        15_000,
        'sessions.revoke record',
      );
      expect(audited[0]!.actor).toEqual({ kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' });
    });

    it('when the user is unknown or the id is not one, then 404 or 400; a USER or DEVELOPER gets 403', async () => {
      const user = await registerUser(stack.gatewayUrl);
      const developer = await adminSession(stack, 'DEVELOPER');
      expect((await raw('GET', '/api/admin/users/999999999/sessions', { token: admin.accessToken })).body.code).toBe('USER_NOT_FOUND');
      expect((await raw('POST', '/api/admin/users/999999999/sessions/revoke', { token: superadmin.accessToken })).status).toBe(404);
      for (const id of ['abc', '0', '-1', '1.5', '9007199254740993', '%00'])
        expect([id, (await raw('GET', `/api/admin/users/${id}/sessions`, { token: admin.accessToken })).status]).toEqual([id, 400]);
      for (const token of [user.accessToken, developer.accessToken])
        expect((await raw('GET', `/api/admin/users/${user.userId}/sessions`, { token })).status).toBe(403);
      expect((await raw('GET', `/api/admin/users/${user.userId}/sessions`)).status).toBe(401);
    });
  });

  describe("the admin user read's wallet", () => {
    it('when the user has a pending hold, then getUser shows the balance, the held coins, activeCoins and the totals', async () => {
      const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
      const payer = await registerUser(stack.gatewayUrl);
      const payee = await registerUser(stack.gatewayUrl);
      const fresh = await as(admin.accessToken).getUser({ path: { id: String(payer.userId) } });
      expect(fresh.wallet).toEqual({ balance: 0, held: 0, activeCoins: 0, totalReceived: 0, totalSent: 0, frozen: false });

      await applied(
        apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).mintCoins({
          body: { userId: payer.userId, amount: 10.5, reason: 'console refund' },
        }),
      );
      await as(payer.accessToken).createHold({ body: { toUserId: payee.userId, amount: 3.3, reason: 'order 23' } });
      const read = await as(admin.accessToken).getUser({ path: { id: String(payer.userId) } });
      // A hold moves nothing yet: received the mint, sent nothing.
      expect(read.wallet).toEqual({ balance: 10.5, held: 3.3, activeCoins: 7.2, totalReceived: 10.5, totalSent: 0, frozen: false });
    });
  });

  it('when a creation is answered, then the problem of a non-SUPERADMIN is a typed CoinProblemError in the client', async () => {
    const err = await failure(as(admin.accessToken).createPlatformClient({ body: { name: 'x' } }));
    expect(err).toBeInstanceOf(CoinProblemError);
    expect(err).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});
