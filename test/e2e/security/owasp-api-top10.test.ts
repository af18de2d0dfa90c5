import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, importPKCS8, SignJWT } from 'jose';
import { startTestStack, type TestStack } from '../../harness/stack';
import { adminSession, apiKeyFor, platformClientToken, type Session } from '../../harness/admin';
import { http, registerUser, uniqueEmail } from '../../harness/http';
import type { RouteEntry } from '@coin/gateway';

/**
 * The OWASP API Security Top 10 (2023), one describe per item that applies, every check a real
 * request through the gateway. The route-walking checks (API1, API5, API9) read the gateway's
 * route table, so a route added later without a guard or documentation fails here.
 */

const issuer = 'coin-ledger';
const audience = 'coin-ledger-api';

/** A concrete path for a route pattern: the guard runs before validation, so any id will do. */
function pathOf(route: RouteEntry): string {
  return route.url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
}

/**
 * The routes a probe can call and wait for: every served route but the live balance streams
 * (text/event-stream), which never end while the token is valid, so a probe that waits for the
 * answer would wait forever (the inventory check below still counts them); test/e2e/live-balance.test.ts holds them to the same
 * rules (no token is 401, a USER on a user's stream is 403, another user's changes never come).
 */
const endlessStreams = new Set(['/api/wallets/me/stream', '/api/admin/users/:id/wallet/stream']);

/**
 * The user-level routes that name an object in their path, never a user: the object's id names
 * its owner (docs/decisions/0005), and another user's object answers as if it did not exist. Each
 * is probed by a stranger below; a route added here without its probe fails the inventory check.
 */
const ownedObjectRoutes: Record<string, string[]> = { '/api/wallets/me/mandates/:id/cancel': [':id'] };

function served(stack: TestStack): RouteEntry[] {
  return stack.gatewayRoutes.filter((r) => r.method !== 'HEAD' && !endlessStreams.has(r.url));
}

async function call(stack: TestStack, route: RouteEntry, token?: string, body: unknown = {}) {
  const withBody = !['GET', 'DELETE'].includes(route.method);
  return http(stack.gatewayUrl, route.method, pathOf(route), { ...(token ? { token } : {}), ...(withBody ? { body } : {}) });
}

