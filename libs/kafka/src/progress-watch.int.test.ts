import type { Admin } from 'kafkajs';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { createLogger } from '@coin/logger';
import { eventually } from '../../../test/harness/eventually';
import { scaledBound } from '../../../test/harness/machine-speed';
import { brokerSuite } from '../../../test/harness/kafka-suite';
import type { BatchingProducer } from './batching-producer';
import { type RunningConsumer, startConsumer } from './consumer';
import { kafkaMetricNames } from './metrics';
import type { StalledPartition } from './progress-watch';

const logger = createLogger('progress-watch-int', 'silent');

/**
 * Small settings, so a stall is seen in seconds; the ceilings below leave a slow machine room. The
 * stall bound is scaled by the machine's speed: "the partition that keeps applying is never
 * stalled" holds only while its commits come more often than the bound, and on a box several times
 * slower a healthy partition's commits can be 2 s apart.
 */
const progress = { stallAfterMs: scaledBound(2_000), checkIntervalMs: 500 };
const waitMs = 30_000;

/** The value of a gauge of the progress watch for one partition, undefined while it has no series. */
async function gauge(registry: Registry, name: string, groupId: string, partition: number): Promise<number | undefined> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return undefined;
  const { values } = await metric.get();
  return values.find((v) => v.labels.group === groupId && v.labels.partition === String(partition))?.value;
}

const partitionsOf = (stalled: StalledPartition[]) => stalled.map((s) => s.partition).sort();

