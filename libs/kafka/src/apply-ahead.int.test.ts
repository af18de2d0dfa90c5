import { z } from 'zod';
import { dlqOf } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import { eventually } from '../../../test/harness/eventually';
import { brokerSuite } from '../../../test/harness/kafka-suite';
import type { BatchingProducer } from './batching-producer';
import { startConsumer } from './consumer';
import { ensureTopics } from './topics';

const logger = createLogger('apply-ahead-int', 'silent');

/**
 * A consumer that applies ahead of its fetch (`applyAheadBatches`) on a real broker: the next
 * record of a partition is fetched and checked while the apply before it is still under way, and
 * the group's committed offset never passes a batch not yet applied.
 */
describe('a consumer applying ahead of its fetch (real broker)', () => {
  const suite = brokerSuite({
    clientId: 'apply-ahead-int',
    logger,
    topics: { events: { partitions: 1, dlq: true } },
  });
  const { prefix, kafka } = suite;
  const topic = suite.topics.events;
  let producer: BatchingProducer;
  beforeAll(() => {
    producer = suite.producer;
  });

  async function committedOffset(groupId: string): Promise<number> {
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      return Number(committed!.partitions[0]!.offset);
    } finally {
      await admin.disconnect();
    }
  }

  it('when an apply is held open, then the next record of its partition is fetched and checked meanwhile, applied only after it, and committed only once applied', async () => {
    const groupId = `${prefix}ahead-group`;
    const checked: number[] = [];
    const applied: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = await startConsumer({
      kafka,
      groupId,
      topics: [topic],
      schema: z.object({ n: z.number().int() }),
      logger,
      producer,
      commitIntervalMs: 10,
      applyAheadBatches: 2,
      // Called as each record is checked, right after its fetch.
      checks: [
        ({ value }) => {
          checked.push(value.n);
          return null;
        },
      ],
      handleBatch: async (items) => {
        if (items.some((i) => i.value.n === 1)) await held;
        applied.push(...items.map((i) => i.value.n));
      },
    });
    try {
      await running.ready;
      await producer.send(topic, { key: 'k', value: JSON.stringify({ n: 1 }) });
      await eventually(async () => checked.includes(1), 20_000, 'the first record to be fetched');
      await producer.send(topic, { key: 'k', value: JSON.stringify({ n: 2 }) });
      // Fetched while the first is still being applied: the fetch loop did not wait for it.
      await eventually(async () => checked.includes(2), 20_000, 'the second record to be fetched while the first is held');
      expect(applied).toEqual([]);
      // Nothing is committed past a batch not applied, whatever was fetched.
      await new Promise((r) => setTimeout(r, 100));
      expect(await committedOffset(groupId)).toBeLessThanOrEqual(0);

      release();
      await eventually(async () => applied.length === 2, 20_000, 'both records to be applied');
      expect(applied).toEqual([1, 2]);
      await eventually(async () => (await committedOffset(groupId)) === 2, 20_000, 'the offset past both to be committed');
    } finally {
      release();
      await running.stop();
    }
  }, 90_000);

  /**
   * A consumer of a topic of its own whose apply of n=1 is held open until `release`, asked
   * `runAhead` for each batch.
   */
  async function heldConsumer(name: string, runAhead: () => boolean) {
    const own = `${prefix}${name}`;
    await ensureTopics(kafka, [
      { topic: own, numPartitions: 1 },
      { topic: dlqOf(own), numPartitions: 1 },
    ]);
    const checked: number[] = [];
    const applied: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = await startConsumer({
      kafka,
      groupId: `${own}-group`,
      topics: [own],
      schema: z.object({ n: z.number().int() }),
      logger,
      producer,
      commitIntervalMs: 10,
      applyAheadBatches: 4,
      runAhead,
      // Called as each record is checked, right after its fetch.
      checks: [
        ({ value }) => {
          checked.push(value.n);
          return null;
        },
      ],
      handleBatch: async (items) => {
        if (items.some((i) => i.value.n === 1)) await held;
        applied.push(...items.map((i) => i.value.n));
      },
    });
    const send = (n: number) => producer.send(own, { key: 'k', value: JSON.stringify({ n }) });
    return { checked, applied, release, running, send };
  }

  it('when there is CPU to spare (runAhead yes), then a record appended while the handler runs is fetched before the handler ends', async () => {
    const c = await heldConsumer('spare', () => true);
    try {
      await c.running.ready;
      await c.send(1);
      await eventually(async () => c.checked.includes(1), 20_000, 'the first record to be fetched');
      await c.send(2);
      await eventually(async () => c.checked.includes(2), 20_000, 'the record appended meanwhile to be fetched while the handler runs');
      expect(c.applied).toEqual([]);
      c.release();
      await eventually(async () => c.applied.length === 2, 20_000, 'both to be applied');
      expect(c.applied).toEqual([1, 2]);
    } finally {
      c.release();
      await c.running.stop();
    }
  }, 90_000);

  it('when there is none to spare (runAhead no), then a record appended while the handler runs is fetched only once it ends, as without apply-ahead', async () => {
    const c = await heldConsumer('busy', () => false);
    try {
      await c.running.ready;
      await c.send(1);
      await eventually(async () => c.checked.includes(1), 20_000, 'the first record to be fetched');
      await c.send(2);
      // What must not happen: the fetch loop waits for the held apply, so n=2 is not even fetched.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(c.checked).toEqual([1]);
      c.release();
      await eventually(async () => c.applied.length === 2, 20_000, 'the second record to be fetched and applied after the first');
      expect(c.applied).toEqual([1, 2]);
    } finally {
      c.release();
      await c.running.stop();
    }
  }, 90_000);
});