describe('OWASP API Security Top 10 (2023)', () => {
  let stack: TestStack;
  let superadmin: Session;
  let admin: Session;
  let developer: Session;
  let user: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    stack = await startTestStack();
    [superadmin, admin, developer, user] = await Promise.all([
      adminSession(stack, 'SUPERADMIN'),
      adminSession(stack, 'ADMIN'),
      adminSession(stack, 'DEVELOPER'),
      registerUser(stack.gatewayUrl),
    ]);
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  async function sign(claims: Record<string, unknown>, options: { kid?: string; privateKeyPem?: string } = {}) {
    const key = await importPKCS8(options.privateKeyPem ?? stack.jwtKey.privateKeyPem, 'EdDSA');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ role: 'USER', ver: 0, ...claims })
      .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? stack.jwtKey.kid, typ: 'JWT' })
      .setSubject(String(claims.sub ?? user.userId))
      .setIssuer(String(claims.iss ?? issuer))
      .setAudience(String(claims.aud ?? audience))
      .setIssuedAt(now)
      .setExpirationTime((claims.exp as number | undefined) ?? now + 300)
      .sign(key);
  }

  describe('API1 broken object-level authorization', () => {
    it('when a user reads "me" routes, then only their own wallet comes back', async () => {
      const other = await registerUser(stack.gatewayUrl);
      const mine = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken });
      const theirs = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: other.accessToken });
      expect(mine.body.userId).toBe(user.userId);
      expect(theirs.body.userId).toBe(other.userId);
      expect(mine.body.id).not.toBe(theirs.body.id);
    });

    it('then no user-level route takes a user id in its path: the caller is always the token subject', () => {
      const userRoutes = served(stack).filter((r) => r.access === 'user');
      expect(userRoutes.length).toBeGreaterThan(0);
      for (const route of userRoutes)
        expect({ route: route.url, params: route.url.match(/:\w+/g) ?? [] }).toEqual({
          route: route.url,
          params: ownedObjectRoutes[route.url] ?? [],
        });
    });

    it("when a user cancels another user's mandate by its id, then 404 MANDATE_NOT_FOUND and the mandate is still active", async () => {
      // Every owned-object route is probed here: one added without a probe fails this inventory.
      expect(Object.keys(ownedObjectRoutes)).toEqual(['/api/wallets/me/mandates/:id/cancel']);
      const clientId = decodeJwt(await platformClientToken(stack, 'owasp-api1-mandates')).sub;
      const [victim, stranger] = await Promise.all([registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl)]);
      const startsAt = new Date(Date.now() + 86_400_000).toISOString();
      const granted = await http(stack.gatewayUrl, 'POST', '/api/wallets/me/mandates', {
        token: victim.accessToken,
        headers: { 'idempotency-key': `api1-grant-${victim.userId}` },
        body: { clientId, amount: 1, period: 'MONTH', startsAt, reason: 'API1 set-up' },
      });
      expect(granted.status).toBe(201);
      const mandateId = granted.body.mandate.id as string;
      for (const id of [mandateId, mandateId.toUpperCase()]) {
        const cancel = await http(stack.gatewayUrl, 'POST', `/api/wallets/me/mandates/${id}/cancel`, {
          token: stranger.accessToken,
          headers: { 'idempotency-key': `api1-cancel-${id}` },
          body: {},
        });
        expect([cancel.status, cancel.body.code, JSON.stringify(cancel.body).includes(victim.email)]).toEqual([
          404,
          'MANDATE_NOT_FOUND',
          false,
        ]);
      }
      const mine = await http(stack.gatewayUrl, 'GET', '/api/wallets/me/mandates', { token: victim.accessToken });
      expect(mine.body.mandates).toEqual([expect.objectContaining({ id: mandateId, status: 'ACTIVE' })]);
    });

    it("when a user aims every user-level route at someone else (query and body), then the victim's wallet and session are untouched", async () => {
      const victim = await registerUser(stack.gatewayUrl);
      const mint = served(stack).find((r) => r.url === '/api/admin/mint' && r.method === 'POST');
      if (mint) {
        const key = await apiKeyFor(stack, superadmin.accessToken, ['mint'], admin);
        const funded = await http(stack.gatewayUrl, 'POST', '/api/admin/mint', {
          token: admin.accessToken,
          headers: { 'x-api-key': key },
          body: { userId: victim.userId, amount: 10, reason: 'API1 set-up' },
        });
        expect(funded.status).toBe(201);
      }
      const before = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: victim.accessToken });
      const attacker = await registerUser(stack.gatewayUrl);
      for (const route of served(stack).filter((r) => r.access === 'user')) {
        const fresh = await http(stack.gatewayUrl, 'POST', '/api/auth/login', {
          body: { email: attacker.email, password: attacker.password },
        });
        const token = fresh.body.accessToken as string;
        const url = `${pathOf(route)}?userId=${victim.userId}&fromUserId=${victim.userId}`;
        const body = {
          userId: victim.userId,
          fromUserId: victim.userId,
          toUserId: attacker.userId,
          amount: 1,
          reason: 'API1 probe',
          treasury: 'OPERATIONS',
        };
        const response = await http(stack.gatewayUrl, route.method, url, { token, ...(route.method === 'GET' ? {} : { body }) });
        const text = JSON.stringify(response.body ?? '');
        expect({ route: route.url, leaks: text.includes(victim.email) || text.includes(before.body.id) }).toEqual({
          route: route.url,
          leaks: false,
        });
      }
      const after = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: victim.accessToken });
      expect(after.status).toBe(200);
      expect(after.body.balance).toBe(before.body.balance);
    });
  });

  describe('API2 broken authentication', () => {
    const wallet = (token: string) => http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token });

    it('when a token is correctly signed (control), then it is accepted', async () => {
      expect((await wallet(await sign({}))).status).toBe(200);
    });

    it('when alg is none, then 401', async () => {
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(user.userId), role: 'SUPERADMIN', ver: 0, iss: issuer, aud: audience, iat: now, exp: now + 300 })}.`;
      expect((await wallet(unsigned)).status).toBe(401);
    });

    it('when the token is HS256-signed with the public key as the secret, then 401', async () => {
      const jwks = await http(stack.gatewayUrl, 'GET', '/.well-known/jwks.json');
      const { createPublicKey, createHmac } = await import('node:crypto');
      const publicPem = createPublicKey(stack.jwtKey.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      for (const secret of [publicPem, JSON.stringify(jwks.body.keys[0]), jwks.body.keys[0].x]) {
        const head = `${b64({ alg: 'HS256', typ: 'JWT', kid: stack.jwtKey.kid })}.${b64({ sub: String(user.userId), role: 'SUPERADMIN', ver: 0, iss: issuer, aud: audience, iat: now, exp: now + 300 })}`;
        const forged = `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
        expect((await wallet(forged)).status).toBe(401);
      }
    });

    it.each([
      ['a wrong issuer', { iss: 'someone-else' }],
      ['a wrong audience', { aud: 'another-api' }],
      ['an unknown role', { role: 'ROOT' }],
      ['a missing version', { ver: 'x' }],
    ])('when the token has %s, then 401', async (_label, claims) => {
      expect((await wallet(await sign(claims))).status).toBe(401);
    });

    it('when the token is expired, then 401 TOKEN_EXPIRED', async () => {
      const response = await wallet(await sign({ exp: Math.floor(Date.now() / 1000) - 60 }));
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('TOKEN_EXPIRED');
    });

    it('when the token is not yet valid, then 401', async () => {
      const key = await importPKCS8(stack.jwtKey.privateKeyPem, 'EdDSA');
      const now = Math.floor(Date.now() / 1000);
      const early = await new SignJWT({ role: 'USER', ver: 0 })
        .setProtectedHeader({ alg: 'EdDSA', kid: stack.jwtKey.kid })
        .setSubject(String(user.userId))
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(now)
        .setNotBefore(now + 3600)
        .setExpirationTime(now + 7200)
        .sign(key);
      expect((await wallet(early)).status).toBe(401);
    });

    it('when claims of a real token are tampered with, then 401', async () => {
      const [head, payload, signature] = user.accessToken.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const tampered = Buffer.from(JSON.stringify({ ...claims, role: 'SUPERADMIN' })).toString('base64url');
      expect((await http(stack.gatewayUrl, 'GET', '/api/admin/users', { token: `${head}.${tampered}.${signature}` })).status).toBe(401);
    });

    it('when the token is signed by a key the service does not have, then 401', async () => {
      const { privateKey } = generateKeyPairSync('ed25519');
      const foreign = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      expect((await wallet(await sign({}, { privateKeyPem: foreign }))).status).toBe(401);
      expect((await wallet(await sign({}, { privateKeyPem: foreign, kid: 'unknown-kid' }))).status).toBe(401);
    });

    it('when the token belongs to a deleted user, then 401', async () => {
      const doomed = await registerUser(stack.gatewayUrl);
      expect((await wallet(doomed.accessToken)).status).toBe(200);
      expect((await http(stack.gatewayUrl, 'DELETE', `/api/admin/users/${doomed.userId}`, { token: superadmin.accessToken })).status).toBe(
        200,
      );
      expect((await wallet(doomed.accessToken)).status).toBe(401);
      expect((await wallet(await sign({ sub: String(doomed.userId) }))).status).toBe(401);
    });

    it('when the Authorization header is malformed, then 401', async () => {
      // A lower-case `bearer` is not malformed: the scheme is case-insensitive (RFC 7235; test/e2e/identity/platform-clients.test.ts).
      for (const header of ['Bearer', 'Basic dXNlcjpwYXNz', `Token ${user.accessToken}`, `Bearer ${user.accessToken} extra`]) {
        const response = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { headers: { authorization: header } });
        expect(response.status).toBe(401);
      }
    });

    it('when every guarded route is called without a token, then 401', async () => {
      for (const route of served(stack).filter((r) => r.access && r.access !== 'public')) {
        const response = await call(stack, route);
        expect({ route: `${route.method} ${route.url}`, status: response.status }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
        });
      }
    });
  });

  describe('API3 broken object property level authorization', () => {
    it('when registration carries role or isVerified, then 400 and no account is created', async () => {
      for (const extra of [{ role: 'SUPERADMIN' }, { isVerified: true }, { tokenVersion: 5 }]) {
        const email = uniqueEmail('api3');
        const response = await http(stack.gatewayUrl, 'POST', '/api/auth/register', {
          body: { email, password: 'a long enough password', fullName: 'Mass Assign', ...extra },
        });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
        const login = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email, password: 'a long enough password' } });
        expect(login.status).toBe(401);
      }
    });

    it('when a user registers normally, then the role is USER and isVerified false', async () => {
      const email = uniqueEmail('api3');
      const response = await http(stack.gatewayUrl, 'POST', '/api/auth/register', {
        body: { email, password: 'a long enough password', fullName: 'Plain' },
      });
      expect(response.status).toBe(202);
      const login = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email, password: 'a long enough password' } });
      expect(login.body.user).toMatchObject({ role: 'USER', isVerified: false });
    });

    it.each([
      ['POST', '/api/auth/login', { email: 'a@b.c', password: 'x', role: 'ADMIN' }],
      ['POST', '/api/auth/refresh', { refreshToken: 'rt', userId: 1 }],
      ['POST', '/api/auth/logout', { refreshToken: 'rt', all: true }],
      ['POST', '/api/auth/token', { clientId: 'c', clientSecret: 's', role: 'SUPERADMIN' }],
      ['POST', '/api/admin/api-keys', { name: 'n', scopes: ['mint'], key: 'ck_mine' }],
    ])('when %s %s gets an unknown field, then 400', async (method, path, body) => {
      const response = await http(stack.gatewayUrl, method, path, { token: superadmin.accessToken, body });
      expect(response.status).toBe(400);
    });

    it('when responses describe a user, then no secret or internal field is exposed', async () => {
      const detail = await http(stack.gatewayUrl, 'GET', `/api/admin/users/${user.userId}`, { token: admin.accessToken });
      const list = await http(stack.gatewayUrl, 'GET', '/api/admin/users', { token: admin.accessToken });
      for (const body of [detail.body, ...list.body.users]) {
        expect(Object.keys(body)).not.toEqual(expect.arrayContaining(['passwordHash']));
        expect(JSON.stringify(body)).not.toMatch(/scrypt\$|password|tokenVersion|token_version/);
      }
    });
  });

  describe('API4 unrestricted resource consumption', () => {
    it('when a body exceeds 16 KiB, then 413 PAYLOAD_TOO_LARGE', async () => {
      const response = await http(stack.gatewayUrl, 'POST', '/api/auth/login', {
        body: { email: 'a@b.c', password: 'x'.repeat(17 * 1024) },
      });
      expect(response.status).toBe(413);
      expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('when a page size is above its cap, then 400 (never clamped)', async () => {
      expect((await http(stack.gatewayUrl, 'GET', '/api/admin/users?pageSize=101', { token: admin.accessToken })).status).toBe(400);
      const caps: Record<string, string> = { '/api/wallets/me/transactions': 'limit=101', '/api/coins/history': 'limit=1001' };
      for (const route of served(stack).filter((r) => caps[r.url])) {
        const response = await http(stack.gatewayUrl, 'GET', `${route.url}?${caps[route.url]}`, { token: user.accessToken });
        expect({ route: route.url, status: response.status }).toEqual({ route: route.url, status: 400 });
      }
    });

    describe('rate limits (a stack with low limits)', () => {
      let limited: TestStack;
      let caller: Session;
      beforeAll(async () => {
        limited = await startTestStack({
          extraEnv: {
            RATE_LIMIT_LOGIN_PER_IP_MAX: '6',
            RATE_LIMIT_LOGIN_PER_ACCOUNT_MAX: '2',
            RATE_LIMIT_REGISTER_PER_IP_MAX: '5',
            RATE_LIMIT_WRITES_PER_CALLER_MAX: '3',
            RATE_LIMIT_WRITES_PER_CALLER_WINDOW_MS: '60000',
            // As behind an Ingress: the proxy in front (here the test itself, on loopback) names the client.
            GATEWAY_TRUSTED_PROXIES: 'loopback',
          },
        });
        // Spends 1 registration, 2 logins (registration answers no tokens; the role needs a fresh login)
        // and 2 of the caller's writes (its second factor's enrolment and confirmation).
        caller = await adminSession(limited, 'SUPERADMIN');
      }, 90_000);
      afterAll(async () => {
        await limited?.close();
      });

      const login = (email: string) => http(limited.gatewayUrl, 'POST', '/api/auth/login', { body: { email, password: 'wrong password' } });

      it('when registrations, per-account logins and per-IP logins exceed their limits, then 429 RATE_LIMITED with Retry-After', async () => {
        // Registered without logging in: the per-IP login budget is under test below.
        const registered: Array<{ email: string }> = [];
        for (let i = 0; i < 4; i += 1) {
          const email = uniqueEmail('limited');
          const accepted = await http(limited.gatewayUrl, 'POST', '/api/auth/register', {
            body: { email, password: 'a long enough password', fullName: 'Limited' },
          });
          expect(accepted.status).toBe(202);
          registered.push({ email });
        }
        const sixth = await http(limited.gatewayUrl, 'POST', '/api/auth/register', {
          body: { email: uniqueEmail('limited'), password: 'a long enough password', fullName: 'Sixth' },
        });
        expect(sixth.status).toBe(429);
        expect(sixth.body.code).toBe('RATE_LIMITED');
        expect(sixth.headers.get('content-type')).toContain('application/problem+json');
        expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);

        const target = registered[0]!.email;
        expect((await login(target)).status).toBe(401);
        expect((await login(target.toUpperCase())).status).toBe(401);
        const blocked = await login(target);
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
        // Another account from the same IP still gets through until the per-IP limit (6, two spent on set-up).
        expect((await login(registered[1]!.email)).status).toBe(401);
        const ipBlocked = await login(registered[3]!.email);
        expect(ipBlocked.status).toBe(429);
        expect(ipBlocked.body.code).toBe('RATE_LIMITED');
        // Another client behind the trusted proxy has its own per-IP budget; the blocked one stays blocked.
        const via = (client: string, email: string) =>
          http(limited.gatewayUrl, 'POST', '/api/auth/login', {
            body: { email, password: 'wrong password' },
            headers: { 'x-forwarded-for': client },
          });
        expect((await via('203.0.113.9', registered[2]!.email)).status).toBe(401);
        expect((await via('127.0.0.1', registered[2]!.email)).status).toBe(429);
      });

      it('when one caller sends too many authenticated writes, then 429 with Retry-After while its reads still pass', async () => {
        const create = () =>
          http(limited.gatewayUrl, 'POST', '/api/admin/api-keys', { token: caller.accessToken, body: { name: 'k', scopes: ['mint'] } });
        // The budget is 3 writes a minute; the enrolment took 2 of them, so one key is asked for (202) and the next is refused.
        const first = await create();
        expect(first.status).toBe(202);
        expect(first.headers.get('ratelimit')).toMatch(/"writes-caller";r=0;/);
        const over = await create();
        expect(over.status).toBe(429);
        expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
        // Reads are not counted against the write limit.
        expect((await http(limited.gatewayUrl, 'GET', '/api/admin/api-keys', { token: caller.accessToken })).status).toBe(200);
      });
    });
  });

  describe('API5 broken function-level authorization', () => {
    it('then every /api route declares an access level (the gateway refuses to start otherwise)', () => {
      const api = served(stack).filter((r) => r.url.startsWith('/api/'));
      expect(api.length).toBeGreaterThan(5);
      for (const route of api) expect({ route: route.url, access: route.access }).toEqual({ route: route.url, access: expect.any(String) });
    });

    it('when USER and DEVELOPER call every admin, superadmin, reward and platform (webhook) route, then 403', async () => {
      const guarded = served(stack).filter(
        (r) => r.access === 'admin' || r.access === 'superadmin' || r.access === 'reward' || r.access === 'platform',
      );
      expect(guarded.length).toBeGreaterThan(0);
      for (const route of guarded) {
        for (const [role, token] of [
          ['USER', user.accessToken],
          ['DEVELOPER', developer.accessToken],
        ] as const) {
          const response = await call(stack, route, token);
          expect({ route: `${route.method} ${route.url}`, role, status: response.status }).toEqual({
            route: `${route.method} ${route.url}`,
            role,
            status: 403,
          });
        }
      }
    });

    it('when an ADMIN calls every superadmin route, then 403', async () => {
      const superOnly = served(stack).filter((r) => r.access === 'superadmin');
      expect(superOnly.length).toBeGreaterThan(0);
      for (const route of superOnly) {
        const response = await call(stack, route, admin.accessToken);
        expect({ route: `${route.method} ${route.url}`, status: response.status }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 403,
        });
      }
    });

    it('when an ADMIN calls a route needing an API key without one, then 401 API_KEY_INVALID', async () => {
      for (const route of served(stack).filter((r) => r.apiKeyScope)) {
        const response = await call(stack, route, admin.accessToken);
        expect({ route: route.url, code: response.body.code }).toEqual({ route: route.url, code: 'API_KEY_INVALID' });
      }
    });
  });

  describe('API8 security misconfiguration', () => {
    it('when requests fail in many ways, then the bodies are problem+json without stack traces, SQL or internals', async () => {
      const failures = [
        await http(stack.gatewayUrl, 'GET', '/api/nothing-here'),
        await http(stack.gatewayUrl, 'POST', '/api/auth/login', { rawBody: '{"email": "a@b.c", "password": ' }),
        await http(stack.gatewayUrl, 'POST', '/api/auth/login', {
          rawBody: 'email=a',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        await http(stack.gatewayUrl, 'GET', "/api/admin/users?q=' OR 1=1; DROP TABLE users; --", { token: admin.accessToken }),
        await http(stack.gatewayUrl, 'GET', '/api/admin/users/99999999999999999999', { token: admin.accessToken }),
        await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: 'not.a.jwt' }),
        await http(stack.gatewayUrl, 'POST', '/api/auth/refresh', { body: { refreshToken: "' OR '1'='1" } }),
      ];
      for (const response of failures) {
        const text = JSON.stringify(response.body);
        expect(text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|SELECT |INSERT |UPDATE |syntax error|relation "|pg_|stack/i);
        if (response.status >= 400) expect(response.headers.get('content-type')).toContain('application/problem+json');
      }
      // The injection attempt is plain data: it found nobody and changed nothing.
      expect(failures[3]!.status).toBe(200);
      expect(failures[3]!.body.users).toEqual([]);
    });

    it('then API responses carry the security headers and no framework banner', async () => {
      const response = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken });
      const h = response.headers;
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(h.get('x-frame-options')).toBeTruthy();
      expect(h.get('cache-control')).toBe('no-store');
      expect(h.get('content-security-policy')).toContain("default-src 'none'");
      expect(h.get('x-powered-by')).toBeNull();
      expect(h.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      // Error answers (401, unknown route) carry them too, and a caller's request id comes back.
      const error = await http(stack.gatewayUrl, 'GET', '/api/wallets/me');
      const unknown = await http(stack.gatewayUrl, 'GET', '/api/no-such-route', { headers: { 'x-request-id': 'trace-me-42' } });
      const malformed = await http(stack.gatewayUrl, 'GET', '/api/wallets/%E0%A4%A');
      expect([error.status, unknown.status, malformed.status]).toEqual([401, 404, 400]);
      // A URL fastify cannot decode is answered before routing: still problem+json, still these headers.
      expect(malformed.headers.get('content-type')).toContain('application/problem+json');
      expect(malformed.body.code).toBe('VALIDATION_FAILED');
      for (const answer of [error, unknown, malformed]) {
        expect(answer.headers.get('cache-control')).toBe('no-store');
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
        expect(answer.headers.get('x-powered-by')).toBeNull();
      }
      expect(unknown.headers.get('x-request-id')).toBe('trace-me-42');
    });
  });

  describe('API9 improper inventory management', () => {
    it('then the OpenAPI document lists every route the gateway serves, and hides no /api route', async () => {
      const openapi = await http(stack.gatewayUrl, 'GET', '/openapi.json');
      expect(openapi.status).toBe(200);
      for (const route of served(stack).filter((r) => r.url.startsWith('/api/'))) {
        expect({ route: route.url, hidden: route.hidden }).toEqual({ route: route.url, hidden: false });
      }
      for (const route of served(stack).filter((r) => !r.hidden)) {
        const path = route.url.replace(/:(\w+)/g, '{$1}');
        const documented = Boolean(openapi.body.paths[path]?.[route.method.toLowerCase()]);
        expect({ route: `${route.method} ${route.url}`, documented }).toEqual({ route: `${route.method} ${route.url}`, documented: true });
      }
    });

    it('then every documented operation is served (no stale entries)', async () => {
      const openapi = await http(stack.gatewayUrl, 'GET', '/openapi.json');
      const servedKeys = new Set(
        stack.gatewayRoutes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
      );
      for (const [path, operations] of Object.entries(openapi.body.paths as Record<string, Record<string, unknown>>)) {
        for (const method of Object.keys(operations)) expect(servedKeys).toContain(`${method.toUpperCase()} ${path}`);
      }
    });
  });
});
