import { randomBytes, randomUUID } from 'node:crypto';
import { createRedis, type Redis } from '@coin/redis';
import { sha256Hex } from '@coin/security';
import { gatewayMetricNames } from '@coin/gateway';
import { startTestStack, type TestStack } from '../../harness/stack';
import { apiClient, http, registerUser } from '../../harness/http';
import { adminSession, apiKeyFor, createPlatformClientWithCli, runOperatorCommand } from '../../harness/admin';
import { eventuallyHolds } from '../../harness/eventually';

/**
 * "A cache cannot grant": Whoever can write the gateway's Redis cannot widen or
 * invent authorization. Every cached grant carries a MAC under a key Redis never holds
 * (CACHE_MAC_SECRET); an entry without a valid one is a miss, answered by the user service.
 * These tests write the gateway's real Redis, under this stack's prefix, as an attacker would.
 */
describe('a forged Redis cache entry cannot grant', () => {
  let stack: TestStack;
  let redis: Redis;
  let superadmin: string;

  const macFailures = async (): Promise<number> => {
    const text = String((await http(stack.metricsUrls.gateway, 'GET', '/metrics')).body);
    return text
      .split('\n')
      .filter(
        (line) => line.startsWith(`${gatewayMetricNames.cacheMacFailures}{`) || line.startsWith(`${gatewayMetricNames.cacheMacFailures} `),
      )
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  };
  const burn = (apiKey: string, userId: number) =>
    http(stack.gatewayUrl, 'POST', '/api/admin/burn', {
      token: superadmin,
      headers: { 'x-api-key': apiKey },
      body: { userId, amount: 1, reason: 'forgery test' },
    });

  beforeAll(async () => {
    stack = await startTestStack();
    redis = createRedis(stack.redisUrl, `${stack.prefix}gw:`);
    await redis.connect();
    superadmin = (await adminSession(stack, 'SUPERADMIN')).accessToken;
  }, 90_000);
  afterAll(async () => {
    redis?.disconnect();
    await stack?.close();
  });

  it('when a grant is written for an API key that was never issued, then that key is refused 401 and the forgery is counted', async () => {
    const invented = `ck_${randomBytes(32).toString('base64url')}`;
    const hash = sha256Hex(invented);
    const user = await registerUser(stack.gatewayUrl);
    const before = await macFailures();
    // The plain grant (the old format) and anything shaped like the new one without the secret.
    for (const forged of [
      JSON.stringify({ id: randomUUID(), scopes: ['mint', 'burn', 'refund'] }),
      `${JSON.stringify({ id: randomUUID(), scopes: ['mint', 'burn', 'refund'] })}.${randomBytes(32).toString('base64url')}`,
    ]) {
      await redis.set(`apikey:${hash}`, forged, 'EX', 60);
      const answer = await burn(invented, user.userId);
      expect([answer.status, answer.body.code]).toEqual([401, 'API_KEY_INVALID']);
    }
    expect(await macFailures()).toBeGreaterThanOrEqual(before + 2);
  });

  it("when an issued key's cached scopes are widened, then the scope it lacks is still 403", async () => {
    const mintOnly = await apiKeyFor(stack, superadmin, ['mint']);
    const user = await registerUser(stack.gatewayUrl);
    // Used once, so its grant is cached.
    expect((await burn(mintOnly, user.userId)).status).toBe(403);
    const key = `apikey:${sha256Hex(mintOnly)}`;
    const cached = await redis.get(key);
    expect(cached).not.toBeNull();
    const id = (await apiClient(stack.gatewayUrl, { accessToken: superadmin }).listApiKeys()).apiKeys.find(
      (k) => k.scopes.length === 1,
    )?.id;
    await redis.set(key, JSON.stringify({ id: id ?? randomUUID(), scopes: ['mint', 'burn', 'refund'] }), 'EX', 60);
    const answer = await burn(mintOnly, user.userId);
    expect([answer.status, answer.body.code]).toEqual([403, 'API_KEY_SCOPE']);
    // A valid entry of one key moved under another key's name does not verify either.
    const otherKey = `ck_${randomBytes(32).toString('base64url')}`;
    const resealed = await redis.get(key);
    if (resealed) await redis.set(`apikey:${sha256Hex(otherKey)}`, resealed, 'EX', 60);
    expect((await burn(otherKey, user.userId)).status).toBe(401);
  });

  it('when a lower token version is written for a user who logged out everywhere, then the old token is still refused', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const status = async (token: string) => (await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token })).status;
    expect(await status(user.accessToken)).toBe(200);
    const claims = JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const versionClaim = Object.entries(claims).find(([name, value]) => /^(tv|tokenVersion|ver)$/.test(name) && typeof value === 'number');
    const oldVersion = versionClaim ? Number(versionClaim[1]) : 0;
    expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout-all', { token: user.accessToken })).status).toBe(204);
    expect(await status(user.accessToken)).toBe(401);
    for (const forged of [String(oldVersion), `${oldVersion}.${randomBytes(32).toString('base64url')}`]) {
      await redis.set(`tokenver:${user.userId}`, forged, 'EX', 600);
      expect(await status(user.accessToken)).toBe(401);
    }
  });

  it("when a revoked platform client's status is forged 'active' (tombstone removed), then its token is still refused", async () => {
    const client = await createPlatformClientWithCli(stack, `forged-${randomUUID().slice(0, 8)}`);
    const issued = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: client });
    const token = String(issued.body.accessToken);
    const capture = async () =>
      (await http(stack.gatewayUrl, 'POST', `/api/coins/holds/${randomUUID()}/capture`, { token, body: {} })).status;
    expect(await capture()).not.toBe(401);
    await runOperatorCommand(stack, ['revoke-client', '--id', client.clientId]);
    expect(await capture()).toBe(401);
    for (const forged of ['1', `1.${randomBytes(32).toString('base64url')}`]) {
      await redis.del(`pclient-revoked:${client.clientId}`);
      await redis.set(`pclient:${client.clientId}`, forged, 'EX', 60);
      expect(await capture()).toBe(401);
    }
  });
});

