import { generateKeyPairSync, type KeyObject, createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { startTestStack, type TestStack } from '../../harness/stack';
import { http, registerUser } from '../../harness/http';
import { withUsersDb } from '../../harness/admin';
import { sha256Hex } from '@coin/security';

/**
 * The internal APIs answer only callers that prove who they are (a short EdDSA
 * service token, docs/DESIGN.md "Internal HTTP credentials"), each route only the callers its
 * table admits, and /internal/sessions only for the registration that just happened.
 */
describe('internal HTTP credentials: every internal route authenticates and authorizes its caller', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  const gatewayKey = (): KeyObject => createPrivateKey(String(stack.env.gateway.SERVICE_TOKEN_PRIVATE_KEY));
  const strangerKey = generateKeyPairSync('ed25519').privateKey;
  const sign = (key: KeyObject, claims: { iss: string; aud: string; expiresInS?: number; alg?: string }): Promise<string> => {
    const nowS = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: claims.alg ?? 'EdDSA', typ: 'JWT' })
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setIssuedAt(nowS - 30)
      .setExpirationTime(nowS + (claims.expiresInS ?? 30))
      .sign(key);
  };
  const urls = () => ({ user: stack.userUrl, ledger: stack.ledgerUrl, history: stack.historyUrl });
  /** One internal read per service, each one the gateway may call. */
  const reads = { user: '/internal/users/1', ledger: '/internal/treasuries', history: '/internal/transactions?limit=1' } as const;
  const services = ['user', 'ledger', 'history'] as const;

  it.each(services)('when %s is called on an internal route without credentials, then it answers 401 problem+json', async (service) => {
    const response = await http(urls()[service], 'GET', reads[service]);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });

  it.each(services)('when %s gets a malformed bearer or a token signed by an unknown key, then it answers 401', async (service) => {
    expect((await http(urls()[service], 'GET', reads[service], { token: 'not-a-jwt' })).status).toBe(401);
    const forged = await sign(strangerKey, { iss: 'gateway', aud: service });
    expect((await http(urls()[service], 'GET', reads[service], { token: forged })).status).toBe(401);
  });

  it.each(services)(
    'when %s gets a gateway token for another audience, an expired one or an HS256 one, then it answers 401',
    async (service) => {
      const other = service === 'user' ? 'ledger' : 'user';
      const elsewhere = await sign(gatewayKey(), { iss: 'gateway', aud: other });
      expect((await http(urls()[service], 'GET', reads[service], { token: elsewhere })).status).toBe(401);
      const expired = await sign(gatewayKey(), { iss: 'gateway', aud: service, expiresInS: -60 });
      expect((await http(urls()[service], 'GET', reads[service], { token: expired })).status).toBe(401);
      const hs256 = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('gateway')
        .setAudience(service)
        .setIssuedAt()
        .setExpirationTime('30s')
        .sign(new TextEncoder().encode('a shared secret anybody could guess'));
      expect((await http(urls()[service], 'GET', reads[service], { token: hs256 })).status).toBe(401);
    },
  );

  it.each(services)('when %s gets a valid gateway token, then the internal read answers', async (service) => {
    const token = await sign(gatewayKey(), { iss: 'gateway', aud: service });
    const response = await http(urls()[service], 'GET', reads[service], { token });
    expect([200, 404]).toContain(response.status);
  });

  it('when the history service (a known caller) calls a ledger route its table does not admit it to, then 403 FORBIDDEN', async () => {
    const token = await sign(createPrivateKey(String(stack.env.history.SERVICE_TOKEN_PRIVATE_KEY)), { iss: 'history', aud: 'ledger' });
    const refused = await http(stack.ledgerUrl, 'GET', '/internal/treasuries', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    // The one route it is admitted to: the record the history rebuild pages through.
    expect((await http(stack.ledgerUrl, 'GET', '/internal/transactions?afterId=0&limit=1', { token })).status).toBe(200);
  });

  it('when the user service JWKS is read without credentials, then it answers: public keys are public material', async () => {
    const response = await http(stack.userUrl, 'GET', '/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(response.body.keys.length).toBeGreaterThan(0);
  });

  it('when /internal/sessions is asked for a user id alone, with an unknown grant, or a used one, then no token is issued', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const token = await sign(gatewayKey(), { iss: 'gateway', aud: 'user' });
    const noCredentials = await http(stack.userUrl, 'POST', '/internal/sessions', { body: { userId: user.userId } });
    expect(noCredentials.status).toBe(401);
    expect(noCredentials.body.accessToken).toBeUndefined();
    const idOnly = await http(stack.userUrl, 'POST', '/internal/sessions', { token, body: { userId: user.userId } });
    expect(idOnly.status).toBe(400);
    expect(idOnly.body.accessToken).toBeUndefined();
    const unknown = await http(stack.userUrl, 'POST', '/internal/sessions', {
      token,
      body: { userId: user.userId, grant: 'sg_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.accessToken).toBeUndefined();
    // The first SUPERADMIN (id 1) was never granted a session by this route.
    const superadmin = await http(stack.userUrl, 'POST', '/internal/sessions', {
      token,
      body: { userId: 1, grant: 'sg_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(superadmin.status).toBe(401);
    expect(superadmin.body.accessToken).toBeUndefined();
  });

  it('when a stored grant is used, then one session is issued; used again, expired, or for another user id, nothing', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const other = await registerUser(stack.gatewayUrl);
    const token = await sign(gatewayKey(), { iss: 'gateway', aud: 'user' });
    const grant = (n: number) => `sg_${String(n).repeat(43).slice(0, 43)}`;
    await withUsersDb(stack, async (query) => {
      await query(`INSERT INTO session_grants (grant_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '60 seconds')`, [
        sha256Hex(grant(1)),
        user.userId,
      ]);
      await query(`INSERT INTO session_grants (grant_hash, user_id, expires_at) VALUES ($1, $2, now() - interval '1 second')`, [
        sha256Hex(grant(2)),
        user.userId,
      ]);
    });
    const session = (userId: number, g: string) => http(stack.userUrl, 'POST', '/internal/sessions', { token, body: { userId, grant: g } });
    // Another user's id with this grant: refused, and the grant is not spent by it.
    expect((await session(other.userId, grant(1))).status).toBe(401);
    const first = await session(user.userId, grant(1));
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(user.userId);
    const again = await session(user.userId, grant(1));
    expect([again.status, again.body.accessToken]).toEqual([401, undefined]);
    const expired = await session(user.userId, grant(2));
    expect([expired.status, expired.body.accessToken]).toEqual([401, undefined]);
  });

  it('when a user registers through the gateway, then no session grant is stored: the 202 issues no session, a login does', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const grants = await withUsersDb(stack, (query) =>
      query('SELECT count(*)::int AS n FROM session_grants WHERE user_id = $1', [user.userId]),
    );
    expect(grants.rows[0].n).toBe(0);
    const me = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: user.accessToken });
    expect(me.status).toBe(200);
  });
});
