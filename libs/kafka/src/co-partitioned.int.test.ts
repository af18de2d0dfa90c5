import { z } from 'zod';
import { dlqOf, topicNames } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import { eventually } from '../../../test/harness/eventually';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { BatchingProducer } from './batching-producer';
import { createKafka } from './client';
import { startConsumer, type RunningConsumer } from './consumer';
import { ensureTopics, partitionCount, topicSpecs } from './topics';

const logger = createLogger('co-partitioned-int', 'error');

/**
 * The ledger reads ledger.commands and ledger.internal in one group, and a wallet's commands on
 * both must be applied by one process. Four members over two six-partition topics: kafkajs's own
 * round robin would deal partition n of the second topic to another member than partition n of
 * the first (12 partitions over 4 members); the co-partitioned assigner never does.
 */
describe('a co-partitioned consumer group against a real broker', () => {
  const prefix = uniquePrefix();
  const topics = [`${prefix}co.first`, `${prefix}co.second`];
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'co-partitioned-int', logger });
  const consumers: RunningConsumer[] = [];
  let producer: BatchingProducer;

  beforeAll(async () => {
    await ensureTopics(
      kafka,
      topics.flatMap((topic) => [
        { topic, numPartitions: 6 },
        { topic: dlqOf(topic), numPartitions: 1 },
      ]),
    );
    producer = new BatchingProducer(kafka.producer(), logger);
    await producer.connect();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    await producer.close();
  });

  it('when four members share two six-partition topics, then each partition number is handled by one member in both topics', async () => {
    const handledBy = new Map<string, Set<number>>(); // "topic:partition" -> members
    const members = 4;
    for (let member = 0; member < members; member += 1) {
      const consumer = await startConsumer({
        kafka,
        groupId: `${prefix}co-group`,
        topics,
        coPartitioned: true,
        schema: z.object({ n: z.number() }),
        logger,
        producer,
        handleBatch: async (items) => {
          for (const item of items) {
            const key = `${item.topic}:${item.partition}`;
            handledBy.set(key, (handledBy.get(key) ?? new Set()).add(member));
          }
        },
      });
      consumers.push(consumer);
      // One at a time: the last member's assignment is the group's final one.
      await consumer.ready;
    }
    const raw = kafka.producer();
    await raw.connect();
    await raw.sendBatch({
      topicMessages: topics.map((topic) => ({
        topic,
        messages: Array.from({ length: 6 }, (_, partition) => ({ partition, value: JSON.stringify({ n: partition }) })),
      })),
    });
    await raw.disconnect();
    await eventually(async () => (handledBy.size === 12 ? true : undefined), 30_000, 'every partition handled');
    for (let partition = 0; partition < 6; partition += 1) {
      const first = [...(handledBy.get(`${topics[0]}:${partition}`) ?? [])];
      const second = [...(handledBy.get(`${topics[1]}:${partition}`) ?? [])];
      expect(first).toHaveLength(1);
      expect(second).toEqual(first);
    }
    // Every member got work: the plan spreads the numbers.
    const busy = new Set([...handledBy.values()].flatMap((set) => [...set]));
    expect(busy.size).toBe(members);
  }, 120_000);

  it('when ledger.internal is created beside an existing ledger.commands, then it takes that count, not the default', async () => {
    const upgraded = `${prefix}up.`;
    const names = topicNames(upgraded);
    // A set-up from before ledger.internal existed, whose ledger.commands was made with 4 partitions.
    await ensureTopics(kafka, [{ topic: names.ledgerCommands, numPartitions: 4 }]);
    const created = await ensureTopics(kafka, topicSpecs(upgraded));
    expect(created).toContain(names.ledgerInternal);
    const admin = kafka.admin();
    await admin.connect();
    try {
      expect(await partitionCount(admin, names.ledgerInternal)).toBe(4);
    } finally {
      await admin.disconnect();
    }
  }, 60_000);
});
