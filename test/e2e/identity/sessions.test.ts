import { startTestStack, type TestStack } from '../../harness/stack';
import { adminSession, withUsersDb } from '../../harness/admin';
import { http, registerUser } from '../../harness/http';
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

  const refresh = (refreshToken: string) => http(stack.gatewayUrl, 'POST', '/api/auth/refresh', { body: { refreshToken } });
  const walletStatus = async (token: string) => (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token })).status;

  it('when a refresh token is used, then a new pair comes back and the new access token works', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const rotated = await refresh(user.refreshToken);
    expect(rotated.status).toBe(200);
    expect(rotated.body.user.id).toBe(user.userId);
    expect(rotated.body.refreshToken).not.toBe(user.refreshToken);
    expect(await walletStatus(rotated.body.accessToken)).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
  });

  it('when a rotated refresh token is presented again, then 401 and its whole family is revoked', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const first = await refresh(user.refreshToken);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    const replay = await refresh(user.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('UNAUTHENTICATED');
    // The legitimate holder's latest token belongs to the same family: revoked too.
    expect((await refresh(second.body.refreshToken)).status).toBe(401);
    // Another session (another family) of the same user is untouched.
    const login = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect((await refresh(login.body.refreshToken)).status).toBe(200);
  });

  it('when the refresh token is unknown, empty or has extra fields, then 401 / 400', async () => {
    expect((await refresh('rt_not-a-real-token')).status).toBe(401);
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/refresh', { body: { refreshToken: '' } })).status).toBe(400);
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/refresh', { body: { refreshToken: 'x', userId: 1 } })).status).toBe(400);
  });

  it('when a user logs out, then 204 and that refresh token no longer works; an unknown token also gets 204', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const out = await http(stack.gatewayUrl, 'POST', '/api/auth/logout', { body: { refreshToken: user.refreshToken } });
    expect(out.status).toBe(204);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout', { body: { refreshToken: 'rt_unknown' } })).status).toBe(204);
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout', { body: {} })).status).toBe(400);
  });

  it('when a user logs out everywhere, then every access and refresh token stops working on the next request', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const other = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(await walletStatus(other.body.accessToken)).toBe(200);
    const all = await http(stack.gatewayUrl, 'POST', '/api/auth/logout-all', { token: user.accessToken });
    expect(all.status).toBe(204);
    expect(await walletStatus(user.accessToken)).toBe(401);
    expect(await walletStatus(other.body.accessToken)).toBe(401);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(other.body.refreshToken)).status).toBe(401);
    const again = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(await walletStatus(again.body.accessToken)).toBe(200);
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
      client = await createPlatformClient(pool, 'tournaments');
      await pool.end();
    });

    it('when a registered client presents its secret, then it gets a SYSTEM token that only reward routes accept', async () => {
      const token = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: client });
      expect(token.status).toBe(200);
      expect(token.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 900 });
      const claims = JSON.parse(Buffer.from(token.body.accessToken.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ sub: client.clientId, role: 'SYSTEM' });
      expect(await walletStatus(token.body.accessToken)).toBe(403);
      for (const route of stack.gatewayRoutes.filter(
        (r) => r.access && r.access !== 'public' && r.access !== 'reward' && r.method !== 'HEAD',
      )) {
        const url = route.url.replace(/:(\w+)/g, (_m, name) =>
          name === 'id' && route.url.includes('api-keys') ? '00000000-0000-4000-8000-000000000000' : '1',
        );
        const response = await http(stack.gatewayUrl, route.method, url, {
          token: token.body.accessToken,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
        });
        expect({ route: `${route.method} ${route.url}`, status: response.status }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 403,
        });
      }
    });

    it('when the secret is wrong or the client unknown, then the same 401', async () => {
      const wrong = await http(stack.gatewayUrl, 'POST', '/api/auth/token', {
        body: { clientId: client.clientId, clientSecret: 'pcs_wrong' },
      });
      const unknown = await http(stack.gatewayUrl, 'POST', '/api/auth/token', {
        body: { clientId: 'pc_nobody', clientSecret: 'pcs_wrong' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect({ ...wrong.body, requestId: 0 }).toEqual({ ...unknown.body, requestId: 0 });
      expect((await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: { clientId: client.clientId } })).status).toBe(400);
    });

    it('when a client is revoked in the database, then it can no longer get tokens', async () => {
      await withUsersDb(stack, (q) => q('UPDATE platform_clients SET revoked_at = now() WHERE id = $1', [client.clientId]));
      expect((await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: client })).status).toBe(401);
    });
  });

  it('when the CLI creates a superadmin, then that account logs in with role SUPERADMIN; for an existing email it promotes', async () => {
    const existing = await registerUser(stack.gatewayUrl);
    const previous = { ...process.env };
    Object.assign(process.env, {
      USER_DATABASE_URL: stack.env.user.USER_DATABASE_URL,
      DB_SCHEMA_PREFIX: stack.prefix,
      TOPIC_PREFIX: stack.prefix,
    });
    const lines: string[] = [];
    try {
      await runAdminCommand(['create-superadmin', '--email', `cli.${existing.email}`, '--password', 'operator password'], (l) =>
        lines.push(l),
      );
      await runAdminCommand(['create-superadmin', '--email', existing.email, '--password', 'ignored password'], (l) => lines.push(l));
    } finally {
      process.env = previous;
    }
    expect(lines[0]).toMatch(/superadmin created/);
    expect(lines[1]).toMatch(/superadmin promoted/);
    const created = await http(stack.gatewayUrl, 'POST', '/api/auth/login', {
      body: { email: `cli.${existing.email}`, password: 'operator password' },
    });
    expect(created.body.user.role).toBe('SUPERADMIN');
    // Promotion bumped the version (published through the outbox): the old USER token is refused.
    await eventually(async () => (await walletStatus(existing.accessToken)) === 401);
    const promoted = await http(stack.gatewayUrl, 'POST', '/api/auth/login', {
      body: { email: existing.email, password: existing.password },
    });
    expect(promoted.body.user.role).toBe('SUPERADMIN');
    await adminSession(stack, 'ADMIN'); // the harness path still works next to CLI-made admins
  });
});
