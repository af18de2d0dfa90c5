import { startTestStack, type TestStack } from '../../harness/stack';
import { adminSession, withUsersDb, type Session } from '../../harness/admin';
import { http, registerUser, uniqueEmail } from '../../harness/http';
import { eventually } from '../../harness/eventually';

describe('user administration (seed 4.7-4.10)', () => {
  let stack: TestStack;
  let superadmin: Session;
  let admin: Session;
  beforeAll(async () => {
    stack = await startTestStack();
    [superadmin, admin] = await Promise.all([adminSession(stack, 'SUPERADMIN'), adminSession(stack, 'ADMIN')]);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  const get = (path: string, token = admin.accessToken) => http(stack.gatewayUrl, 'GET', path, { token });
  const setRole = (id: number, role: unknown, token = superadmin.accessToken) =>
    http(stack.gatewayUrl, 'PATCH', `/api/admin/users/${id}/role`, { token, body: { role } });
  const remove = (id: number, token = superadmin.accessToken) => http(stack.gatewayUrl, 'DELETE', `/api/admin/users/${id}`, { token });

  describe('GET /api/admin/users', () => {
    it('when an ADMIN lists users, then a page of users without wallets and the pagination come back', async () => {
      const response = await get('/api/admin/users?pageSize=2');
      expect(response.status).toBe(200);
      expect(response.body.users).toHaveLength(2);
      expect(response.body.pagination).toEqual({ page: 1, pageSize: 2, total: expect.any(Number) });
      expect(response.body.users[0]).toEqual({
        id: expect.any(Number),
        email: expect.any(String),
        fullName: expect.any(String),
        role: expect.any(String),
        isVerified: false,
        createdAt: expect.any(String),
      });
      const defaults = await get('/api/admin/users');
      expect(defaults.body.pagination).toMatchObject({ page: 1, pageSize: 20 });
    });

    it('when pages are walked, then every user appears once, ordered by id', async () => {
      await Promise.all([1, 2, 3].map(() => registerUser(stack.gatewayUrl)));
      const first = await get('/api/admin/users?page=1&pageSize=3');
      const second = await get('/api/admin/users?page=2&pageSize=3');
      const ids = [...first.body.users, ...second.body.users].map((u: { id: number }) => u.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      const beyond = await get(`/api/admin/users?page=1000&pageSize=100`);
      expect(beyond.status).toBe(200);
      expect(beyond.body.users).toEqual([]);
    });

    it('when q is given, then it matches email or name case-insensitively, and LIKE wildcards match literally', async () => {
      const tag = `Zq${Date.now().toString(36)}`;
      const byName = await registerUser(stack.gatewayUrl, { fullName: `Grace ${tag} Hopper` });
      const byEmail = await registerUser(stack.gatewayUrl, { email: uniqueEmail(tag.toLowerCase()) });
      const found = await get(`/api/admin/users?q=${tag.toUpperCase()}`);
      expect(found.body.users.map((u: { id: number }) => u.id).sort()).toEqual([byName.userId, byEmail.userId].sort());
      expect(found.body.pagination.total).toBe(2);
      const wildcard = await get('/api/admin/users?q=%25');
      expect(wildcard.status).toBe(200);
      expect(wildcard.body.users).toEqual([]);
      const underscore = await get('/api/admin/users?q=_');
      expect(underscore.body.users).toEqual([]);
    });

    it('when role is given, then only users with that role come back', async () => {
      const response = await get('/api/admin/users?role=SUPERADMIN&pageSize=100');
      expect(response.body.users.length).toBeGreaterThan(0);
      expect(response.body.users.every((u: { role: string }) => u.role === 'SUPERADMIN')).toBe(true);
    });

    it.each(['page=0', 'page=-1', 'page=1.5', 'page=abc', 'pageSize=0', 'pageSize=101', 'pageSize=1e2', 'role=ROOT', 'q='])(
      'when the query has %s, then 400 VALIDATION_FAILED (never clamped)',
      async (query) => {
        const response = await get(`/api/admin/users?${query}`);
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
      },
    );
  });

  describe('GET /api/admin/users/{id}', () => {
    it('when an ADMIN reads a user, then the user with the wallet balance comes back', async () => {
      const user = await registerUser(stack.gatewayUrl, { fullName: 'Detail Person' });
      const response = await get(`/api/admin/users/${user.userId}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: user.userId,
        email: user.email,
        fullName: 'Detail Person',
        role: 'USER',
        isVerified: false,
        createdAt: expect.any(String),
        wallet: { balance: 0 },
      });
    });

    it('when the id is unknown, then 404 USER_NOT_FOUND; when it is not an integer, then 400', async () => {
      const unknown = await get('/api/admin/users/999999999');
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('USER_NOT_FOUND');
      for (const id of ['abc', '1.5', '0', '-3', '1e3']) {
        expect((await get(`/api/admin/users/${id}`)).status).toBe(400);
      }
    });
  });

  describe('PATCH /api/admin/users/{id}/role', () => {
    it("when a SUPERADMIN changes a role, then the seed response comes back and the user's old token is refused at once", async () => {
      const user = await registerUser(stack.gatewayUrl);
      const response = await setRole(user.userId, 'DEVELOPER');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: expect.any(String), user: { id: user.userId, role: 'DEVELOPER' } });
      const old = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken });
      expect(old.status).toBe(401);
      const login = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
      expect(login.body.user.role).toBe('DEVELOPER');
    });

    it("when an ADMIN is demoted, then the ADMIN's very next admin request is refused with 401", async () => {
      const demoted = await adminSession(stack, 'ADMIN');
      expect((await get('/api/admin/users', demoted.accessToken)).status).toBe(200);
      expect((await setRole(demoted.userId, 'USER')).status).toBe(200);
      const next = await get('/api/admin/users', demoted.accessToken);
      expect(next.status).toBe(401);
      // Its refresh token still works but yields a USER token, which the admin routes refuse.
      const refreshed = await http(stack.gatewayUrl, 'POST', '/api/auth/refresh', { body: { refreshToken: demoted.refreshToken } });
      expect(refreshed.body.user.role).toBe('USER');
      expect((await get('/api/admin/users', refreshed.body.accessToken)).status).toBe(403);
    });

    it('when an ADMIN tries to change a role, then 403; when the role is invalid or extra fields are sent, then 400', async () => {
      const user = await registerUser(stack.gatewayUrl);
      expect((await setRole(user.userId, 'ADMIN', admin.accessToken)).status).toBe(403);
      expect((await setRole(user.userId, 'ROOT')).status).toBe(400);
      const extra = await http(stack.gatewayUrl, 'PATCH', `/api/admin/users/${user.userId}/role`, {
        token: superadmin.accessToken,
        body: { role: 'ADMIN', tokenVersion: 0 },
      });
      expect(extra.status).toBe(400);
      expect((await setRole(999999999, 'ADMIN')).status).toBe(404);
    });

    it('when the last SUPERADMIN would be demoted or deleted, then 409 LAST_SUPERADMIN, and with a second one it works', async () => {
      await withUsersDb(stack, (q) => q("UPDATE users SET role = 'ADMIN' WHERE role = 'SUPERADMIN' AND id <> $1", [superadmin.userId]));
      const demote = await setRole(superadmin.userId, 'ADMIN');
      expect(demote.status).toBe(409);
      expect(demote.body.code).toBe('LAST_SUPERADMIN');
      const del = await remove(superadmin.userId);
      expect(del.status).toBe(409);
      expect(del.body.code).toBe('LAST_SUPERADMIN');

      const second = await adminSession(stack, 'SUPERADMIN');
      const both = await Promise.all([setRole(superadmin.userId, 'ADMIN'), setRole(second.userId, 'ADMIN', second.accessToken)]);
      // Concurrent demotions of the last two: exactly one wins.
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const remaining = await withUsersDb(stack, (q) =>
        q("SELECT count(*)::int AS n FROM users WHERE role = 'SUPERADMIN' AND deleted_at IS NULL"),
      );
      expect(remaining.rows[0].n).toBe(1);
    });
  });

  describe('DELETE /api/admin/users/{id}', () => {
    let root: Session;
    beforeAll(async () => {
      root = await adminSession(stack, 'SUPERADMIN');
    });

    it('when a SUPERADMIN deletes a user, then { message }, the token dies, the detail is 404, the email is free and user.deleted is published', async () => {
      const user = await registerUser(stack.gatewayUrl);
      const response = await remove(user.userId, root.accessToken);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: expect.any(String) });
      expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken })).status).toBe(401);
      expect((await http(stack.gatewayUrl, 'POST', '/api/auth/refresh', { body: { refreshToken: user.refreshToken } })).status).toBe(401);
      expect((await get(`/api/admin/users/${user.userId}`)).status).toBe(404);
      expect(
        (await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } })).status,
      ).toBe(401);
      const row = await withUsersDb(stack, (q) =>
        q('SELECT email, full_name, password_hash, deleted_at FROM users WHERE id = $1', [user.userId]),
      );
      expect(row.rows[0]).toEqual({ email: null, full_name: null, password_hash: null, deleted_at: expect.any(Date) });
      await eventually(async () => {
        const outbox = await withUsersDb(stack, (q) =>
          q("SELECT payload FROM outbox WHERE headers->>'type' = 'user.deleted' AND key = $1 AND published_at IS NOT NULL", [
            String(user.userId),
          ]),
        );
        return outbox.rows.length === 1 && outbox.rows[0].payload.user.email === user.email;
      });
      const again = await registerUser(stack.gatewayUrl, { email: user.email });
      expect(again.userId).not.toBe(user.userId);
      expect((await remove(user.userId, root.accessToken)).status).toBe(404);
    });

    it('when an ADMIN deletes, then 403; when the id is not an integer, then 400', async () => {
      const user = await registerUser(stack.gatewayUrl);
      expect((await remove(user.userId, admin.accessToken)).status).toBe(403);
      expect((await http(stack.gatewayUrl, 'DELETE', '/api/admin/users/x1', { token: root.accessToken })).status).toBe(400);
    });
  });
});
