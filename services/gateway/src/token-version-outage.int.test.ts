import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { UserEvent } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { Delivered } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { createRedis, type Redis } from '@coin/redis';
import { eventually } from '../../../test/harness/eventually';
import { scaledBound } from '../../../test/harness/machine-speed';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { startTcpProxy, type TcpProxy, type TcpProxyMode } from '../../../test/harness/tcp-proxy';
import { InternalHttpClient } from './clients/internal-http';
import { exampleUser } from './routes/examples';
import { TokenVersionStore } from './plugins/token-version';
import type { CacheAuthenticator } from './plugins/cache-mac';
import { testCacheAuthenticator } from './testing';

const logger = createLogger('gateway-token-version-outage-int', 'silent');
const commandTimeoutMs = 500;
/** The bound of one check: one Redis timeout and a local HTTP call, with room for a loaded machine (scaled by its speed). */
const checkMsMax = commandTimeoutMs + scaledBound(1000);

/**
 * The token-version check with Redis unreachable (docs/OPERATIONS.md "Redis outage"): it asks the
 * user service (authoritative) or fails closed, within the bound; the user.events consumer's
 * write says UNAVAILABLE (retried until Redis is back) rather than an error that could set the
 * event aside.
 */
describe('TokenVersionStore when Redis is unreachable', () => {
  let proxy: TcpProxy;
  let redis: Redis;
  let userService: Server;
  /** What the fake user service answers for GET /internal/users/:id; null answers 503. */
  let userTokenVersion: number | null = 5;
  let store: TokenVersionStore;
  let cacheAuth: CacheAuthenticator;

  beforeAll(async () => {
    userService = createServer((request, response) => {
      if (userTokenVersion === null) {
        response.writeHead(503, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ code: 'UNAVAILABLE' }));
        return;
      }
      const id = Number(request.url?.split('/').pop());
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...exampleUser, id, tokenVersion: userTokenVersion }));
    });
    await new Promise<void>((resolve) => userService.listen(0, '127.0.0.1', resolve));
    const target = new URL(testInfra().redisUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    redis = createRedis(target.toString(), `${uniquePrefix()}gw:`, { commandTimeoutMs });
    redis.on('error', () => undefined);
    await redis.connect();
    const users = new InternalHttpClient(
      `http://127.0.0.1:${(userService.address() as AddressInfo).port}`,
      2000,
      async () => 'Bearer fake',
    );
    cacheAuth = testCacheAuthenticator(redis, logger);
    store = new TokenVersionStore(redis, users, 3600, logger, cacheAuth);
  });
  afterEach(() => {
    proxy.setMode('pass');
    userTokenVersion = 5;
  });
  afterAll(async () => {
    redis?.disconnect();
    await proxy?.close();
    await new Promise((resolve) => userService?.close(resolve));
  });

  const timed = async <T>(work: () => Promise<T>) => {
    const started = Date.now();
    const outcome = await work().then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    );
    return { ...outcome, ms: Date.now() - started };
  };

  const delivered = (event: UserEvent): Delivered<UserEvent> => ({
    value: event,
    key: String(event.user.id),
    headers: {},
    topic: 'user.events',
    partition: 0,
    offset: '0',
  });
  const roleChanged = (id: number, tokenVersion: number): UserEvent =>
    ({
      eventId: randomUUID(),
      type: 'user.role-changed',
      version: 1,
      occurredAt: new Date().toISOString(),
      user: { id, email: `user${id}@example.com`, role: 'ADMIN', tokenVersion },
      previousRole: 'USER',
    }) as UserEvent;

  it.each<TcpProxyMode>(['refuse', 'blackhole'])(
    'when Redis is unreachable (%s), then the version comes from the user service within the bound, and with the user service failing too the check fails closed',
    async (mode) => {
      await eventually(async () => (await redis.ping()) === 'PONG', 10_000, 'connected');
      // A cached version the user service no longer agrees with: the cache must not be trusted blindly, nor be needed.
      await store.remember(41, 2);
      proxy.setMode(mode);

      const authoritative = await timed(() => store.current(41));
      expect(authoritative).toMatchObject({ value: 5, error: undefined });
      expect(authoritative.ms).toBeLessThan(checkMsMax);

      userTokenVersion = null;
      const closed = await timed(() => store.current(41));
      expect(closed.error).toBeInstanceOf(AppError);
      expect((closed.error as AppError).code).toBe('UNAVAILABLE');
      expect(closed.ms).toBeLessThan(checkMsMax);
    },
    30_000,
  );

  it.each<TcpProxyMode>(['refuse', 'blackhole'])(
    'when Redis is unreachable (%s), then the user.events handler fails with UNAVAILABLE within the bound (redelivered, never set aside), and applies once Redis is back',
    async (mode) => {
      await eventually(async () => (await redis.ping()) === 'PONG', 10_000, 'connected');
      // The version cached is the user service's answer to the event, not the event's own.
      userTokenVersion = 9;
      const handle = store.handleUserEvents();
      proxy.setMode(mode);
      const failed = await timed(() => handle([delivered(roleChanged(42, 9))]));
      expect(failed.error).toBeInstanceOf(AppError);
      expect((failed.error as AppError).code).toBe('UNAVAILABLE');
      expect(failed.ms).toBeLessThan(checkMsMax);

      proxy.setMode('pass');
      await eventually(async () => (await redis.ping()) === 'PONG', 10_000, 'reconnected');
      await handle([delivered(roleChanged(42, 9))]);
      const stored = await redis.get('tokenver:42');
      expect(stored && cacheAuth.mac.open('tokenver:42', stored)?.value).toBe('9');
    },
    30_000,
  );
});
