import { randomUUID } from 'node:crypto';
import { anyCommand, topicNames } from '@coin/contracts';
import {
  BatchingProducer,
  createKafka,
  ensureTopics,
  RequestReplyClient,
  replyAddressOf,
  replyPartitions,
  sendReply,
  startConsumer,
  topicSpecs,
} from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { createRedis, type Redis } from '@coin/redis';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { ReplyPartitionLease } from './clients/reply-partition-lease';

const logger = createLogger('gateway-reply-routing-int', 'silent');

/**
 * Three gateway instances' reply paths, wired as service.ts wires one (a RequestReplyClient on a
 * partition leased in Redis), against a command consumer that answers as the ledger and the user
 * service do (replyAddressOf + sendReply): each instance reads only the replies to its commands.
 */
describe('gateway reply routing (real Kafka and Redis)', () => {
  const prefix = uniquePrefix();
  const topics = topicNames(prefix);
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'gateway-reply-routing-int', logger });
  let producer: BatchingProducer;
  let redis: Redis;
  const stopLater: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const specs = topicSpecs(prefix).filter((s) => [topics.ledgerCommands, topics.gatewayReplies].includes(s.topic.replace(/\.dlq$/, '')));
    await ensureTopics(kafka, specs);
    producer = new BatchingProducer(kafka.producer(), logger);
    await producer.connect();
    redis = createRedis(testInfra().redisUrl, `${prefix}gw:`);
    await redis.connect();
    const answering = await startConsumer({
      kafka,
      groupId: `${prefix}answering`,
      topics: [topics.ledgerCommands],
      schema: anyCommand,
      logger,
      producer,
      replyTopic: topics.gatewayReplies,
      handleBatch: async (items) => {
        for (const item of items) {
          const address = replyAddressOf(item.headers, topics.gatewayReplies);
          if (address) await sendReply(producer, address, { commandId: item.value.commandId, ok: true, result: item.value.data });
        }
      },
    });
    stopLater.push(answering.stop);
    await answering.ready;
  }, 90_000);

  afterAll(async () => {
    for (const stop of stopLater.reverse()) await stop();
    await producer?.close();
    redis?.disconnect();
  });

  async function startInstance() {
    const holder = randomUUID();
    const lease = new ReplyPartitionLease({ redis, topic: topics.gatewayReplies, holder, logger });
    const client = new RequestReplyClient(kafka, producer, topics.gatewayReplies, logger, `${prefix}${holder}`, undefined, lease);
    await client.start();
    return client;
  }

  const command = (n: number) => ({
    commandId: randomUUID(),
    type: 'test.echo',
    issuedAt: new Date().toISOString(),
    actor: { kind: 'service' as const, id: 'test' },
    data: { n },
  });

  /**
   * The leases held, by the key of each partition (never KEYS: on a Redis holding a developer's
   * million bench keys it blocks the server past the client's socket timeout).
   */
  const leasesHeld = async () => {
    const held = await Promise.all(
      Array.from({ length: replyPartitions }, (_, p) => redis.exists(`reply-partition:${topics.gatewayReplies}:${p}`)),
    );
    return held.reduce((sum, n) => sum + n, 0);
  };

  it('when three instances send commands at once, then each leases its own partition and reads exactly the replies to its own commands', async () => {
    const instances = await Promise.all([startInstance(), startInstance(), startInstance()]);
    stopLater.push(async () => void (await Promise.all(instances.map((i) => i.stop()))));
    const partitions = instances.map((i) => i.replyPartition);
    expect(new Set(partitions).size).toBe(3);
    for (const p of partitions) expect(p).toEqual(expect.any(Number));
    expect(await leasesHeld()).toBe(3);

    const perInstance = 40;
    const replies = await Promise.all(
      instances.flatMap((instance, i) =>
        Array.from({ length: perInstance }, (_, n) =>
          instance.request({ topic: topics.ledgerCommands, key: `wallet-${n % 7}`, timeoutMs: 20_000, command: command(i * 1000 + n) }),
        ),
      ),
    );
    expect(replies.every((r) => r.ok)).toBe(true);
    // Every reply was read by its instance (it resolved) and by no other: the instance reads its
    // partition only, and the answering side wrote each reply there.
    expect(instances.map((i) => i.repliesRead)).toEqual([perInstance, perInstance, perInstance]);
  }, 90_000);

  it('when an instance stops, then its lease is given back and the next instance can take the partition', async () => {
    const first = await startInstance();
    const partition = first.replyPartition!;
    const held = await leasesHeld();
    await first.stop();
    expect(await leasesHeld()).toBe(held - 1);
    expect(await redis.exists(`reply-partition:${topics.gatewayReplies}:${partition}`)).toBe(0);
  }, 60_000);

  it('when every partition is leased, then one more instance still answers its callers, sharing a partition', async () => {
    // Others hold every lease (instances of another deployment, or far more gateways than partitions).
    for (let p = 0; p < replyPartitions; p++)
      await redis.set(`reply-partition:${topics.gatewayReplies}:${p}`, 'someone-else', 'PX', 60_000);
    const extra = await startInstance();
    stopLater.push(() => extra.stop());
    const reply = await extra.request({ topic: topics.ledgerCommands, key: 'wallet-x', timeoutMs: 20_000, command: command(-1) });
    expect(reply.ok).toBe(true);
    // Its stop must not free a lease it never held.
    await extra.stop();
    expect(await redis.get(`reply-partition:${topics.gatewayReplies}:${extra.replyPartition ?? 0}`)).toBe('someone-else');
  }, 60_000);

  it('when a hostile command names a reply partition that does not exist, then the partition goes on: the next command is answered', async () => {
    const instance = await startInstance();
    stopLater.push(() => instance.stop());
    // The waiting instance reads its own partition: a reply sent by key may land elsewhere, so the
    // hostile header is written by hand and the reply looked for on the whole topic.
    const bad = command(-2);
    await producer.send(topics.ledgerCommands, {
      key: 'wallet-y',
      value: JSON.stringify(bad),
      headers: {
        'command-id': bad.commandId,
        type: bad.type,
        'reply-to': topics.gatewayReplies,
        'correlation-id': 'hostile-1',
        'reply-partition': '4096',
      },
    });
    const good = await instance.request({ topic: topics.ledgerCommands, key: 'wallet-y', timeoutMs: 20_000, command: command(-3) });
    expect(good.ok).toBe(true);
  }, 60_000);
});
