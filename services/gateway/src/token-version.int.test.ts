import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Consumer } from 'kafkajs';
import { dlqOf, topicNames, userEvent, type UserEvent } from '@coin/contracts';
import {
  BatchingProducer,
  createKafka,
  ensureTopics,
  fastGroupSettings,
  readHeaders,
  startConsumer,
  type RunningConsumer,
} from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { createRedis, type Redis } from '@coin/redis';
import { eventually } from '../../../test/harness/eventually';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { InternalHttpClient } from './clients/internal-http';
import { TokenVersionStore } from './plugins/token-version';
import { testCacheAuthenticator } from './testing';

const logger = createLogger('gateway-token-version-int', 'silent');

/**
 * The gateway's user.events consumer (service.ts) when Redis refuses one event: the others are
 * cached, the refused one is dead-lettered, the partition goes on.
 */
describe('gateway token-version consumer with a poison event (real Kafka and Redis)', () => {
  const prefix = uniquePrefix();
  const topics = topicNames(prefix);
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'gateway-token-version-int', logger });
  let producer: BatchingProducer;
  let redis: Redis;
  let userEvents: RunningConsumer | undefined;
  const stopLater: Array<() => Promise<void>> = [];
  // Ids of this run only: the Redis keys carry the prefix too, but the ids keep the events apart in logs.
  const base = 1_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  const [w, x, y, z] = [base + 1, base + 2, base + 3, base + 4];

  /**
   * What the user service answers `GET /internal/users/:id` (the gateway's client checks the
   * shape): the versions it holds now, 404 USER_NOT_FOUND for a deleted or unknown user. The
   * consumer caches these answers, never the events' word.
   */
  const userService = new Map<number, number>();
  let users: Server;
  let usersUrl = '';

  beforeAll(async () => {
    users = createServer((req, res) => {
      const id = Number(/^\/internal\/users\/(\d+)$/.exec(req.url ?? '')?.[1]);
      const version = userService.get(id);
      res.setHeader('content-type', 'application/json');
      if (version === undefined) {
        res.statusCode = 404;
        res.end(
          JSON.stringify({ type: 'about:blank', title: 'User not found', status: 404, code: 'USER_NOT_FOUND', detail: 'No such user' }),
        );
        return;
      }
      const body = {
        id,
        email: '',
        fullName: '',
        role: 'USER',
        isVerified: false,
        createdAt: new Date(0).toISOString(),
        tokenVersion: version,
      };
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => users.listen(0, '127.0.0.1', resolve));
    usersUrl = `http://127.0.0.1:${(users.address() as { port: number }).port}/`;
    stopLater.push(() => new Promise<void>((resolve) => users.close(() => resolve())));
    // One partition, so the refused event sits in the same batch as the good ones around it.
    await ensureTopics(kafka, [
      { topic: topics.userEvents, numPartitions: 1 },
      { topic: dlqOf(topics.userEvents), numPartitions: 1 },
    ]);
    producer = new BatchingProducer(kafka.producer(), logger);
    await producer.connect();
    redis = createRedis(testInfra().redisUrl, `${prefix}gw:`);
    await redis.connect();
  }, 60_000);

  afterAll(async () => {
    for (const stop of stopLater.reverse()) await stop();
    await userEvents?.stop();
    await producer?.close();
    redis?.disconnect();
  });

  const event = (type: UserEvent['type'], id: number, tokenVersion: number): UserEvent =>
    ({
      eventId: randomUUID(),
      type,
      version: 1,
      occurredAt: new Date().toISOString(),
      user: { id, email: `user${id}@example.com`, role: 'USER', tokenVersion },
      ...(type === 'user.role-changed' ? { previousRole: 'USER' } : {}),
    }) as UserEvent;

  const produce = (e: UserEvent) =>
    producer.send(topics.userEvents, { key: String(e.user.id), value: JSON.stringify(e), headers: { type: e.type } });

  it('when Redis refuses one user event (WRONGTYPE), then the events around it are cached, it goes to user.events.dlq, and later events are still applied', async () => {
    // X's entry is a hash: the Lua script's GET on it fails with WRONGTYPE, on every attempt.
    await redis.hset(`tokenver:${x}`, 'not', 'a version');
    const events = [event('user.registered', w, 0), event('user.role-changed', x, 3), event('user.sessions-revoked', y, 7)];
    for (const [id, version] of [
      [w, 0],
      [x, 3],
      [y, 7],
    ] as const)
      userService.set(id, version);
    // In the partition before the consumer joins: one batch, the refused event in the middle.
    for (const e of events) await produce(e);

    // Wired as services/gateway/src/service.ts wires it.
    const cacheAuth = testCacheAuthenticator(redis, logger);
    const tokenVersions = new TokenVersionStore(
      redis,
      new InternalHttpClient(usersUrl, 1000, async () => 'Bearer unused'),
      3600,
      logger,
      cacheAuth,
    );
    /** The cached value if its MAC verifies ("forged" if not): entries are `<value>.<expiry>.<mac>`. */
    const cached = async (key: string) => {
      const stored = await redis.get(key);
      return stored === null ? null : (cacheAuth.mac.open(key, stored)?.value ?? 'forged');
    };
    userEvents = await startConsumer({
      kafka,
      groupId: `${prefix}gateway-token-versions`,
      topics: [topics.userEvents],
      schema: userEvent,
      logger,
      producer,
      handleBatch: tokenVersions.handleUserEvents(),
      isolation: { backoffMs: 10 },
    });
    await userEvents.ready;

    const dead: Array<{ value: string; headers: Record<string, string> }> = [];
    const dlqReader: Consumer = kafka.consumer({ groupId: `${prefix}gateway-token-versions-dlq-reader`, ...fastGroupSettings });
    await dlqReader.connect();
    await dlqReader.subscribe({ topic: dlqOf(topics.userEvents), fromBeginning: true });
    await dlqReader.run({
      eachMessage: async ({ message }) => void dead.push({ value: message.value!.toString(), headers: readHeaders(message.headers) }),
    });
    stopLater.push(() => dlqReader.disconnect());

    await eventually(async () => (await cached(`tokenver:${y}`)) === '7', 20_000, "Y's token version cached");
    expect(await cached(`tokenver:${w}`)).toBe('0');
    await expect(tokenVersions.current(w)).resolves.toBe(0);
    await expect(tokenVersions.current(y)).resolves.toBe(7);
    // X's entry is as the test left it: nothing overwrote or dropped it.
    expect(await redis.type(`tokenver:${x}`)).toBe('hash');

    await eventually(async () => dead.length >= 1, 20_000, "X's event on user.events.dlq");
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0]!.value)).toEqual(events[1]);
    expect(dead[0]!.headers).toMatchObject({
      type: 'user.role-changed',
      'dlq-original-topic': topics.userEvents,
      'dlq-original-offset': '1',
      'dlq-error': expect.stringContaining('WRONGTYPE'),
    });

    // A forged deletion of a live user (the user service still has it, version 5) caches the
    // user service's answer, not the event's: the user is not locked out.
    userService.set(z, 5);
    await produce(event('user.deleted', z, 99));
    await eventually(async () => (await cached(`tokenver:${z}`)) === '5', 20_000, "Z's version from the user service cached");
    await expect(tokenVersions.current(z)).resolves.toBe(5);

    // The partition goes on: an event produced afterwards, a real deletion, is applied.
    userService.delete(z);
    await produce(event('user.deleted', z, 2));
    await eventually(async () => (await cached(`tokenver:${z}`)) === 'deleted', 20_000, "Z's deletion cached");
    await expect(tokenVersions.current(z)).resolves.toBeNull();
    expect(dead).toHaveLength(1);

    // Offsets advanced past all five events: a restart of the gateway redelivers none of them.
    await userEvents.stop();
    userEvents = undefined;
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [offsets] = await admin.fetchOffsets({ groupId: `${prefix}gateway-token-versions`, topics: [topics.userEvents] });
      expect(offsets!.partitions).toHaveLength(1);
      expect(offsets!.partitions[0]).toMatchObject({ partition: 0, offset: '5' });
    } finally {
      await admin.disconnect();
    }
  }, 90_000);
});
