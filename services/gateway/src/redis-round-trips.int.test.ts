import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { Registry } from 'prom-client';
import { topicNames, type MoneyResult, type Reply } from '@coin/contracts';
import type { App } from '@coin/http';
import type { RequestOptions, RequestReplyClient } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { createRedis, type Redis } from '@coin/redis';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { buildApp } from './app';
import { CommandBus } from './clients/commands';
import { InternalHttpClient } from './clients/internal-http';
import { RedisAdmissionStore } from './plugins/admission-redis';
import { ApiKeyVerifier } from './plugins/api-key';
import type { LoginThrottle } from './plugins/login-throttle';
import { TokenVersionStore } from './plugins/token-version';
import { testCacheAuthenticator } from './testing';

/**
 * The Redis round trips one request costs the gateway, counted on the real Redis. The
 * gateway is buildApp() with its real Redis plugins; only the ledger behind Kafka is faked.
 */

interface SentCommand {
  name: string;
  args: string[];
  sentAt: number;
  settledAt?: number;
}

/**
 * Records every command the client sends (ioredis sends each one, pipelined or not, through
 * sendCommand). Commands overlap when one is sent before another has settled: a "round trip" is
 * a run of overlapping commands, which the client waits out once.
 */
function recordCommands(redis: Redis) {
  const sent: SentCommand[] = [];
  let seq = 0;
  const target = redis as unknown as { sendCommand(command: unknown, ...rest: unknown[]): unknown };
  const original = target.sendCommand.bind(redis);
  target.sendCommand = (command: unknown, ...rest: unknown[]) => {
    const c = command as { name: string; args: unknown[]; promise: Promise<unknown> };
    const entry: SentCommand = { name: c.name.toUpperCase(), args: c.args.map(String), sentAt: ++seq };
    sent.push(entry);
    const settle = () => {
      entry.settledAt = ++seq;
    };
    c.promise.then(settle, settle);
    return original(command, ...rest);
  };
  return {
    reset: () => sent.splice(0),
    /** The commands sent since the last reset, grouped into round trips. */
    roundTrips(): string[][] {
      const trips: SentCommand[][] = [];
      let openUntil = 0;
      for (const command of sent) {
        const settledAt = command.settledAt ?? Number.POSITIVE_INFINITY;
        if (trips.length === 0 || command.sentAt > openUntil) trips.push([command]);
        else trips.at(-1)!.push(command);
        openUntil = Math.max(openUntil, settledAt);
      }
      return trips.map((trip) => trip.map((command) => command.name));
    },
  };
}

/** A result the contract accepts (its content does not matter here). */
function moneyResult(transactionId: number): MoneyResult {
  const at = '2025-01-01T00:00:00.000Z';
  return {
    transaction: {
      id: transactionId,
      type: 'REWARD',
      amount: 5,
      fromUserId: null,
      toUserId: 7,
      fromTreasury: 'REWARDS',
      toTreasury: null,
      reason: 'x',
      reference: null,
      refundOf: null,
      createdAt: at,
    },
    wallet: {
      code: 'REWARDS',
      name: 'Rewards',
      walletId: randomUUID(),
      balance: 95,
      totalReceived: 100,
      totalSent: 5,
      createdAt: at,
      updatedAt: at,
    },
  };
}

/**
 * Keys matching a pattern by SCAN, a bounded step at a time (never KEYS: on a Redis holding a
 * developer's million bench keys it blocks the server past the clients' socket timeout).
 */
async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 10_000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

