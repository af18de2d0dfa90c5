import { z } from 'zod';
import { createLogger } from '@coin/logger';
import { until } from '../../../test/harness/eventually';
import { scaledBound } from '../../../test/harness/machine-speed';
import { brokerSuite } from '../../../test/harness/kafka-suite';
import { fastGroupSettings } from './client';
import { startConsumer } from './consumer';

const logger = createLogger('long-batch-int', 'silent');

/**
 * A batch that takes longer than the group's session: a busy member must not be dropped for it.
 * Dropped, its offsets are refused, the same batch comes again and, just as long, is lost again:
 * the partition redoes one batch for ever (the user service's commands after a broker restart).
 */
describe('a batch longer than the session against a real broker', () => {
  const suite = brokerSuite({ clientId: 'long-batch-int', logger, topics: { work: { partitions: 1 } } });
  const { prefix, kafka, topics } = suite;

  it('when one batch outlasts the session, then the member keeps its place: the batch is handled once and its offsets are committed', async () => {
    const groupId = `${prefix}long-batch-group`;
    await suite.producer.sendMany(
      Array.from({ length: 3 }, (_, n) => ({ topic: topics.work, message: { key: 'same', value: JSON.stringify({ n }) } })),
    );
    // Twice the session: long past the point a member with no heartbeat is dropped.
    const batchMs = 2 * fastGroupSettings.sessionTimeout;
    const handled: number[] = [];
    let joins = 0;
    let inBatch = false;
    const consumer = await startConsumer({
      kafka,
      groupId,
      topics: [topics.work],
      schema: z.object({ n: z.number().int() }),
      logger,
      producer: suite.producer,
      onJoined: () => {
        joins += 1;
      },
      handleBatch: async (items) => {
        inBatch = true;
        try {
          await new Promise((resolve) => setTimeout(resolve, batchMs));
          handled.push(...items.map((item) => item.value.n));
        } finally {
          inBatch = false;
        }
      },
    });
    suite.stopLater(() => consumer.stop());
    await consumer.ready;

    await until(() => handled.length >= 3, scaledBound(4 * batchMs), 'the long batch');
    const admin = kafka.admin();
    await admin.connect();
    try {
      const committed = async () => (await admin.fetchOffsets({ groupId, topics: [topics.work] }))[0]!.partitions[0]!.offset;
      let offset = await committed();
      for (const deadline = Date.now() + scaledBound(20_000); offset !== '3' && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        offset = await committed();
      }
      expect(offset).toBe('3');
    } finally {
      await admin.disconnect();
    }
    // A dropped member would have been given the batch again: a second round of the same three.
    expect(inBatch).toBe(false);
    expect(handled).toEqual([0, 1, 2]);
    expect(joins).toBe(1);
  }, 180_000);
});