/**
 * The same attacker, with a valid sealed entry: one recorded while the client was active and
 * written back after its revocation (with the tombstone deleted). Only this gateway's own set of
 * revoked clients refuses it, which it learns from the user service. Reads that are not held come
 * a minute apart here (GATEWAY_REVOCATION_POLL_MS), so the set can learn the revocation in time
 * only through the held read the user service answers when the revocation commits.
 */
describe('a replayed sealed grant of a revoked client, refused as soon as the revocation commits', () => {
  let stack: TestStack;
  let redis: Redis;

  beforeAll(async () => {
    stack = await startTestStack({ extraEnv: { GATEWAY_REVOCATION_POLL_MS: '60000' } });
    redis = createRedis(stack.redisUrl, `${stack.prefix}gw:`);
    await redis.connect();
  }, 90_000);
  afterAll(async () => {
    redis?.disconnect();
    await stack?.close();
  });

  it('when the operator CLI revokes a client and its recorded active entry is written back, then its token is refused within seconds', async () => {
    const client = await createPlatformClientWithCli(stack, `replayed-${randomUUID().slice(0, 8)}`);
    const issued = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: client });
    const token = String(issued.body.accessToken);
    const capture = async () =>
      (await http(stack.gatewayUrl, 'POST', `/api/coins/holds/${randomUUID()}/capture`, { token, body: {} })).status;
    expect(await capture()).not.toBe(401);
    const recorded = await redis.get(`pclient:${client.clientId}`);
    expect(recorded).not.toBeNull();
    await runOperatorCommand(stack, ['revoke-client', '--id', client.clientId]);
    await eventuallyHolds(async () => {
      await redis.del(`pclient-revoked:${client.clientId}`);
      await redis.set(`pclient:${client.clientId}`, recorded!, 'EX', 60);
      expect(await capture()).toBe(401);
    }, 10_000);
  });
});
