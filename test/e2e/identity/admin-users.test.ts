import { startTestStack, type TestStack } from '../../harness/stack';
import { adminSession, withUsersDb, type Session } from '../../harness/admin';
import { apiClient, http, registerUser, tokensOf, uniqueEmail } from '../../harness/http';
import { eventually } from '../../harness/eventually';

describe('user administration (docs/CONTRACT.md "Resources")', () => {
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

  /** Well-formed calls go through the typed client; a non-2xx answer rejects with CoinProblemError. */
  const as = (token?: string) => apiClient(stack.gatewayUrl, token ? { accessToken: token } : {});
  type UsersQuery = NonNullable<Parameters<ReturnType<typeof as>['listUsers']>[0]>['query'];
  type Role = 'USER' | 'DEVELOPER' | 'ADMIN' | 'SUPERADMIN';
  const listUsers = (query: UsersQuery = {}, token = admin.accessToken) => as(token).listUsers({ query });
  /** The raw answer of the client (`coin.api`), where the exact success status is asserted. */
  const listUsersAnswer = async (query: UsersQuery = {}, token = admin.accessToken) =>
    (await as(token).api.GET('/api/admin/users', { params: { query } })).response.status;
  const getUser = (id: number, token = admin.accessToken) => as(token).getUser({ path: { id: String(id) } });
  const setRole = (id: number, role: Role, token = superadmin.accessToken) =>
    as(token).changeUserRole({ path: { id: String(id) }, body: { role } });
  const setRoleAnswer = async (id: number, role: Role, token = superadmin.accessToken) => {
    const { data, response } = await as(token).api.PATCH('/api/admin/users/{id}/role', {
      params: { path: { id: String(id) } },
      body: { role },
    });
    return { status: response.status, body: data };
  };
  const remove = (id: number, token = superadmin.accessToken) => as(token).deleteUser({ path: { id: String(id) } });
  // Requests the document forbids (bad queries, bad ids, bad bodies) go raw.
  const get = (path: string, token = admin.accessToken) => http(stack.gatewayUrl, 'GET', path, { token });

  describe('GET /api/admin/users', () => {
    it('when an ADMIN lists users, then a page of users without wallets and the pagination come back', async () => {
      const response = await as(admin.accessToken).api.GET('/api/admin/users', { params: { query: { pageSize: '2' } } });
      expect(response.response.status).toBe(200);
      expect(response.data!.users).toHaveLength(2);
      expect(response.data!.pagination).toEqual({ page: 1, pageSize: 2, total: expect.any(Number) });
      expect(response.data!.users[0]).toEqual({
        id: expect.any(Number),
        email: expect.any(String),
        fullName: expect.any(String),
        role: expect.any(String),
        isVerified: false,
        createdAt: expect.any(String),
      });
      const defaults = await listUsers();
      expect(defaults.pagination).toMatchObject({ page: 1, pageSize: 20 });
    });

    it('when pages are walked, then every user appears once, ordered by id', async () => {
      await Promise.all([1, 2, 3].map(() => registerUser(stack.gatewayUrl)));
      const first = await listUsers({ page: '1', pageSize: '3' });
      const second = await listUsers({ page: '2', pageSize: '3' });
      const ids = [...first.users, ...second.users].map((u: { id: number }) => u.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      const beyond = await as(admin.accessToken).api.GET('/api/admin/users', { params: { query: { page: '1000', pageSize: '100' } } });
      expect(beyond.response.status).toBe(200);
      expect(beyond.data!.users).toEqual([]);
    });

    it('when q is given, then it matches email or name case-insensitively, and LIKE wildcards match literally', async () => {
      const tag = `Zq${Date.now().toString(36)}`;
      const byName = await registerUser(stack.gatewayUrl, { fullName: `Grace ${tag} Hopper` });
      const byEmail = await registerUser(stack.gatewayUrl, { email: uniqueEmail(tag.toLowerCase()) });
      const found = await listUsers({ q: tag.toUpperCase() });
      expect(found.users.map((u: { id: number }) => u.id).sort()).toEqual([byName.userId, byEmail.userId].sort());
      expect(found.pagination.total).toBe(2);
      const wildcard = await as(admin.accessToken).api.GET('/api/admin/users', { params: { query: { q: '%' } } });
      expect(wildcard.response.status).toBe(200);
      expect(wildcard.data!.users).toEqual([]);
      const underscore = await listUsers({ q: '_' });
      expect(underscore.users).toEqual([]);
    });

    it('when role is given, then only users with that role come back', async () => {
      const response = await listUsers({ role: 'SUPERADMIN', pageSize: '100' });
      expect(response.users.length).toBeGreaterThan(0);
      expect(response.users.every((u: { role: string }) => u.role === 'SUPERADMIN')).toBe(true);
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
    it('when an ADMIN reads a user, then the user with the wallet (balance, held, activeCoins, totals) comes back', async () => {
      const user = await registerUser(stack.gatewayUrl, { fullName: 'Detail Person' });
      const response = await as(admin.accessToken).api.GET('/api/admin/users/{id}', { params: { path: { id: String(user.userId) } } });
      expect(response.response.status).toBe(200);
      expect(response.data).toEqual({
        id: user.userId,
        email: user.email,
        fullName: 'Detail Person',
        role: 'USER',
        isVerified: false,
        createdAt: expect.any(String),
        wallet: { balance: 0, held: 0, activeCoins: 0, totalReceived: 0, totalSent: 0, frozen: false },
      });
    });

    it('when the id is unknown, then 404 USER_NOT_FOUND; when it is not an integer, then 400', async () => {
      await expect(getUser(999999999)).rejects.toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
      for (const id of ['abc', '1.5', '0', '-3', '1e3']) {
        expect((await get(`/api/admin/users/${id}`)).status).toBe(400);
      }
    });
  });

  describe('PATCH /api/admin/users/{id}/role', () => {
    it("when a SUPERADMIN changes a role, then the documented response comes back and the user's old token is refused at once", async () => {
      const user = await registerUser(stack.gatewayUrl);
      const response = await setRoleAnswer(user.userId, 'DEVELOPER');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: expect.any(String), user: { id: user.userId, role: 'DEVELOPER' } });
      await expect(as(user.accessToken).getMyWallet()).rejects.toMatchObject({ status: 401 });
      const login = tokensOf(await as().login({ body: { email: user.email, password: user.password } }));
      expect(login.user.role).toBe('DEVELOPER');
    });

    it("when an ADMIN is demoted, then the ADMIN's very next admin request is refused with 401", async () => {
      const demoted = await adminSession(stack, 'ADMIN');
      expect(await listUsersAnswer({}, demoted.accessToken)).toBe(200);
      expect((await setRoleAnswer(demoted.userId, 'USER')).status).toBe(200);
      await expect(listUsers({}, demoted.accessToken)).rejects.toMatchObject({ status: 401 });
      // Its refresh token still works but yields a USER token, which the admin routes refuse.
      const refreshed = await as().refreshToken({ body: { refreshToken: demoted.refreshToken } });
      expect(refreshed.user.role).toBe('USER');
      await expect(listUsers({}, refreshed.accessToken)).rejects.toMatchObject({ status: 403 });
    });

    it('when an ADMIN tries to change a role, then 403; when the role is invalid or extra fields are sent, then 400', async () => {
      const user = await registerUser(stack.gatewayUrl);
      await expect(setRole(user.userId, 'ADMIN', admin.accessToken)).rejects.toMatchObject({ status: 403 });
      const root = await http(stack.gatewayUrl, 'PATCH', `/api/admin/users/${user.userId}/role`, {
        token: superadmin.accessToken,
        body: { role: 'ROOT' },
      });
      expect(root.status).toBe(400);
      const extra = await http(stack.gatewayUrl, 'PATCH', `/api/admin/users/${user.userId}/role`, {
        token: superadmin.accessToken,
        body: { role: 'ADMIN', tokenVersion: 0 },
      });
      expect(extra.status).toBe(400);
      await expect(setRole(999999999, 'ADMIN')).rejects.toMatchObject({ status: 404 });
    });

    it('when the last SUPERADMIN would be demoted or deleted, then 409 LAST_SUPERADMIN; of the last two, neither approves the request that demotes themselves', async () => {
      await withUsersDb(stack, (q) => q("UPDATE users SET role = 'ADMIN' WHERE role = 'SUPERADMIN' AND id <> $1", [superadmin.userId]));
      await expect(setRole(superadmin.userId, 'ADMIN')).rejects.toMatchObject({ status: 409, code: 'LAST_SUPERADMIN' });
      await expect(remove(superadmin.userId)).rejects.toMatchObject({ status: 409, code: 'LAST_SUPERADMIN' });

      const second = await adminSession(stack, 'SUPERADMIN');
      // Taking SUPERADMIN away waits for a second SUPERADMIN: each asks for the other's demotion.
      const demoteSecond = await setRoleAnswer(second.userId, 'ADMIN');
      const demoteFirst = await setRoleAnswer(superadmin.userId, 'ADMIN', second.accessToken);
      expect([demoteSecond.status, demoteFirst.status]).toEqual([202, 202]);
      const requestOf = (answer: { body?: unknown }) => (answer.body as { grantRequest: { id: string } }).grantRequest.id;
      const approve = (id: string, token: string) =>
        http(stack.gatewayUrl, 'POST', `/api/admin/grant-requests/${id}/approve`, { token, headers: { 'idempotency-key': id } });
      // Each approves the request that demotes themselves, at once: the person a grant is about
      // never decides it (403 SELF_DEALING), so both stay; the other of the two may (not raced here).
      const both = await Promise.all([
        approve(requestOf(demoteSecond), second.accessToken),
        approve(requestOf(demoteFirst), superadmin.accessToken),
      ]);
      expect(both.map((r) => [r.status, (r.body as { code?: string }).code])).toEqual([
        [403, 'SELF_DEALING'],
        [403, 'SELF_DEALING'],
      ]);
      const remaining = await withUsersDb(stack, (q) =>
        q("SELECT count(*)::int AS n FROM users WHERE role = 'SUPERADMIN' AND deleted_at IS NULL"),
      );
      expect(remaining.rows[0].n).toBe(2);
    });
  });

  describe('DELETE /api/admin/users/{id}', () => {
    let root: Session;
    beforeAll(async () => {
      root = await adminSession(stack, 'SUPERADMIN');
    });

    it('when a SUPERADMIN deletes a user, then { message }, the token dies, the detail is 404, the email is free and user.deleted is published', async () => {
      const user = await registerUser(stack.gatewayUrl);
      const response = await as(root.accessToken).api.DELETE('/api/admin/users/{id}', { params: { path: { id: String(user.userId) } } });
      expect(response.response.status).toBe(200);
      expect(response.data).toEqual({ message: expect.any(String) });
      await expect(as(user.accessToken).getMyWallet()).rejects.toMatchObject({ status: 401 });
      await expect(as().refreshToken({ body: { refreshToken: user.refreshToken } })).rejects.toMatchObject({ status: 401 });
      await expect(getUser(user.userId)).rejects.toMatchObject({ status: 404 });
      await expect(as().login({ body: { email: user.email, password: user.password } })).rejects.toMatchObject({ status: 401 });
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
        // The account by id only (user.events.v2): the address went with the row (docs/DESIGN.md "Erasure").
        return outbox.rows.length === 1 && outbox.rows[0].payload.user.id === user.userId && !('email' in outbox.rows[0].payload.user);
      });
      const again = await registerUser(stack.gatewayUrl, { email: user.email });
      expect(again.userId).not.toBe(user.userId);
      await expect(remove(user.userId, root.accessToken)).rejects.toMatchObject({ status: 404 });
    });

    it('when an ADMIN deletes, then 403; when the id is not an integer, then 400', async () => {
      const user = await registerUser(stack.gatewayUrl);
      await expect(remove(user.userId, admin.accessToken)).rejects.toMatchObject({ status: 403 });
      expect((await http(stack.gatewayUrl, 'DELETE', '/api/admin/users/x1', { token: root.accessToken })).status).toBe(400);
    });
  });
});