describe('gateway Redis round trips per request (real Redis)', () => {
  const prefix = uniquePrefix();
  const logger = createLogger('gateway-redis-round-trips-int', 'silent');
  let redis: Redis;
  let app: App;
  let jwks: Server;
  let privateKey: CryptoKey;
  let recorder: ReturnType<typeof recordCommands>;
  let tokenVersions: TokenVersionStore;
  /** The ledger behind Kafka: applies a command id once, answering a repeat from its outcome. */
  const outcomes = new Map<string, Reply>();
  let hold: Promise<void> | undefined;
  const bus = {
    request: async (options: RequestOptions): Promise<Reply> => {
      await hold;
      const { commandId } = options.command;
      const stored = outcomes.get(commandId);
      if (stored) return stored;
      const reply: Reply = { correlationId: randomUUID(), commandId, ok: true, result: moneyResult(outcomes.size + 1) };
      outcomes.set(commandId, reply);
      return reply;
    },
  } as unknown as RequestReplyClient;
  const userId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  const writesPerCaller = 20;

  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA');
    privateKey = pair.privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
    jwks = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [publicJwk] })));
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const { port } = jwks.address() as AddressInfo;

    redis = createRedis(testInfra().redisUrl, `${prefix}gw:`);
    await redis.connect();
    const users = new InternalHttpClient('http://127.0.0.1:9/', 1000, async () => 'Bearer unused');
    const cacheAuth = testCacheAuthenticator(redis, logger);
    tokenVersions = new TokenVersionStore(redis, users, 300, logger, cacheAuth);
    await tokenVersions.remember(userId, 0);
    const rule = { max: 1000, windowMs: 60_000 };
    app = await buildApp({
      logger,
      metrics: new Registry(),
      commands: new CommandBus(bus, topicNames(prefix), 5000),
      users,
      ledger: users,
      history: users,
      auth: {
        jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
        issuer: 'coin-ledger',
        audience: 'coin-ledger-api',
        stepUpMaxAgeS: 300,
      },
      bodyBytesMax: 64 * 1024,
      trustedProxies: [],
      redis,
      admissionStore: new RedisAdmissionStore(redis),
      commandAnswerMac: cacheAuth.mac,
      idempotencyLockMs: 10_000,
      apiKeys: new ApiKeyVerifier(redis, users, 60, logger, cacheAuth),
      tokenVersions,
      rateLimits: {
        loginPerIp: rule,
        registerPerIp: rule,
        credentialsPerIp: rule,
        writesPerCaller: { max: writesPerCaller, windowMs: 60_000 },
        resendsPerClient: rule,
      },
      loginThrottle: {} as LoginThrottle,
    });
    await app.ready();
    recorder = recordCommands(redis);
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => jwks?.close(resolve));
    redis?.disconnect();
  });

  beforeEach(async () => {
    hold = undefined;
    // A fresh window for the per-caller limit in each case.
    await redis.del(`rl:writes-caller:${userId}`);
  });

  const token = (subject = userId, ver = 0) =>
    new SignJWT({ role: 'USER', ver })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
      .setSubject(String(subject))
      .setIssuer('coin-ledger')
      .setAudience('coin-ledger-api')
      .setExpirationTime('5m')
      .sign(privateKey);

  async function transfer(key?: string, body: Record<string, unknown> = { toUserId: 9, amount: 1, reason: 'x' }, subject = userId) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/coins/transfer',
      headers: {
        authorization: `Bearer ${await token(subject)}`,
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, headers: response.headers, body: response.json() as Record<string, unknown> };
  }

  async function commandStatus(key: string, subject = userId, ver = 0) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/commands/${key}`,
      headers: { authorization: `Bearer ${await token(subject, ver)}` },
    });
    return response.json() as Record<string, unknown>;
  }

  /** Runs `request` once to load the scripts it uses (EVALSHA then EVAL), then counts a second, like it. */
  async function measured<T>(request: () => Promise<T>): Promise<{ result: T; trips: string[][] }> {
    // A lock release may follow the answer (onResponse): each request's own calls are all out after a pause.
    const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
    await request();
    await settled();
    recorder.reset();
    const result = await request();
    await settled();
    return { result, trips: recorder.roundTrips() };
  }

  it('when a keyed transfer is answered, then it cost two round trips: token version, rate limit and lock in one script; answer record with the release', async () => {
    const { result, trips } = await measured(() => transfer(randomUUID()));
    expect(result.status).toBe(201);
    expect(result.headers.ratelimit).toMatch(/^"writes-caller";r=\d+;t=\d+$/);
    // Once [GET], [EVALSHA rate limit], [SET NX lock], [SET NX answer], [EVALSHA release] (5 round trips);
    // then [GET], [EVALSHA rate limit, SET NX lock], [SET NX answer, EVALSHA release] (3).
    expect(trips.map((trip) => [...trip].sort())).toEqual([['EVALSHA'], ['EVALSHA', 'SET']]);
  });

  it('when an unkeyed transfer is answered, then it cost one round trip: token version and rate limit in one script', async () => {
    const { result, trips } = await measured(() => transfer());
    expect(result.status).toBe(201);
    expect(trips).toEqual([['EVALSHA']]);
  });

  it('when a revoked token writes, then 401 and neither the write limit nor the lock is taken', async () => {
    const revokedUser = userId + 1;
    await tokenVersions.remember(revokedUser, 1);
    const key = randomUUID();
    const refused = await transfer(key, undefined, revokedUser);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await redis.exists(`rl:writes-caller:${revokedUser}`)).toBe(0);
    // Read with the user's current token: the key is UNKNOWN, no lock was left behind.
    expect(await commandStatus(key, revokedUser, 1)).toEqual({ status: 'UNKNOWN' });
  });

  it('when the cached version is missing, then the user service is asked and the write is counted on its own', async () => {
    await redis.del(`tokenver:${userId}`);
    // The user service of this test is unreachable: a miss must fail closed (503), counting nothing.
    const missed = await transfer(randomUUID());
    expect({ status: missed.status, code: missed.body.code }).toEqual({ status: 503, code: 'UNAVAILABLE' });
    expect(await redis.exists(`rl:writes-caller:${userId}`)).toBe(0);
    await tokenVersions.remember(userId, 0);
    const { result, trips } = await measured(() => transfer());
    expect(result.status).toBe(201);
    expect(trips).toEqual([['EVALSHA']]);
  });

  it('when the same key comes again, then the answer replays; its status reads DONE; the lock is gone', async () => {
    const key = randomUUID();
    const first = await transfer(key);
    const again = await transfer(key);
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(await commandStatus(key)).toMatchObject({
      status: 'DONE',
      statusCode: 201,
      body: first.body,
      request: 'POST /api/coins/transfer',
    });
    expect((await scanKeys(redis, `${prefix}gw:idem:*`)).filter((k) => !k.includes(':answer:'))).toEqual([]);
  });

  it('when a request with the key arrives while the first is in flight, then 409 REQUEST_IN_PROGRESS and the status reads IN_PROGRESS', async () => {
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const key = randomUUID();
    const first = transfer(key);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await transfer(key);
    expect({ status: second.status, code: second.body.code }).toEqual({ status: 409, code: 'REQUEST_IN_PROGRESS' });
    expect(await commandStatus(key)).toEqual({ status: 'IN_PROGRESS' });
    release();
    expect((await first).status).toBe(201);
    expect((await transfer(key)).status).toBe(201);
  });

  it('when the per-caller limit is exceeded with a key, then 429 with Retry-After and the fields, the key is not held and not recorded', async () => {
    for (let i = 0; i < writesPerCaller; i++) expect((await transfer()).status).toBe(201);
    const key = randomUUID();
    const limited = await transfer(key);
    expect({ status: limited.status, code: limited.body.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.headers['ratelimit-policy']).toBe(`"writes-caller";q=${writesPerCaller};w=60`);
    expect(limited.headers.ratelimit).toMatch(/^"writes-caller";r=0;t=\d+$/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await commandStatus(key)).toEqual({ status: 'UNKNOWN' });
  });

  it('when a keyed request has an invalid body, then 400 and the key is not held', async () => {
    const key = randomUUID();
    const invalid = await transfer(key, { toUserId: 9, amount: 1.001, reason: 'x' });
    expect({ status: invalid.status, code: invalid.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await commandStatus(key)).toEqual({ status: 'UNKNOWN' });
    expect((await transfer(key)).status).toBe(201);
  });
});
