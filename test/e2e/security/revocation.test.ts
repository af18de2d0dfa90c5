import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createLogger } from '@coin/logger';
import { loadGatewayConfig, startGatewayService, type RunningService } from '@coin/gateway';
import { createRedis, type Redis } from '@coin/redis';
import { sha256Hex } from '@coin/security';
import { importPKCS8, SignJWT } from 'jose';
import {
  adminSession,
  adminStepUp,
  apiKeyFor,
  createPlatformClientWithCli,
  fundTreasury,
  runOperatorCommand,
  type AdminSession,
  withSecondSuperadmin,
} from '../../harness/admin';
import { EventStreamReader } from '../../harness/event-stream';
import { eventually } from '../../harness/eventually';
import { apiClient, applied, http, registerUser } from '../../harness/http';
import { scaledBound } from '../../harness/machine-speed';
import { startTestStack, type TestStack, fastLoopsStack } from '../../harness/stack';

type Person = Awaited<ReturnType<typeof registerUser>>;

/** The claims of an access token (its payload, unverified: the test made or received it). */
function claimsOf(token: string): { sub: string; ver: number; role: string; exp: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as never;
}

/** A receiver of webhooks on this machine: every request is kept (its path and the transaction it tells of), each answered 200. */
async function startReceiver(): Promise<{ url: string; received: Array<{ path: string; transactionId: string }>; close(): Promise<void> }> {
  const received: Array<{ path: string; transactionId: string }> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { transaction?: { id?: unknown } };
      received.push({ path: request.url ?? '', transactionId: String(event.transaction?.id) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Revocation reaches everything, at once (docs/DESIGN.md "A cache cannot grant", "Live balance",
 * "Webhooks"): whoever can read and write the gateway's Redis records a sealed entry while it is
 * valid and writes it back after a revocation (deleting the tombstone that would refuse it); the
 * old token, key or client must stay refused, on the gateway that revoked and on another one. Live
 * streams end when their token is revoked or expires, and a revoked client's webhooks stop while
 * its endpoints stay manageable.
 */
describe('revocation reaches every cache, stream and delivery', () => {
  let stack: TestStack;
  let redis: Redis;
  let superadmin: AdminSession;
  let other: RunningService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const streams: EventStreamReader[] = [];

  let steppedUpAtMs = 0;
  /** The SUPERADMIN's token with a fresh second factor (step-up routes), confirmed again when most of the window has passed. */
  const fresh = async (): Promise<string> => {
    if (Date.now() - steppedUpAtMs > 200_000) {
      superadmin.accessToken = steppedUpAtMs === 0 ? superadmin.accessToken : await adminStepUp(stack, superadmin);
      steppedUpAtMs = Date.now();
    }
    return superadmin.accessToken;
  };
  const status = async (token: string, gatewayUrl = stack.gatewayUrl) =>
    (await http(gatewayUrl, 'GET', '/api/wallets/me', { token })).status;

  beforeAll(async () => {
    stack = await startTestStack(fastLoopsStack);
    redis = createRedis(stack.redisUrl, `${stack.prefix}gw:`);
    await redis.connect();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    await fresh();
    // A second instance of the gateway, sharing the stack's Redis, Kafka and services, as a deployment's replicas do.
    other = await startGatewayService(loadGatewayConfig({ ...stack.env.gateway, GATEWAY_PORT: '0' }), createLogger('gateway-2', 'warn'));
    receiver = await startReceiver();
  }, 120_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    redis?.disconnect();
    await other?.close();
    await receiver?.close();
    await stack?.close();
  });

  /** The stored text of a gateway cache entry (its sealed value), as an attacker reading Redis sees it. */
  const captured = async (key: string): Promise<string> => {
    const stored = await redis.get(key);
    if (stored === null) throw new Error(`nothing cached under ${key}`);
    return stored;
  };

  describe('a sealed entry recorded before the revocation and written back', () => {
    it('when a token version entry is captured before logout-all and written back, then the old token is refused on this gateway and on another', async () => {
      const user = await registerUser(stack.gatewayUrl);
      expect(await status(user.accessToken)).toBe(200);
      const before = await captured(`tokenver:${user.userId}`);
      expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout-all', { token: user.accessToken })).status).toBe(204);
      expect(await status(user.accessToken)).toBe(401);
      await redis.set(`tokenver:${user.userId}`, before, 'EX', 3600);
      expect(await status(user.accessToken)).toBe(401);
      // The other instance learns the revocation from user.events.v2, not from Redis.
      await eventually(
        async () => {
          await redis.set(`tokenver:${user.userId}`, before, 'EX', 3600);
          return (await status(user.accessToken, other.url)) === 401;
        },
        10_000,
        'the replayed version refused on the other gateway',
      );
      await redis.set(`tokenver:${user.userId}`, before, 'EX', 3600);
      expect(await status(user.accessToken, other.url)).toBe(401);
    });

    it('when a revoked API key has its tombstone deleted and its captured grant written back, then it is refused (401) on both gateways', async () => {
      const token = await fresh();
      const created = await withSecondSuperadmin(stack, token, () =>
        apiClient(stack.gatewayUrl, { accessToken: token }).createApiKey({ body: { name: 'revocation replay', scopes: ['burn'] } }),
      );
      const keyId = (created.grantRequest.act as { apiKeyId: string }).apiKeyId;
      const key = created.key;
      const hash = sha256Hex(key);
      const target = await registerUser(stack.gatewayUrl);
      const burn = (gatewayUrl: string) =>
        http(gatewayUrl, 'POST', '/api/admin/burn', {
          token: superadmin.accessToken,
          headers: { 'x-api-key': key },
          body: { userId: target.userId, amount: 1, reason: 'revocation replay' },
        });
      // Accepted as a key (the burn itself finds no coins), so its grant is cached, sealed.
      expect((await burn(stack.gatewayUrl)).status).not.toBe(401);
      expect((await burn(other.url)).status).not.toBe(401);
      const grant = await captured(`apikey:${hash}`);
      const revoked = await http(stack.gatewayUrl, 'DELETE', `/api/admin/api-keys/${keyId}`, { token: superadmin.accessToken });
      expect(revoked.status).toBe(204);
      const replay = async () => {
        await redis.del(`apikey-revoked:${hash}`);
        await redis.set(`apikey:${hash}`, grant, 'EX', 3600);
      };
      await replay();
      expect((await burn(stack.gatewayUrl)).body.code).toBe('API_KEY_INVALID');
      await eventually(
        async () => {
          await replay();
          return (await burn(other.url)).status === 401;
        },
        10_000,
        'the replayed grant refused on the other gateway',
      );
      await replay();
      expect((await burn(other.url)).body.code).toBe('API_KEY_INVALID');
    });

    it("when a platform client revoked by the operator CLI has its tombstone deleted and its captured 'active' written back, then its token is refused", async () => {
      const client = await createPlatformClientWithCli(stack, `replay-${randomUUID().slice(0, 8)}`);
      const token = String((await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: client })).body.accessToken);
      const capture = async (gatewayUrl = stack.gatewayUrl) =>
        (await http(gatewayUrl, 'POST', `/api/coins/holds/${randomUUID()}/capture`, { token, body: {} })).status;
      expect(await capture()).not.toBe(401);
      const active = await captured(`pclient:${client.clientId}`);
      await runOperatorCommand(stack, ['revoke-client', '--id', client.clientId]);
      expect(await capture()).toBe(401);
      const replay = async () => {
        await redis.del(`pclient-revoked:${client.clientId}`);
        await redis.set(`pclient:${client.clientId}`, active, 'EX', 3600);
      };
      // No gateway took part in this revocation: each learns it from the user service.
      for (const gatewayUrl of [stack.gatewayUrl, other.url]) {
        await eventually(
          async () => {
            await replay();
            return (await capture(gatewayUrl)) === 401;
          },
          10_000,
          'the replayed status refused',
        );
        await replay();
        expect(await capture(gatewayUrl)).toBe(401);
      }
    });
  });

  describe('live balance streams', () => {
    let payer: Person;

    beforeAll(async () => {
      payer = await registerUser(stack.gatewayUrl);
      const apiKey = await apiKeyFor(stack, await fresh(), ['mint']);
      await applied(
        apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken, apiKey }).mintCoins({
          body: { userId: payer.userId, amount: 1000, reason: 'revocation streams' },
        }),
      );
    }, 60_000);

    const open = async (path: string, token: string, gatewayUrl = stack.gatewayUrl) => {
      const stream = await EventStreamReader.open(`${gatewayUrl}${path}`, { authorization: `Bearer ${token}` });
      streams.push(stream);
      expect(stream.response.status).toBe(200);
      expect((await stream.next()).event).toBe('snapshot');
      return stream;
    };
    const pay = (to: Person, amount: number) =>
      applied(
        apiClient(stack.gatewayUrl, { accessToken: payer.accessToken }).transferCoins({
          body: { toUserId: to.userId, amount, reason: 'revocation streams' },
        }),
      );

    it("when an admin watching a user's balance is demoted, then the stream ends at once and no later balance reaches it, on either gateway", async () => {
      const admin = await adminSession(stack, 'ADMIN');
      const watched = await registerUser(stack.gatewayUrl);
      const here = await open(`/api/admin/users/${watched.userId}/wallet/stream`, admin.accessToken);
      const there = await open(`/api/admin/users/${watched.userId}/wallet/stream`, admin.accessToken, other.url);
      const own = await open('/api/wallets/me/stream', watched.accessToken);
      await pay(watched, 1);
      for (const stream of [own, here, there]) expect((await stream.next()).event).toBe('balance');
      const demoted = await http(stack.gatewayUrl, 'PATCH', `/api/admin/users/${admin.userId}/role`, {
        token: await fresh(),
        body: { role: 'USER' },
      });
      expect(demoted.status).toBe(200);
      await here.ended(5000);
      await there.ended(5000);
      await pay(watched, 2);
      // The change reached the watched user's own stream, so it was published and fanned out; not to the ended ones.
      expect((await own.next()).event).toBe('balance');
      expect(here.pending()).toEqual([]);
      expect(there.pending()).toEqual([]);
    });

    it("when a user logs out everywhere, then the user's own stream ends", async () => {
      const user = await registerUser(stack.gatewayUrl);
      const stream = await open('/api/wallets/me/stream', user.accessToken, other.url);
      expect((await http(stack.gatewayUrl, 'POST', '/api/auth/logout-all', { token: user.accessToken })).status).toBe(204);
      await stream.ended(5000);
    });

    it("when a user is deleted, then the user's own stream ends", async () => {
      const user = await registerUser(stack.gatewayUrl);
      const stream = await open('/api/wallets/me/stream', user.accessToken, other.url);
      expect((await http(stack.gatewayUrl, 'DELETE', `/api/admin/users/${user.userId}`, { token: await fresh() })).status).toBe(200);
      await stream.ended(5000);
    });

    it("when a stream outlives its access token, then it ends at the token's expiry", async () => {
      const user = await registerUser(stack.gatewayUrl);
      const claims = claimsOf(user.accessToken);
      // A token of this user as the user service signs them, with three seconds to live.
      const key = await importPKCS8(stack.jwtKey.privateKeyPem, 'EdDSA');
      const nowS = Math.floor(Date.now() / 1000);
      const shortLived = await new SignJWT({ role: claims.role, ver: claims.ver })
        .setProtectedHeader({ alg: 'EdDSA', kid: stack.jwtKey.kid, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(stack.env.gateway.JWT_ISSUER ?? 'coin-ledger')
        .setAudience(stack.env.gateway.JWT_AUDIENCE ?? 'coin-ledger-api')
        .setIssuedAt(nowS)
        .setExpirationTime(nowS + 3)
        .setJti(randomUUID())
        .sign(key);
      const stream = await open('/api/wallets/me/stream', shortLived);
      const openedAt = Date.now();
      await stream.ended(8000);
      expect(Date.now()).toBeGreaterThanOrEqual((nowS + 3) * 1000 - 50);
      expect(Date.now() - openedAt).toBeLessThan(scaledBound(6000));
    });
  });

  describe("a revoked platform client's webhooks", () => {
    let treasurer: { accessToken: string; apiKey: string };

    beforeAll(async () => {
      treasurer = { accessToken: superadmin.accessToken, apiKey: await apiKeyFor(stack, await fresh(), ['mint']) };
      await fundTreasury(stack, treasurer, 'REWARDS', 1000);
    }, 60_000);

    /** A client granted REWARDS with one endpoint (to `/<name>` on the receiver): its id and token. */
    const clientWithEndpoint = async (name: string) => {
      const made = await createPlatformClientWithCli(stack, `${name}-${randomUUID().slice(0, 8)}`, { treasuries: ['REWARDS'] });
      const token = String((await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: made })).body.accessToken);
      const endpoint = await http(stack.gatewayUrl, 'POST', '/api/webhooks/endpoints', {
        token,
        body: { url: `${receiver.url}/${name}`, eventTypes: ['coin.transaction.recorded'] },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(endpoint.status).toBe(201);
      return { clientId: made.clientId, token, endpointId: String(endpoint.body.id) };
    };
    const reward = async (token: string) => {
      const winner = await registerUser(stack.gatewayUrl);
      const answer = await http(stack.gatewayUrl, 'POST', '/api/admin/reward', {
        token,
        body: { userId: winner.userId, amount: 1, reason: 'revocation webhooks' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(answer.status).toBe(201);
      return String(answer.body.transaction.id);
    };
    /**
     * Whether `path` got the delivery of transaction `id`. A client sees the events it is party to
     * (its own rewards), never another client's, so a delivery before the revocation is of its own
     * reward, and what stops its deliveries is its endpoints stopped (DISABLED), checked by listing.
     */
    const got = (path: string, id: string) => receiver.received.some((r) => r.path === path && r.transactionId === id);
    const deliveredTo = (path: string, id: string) => eventually(async () => got(path, id), 20_000, `the delivery of ${id} to ${path}`);
    const endpointsPath = (clientId: string) => `/api/admin/platform-clients/${clientId}/webhooks/endpoints`;
    const revokeThroughApi = async (clientId: string) =>
      expect(
        (await http(stack.gatewayUrl, 'POST', `/api/admin/platform-clients/${clientId}/revoke`, { token: await fresh() })).status,
      ).toBe(200);

    it('when a client is revoked through the API, then its endpoints get no delivery of a later event its grant covers', async () => {
      const revoked = await clientWithEndpoint('revoked-by-api');
      const witness = await clientWithEndpoint('witness-api');
      const first = await reward(revoked.token);
      await deliveredTo('/revoked-by-api', first);
      await revokeThroughApi(revoked.clientId);
      const listed = await http(stack.gatewayUrl, 'GET', endpointsPath(revoked.clientId), { token: await fresh() });
      expect(listed.body.endpoints?.[0]?.status).toBe('DISABLED');
      const second = await reward(witness.token);
      await deliveredTo('/witness-api', second);
      // The witness got the second reward; the revoked client's endpoint, granted the same treasury, did not.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(got('/revoked-by-api', second)).toBe(false);
    });

    it('when a client is revoked, then a SUPERADMIN still lists, reads and deletes its endpoints (shown stopped), and cannot add one (409)', async () => {
      const revoked = await clientWithEndpoint('listed-after-revocation');
      await revokeThroughApi(revoked.clientId);
      const token = await fresh();
      const listed = await http(stack.gatewayUrl, 'GET', endpointsPath(revoked.clientId), { token });
      expect(listed.status).toBe(200);
      expect(listed.body.endpoints).toEqual([
        expect.objectContaining({ id: revoked.endpointId, status: 'DISABLED', disabledReason: expect.stringContaining('revoked') }),
      ]);
      expect((await http(stack.gatewayUrl, 'GET', `${endpointsPath(revoked.clientId)}/${revoked.endpointId}`, { token })).status).toBe(200);
      const added = await http(stack.gatewayUrl, 'POST', endpointsPath(revoked.clientId), {
        token,
        body: { url: `${receiver.url}/never`, eventTypes: ['coin.transaction.recorded'] },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect({ status: added.status, code: added.body.code }).toEqual({ status: 409, code: 'PLATFORM_CLIENT_REVOKED' });
      const enabled = await http(stack.gatewayUrl, 'POST', `${endpointsPath(revoked.clientId)}/${revoked.endpointId}/enable`, { token });
      expect({ status: enabled.status, code: enabled.body.code }).toEqual({ status: 409, code: 'PLATFORM_CLIENT_REVOKED' });
      expect((await http(stack.gatewayUrl, 'DELETE', `${endpointsPath(revoked.clientId)}/${revoked.endpointId}`, { token })).status).toBe(
        204,
      );
      expect((await http(stack.gatewayUrl, 'GET', endpointsPath(revoked.clientId), { token })).body).toEqual({ endpoints: [] });
      // A client that never existed is still a 404.
      expect((await http(stack.gatewayUrl, 'GET', endpointsPath('pc_neverexisted1'), { token })).status).toBe(404);
    });

    it('when a client is revoked by the operator CLI, then its deliveries stop too', async () => {
      const revoked = await clientWithEndpoint('revoked-by-cli');
      const witness = await clientWithEndpoint('witness-cli');
      const first = await reward(revoked.token);
      await deliveredTo('/revoked-by-cli', first);
      await runOperatorCommand(stack, ['revoke-client', '--id', revoked.clientId]);
      // No gateway took part: within the gateways' revocation poll, the webhooks service has stopped the client's endpoints.
      await eventually(
        async () => {
          const listed = await http(stack.gatewayUrl, 'GET', endpointsPath(revoked.clientId), { token: await fresh() });
          return listed.body.endpoints?.[0]?.status === 'DISABLED';
        },
        10_000,
        "the CLI-revoked client's endpoint stopped",
      );
      const second = await reward(witness.token);
      await deliveredTo('/witness-cli', second);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(got('/revoked-by-cli', second)).toBe(false);
    });
  });
});