describe("a consumer's progress watch, over the committed offsets (real broker)", () => {
  const suite = brokerSuite({
    clientId: 'progress-watch-int',
    logger,
    topics: { ahead: { partitions: 2, dlq: true }, blocked: { partitions: 2, dlq: true }, idle: { partitions: 2, dlq: true } },
  });
  const { prefix, kafka } = suite;
  let producer: BatchingProducer;
  beforeAll(() => {
    producer = suite.producer;
  });

  const send = (topic: string, partition: number, n: number) =>
    producer.send(topic, { key: `p${partition}-${n}`, value: JSON.stringify({ n }), partition });

  /** A consumer of `{ n }` with the small progress settings, stopped after the file. */
  async function watchedConsumer(
    topic: string,
    options: { commitIntervalMs?: number; applyAheadBatches?: number; admin?: Admin },
    handle: (partition: number, n: number) => Promise<void>,
  ): Promise<{ consumer: RunningConsumer; registry: Registry; groupId: string }> {
    const registry = new Registry();
    const groupId = `${topic}-group`;
    const { admin, ...rest } = options;
    const consumer = await startConsumer({
      kafka,
      groupId,
      topics: [topic],
      schema: z.object({ n: z.number().int() }),
      logger,
      producer,
      metrics: registry,
      ...rest,
      progress: { ...progress, ...(admin ? { admin } : {}) },
      handleBatch: async (items) => {
        for (const item of items) await handle(item.partition, item.value.n);
      },
    });
    suite.stopLater(consumer.stop);
    await consumer.ready;
    return { consumer, registry, groupId };
  }

  it('when the apply of one partition never returns while the other keeps applying (ahead of the fetch, as the ledger may), then that partition is reported stalled within stallAfterMs and a few readings, and the other never is', async () => {
    const topic = `${prefix}ahead`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const applied: number[] = [];
    const { consumer, registry, groupId } = await watchedConsumer(
      topic,
      { commitIntervalMs: 200, applyAheadBatches: 2 },
      async (partition, n) => {
        if (partition === 0) await held;
        applied.push(n);
      },
    );
    const seenOnOne: StalledPartition[] = [];
    let n = 0;
    const keepSending = setInterval(() => void send(topic, 1, ++n), 100);
    try {
      await send(topic, 0, 0);
      const stalled = await eventually(
        async () => {
          const now = consumer.stalled();
          seenOnOne.push(...now.filter((s) => s.partition === 1));
          return now.some((s) => s.partition === 0) && now;
        },
        waitMs,
        'partition 0 to be reported stalled',
      );
      expect(stalled).toEqual([{ group: groupId, topic, partition: 0, committed: -1, lag: 1, stalledForMs: expect.any(Number) }]);
      expect(stalled[0]!.stalledForMs).toBeGreaterThanOrEqual(progress.stallAfterMs);
      expect(await gauge(registry, kafkaMetricNames.consumerStalled, groupId, 0)).toBeGreaterThanOrEqual(progress.stallAfterMs / 1000);
      expect(await gauge(registry, kafkaMetricNames.consumerLag, groupId, 0)).toBe(1);
      // Partition 1 applied all along, and its committed offset followed.
      expect(applied.length).toBeGreaterThan(5);
      expect(await gauge(registry, kafkaMetricNames.consumerStalled, groupId, 1)).toBe(0);
      expect(seenOnOne).toEqual([]);
    } finally {
      clearInterval(keepSending);
      release();
    }
    // Released, it applies and commits: the stall ends.
    await eventually(async () => consumer.stalled().length === 0, waitMs, 'the stall to end once the apply returns');
  }, 90_000);

  it('when a handler never returns on one partition while records keep arriving on it, then that partition is reported stalled, and the caught-up one beside it is not', async () => {
    const topic = `${prefix}blocked`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const handled: Array<[number, number]> = [];
    const { consumer, registry, groupId } = await watchedConsumer(topic, {}, async (partition, n) => {
      if (partition === 0) await held;
      handled.push([partition, n]);
    });
    await send(topic, 1, 1);
    await eventually(async () => handled.length === 1, waitMs, 'partition 1 to be applied');
    let n = 0;
    const keepSending = setInterval(() => void send(topic, 0, ++n), 200);
    try {
      const stalled = await eventually(
        async () => consumer.stalled().length > 0 && consumer.stalled(),
        waitMs,
        'a partition reported stalled',
      );
      expect(partitionsOf(stalled)).toEqual([0]);
      expect(stalled[0]).toMatchObject({ group: groupId, topic, committed: -1, lag: expect.any(Number) });
      expect(stalled[0]!.lag).toBeGreaterThanOrEqual(1);
      expect(await gauge(registry, kafkaMetricNames.consumerLag, groupId, 1)).toBe(0);
      expect(await gauge(registry, kafkaMetricNames.consumerStalled, groupId, 1)).toBe(0);
    } finally {
      clearInterval(keepSending);
      release();
    }
  }, 90_000);

  it('when a consumer with a commit interval applied its last batches inside the interval and then goes idle, then they are committed anyway, and the caught-up partitions are never reported stalled over many readings', async () => {
    const topic = `${prefix}idle`;
    const admin = kafka.admin();
    await admin.connect();
    suite.stopLater(() => admin.disconnect());
    let readings = 0;
    // The service's admin, counted: how many readings the watch made.
    const counted: Admin = {
      ...admin,
      fetchOffsets: ((request: Parameters<Admin['fetchOffsets']>[0]) => {
        readings += 1;
        return admin.fetchOffsets(request);
      }) as Admin['fetchOffsets'],
    };
    const handled: number[] = [];
    const { consumer, registry, groupId } = await watchedConsumer(
      topic,
      { commitIntervalMs: 500, admin: counted },
      async (_partition, n) => {
        handled.push(n);
      },
    );
    // The first batch commits (the interval since the join has passed); the ones right after it
    // fall inside the interval, and no batch comes after them to commit them.
    await new Promise((r) => setTimeout(r, 600));
    await send(topic, 0, 1);
    await eventually(async () => handled.includes(1), waitMs, 'the first record to be applied');
    await Promise.all([send(topic, 0, 2), send(topic, 1, 3)]);
    await eventually(async () => handled.length === 3, waitMs, 'every record to be applied');
    const seen: StalledPartition[] = [];
    const lagOf = (partition: number) => gauge(registry, kafkaMetricNames.consumerLag, groupId, partition);
    await eventually(
      async () => {
        seen.push(...consumer.stalled());
        return (await lagOf(0)) === 0 && (await lagOf(1)) === 0;
      },
      waitMs,
      'the committed offsets to reach the log end while idle',
    );
    // Idle and caught up for longer than stallAfterMs, read again and again: never stalled.
    const from = readings;
    const enough = Math.ceil((progress.stallAfterMs * 2) / progress.checkIntervalMs);
    await eventually(
      async () => {
        seen.push(...consumer.stalled());
        return readings >= from + enough;
      },
      waitMs * 2,
      `${enough} more readings of the idle group`,
    );
    expect(seen).toEqual([]);
    expect(await lagOf(0)).toBe(0);
    expect(await lagOf(1)).toBe(0);
  }, 120_000);
});
