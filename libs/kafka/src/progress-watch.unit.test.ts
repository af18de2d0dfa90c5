import type { Admin } from 'kafkajs';
import { Registry } from 'prom-client';
import { createLogger } from '@coin/logger';
import { kafkaMetricNames } from './metrics';
import { describeStalls, ProgressWatch, type StalledPartition } from './progress-watch';
import { consumersReadiness } from './supervised-consumer';

/** An admin whose group offsets and log ends the test sets, counting the readings. */
function fakeAdmin(topic: string) {
  const state = {
    committed: new Map<number, number>(),
    high: new Map<number, number>(),
    readings: 0,
    failing: false,
  };
  const admin = {
    fetchOffsets: async () => {
      state.readings += 1;
      if (state.failing) throw new Error('the coordinator is loading');
      return [{ topic, partitions: [...state.high.keys()].map((p) => ({ partition: p, offset: String(state.committed.get(p) ?? -1) })) }];
    },
    fetchTopicOffsets: async () =>
      [...state.high].map(([partition, high]) => ({ partition, offset: String(high), high: String(high), low: '0' })),
  } as unknown as Admin;
  return { admin, state };
}

async function gaugeValues(registry: Registry, name: string): Promise<Record<string, number>> {
  const { values } = await registry.getSingleMetric(name)!.get();
  return Object.fromEntries(values.map((v) => [String(v.labels.partition), v.value]));
}

describe('ProgressWatch (a fake admin, fake timers)', () => {
  const topic = 'ledger.commands';
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  function watchOf() {
    const { admin, state } = fakeAdmin(topic);
    const registry = new Registry();
    const warnings: string[] = [];
    const logger = createLogger('progress-watch-unit', 'silent');
    logger.warn = ((_details: object, message: string) => void warnings.push(message)) as typeof logger.warn;
    const watch = new ProgressWatch({
      groupId: 'ledger-service',
      topics: [topic],
      logger,
      kafka: { admin: () => admin },
      admin,
      metrics: registry,
      stallAfterMs: 20_000,
      checkIntervalMs: 5_000,
    });
    return { watch, state, registry, warnings };
  }

  it('when a partition this member holds stands still while records wait, then it is stalled from stallAfterMs, and one it does not hold is never reported nor exported', async () => {
    const { watch, state, registry, warnings } = watchOf();
    for (const p of [0, 1, 2]) {
      state.committed.set(p, 10);
      state.high.set(p, 15);
    }
    watch.start();
    watch.assign({ [topic]: [0, 1] });
    for (let i = 1; i <= 5; i += 1) {
      // Partition 1 moves at every reading; 0 and 2 (another member's) stand still.
      state.committed.set(1, 10 + i);
      state.high.set(1, 20 + i);
      await jest.advanceTimersByTimeAsync(5_000);
    }
    expect(state.readings).toBeGreaterThanOrEqual(5);
    const stalled = watch.stalled();
    expect(stalled).toEqual<StalledPartition[]>([
      { group: 'ledger-service', topic, partition: 0, committed: 10, lag: 5, stalledForMs: expect.any(Number) },
    ]);
    expect(stalled[0]!.stalledForMs).toBeGreaterThanOrEqual(20_000);
    expect(await gaugeValues(registry, kafkaMetricNames.consumerLag)).toEqual({ '0': 5, '1': 10 });
    expect(await gaugeValues(registry, kafkaMetricNames.consumerStalled)).toEqual({ '0': stalled[0]!.stalledForMs / 1000, '1': 0 });
    expect(warnings.filter((w) => w.startsWith('partition stalled'))).toHaveLength(1);
    await watch.stop();
  });

  it('when the member is given other partitions, or crashes, then what it no longer holds leaves its report and its series', async () => {
    const { watch, state, registry } = watchOf();
    state.committed.set(0, 10);
    state.high.set(0, 15);
    state.committed.set(1, 3);
    state.high.set(1, 3);
    watch.start();
    watch.assign({ [topic]: [0] });
    await jest.advanceTimersByTimeAsync(25_000);
    expect(watch.stalled().map((s) => s.partition)).toEqual([0]);
    watch.assign({ [topic]: [1] });
    await jest.advanceTimersByTimeAsync(0);
    expect(watch.stalled()).toEqual([]);
    expect(await gaugeValues(registry, kafkaMetricNames.consumerLag)).toEqual({ '1': 0 });
    watch.assign(null);
    await jest.advanceTimersByTimeAsync(0);
    expect(await gaugeValues(registry, kafkaMetricNames.consumerLag)).toEqual({});
    await watch.stop();
  });

  it('when a reading fails, then the last judgement stands and the watch reads again at the next interval; stopped, it reads no more and removes its series', async () => {
    const { watch, state, registry } = watchOf();
    state.committed.set(0, 10);
    state.high.set(0, 10);
    watch.start();
    watch.assign({ [topic]: [0] });
    await jest.advanceTimersByTimeAsync(0);
    const readAt = watch.readAtMs;
    expect(readAt).not.toBeNull();
    state.failing = true;
    await jest.advanceTimersByTimeAsync(5_000);
    expect(watch.readAtMs).toBe(readAt);
    state.failing = false;
    await jest.advanceTimersByTimeAsync(5_000);
    expect(watch.readAtMs).toBeGreaterThan(readAt!);
    await watch.stop();
    const readings = state.readings;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(state.readings).toBe(readings);
    expect(await gaugeValues(registry, kafkaMetricNames.consumerLag)).toEqual({});
  });
});

describe('consumersReadiness with stalled partitions', () => {
  const stall = (partition: number): StalledPartition => ({
    group: 'ledger-service',
    topic: 'ledger.commands',
    partition,
    committed: 100 + partition,
    lag: 7,
    stalledForMs: 42_400,
  });

  it('when a consumer reports a stalled partition, then the check fails naming its group, topic, partition, offset, records waiting and for how long', async () => {
    const check = consumersReadiness([
      { consuming: true, stalled: () => [] },
      { consuming: true, stalled: () => [stall(3)] },
      { consuming: true },
    ]);
    await expect(check()).rejects.toThrow(
      'Kafka partitions stalled: group ledger-service, topic ledger.commands, partition 3: committed offset 103 has not moved for 42 s while 7 records wait',
    );
  });

  it('when consumers are down and others stall, then the check names both; with none of either it passes', async () => {
    await expect(consumersReadiness([{ consuming: false }, { consuming: true, stalled: () => [stall(1)] }])()).rejects.toThrow(
      /^1 of 2 Kafka consumers not consuming; Kafka partitions stalled: group ledger-service, topic ledger.commands, partition 1: /,
    );
    await expect(consumersReadiness([{ consuming: true, stalled: () => [] }])()).resolves.toBeUndefined();
  });

  it('when many partitions stall, then five are named and the rest counted', () => {
    const text = describeStalls([0, 1, 2, 3, 4, 5, 6].map(stall));
    expect(text.match(/partition \d+:/g)).toHaveLength(5);
    expect(text).toMatch(/ \(and 2 more\)$/);
  });
});
