/**
 * Where the ids of handled events are remembered. Back it with your database for a guarantee
 * across restarts: best, insert the id with a unique constraint in the same transaction as the
 * effect of the event (then `add` is that insert, and `has` a lookup).
 */
export interface EventIdStore {
  has(eventId: string): boolean | Promise<boolean>;
  add(eventId: string): void | Promise<void>;
}

export interface EventDeduplicatorOptions {
  /** How many recent event ids the in-memory LRU keeps (default 10 000). */
  capacity?: number;
  /** The source of truth; without it, the in-memory LRU is (a redelivery after a restart is not caught). */
  store?: EventIdStore;
}

export interface EventDeduplicator {
  /** True when this event id was handled already. */
  seen(eventId: string): Promise<boolean>;
  /** Records an event id as handled. */
  markSeen(eventId: string): Promise<void>;
  /**
   * Runs `handle` unless the event was handled already, then records it; returns whether it
   * ran. If `handle` throws, nothing is recorded and the error propagates (so Kafka redelivers).
   * Concurrent calls for the same id run `handle` once. A crash between `handle` and the record
   * repeats the event: keep `handle` idempotent, or record inside its transaction with a store.
   */
  once<T extends { eventId: string }>(event: T, handle: (event: T) => unknown): Promise<boolean>;
  /** How many ids the in-memory LRU holds now. */
  readonly size: number;
}

export const defaultDedupCapacity = 10_000;

/** An LRU set on a Map (iteration order is insertion order: the first key is the least recently used). */
class LruSet {
  private readonly ids = new Map<string, true>();
  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.ids.size;
  }

  has(id: string): boolean {
    if (!this.ids.has(id)) return false;
    this.ids.delete(id);
    this.ids.set(id, true);
    return true;
  }

  add(id: string): void {
    this.ids.delete(id);
    this.ids.set(id, true);
    while (this.ids.size > this.capacity) {
      const oldest = this.ids.keys().next();
      if (oldest.done) break;
      this.ids.delete(oldest.value);
    }
  }
}

/**
 * Deduplicates events by `eventId` (at-least-once delivery: a redelivered event keeps its id).
 * In memory, a bounded LRU; with `store`, the store decides and the LRU only caches the ids it
 * has confirmed, so a hit never costs a lookup.
 */
export function createEventDeduplicator(options: EventDeduplicatorOptions = {}): EventDeduplicator {
  const capacity = options.capacity ?? defaultDedupCapacity;
  if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
  const { store } = options;
  const recent = new LruSet(capacity);
  const inFlight = new Map<string, Promise<unknown>>();

  const check = (eventId: unknown): string => {
    if (typeof eventId !== 'string' || eventId.length === 0) throw new TypeError('eventId must be a non-empty string');
    return eventId;
  };

  const seen = async (eventId: string): Promise<boolean> => {
    const id = check(eventId);
    if (recent.has(id)) return true;
    if (!store || !(await store.has(id))) return false;
    recent.add(id);
    return true;
  };

  const markSeen = async (eventId: string): Promise<void> => {
    const id = check(eventId);
    if (store) await store.add(id);
    recent.add(id);
  };

  const once = async <T extends { eventId: string }>(event: T, handle: (event: T) => unknown): Promise<boolean> => {
    const id = check(event?.eventId);
    // No await between this loop's last check and inFlight.set: a second call for the same id
    // waits for the first, then finds the id recorded (or, if the first failed, tries itself).
    for (let running = inFlight.get(id); running; running = inFlight.get(id)) await running.catch(() => undefined);
    const run = (async () => {
      if (await seen(id)) return false;
      await handle(event);
      await markSeen(id);
      return true;
    })();
    inFlight.set(id, run);
    try {
      return await run;
    } finally {
      if (inFlight.get(id) === run) inFlight.delete(id);
    }
  };

  return {
    seen,
    markSeen,
    once,
    get size() {
      return recent.size;
    },
  };
}
