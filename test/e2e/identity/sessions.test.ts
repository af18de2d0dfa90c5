import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestStack, type TestStack } from '../../harness/stack';
import { adminSession, withUsersDb } from '../../harness/admin';
import { CoinProblemError } from '@coin/client';
import { apiClient, http, registerUser, tokensOf } from '../../harness/http';
import { createPlatformClient } from '@coin/user';
import { createPool, schemaName } from '@coin/db';
import { runAdminCommand } from '../../../scripts/admin';
import { eventually } from '../../harness/eventually';

describe('sessions: refresh rotation, logout, log out everywhere, client credentials', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  /** Well-formed calls go through the typed client; a non-2xx answer rejects with CoinProblemError. */
  const as = (token?: string) => apiClient(stack.gatewayUrl, token ? { accessToken: token } : {});
  const refresh = (refreshToken: string) => as().refreshToken({ body: { refreshToken } });
  const login = async (email: string, password: string) => tokensOf(await as().login({ body: { email, password } }));
  /** The status of GET /api/wallets/me, through the client's raw `api` (which throws nothing for an error answer). */
  const walletStatus = async (token: string) => (await as(token).api.GET('/api/wallets/me')).response.status;
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

  it('when a refresh token is used, then a new pair comes back and the new access token works', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const rotated = await as().api.POST('/api/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(rotated.response.status).toBe(200);
    expect(rotated.data!.user.id).toBe(user.userId);
    expect(rotated.data!.refreshToken).not.toBe(user.refreshToken);
    expect(await walletStatus(rotated.data!.accessToken)).toBe(200);
    expect(rotated.response.headers.get('cache-control')).toBe('no-store');
  });

  it('when a rotated refresh token is presented again, then 401 and its whole family is revoked', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const first = await refresh(user.refreshToken);
    const second = await as().api.POST('/api/auth/refresh', { body: { refreshToken: first.refreshToken } });
    expect(second.response.status).toBe(200);
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    // The legitimate holder's latest token belongs to the same family: revoked too.
    await expect(refresh(second.data!.refreshToken)).rejects.toMatchObject({ status: 401 });
    // Another session (another family) of the same user is untouched.
    const session = await login(user.email, user.password);
    const other = await as().api.POST('/api/auth/refresh', { body: { refreshToken: session.refreshToken } });
    expect(other.response.status).toBe(200);
  });

  it('when the refresh token is unknown, empty or has extra fields, then 401 / 400', async () => {
    await expect(refresh('rt_not-a-real-token')).rejects.toMatchObject({ status: 401 });
    // An empty token and an extra field are outside the document: raw.
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/refresh', { body: { refreshToken: '' } })).status).toBe(400);
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/refresh', { body: { refreshToken: 'x', userId: 1 } })).status).toBe(400);
  });

  it('when a user logs out, then 204 and that refresh token no longer works; an unknown token also gets 204', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const logoutStatus = async (refreshToken: string) =>
      (await as().api.POST('/api/auth/logout', { body: { refreshToken } })).response.status;
    expect(await logoutStatus(user.refreshToken)).toBe(204);
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ status: 401 });
    expect(await logoutStatus('rt_unknown')).toBe(204);
    // A body without the refresh token is outside the document: raw.
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout', { body: {} })).status).toBe(400);
  });

  it('when a user logs out everywhere, then every access and refresh token stops working on the next request', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const other = await login(user.email, user.password);
    expect(await walletStatus(other.accessToken)).toBe(200);
    const all = await as(user.accessToken).api.POST('/api/auth/logout-all');
    expect(all.response.status).toBe(204);
    expect(await walletStatus(user.accessToken)).toBe(401);
    expect(await walletStatus(other.accessToken)).toBe(401);
    await expect(refresh(user.refreshToken)).rejects.toMatchObject({ status: 401 });
    await expect(refresh(other.refreshToken)).rejects.toMatchObject({ status: 401 });
    const again = await login(user.email, user.password);
    expect(await walletStatus(again.accessToken)).toBe(200);
  });

  it('when an operator revokes sessions with the CLI, then the gateway learns it from user.events and refuses the old token', async () => {
    const user = await registerUser(stack.gatewayUrl);
    expect(await walletStatus(user.accessToken)).toBe(200); // the version is now cached in Redis
    const lines: string[] = [];
    const previous = { ...process.env };
    Object.assign(process.env, {
      USER_DATABASE_URL: stack.env.user.USER_DATABASE_URL,
      DB_SCHEMA_PREFIX: stack.prefix,
      TOPIC_PREFIX: stack.prefix,
    });
    try {
      await runAdminCommand(['revoke-sessions', '--user-id', String(user.userId)], (l) => lines.push(l));
    } finally {
      process.env = previous;
    }
    expect(lines.join('\n')).toContain(`sessions of user ${user.userId} revoked`);
    await eventually(async () => (await walletStatus(user.accessToken)) === 401);
  });

  it('when the CLI gets bad arguments, then it refuses with the usage', async () => {
    await expect(runAdminCommand(['revoke-sessions', '--user-id', 'abc'], () => undefined)).rejects.toThrow('positive integer');
    await expect(runAdminCommand(['destroy-everything'], () => undefined)).rejects.toThrow('usage');
  });

  describe('client credentials', () => {
    let client: { clientId: string; clientSecret: string };
    beforeAll(async () => {
      const pool = createPool({
        url: stack.env.user.USER_DATABASE_URL!,
        schema: schemaName(stack.prefix, 'users'),
        applicationName: 'test',
      });
      client = await createPlatformClient(pool, 'tournaments', {
        topicPrefix: stack.prefix,
        grants: { treasuries: ['REWARDS', 'COURSE_FEES'], dailyRewardCap: null, cashout: false },
      });
      await pool.end();
    });

    it('when a registered client presents its secret, then it gets a SYSTEM token that only the reward, hold-settling, payout, its own command-status, its own transaction search and webhook routes accept', async () => {
      const issued = await as().api.POST('/api/auth/token', { body: client });
      expect(issued.response.status).toBe(200);
      expect(issued.data).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 900 });
      // A JSON request gets the JSON (camelCase) answer, not the RFC 6749 one.
      if (!issued.data || !('accessToken' in issued.data)) throw new Error(`unexpected token answer: ${JSON.stringify(issued.data)}`);
      const systemToken = issued.data.accessToken;
      const claims = JSON.parse(Buffer.from(systemToken.split('.')[1]!, 'base64url').toString());
      expect(claims).toMatchObject({ sub: client.clientId, role: 'SYSTEM' });
      expect(await walletStatus(systemToken)).toBe(403);
      // Every other route, with whatever body: outside the document, raw.
      for (const route of stack.gatewayRoutes.filter(
        (r) =>
          r.access &&
          r.access !== 'public' &&
          r.access !== 'reward' &&
          r.access !== 'settle' &&
          r.access !== 'platform' &&
          r.access !== 'payout' &&
          r.access !== 'owner' &&
          r.access !== 'search' &&
          r.method !== 'HEAD',
      )) {
        const url = route.url.replace(/:(\w+)/g, (_m, name) =>
          name === 'id' && route.url.includes('api-keys') ? '00000000-0000-4000-8000-000000000000' : '1',
        );
        const response = await http(stack.gatewayUrl, route.method, url, {
          token: systemToken,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
        });
        expect({ route: `${route.method} ${route.url}`, status: response.status }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 403,
        });
      }
      // The transactions its own requests made, searched: none yet, and nobody else's.
      const search = await http(stack.gatewayUrl, 'GET', '/api/admin/transactions', { token: systemToken });
      expect({ status: search.status, transactions: (search.body as { transactions?: unknown[] }).transactions }).toEqual({
        status: 200,
        transactions: [],
      });
      // What became of its own keyed requests: a key it never used reads UNKNOWN.
      const status = await http(stack.gatewayUrl, 'GET', '/api/commands/never-used', { token: systemToken });
      expect({ status: status.status, body: status.body }).toEqual({ status: 200, body: { status: 'UNKNOWN' } });
      // Its own webhook endpoints are a platform's too: its list answers, empty.
      const hooks = await http(stack.gatewayUrl, 'GET', '/api/webhooks/endpoints', { token: systemToken });
      expect({ status: hooks.status, body: hooks.body }).toEqual({ status: 200, body: { endpoints: [] } });
      // Capturing and voiding holds is a platform's to do: past the role check, an unknown hold is 404.
      for (const action of ['capture', 'void']) {
        const response = await http(
          stack.gatewayUrl,
          'POST',
          `/api/coins/holds/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/${action}`,
          {
            token: systemToken,
            body: {},
          },
        );
        expect([action, response.status, response.body.code]).toEqual([action, 404, 'HOLD_NOT_FOUND']);
      }
    });

    it('when the secret is wrong or the client unknown, then the same 401', async () => {
      const wrong = await problemOf(as().issueToken({ body: { clientId: client.clientId, clientSecret: 'pcs_wrong' } }));
      const unknown = await problemOf(as().issueToken({ body: { clientId: 'pc_nobody', clientSecret: 'pcs_wrong' } }));
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      // The problems as the API sent them.
      expect({ ...wrong.problem, requestId: 0 }).toEqual({ ...unknown.problem, requestId: 0 });
      // A body without the secret is outside the document: raw.
      expect((await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: { clientId: client.clientId } })).status).toBe(400);
    });

    it('when a client is revoked in the database, then it can no longer get tokens', async () => {
      await withUsersDb(stack, (q) => q('UPDATE platform_clients SET revoked_at = now() WHERE id = $1', [client.clientId]));
      await expect(as().issueToken({ body: client })).rejects.toMatchObject({ status: 401 });
    });
  });

  it('when the CLI creates a superadmin, then that account logs in with role SUPERADMIN; an existing email is promoted only when asked, with the given password', async () => {
    const existing = await registerUser(stack.gatewayUrl);
    const previous = { ...process.env };
    Object.assign(process.env, {
      USER_DATABASE_URL: stack.env.user.USER_DATABASE_URL,
      DB_SCHEMA_PREFIX: stack.prefix,
      TOPIC_PREFIX: stack.prefix,
    });
    const lines: string[] = [];
    try {
      // The password from stdin (piped), then from a file: never from argv.
      await runAdminCommand(['create-superadmin', '--email', `cli.${existing.email}`, '--password-stdin'], (l) => lines.push(l), {
        readStdin: async () => 'operator password\n',
      });
      const passwordFile = join(mkdtempSync(join(tmpdir(), 'admin-pw-')), 'password');
      writeFileSync(passwordFile, 'operator file password\n', { mode: 0o600 });
      // Never silently: an account someone registered keeps its role unless the operator says so.
      await expect(
        runAdminCommand(['create-superadmin', '--email', existing.email, '--password-file', passwordFile], (l) => lines.push(l)),
      ).rejects.toThrow(/--promote-existing/);
      await runAdminCommand(['create-superadmin', '--email', existing.email, '--password-file', passwordFile, '--promote-existing'], (l) =>
        lines.push(l),
      );
    } finally {
      process.env = previous;
    }
    expect(lines[0]).toMatch(/superadmin created/);
    expect(lines.find((l) => /superadmin promoted/.test(l))).toBeDefined();
    const created = await login(`cli.${existing.email}`, 'operator password');
    expect(created.user.role).toBe('SUPERADMIN');
    // Promotion bumped the version (published through the outbox): the old USER token is refused.
    await eventually(async () => (await walletStatus(existing.accessToken)) === 401);
    // The registrant's password no longer signs in; the operator's does.
    await expect(as().login({ body: { email: existing.email, password: existing.password } })).rejects.toMatchObject({ status: 401 });
    const promoted = await login(existing.email, 'operator file password');
    expect(promoted.user.role).toBe('SUPERADMIN');
    await adminSession(stack, 'ADMIN'); // the harness path still works next to CLI-made admins
  });
});
