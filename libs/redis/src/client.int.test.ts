import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { eventually } from '../../../test/harness/eventually';
import { scaledBound } from '../../../test/harness/machine-speed';
import { testInfra } from '../../../test/harness/env';
import { startTcpProxy, type TcpProxy, type TcpProxyMode } from '../../../test/harness/tcp-proxy';
import { connectRedis, createRedis, disconnectForGood, isRedisUnreachable, type Redis } from './index';

const commandTimeoutMs = 500;
/** The bound each call is held to: its timeout, with room for a loaded 2-core machine (scaled by its speed). */
const settleMsMax = commandTimeoutMs + scaledBound(1000);

/**
 * The client's promise (libs/redis): with the server refusing connections or swallowing them,
 * every kind of call the gateway makes settles within the command timeout, a request making
 * several calls pays that timeout once per outage, nothing issued during the outage runs after
 * it, and the client finds the server again by itself.
 */
describe('createRedis when the server cannot be reached', () => {
  let proxy: TcpProxy;
  let redis: Redis;
  const prefix = `redis-int-${randomUUID()}:`;

  beforeAll(async () => {
    const target = new URL(testInfra().redisUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    redis = createRedis(target.toString(), prefix, { commandTimeoutMs });
    redis.on('error', () => undefined);
    redis.defineCommand('echoKey', { numberOfKeys: 1, lua: "return redis.call('GET', KEYS[1])" });
    await redis.connect();
  });
  afterEach(() => proxy.setMode('pass'));
  afterAll(async () => {
    redis?.disconnect();
    await proxy?.close();
  });

  /** Runs one call; returns how it ended and how long it took. */
  async function settle(call: () => Promise<unknown>) {
    const started = Date.now();
    try {
      await call();
      return { ok: true, unreachable: false, ms: Date.now() - started };
    } catch (err) {
      return { ok: false, unreachable: isRedisUnreachable(err), ms: Date.now() - started };
    }
  }

  it.each<TcpProxyMode>(['refuse', 'blackhole'])(
    'when the server is unreachable (%s), then every call fails as unreachable within the bound, one after another and side by side, and a write made meanwhile never lands',
    async (mode) => {
      await eventually(async () => (await redis.ping()) === 'PONG', 10_000, 'connected before the outage');
      const lateKey = `late-${mode}`;
      proxy.setMode(mode);

      // One after another, as a request's hooks call Redis: the first may wait out the timeout
      // (black-holed, it is on the wire and its fate unknown), the rest must not each wait again.
      const calls: Array<() => Promise<unknown>> = [
        () => redis.get('a'),
        () => redis.set(lateKey, '1', 'PX', 60_000, 'NX'),
        () => redis.mget('a', 'b'),
        () => (redis as Redis & { echoKey(key: string): Promise<unknown> }).echoKey('a'),
        () => redis.multi().del('a').set('b', '1', 'EX', 60).exec(),
        () => redis.ping(),
      ];
      const startedAll = Date.now();
      for (const call of calls) {
        const outcome = await settle(call);
        expect(outcome).toMatchObject({ ok: false, unreachable: true });
        expect(outcome.ms).toBeLessThan(settleMsMax);
      }
      expect(Date.now() - startedAll).toBeLessThan(settleMsMax);
      // Side by side, as concurrent requests do.
      const together = await Promise.all(Array.from({ length: 20 }, (_, i) => settle(() => redis.get(`k${i}`))));
      for (const outcome of together) {
        expect(outcome).toMatchObject({ ok: false, unreachable: true });
        expect(outcome.ms).toBeLessThan(settleMsMax);
      }

      proxy.setMode('pass');
      await eventually(async () => (await redis.ping()) === 'PONG', 10_000, 'reconnected after the outage');
      // The SET its caller was told had failed was not kept to be sent once the server was back.
      expect(await redis.get(lateKey)).toBeNull();
    },
    30_000,
  );

  it('when a connection dies with a command in flight, then its silence does not end the next connection (ioredis#2147)', async () => {
    await eventually(async () => (await redis.ping()) === 'PONG', 10_000, 'connected');
    // A command on the wire, then the connection reset before the command's socket timer fires.
    proxy.setMode('blackhole');
    const inFlight = settle(() => redis.get('a'));
    await new Promise((resolve) => setTimeout(resolve, commandTimeoutMs / 5));
    proxy.setMode('refuse');
    await inFlight;
    proxy.setMode('pass');
    await eventually(async () => (await redis.ping()) === 'PONG', 10_000, 'reconnected');
    let closes = 0;
    const countClose = () => (closes += 1);
    redis.on('close', countClose);
    try {
      // Past the old command's deadline: the healthy connection must stay up and answer.
      const until = Date.now() + 2 * commandTimeoutMs;
      while (Date.now() < until) {
        expect(await redis.ping()).toBe('PONG');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      redis.off('close', countClose);
    }
    expect(closes).toBe(0);
  });
});

/**
 * A service's start (connectRedis): a first connection whose ready check goes unanswered past the
 * socket timeout (a loaded machine, a Redis still loading) is not the end of the start; the
 * client's own reconnection is waited for, up to the start's bound.
 */
describe('connectRedis when the first answer is late', () => {
  let proxy: TcpProxy;
  let url: string;
  const clients: Redis[] = [];

  beforeAll(async () => {
    const target = new URL(testInfra().redisUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) }, 'blackhole');
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    url = target.toString();
  });
  afterEach(() => {
    // Before the proxy swallows again: a disconnect waits for the server's side of the close.
    for (const client of clients.splice(0)) if (client.status !== 'end') client.disconnect();
    proxy.setMode('blackhole');
  });
  afterAll(async () => {
    await proxy?.close();
  });

  function client(): Redis {
    const redis = createRedis(url, `redis-start-${randomUUID()}:`, { commandTimeoutMs });
    redis.on('error', () => undefined);
    clients.push(redis);
    return redis;
  }

  it('when Redis answers only after the first connection timed out, then the start waits for the next and the client works', async () => {
    const redis = client();
    let closes = 0;
    redis.on('close', () => (closes += 1));
    const started = connectRedis(redis, 30_000);
    // The first connection's ready check is swallowed past the socket timeout, and that connection closed.
    await eventually(async () => (closes > 0 ? true : undefined), 10_000, 'the first connection given up');
    proxy.setMode('pass');
    await started;
    expect(await redis.ping()).toBe('PONG');
  }, 30_000);

  it('when Redis never answers, then the start fails after its bound, saying so, and stops reconnecting', async () => {
    const redis = client();
    await expect(connectRedis(redis, 2_000)).rejects.toThrow(/Redis not ready within 2000 ms/);
    await eventually(async () => (redis.status === 'end' ? true : undefined), 5_000, 'the client closed');
    // Past the longest reconnection delay (1 s): no attempt was scheduled.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(redis.status).toBe('end');
  }, 30_000);
});

describe('disconnectForGood', () => {
  it('when a reconnection is pending, then the client ends and never connects again', async () => {
    // A server that closes every connection it accepts, counting them: each attempt fails at once.
    let accepted = 0;
    const server = createServer((socket) => {
      accepted += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const redis = createRedis(`redis://127.0.0.1:${port}`, `redis-end-${randomUUID()}:`, { commandTimeoutMs });
    redis.on('error', () => undefined);
    try {
      redis.connect().catch(() => undefined);
      await eventually(async () => (accepted > 0 && redis.status === 'reconnecting' ? true : undefined), 10_000, 'a reconnection pending');
      const acceptedBefore = accepted;
      disconnectForGood(redis);
      await eventually(async () => (redis.status === 'end' ? true : undefined), 5_000, 'the client ended');
      // Past the longest reconnection delay (1 s): no connection was made.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(accepted).toBe(acceptedBefore);
      expect(redis.status).toBe('end');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 30_000);
});
