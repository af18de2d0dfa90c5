import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installProblemHandler } from '@coin/http';
import { createLogger } from '@coin/logger';
import { createRedis, type Redis } from '@coin/redis';
import { ApiKeyVerifier, InternalHttpClient, registerApiKeyCheck, registerAuth, testCacheAuthenticator } from '@coin/gateway/testing';
import { callerSigner } from '../../harness/service-tokens';
import { startTestStack, type TestStack } from '../../harness/stack';
import { adminSession, apiKeyFor, withSecondSuperadmin, withUsersDb, type Session } from '../../harness/admin';
import { apiClient, http, registerUser } from '../../harness/http';

/**
 * API keys (docs/CONTRACT.md "Authentication and roles") through the real gateway, plus the gateway's x-api-key check mounted on a
 * probe route (the money routes that need keys are covered by the security suite, which walks
 * every route declaring an apiKeyScope).
 */
describe('API keys', () => {
  let stack: TestStack;
  let superadmin: Session;
  let admin: Session;
  let probeUrl: string;
  let probe: Awaited<ReturnType<typeof buildProbe>>;
  let redis: Redis;

  async function buildProbe() {
    const logger = createLogger('probe', 'warn');
    const users = new InternalHttpClient(stack.userUrl, 3000, callerSigner(stack.env.gateway).authorizationFor('user'));
    redis = createRedis(stack.redisUrl, `${stack.prefix}gw:`);
    await redis.connect();
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installProblemHandler(app);
    registerAuth(app, {
      jwksUrl: `${stack.userUrl}/.well-known/jwks.json`,
      issuer: 'coin-ledger',
      audience: 'coin-ledger-api',
      stepUpMaxAgeS: 300,
    });
    registerApiKeyCheck(app, new ApiKeyVerifier(redis, users, 30, logger, testCacheAuthenticator(redis, logger)));
    app.post('/api/probe/mint', { config: { access: 'admin', apiKeyScope: 'mint' } }, async (request) => ({
      ok: true,
      apiKeyId: request.apiKeyId,
    }));
    return app;
  }

  beforeAll(async () => {
    stack = await startTestStack();
    [superadmin, admin] = await Promise.all([adminSession(stack, 'SUPERADMIN'), adminSession(stack, 'ADMIN')]);
    probe = await buildProbe();
    probeUrl = await probe.listen({ host: '127.0.0.1', port: 0 });
  }, 90_000);
  afterAll(async () => {
    await probe?.close();
    redis?.disconnect();
    await stack?.close();
  });

  /** Well-formed calls to the gateway go through the typed client; a non-2xx answer rejects with CoinProblemError. */
  const as = (token: string) => apiClient(stack.gatewayUrl, { accessToken: token });
  /** DELETE /api/admin/api-keys/{id} through the client's raw `api`: the exact status (204) is asserted. */
  const revokeStatus = async (id: string) =>
    (await as(superadmin.accessToken).api.DELETE('/api/admin/api-keys/{id}', { params: { path: { id } } })).response.status;
  // The probe route is not part of the API document: raw.
  const mintWith = (key: string | undefined, token = admin.accessToken) =>
    http(probeUrl, 'POST', '/api/probe/mint', { token, body: {}, ...(key !== undefined ? { headers: { 'x-api-key': key } } : {}) });

  it('when a SUPERADMIN asks for a key and another approves it, then the secret is shown once (202) and the list never shows it', async () => {
    const created = await withSecondSuperadmin(stack, superadmin.accessToken, async () => {
      const asked = await as(superadmin.accessToken).api.POST('/api/admin/api-keys', {
        body: { name: 'tournament mint', scopes: ['mint', 'burn'] },
      });
      expect(asked.response.status).toBe(202);
      return asked.data!;
    });
    expect(created).toEqual({
      grantRequest: expect.objectContaining({
        status: 'PENDING',
        act: {
          type: 'user.api-key.create',
          apiKeyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: 'tournament mint',
          scopes: ['mint', 'burn'],
          ownerUserId: superadmin.userId,
        },
      }),
      key: expect.stringMatching(/^ck_[A-Za-z0-9_-]{43}$/),
    });
    const act = created.grantRequest.act as { apiKeyId: string };
    const list = await as(superadmin.accessToken).api.GET('/api/admin/api-keys');
    expect(list.response.status).toBe(200);
    const listed = list.data!.apiKeys.find((k: { id: string }) => k.id === act.apiKeyId);
    expect(listed).toEqual({
      id: act.apiKeyId,
      name: 'tournament mint',
      scopes: ['mint', 'burn'],
      // Issued to its creator: no admin was named.
      ownerUserId: superadmin.userId,
      createdAt: expect.any(String),
      revokedAt: null,
    });
    expect(JSON.stringify(list.data)).not.toContain(created.key);
  });

  it('when a key is stored, then only its SHA-256 is in the database', async () => {
    const key = await apiKeyFor(stack, superadmin.accessToken, ['refund']);
    const rows = await withUsersDb(stack, (q) => q('SELECT * FROM api_keys'));
    const dump = JSON.stringify(rows.rows);
    expect(dump).not.toContain(key);
    expect(dump).toContain(createHash('sha256').update(key).digest('hex'));
  });

  it('when an ADMIN, a DEVELOPER or a USER manages keys, then 403', async () => {
    const developer = await adminSession(stack, 'DEVELOPER');
    const user = await registerUser(stack.gatewayUrl);
    for (const token of [admin.accessToken, developer.accessToken, user.accessToken]) {
      await expect(as(token).createApiKey({ body: { name: 'x', scopes: ['mint'] } })).rejects.toMatchObject({ status: 403 });
      await expect(as(token).listApiKeys()).rejects.toMatchObject({ status: 403 });
      await expect(as(token).revokeApiKey({ path: { id: '00000000-0000-4000-8000-000000000000' } })).rejects.toMatchObject({
        status: 403,
      });
    }
  });

  it.each([
    ['no scopes', { name: 'k', scopes: [] }],
    ['an unknown scope', { name: 'k', scopes: ['transfer'] }],
    ['a repeated scope', { name: 'k', scopes: ['mint', 'mint'] }],
    ['an empty name', { name: ' ', scopes: ['mint'] }],
    ['an unknown field', { name: 'k', scopes: ['mint'], key: 'ck_chosen-by-caller' }],
  ])('when the body has %s, then 400 VALIDATION_FAILED', async (_label, body) => {
    const response = await http(stack.gatewayUrl, 'POST', '/api/admin/api-keys', { token: superadmin.accessToken, body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('when a key is issued to an ADMIN, then it works with their token only, not even with its creator’s', async () => {
    const created = await withSecondSuperadmin(stack, superadmin.accessToken, () =>
      as(superadmin.accessToken).createApiKey({ body: { name: 'for the admin', scopes: ['mint'], ownerUserId: admin.userId } }),
    );
    expect(created.grantRequest.act).toMatchObject({ type: 'user.api-key.create', ownerUserId: admin.userId });
    expect((await mintWith(created.key)).status).toBe(200);
    const asCreator = await mintWith(created.key, superadmin.accessToken);
    expect([asCreator.status, asCreator.body.code, asCreator.body.detail]).toEqual([
      401,
      'API_KEY_INVALID',
      'The API key was issued to another admin',
    ]);
    // Its owner's request after the creator's refusal (the grant cached meanwhile) still passes.
    expect((await mintWith(created.key)).status).toBe(200);
  });

  it('when a key would be issued to a USER or to no live account, then 422 / 404 and no key is made', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const before = (await as(superadmin.accessToken).listApiKeys()).apiKeys.length;
    const toUser = await http(stack.gatewayUrl, 'POST', '/api/admin/api-keys', {
      token: superadmin.accessToken,
      body: { name: 'k', scopes: ['mint'], ownerUserId: user.userId },
    });
    expect([toUser.status, toUser.body.code]).toEqual([422, 'API_KEY_OWNER_NOT_ADMIN']);
    const toNobody = await http(stack.gatewayUrl, 'POST', '/api/admin/api-keys', {
      token: superadmin.accessToken,
      body: { name: 'k', scopes: ['mint'], ownerUserId: 987_654_321 },
    });
    expect([toNobody.status, toNobody.body.code]).toEqual([404, 'USER_NOT_FOUND']);
    expect((await as(superadmin.accessToken).listApiKeys()).apiKeys.length).toBe(before);
  });

  it('when an unknown or malformed id is revoked, then 404 / 400', async () => {
    await expect(as(superadmin.accessToken).revokeApiKey({ path: { id: '00000000-0000-4000-8000-000000000000' } })).rejects.toMatchObject({
      status: 404,
    });
    // A malformed id is outside the document: raw.
    const malformed = await http(stack.gatewayUrl, 'DELETE', '/api/admin/api-keys/1', { token: superadmin.accessToken });
    expect(malformed.status).toBe(400);
  });

  it('when a route needs a scope, then a key with it passes and a key without it gets 403 API_KEY_SCOPE', async () => {
    const mintKey = await apiKeyFor(stack, superadmin.accessToken, ['mint'], admin);
    const burnKey = await apiKeyFor(stack, superadmin.accessToken, ['burn'], admin);
    const ok = await mintWith(mintKey);
    expect(ok.status).toBe(200);
    expect(ok.body.apiKeyId).toMatch(/^[0-9a-f-]{36}$/);
    const wrongScope = await mintWith(burnKey);
    expect(wrongScope.status).toBe(403);
    expect(wrongScope.body.code).toBe('API_KEY_SCOPE');
  });

  it('when the key is missing, unknown or malformed, then 401 API_KEY_INVALID', async () => {
    for (const key of [undefined, 'ck_' + 'A'.repeat(43), 'not-a-key', '']) {
      const response = await mintWith(key);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('API_KEY_INVALID');
    }
  });

  it('when the bearer token is missing or the role too low, then that is refused before the key is looked at', async () => {
    const mintKey = await apiKeyFor(stack, superadmin.accessToken, ['mint'], admin);
    const user = await registerUser(stack.gatewayUrl);
    const noBearer = await http(probeUrl, 'POST', '/api/probe/mint', { body: {}, headers: { 'x-api-key': mintKey } });
    expect(noBearer.status).toBe(401);
    expect(noBearer.body.code).toBe('UNAUTHENTICATED');
    const asUser = await mintWith(mintKey, user.accessToken);
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe('FORBIDDEN');
  });

  it('when a key that was just used (and cached) is revoked, then the very next request is refused', async () => {
    const created = await withSecondSuperadmin(stack, superadmin.accessToken, () =>
      as(superadmin.accessToken).createApiKey({ body: { name: 'soon revoked', scopes: ['mint'], ownerUserId: admin.userId } }),
    );
    const id = (created.grantRequest.act as { apiKeyId: string }).apiKeyId;
    expect((await mintWith(created.key)).status).toBe(200);
    expect((await mintWith(created.key)).status).toBe(200);
    expect(await revokeStatus(id)).toBe(204);
    const after = await mintWith(created.key);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('API_KEY_INVALID');
    const list = await as(superadmin.accessToken).listApiKeys();
    expect(list.apiKeys.find((k: { id: string }) => k.id === id)!.revokedAt).toEqual(expect.any(String));
    expect(await revokeStatus(id)).toBe(204);
  });
});
