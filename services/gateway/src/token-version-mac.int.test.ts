import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@coin/logger';
import { createRedis, type Redis } from '@coin/redis';
import { Registry } from 'prom-client';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { InternalHttpClient } from './clients/internal-http';
import { gatewayMetricNames } from './metrics';
import type { CacheAuthenticator } from './plugins/cache-mac';
import { exampleUser } from './routes/examples';
import { TokenVersionStore } from './plugins/token-version';
import { Revocations } from './revocation/revocations';
import { testCacheAuthenticator } from './testing';

const logger = createLogger('gateway-token-version-mac-int', 'silent');

/**
 * Real Redis: the token-version Lua keeps "set if higher" (and "deleted
 * is final") on the MAC'd format, and an entry that does not verify is a miss answered by the
 * user service, counted, and replaced.
 */
describe('TokenVersionStore with MAC-sealed entries', () => {
  let redis: Redis;
  let userService: Server;
  let store: TokenVersionStore;
  let cacheAuth: CacheAuthenticator;
  let metrics: Registry;
  let revocations: Revocations;
  /** What the fake user service answers for GET /internal/users/:id. */
  let userTokenVersion = 5;
  let userReads = 0;

  beforeAll(async () => {
    userService = createServer((request, response) => {
      userReads += 1;
      const id = Number(request.url?.split('/').pop());
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...exampleUser, id, tokenVersion: userTokenVersion }));
    });
    await new Promise<void>((resolve) => userService.listen(0, '127.0.0.1', resolve));
    redis = createRedis(testInfra().redisUrl, `${uniquePrefix()}gw:`);
    await redis.connect();
    metrics = new Registry();
    cacheAuth = testCacheAuthenticator(redis, logger, metrics);
    revocations = new Revocations({ userWindowMs: 60_000, usersMax: 100 });
    const users = new InternalHttpClient(
      `http://127.0.0.1:${(userService.address() as AddressInfo).port}`,
      2000,
      async () => 'Bearer fake',
    );
    store = new TokenVersionStore(redis, users, 3600, logger, cacheAuth, revocations);
  });
  afterAll(async () => {
    // The shared Redis keeps nothing of this test (some entries were written without a TTL).
    await redis?.del(...[1, 2, 3, 4, 5, 6, 7].map((id) => `tokenver:${id}`));
    redis?.disconnect();
    await new Promise((resolve) => userService?.close(resolve));
  });

  const opened = async (userId: number) => {
    const stored = await redis.get(`tokenver:${userId}`);
    return stored === null ? null : (cacheAuth.mac.open(`tokenver:${userId}`, stored)?.value ?? 'forged');
  };
  const failures = async () =>
    (await metrics.getSingleMetric(gatewayMetricNames.cacheMacFailures)?.get())?.values.reduce((n, v) => n + v.value, 0) ?? 0;

  it('when versions are written out of order, then the cached one only goes up, sealed; deleted stays deleted', async () => {
    await store.remember(1, 4);
    await store.remember(1, 3);
    expect(await opened(1)).toBe('4');
    await store.remember(1, 6);
    expect(await opened(1)).toBe('6');
    await store.rememberDeleted(1);
    await store.remember(1, 9);
    expect(await opened(1)).toBe('deleted');
    await expect(store.current(1)).resolves.toBeNull();
  });

  it('when an unsealed or forged entry is there, then a write replaces an unsealed one, and a read of a forged one asks the user service, counts it and replaces it', async () => {
    await redis.set('tokenver:2', '1'); // the format before MACs
    await store.remember(2, 1);
    expect(await opened(2)).toBe('1');

    // A forged high version keeps writes out, but never passes a read.
    await redis.set('tokenver:3', `99.${'A'.repeat(43)}`);
    await store.remember(3, 5);
    expect(await opened(3)).toBe('forged');
    const [readsBefore, failuresBefore] = [userReads, await failures()];
    userTokenVersion = 5;
    await expect(store.current(3)).resolves.toBe(5);
    expect(userReads).toBe(readsBefore + 1);
    expect(await failures()).toBe(failuresBefore + 1);
    expect(await opened(3)).toBe('5');
    // Cached now: the next read needs no user service.
    await expect(store.current(3)).resolves.toBe(5);
    expect(userReads).toBe(readsBefore + 1);
  });

  it("when a valid entry of one user is copied to another user's key, then it does not verify there", async () => {
    await store.remember(4, 2);
    await redis.set('tokenver:5', (await redis.get('tokenver:4'))!);
    userTokenVersion = 7;
    await expect(store.current(5)).resolves.toBe(7);
    expect(await opened(5)).toBe('7');
  });

  const stale = async (reason: string) =>
    (await metrics.getSingleMetric(gatewayMetricNames.cacheStaleEntries)?.get())?.values
      .filter((v) => v.labels.reason === reason)
      .reduce((n, v) => n + v.value, 0) ?? 0;

  it('when a valid entry is read past its sealed expiry (written back after Redis dropped it), then it is a miss answered by the user service, counted and replaced', async () => {
    const pastS = Math.floor(Date.now() / 1000) - 1;
    await redis.set('tokenver:6', cacheAuth.mac.seal('tokenver:6', '2', pastS), 'EX', 600);
    userTokenVersion = 3;
    const [readsBefore, expiredBefore] = [userReads, await stale('expired')];
    await expect(store.current(6)).resolves.toBe(3);
    expect(userReads).toBe(readsBefore + 1);
    expect(await stale('expired')).toBe(expiredBefore + 1);
    expect(await opened(6)).toBe('3');
  });

  it('when an entry recorded before a revocation is written back after it, then it is not believed: the user service answers, and the gate expects no old entry', async () => {
    userTokenVersion = 1;
    await expect(store.current(7)).resolves.toBe(1);
    const recorded = (await redis.get('tokenver:7'))!;
    expect(store.expectedEntry(7, 1)).toBe(recorded);
    // The revocation, as the gateway that ran it (or user.events.v2) tells this instance.
    userTokenVersion = 2;
    await store.remember(7, 2);
    expect(await opened(7)).toBe('2');
    await redis.set('tokenver:7', recorded, 'EX', 600);
    const [readsBefore, revokedBefore] = [userReads, await stale('revoked')];
    await expect(store.current(7)).resolves.toBe(2);
    expect(userReads).toBe(readsBefore + 1);
    expect(await stale('revoked')).toBe(revokedBefore + 1);
    expect(await opened(7)).toBe('2');
    expect(store.expectedEntry(7, 1)).toBe('');
    expect(store.expectedEntry(7, 2)).toBe(await redis.get('tokenver:7'));
  });
});
