import { z } from 'zod';
import { createLogger } from '@coin/logger';
import { until } from '../../../test/harness/eventually';
import { brokerSuite } from '../../../test/harness/kafka-suite';
import type { BatchingProducer } from './batching-producer';
import { startConsumer } from './consumer';

const logger = createLogger('commit-on-stop-int', 'silent');

describe('a consumer with a commit interval, stopped gracefully (real broker)', () => {
  const suite = brokerSuite({
    clientId: 'commit-on-stop-int',
    logger,
    topics: { events: { partitions: 2, dlq: true } },
  });
  const { prefix, kafka } = suite;
  const topic = suite.topics.events;
  let producer: BatchingProducer;
  beforeAll(() => {
    producer = suite.producer;
  });

  /** A consumer of `{ n }` whose commit interval is longer than the test: only a stop commits. */
  async function consumer(groupId: string, handled: number[]) {
    const running = await startConsumer({
      kafka,
      groupId,
      topics: [topic],
      schema: z.object({ n: z.number().int() }),
      logger,
      producer,
      commitIntervalMs: 600_000,
      handleBatch: async (items) => void handled.push(...items.map((i) => i.value.n)),
    });
    await running.ready;
    return running;
  }

  it('when it stops after applying batches inside its commit interval, then what it applied is committed and the next consumer of the group is handed none of it again', async () => {
    const groupId = `${prefix}cos-group`;
    const first: number[] = [];
    const c1 = await consumer(groupId, first);
    for (let n = 1; n <= 6; n += 1) await producer.send(topic, { key: `k${n}`, value: JSON.stringify({ n }) });
    await until(() => first.length === 6, 20_000, 'the first consumer to apply six messages');
    await c1.stop();

    const admin = kafka.admin();
    await admin.connect();
    try {
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      const ends = await admin.fetchTopicOffsets(topic);
      const byPartition = (rows: Array<{ partition: number; offset: string }>) =>
        Object.fromEntries(rows.map((r) => [r.partition, r.offset]).sort(([a], [b]) => Number(a) - Number(b)));
      expect(byPartition(committed!.partitions)).toEqual(byPartition(ends.map((e) => ({ partition: e.partition, offset: e.high }))));
    } finally {
      await admin.disconnect();
    }

    const second: number[] = [];
    const c2 = await consumer(groupId, second);
    await producer.send(topic, { key: 'k7', value: JSON.stringify({ n: 7 }) });
    await until(() => second.includes(7), 20_000, 'the second consumer to apply a new message');
    await c2.stop();
    expect(second).toEqual([7]);
  }, 90_000);
});
