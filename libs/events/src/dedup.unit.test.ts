import { createEventDeduplicator, type EventIdStore } from './dedup';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('createEventDeduplicator', () => {
  it('when the same event comes twice, then it is handled once', async () => {
    const dedup = createEventDeduplicator();
    const handled: string[] = [];
    expect(await dedup.once({ eventId: id(1) }, (e) => handled.push(e.eventId))).toBe(true);
    expect(await dedup.once({ eventId: id(1) }, (e) => handled.push(e.eventId))).toBe(false);
    expect(await dedup.once({ eventId: id(2) }, (e) => handled.push(e.eventId))).toBe(true);
    expect(handled).toEqual([id(1), id(2)]);
  });

  it('when the handler throws, then nothing is recorded and the next delivery runs it again', async () => {
    const dedup = createEventDeduplicator();
    await expect(
      dedup.once({ eventId: id(1) }, () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await dedup.seen(id(1))).toBe(false);
    expect(await dedup.once({ eventId: id(1) }, () => undefined)).toBe(true);
  });

  it('when the same event is handled concurrently, then the handler runs once', async () => {
    const dedup = createEventDeduplicator();
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const results = await Promise.all([1, 2, 3].map(() => dedup.once({ eventId: id(1) }, slow)));
    expect(runs).toBe(1);
    expect(results.sort()).toEqual([false, false, true]);
  });

  it('when more ids than the capacity arrive, then the least recently seen are forgotten and the size stays bounded', async () => {
    const dedup = createEventDeduplicator({ capacity: 3 });
    for (const n of [1, 2, 3]) await dedup.markSeen(id(n));
    expect(await dedup.seen(id(1))).toBe(true); // 1 is now the most recently used
    await dedup.markSeen(id(4)); // evicts 2
    expect(dedup.size).toBe(3);
    expect(await dedup.seen(id(2))).toBe(false);
    expect(await dedup.seen(id(1))).toBe(true);
    expect(await dedup.seen(id(3))).toBe(true);
    expect(await dedup.seen(id(4))).toBe(true);
    for (let n = 10; n < 1000; n += 1) await dedup.markSeen(id(n));
    expect(dedup.size).toBe(3);
  });

  it('when a store is given, then it decides, across deduplicators (a restart), and a hit is cached', async () => {
    const table = new Set<string>();
    const calls = { has: 0, add: 0 };
    const store: EventIdStore = {
      has: async (eventId) => {
        calls.has += 1;
        return table.has(eventId);
      },
      add: async (eventId) => {
        calls.add += 1;
        table.add(eventId);
      },
    };
    const before = createEventDeduplicator({ store });
    expect(await before.once({ eventId: id(1) }, () => undefined)).toBe(true);
    expect(table.has(id(1))).toBe(true);
    const afterRestart = createEventDeduplicator({ store, capacity: 10 });
    expect(await afterRestart.once({ eventId: id(1) }, () => undefined)).toBe(false);
    const hasCalls = calls.has;
    expect(await afterRestart.seen(id(1))).toBe(true);
    expect(calls.has).toBe(hasCalls);
  });

  it('when the store fails, then the error propagates and the id is not recorded', async () => {
    const store: EventIdStore = {
      has: () => false,
      add: () => Promise.reject(new Error('unique violation elsewhere')),
    };
    const dedup = createEventDeduplicator({ store });
    await expect(dedup.once({ eventId: id(1) }, () => undefined)).rejects.toThrow('unique violation elsewhere');
    expect(dedup.size).toBe(0);
  });

  it('when given a bad capacity or event id, then it refuses', async () => {
    expect(() => createEventDeduplicator({ capacity: 0 })).toThrow(RangeError);
    expect(() => createEventDeduplicator({ capacity: 1.5 })).toThrow(RangeError);
    const dedup = createEventDeduplicator();
    await expect(dedup.once({ eventId: '' }, () => undefined)).rejects.toThrow(TypeError);
    await expect(dedup.seen(undefined as unknown as string)).rejects.toThrow(TypeError);
  });
});
