import { Registry } from 'prom-client';
import { OutboxRelay, type OutboxStore, outboxSetAsideMetricName, type SetAsideMessage } from './outbox';

interface Row {
  id: number;
  writtenAt: number;
}

/** An outbox in memory: rows written at a time, unpublished until marked; the messages set aside by row. */
function memoryStore(): OutboxStore<Row> & {
  write(count?: number): void;
  reads: number;
  rows: Row[];
  marked: Set<number>;
  setAsideRows: Map<number, SetAsideMessage>;
} {
  let next = 1;
  const rows: Row[] = [];
  const marked = new Set<number>();
  const setAsideRows = new Map<number, SetAsideMessage>();
  const store = {
    rows,
    marked,
    setAsideRows,
    reads: 0,
    write(count = 1) {
      for (let i = 0; i < count; i += 1) rows.push({ id: next++, writtenAt: Date.now() });
    },
    async unpublished(graceMs: number, limit: number) {
      store.reads += 1;
      return rows.filter((r) => !marked.has(r.id) && r.writtenAt < Date.now() - graceMs).slice(0, limit);
    },
    async markPublished(ids: number[]) {
      for (const id of ids) marked.add(id);
    },
    async setAside(messages: readonly SetAsideMessage[]) {
      for (const message of messages) if (!setAsideRows.has(message.rowId)) setAsideRows.set(message.rowId, message);
    },
    async backlog() {
      return rows.filter((r) => !marked.has(r.id)).length;
    },
  };
  return store;
}

/**
 * The relay's timers and clock (setTimeout, Date.now) and the store's are jest's fake ones: time
 * passes only here, with every promise the sweeps chain settled between timers. With the real
 * clock a busy machine stretched the waits and counted sweeps the design does not make (three
 * reads of a burst that one sweep takes).
 */
const elapse = (ms: number) => jest.advanceTimersByTimeAsync(ms);

/** A publish the broker refuses `refusals` times, then takes: the ids it took, in order. */
function refusingFirst(refusals: number): { publish: (rows: Row[]) => Promise<void>; published: number[]; refusalsLeft: () => number } {
  let left = refusals;
  const published: number[] = [];
  return {
    published,
    refusalsLeft: () => left,
    publish: async (rows) => {
      if (left > 0) {
        left -= 1;
        throw new Error('broker away');
      }
      published.push(...rows.map((r) => r.id));
    },
  };
}

describe('OutboxRelay.wake: a sweep when rows were committed, not on a timer', () => {
  const graceMs = 60;
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('when woken, then it sweeps once the rows are past the grace period, and not before', async () => {
    const store = memoryStore();
    const published: number[] = [];
    const relay = new OutboxRelay({ store, sweepGraceMs: graceMs, publish: async (rows) => void published.push(...rows.map((r) => r.id)) });
    store.write();
    relay.wake();
    await elapse(graceMs);
    expect(store.reads).toBe(0);
    await elapse(100);
    expect(published).toEqual([1]);
    expect(store.marked.has(1)).toBe(true);
    await relay.stop();
  });

  it('when woken many times in a burst, then one sweep takes every row of it', async () => {
    const store = memoryStore();
    const published: number[] = [];
    const relay = new OutboxRelay({ store, sweepGraceMs: graceMs, publish: async (rows) => void published.push(...rows.map((r) => r.id)) });
    for (let i = 0; i < 20; i += 1) {
      store.write();
      relay.wake();
    }
    await elapse(graceMs * 3 + 100);
    expect(published).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(store.reads).toBe(1);
    await relay.stop();
  });

  it('when a row is announced after the scheduled sweep read, then another sweep follows for it', async () => {
    const store = memoryStore();
    const published: number[] = [];
    // A longer grace here: the second row lands inside the first wake's wait.
    const longGraceMs = 300;
    const relay = new OutboxRelay({
      store,
      sweepGraceMs: longGraceMs,
      publish: async (rows) => void published.push(...rows.map((r) => r.id)),
    });
    store.write();
    relay.wake();
    await elapse(200);
    // Still younger than the grace when the first wake's sweep reads (150 ms from now).
    store.write();
    relay.wake();
    await elapse(250);
    expect(published).toEqual([1]);
    await elapse(longGraceMs);
    expect(published).toEqual([1, 2]);
    expect(store.reads).toBe(2);
    await relay.stop();
  });

  it('when more rows wait than one batch, then one wake publishes them all', async () => {
    const store = memoryStore();
    const published: number[] = [];
    const relay = new OutboxRelay({
      store,
      sweepGraceMs: graceMs,
      sweepBatchMax: 7,
      publish: async (rows) => void published.push(...rows.map((r) => r.id)),
    });
    store.write(30);
    relay.wake();
    await elapse(graceMs + 200);
    expect(published).toHaveLength(30);
    await relay.stop();
  });

  it('when marks keep failing, then the relay does not spin: the same rows come back at most once a grace period', async () => {
    const store = memoryStore();
    store.markPublished = async () => {
      throw new Error('database away');
    };
    let publishes = 0;
    const relay = new OutboxRelay({
      store,
      sweepGraceMs: graceMs,
      sweepBatchMax: 2,
      publish: async () => {
        publishes += 1;
      },
    });
    store.write(2);
    relay.wake();
    await elapse(graceMs * 5);
    await relay.stop();
    // Ten batches a sweep (the cap), then one sweep per grace period: never thousands.
    expect(publishes).toBeGreaterThanOrEqual(10);
    expect(publishes).toBeLessThanOrEqual(60);
  });

  it('when a woken sweep fails (Kafka away), then it is tried again a grace period later without another wake', async () => {
    const store = memoryStore();
    const broker = refusingFirst(2);
    const relay = new OutboxRelay({ store, sweepGraceMs: graceMs, publish: broker.publish });
    store.write();
    relay.wake();
    // Three sweeps a grace period (and the wake's margin) apart: two refused, the third published.
    await elapse(graceMs * 6);
    expect(broker.published).toEqual([1]);
    expect(broker.refusalsLeft()).toBe(0);
    // Two failed sweeps, the one that published, perhaps one more that found nothing: no spinning.
    await elapse(graceMs * 3);
    expect(store.reads).toBeLessThanOrEqual(4);
    await relay.stop();
  });

  it('when a writer fails to publish the rows it committed, then a sweep publishes them a grace period later, with no wake from outside', async () => {
    const store = memoryStore();
    const broker = refusingFirst(1);
    const relay = new OutboxRelay({ store, sweepGraceMs: graceMs, publish: broker.publish });
    store.write();
    await expect(relay.publishCommitted([store.rows[0]!])).rejects.toThrow('broker away');
    expect(broker.published).toEqual([]);
    await elapse(graceMs * 3);
    expect(broker.published).toEqual([1]);
    // The broker away is no refusal of the row: nothing was set aside.
    expect(store.setAsideRows.size).toBe(0);
    await relay.stop();
  });

  it('when stopped, then a wake schedules nothing', async () => {
    const store = memoryStore();
    const relay = new OutboxRelay({ store, sweepGraceMs: graceMs, publish: async () => undefined });
    store.write();
    relay.wake();
    await relay.stop();
    relay.wake();
    await elapse(graceMs * 3);
    expect(store.reads).toBe(0);
  });
});

/** A broker that refuses the rows in `refused` for good (naming them, as the publishers do) and takes the rest: the ids it took. */
function refusingRows(refused: ReadonlySet<number>) {
  const published: number[] = [];
  const publish = async (rows: Row[]): Promise<SetAsideMessage[]> => {
    published.push(...rows.filter((r) => !refused.has(r.id)).map((r) => r.id));
    return rows
      .filter((r) => refused.has(r.id))
      .map((r) => ({
        rowId: r.id,
        index: 0,
        topic: 'coin.payout-approvals',
        key: `k${r.id}`,
        bytes: 1_260_000,
        reason: 'KafkaJSProtocolError (MESSAGE_TOO_LARGE): too large',
      }));
  };
  return { publish, published };
}

const setAsideCount = async (registry: Registry) =>
  (await registry.getSingleMetric(outboxSetAsideMetricName)?.get())?.values.reduce((n, v) => n + v.value, 0);

describe('OutboxRelay: a message the broker refuses for good is set aside, never a stop', () => {
  const graceMs = 60;
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('when the rows a writer committed hold a message the broker refuses, then the publish resolves, the message is recorded, counted and told, and every row is marked', async () => {
    const store = memoryStore();
    const registry = new Registry();
    const told: SetAsideMessage[] = [];
    const broker = refusingRows(new Set([2]));
    const relay = new OutboxRelay({
      store,
      sweepGraceMs: graceMs,
      publish: broker.publish,
      metrics: registry,
      onSetAside: (m) => void told.push(...m),
    });
    expect(await setAsideCount(registry)).toBe(0);
    store.write(3);
    await relay.publishCommitted(store.rows);
    await relay.flushMarks();
    expect(broker.published).toEqual([1, 3]);
    expect([...store.setAsideRows.keys()]).toEqual([2]);
    expect(told).toEqual([expect.objectContaining({ rowId: 2, bytes: 1_260_000, reason: expect.stringContaining('MESSAGE_TOO_LARGE') })]);
    expect([...store.marked].sort()).toEqual([1, 2, 3]);
    expect(await setAsideCount(registry)).toBe(1);
    expect(await relay.backlog()).toBe(0);
    await relay.stop();
  });

  it('when a sweep meets a row the broker refuses every time, then it is set aside once and the rows after it are published', async () => {
    const store = memoryStore();
    const broker = refusingRows(new Set([1]));
    const relay = new OutboxRelay({ store, sweepGraceMs: graceMs, sweepBatchMax: 2, publish: broker.publish });
    store.write(5);
    relay.wake();
    await elapse(graceMs * 3);
    expect(broker.published).toEqual([2, 3, 4, 5]);
    expect([...store.setAsideRows.keys()]).toEqual([1]);
    expect(await relay.backlog()).toBe(0);
    await relay.stop();
  });

  it('when the database cannot record a message set aside, then its rows stay unpublished and a sweep sets it aside later', async () => {
    const store = memoryStore();
    const record = store.setAside;
    let failures = 1;
    store.setAside = async (messages) => {
      if (failures-- > 0) throw new Error('database away');
      await record(messages);
    };
    const broker = refusingRows(new Set([1]));
    const relay = new OutboxRelay({ store, sweepGraceMs: graceMs, publish: broker.publish });
    store.write();
    await expect(relay.publishCommitted([store.rows[0]!])).rejects.toThrow('database away');
    expect(store.marked.size).toBe(0);
    await elapse(graceMs * 3);
    expect([...store.setAsideRows.keys()]).toEqual([1]);
    expect([...store.marked]).toEqual([1]);
    await relay.stop();
  });
});
