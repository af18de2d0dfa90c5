import type { Logger } from '@coin/logger';

const lineKey = (topic: string, partition: number) => `${topic}\u0000${partition}`;

/** After a failed commit (the group rebalancing, the coordinator moving), the next waits at least this long. */
const commitRetryMinMs = 100;

/** A topic-partition's next offset to commit: one past the last offset of a batch applied. */
export interface AppliedOffset {
  topic: string;
  partition: number;
  offset: string;
}

/** What the pipeline needs of the running kafkajs consumer. */
export interface ApplyAheadConsumer {
  commitOffsets(offsets: AppliedOffset[]): Promise<void>;
  /** Where the partition's next fetch starts (kafkajs `seek`): used to fetch a failed batch again. */
  seek(place: AppliedOffset): void;
}

export interface ApplyAheadOptions {
  /** Batches of one topic-partition waiting behind its apply before the fetch loop waits too. */
  aheadMax: number;
  /** Waiting batches are applied together up to this many items (one batch alone may hold more). */
  itemsMax: number;
  /** Offsets applied are committed at most this often (and on a stop). */
  commitIntervalMs: number;
  /**
   * Asked for each batch queued: true lets the fetch loop go on at once (fetch ahead); false
   * keeps it until the batch is applied, as a consumer that does not fetch ahead does. Without
   * it, always true. The ledger asks whether the CPU has room (CpuHeadroom, cpu-headroom.ts).
   */
  runAhead?: () => boolean;
  logger: Logger;
  now?: () => number;
}

/** Applies items of one topic-partition, in order: true once applied, false if it gave up (a stop, a stale batch). */
export type ApplyItems<T> = (items: T[]) => Promise<boolean>;

/** A fetched batch waiting for its apply. */
export interface FetchedBatch<T> {
  firstOffset: string;
  lastOffset: string;
  items: T[];
  /** How to apply it (and, merged, the batches waiting before it): the newest batch's is used. */
  apply: ApplyItems<T>;
}

/** A batch in its line, and how to tell whoever waits for it whether it was applied. */
interface Queued<T> extends FetchedBatch<T> {
  settle(applied: boolean): void;
}

/**
 * One topic-partition: its batches waiting, the apply under way, and its epoch, which changes
 * whenever what waits must not be applied any more (a rebalance, a failure).
 */
interface Line<T> {
  waiting: Queued<T>[];
  current: Promise<void> | null;
  epoch: number;
}

/**
 * Lets a consumer's fetch loop run ahead of its applies (docs/DESIGN.md "Messaging", "Applying
 * ahead of the fetch").
 *
 * kafkajs fetches again only once every batch of the last fetch is handled. A handler that
 * applies a batch in PostgreSQL and then answers its callers (the ledger) kept the fetch loop
 * waiting for all of it, so a command appended meanwhile waited for that apply before it was
 * even fetched. Here a fetched batch waits behind its partition's apply under way and the
 * handler returns; the fetch position moves on at once (kafkajs's resolved offset). The batches
 * that arrived meanwhile are applied together once that apply is done, so the batching the
 * wait used to give is kept. With `runAhead` (the ledger: while the CPU has room, CpuHeadroom)
 * the fetch loop runs ahead only when it says so, and otherwise waits for the batch's apply as
 * before: fetching ahead costs fetches and smaller applies, which busy cores pay for in time
 * (docs/decisions/0020-fetch-ahead-on-spare-cpu.md). The offset committed moves only once a batch is applied, in order:
 * a crash redelivers what was fetched and not applied, as before, and a handler that answers a
 * redelivery from what it stored (the only kind that may use this) changes nothing the second
 * time.
 *
 * An apply that gives up (the consumer stops, or its retry loop sees a rebalance) drops what
 * waits behind it, and the partition is fetched again from its first offset (kafkajs `seek`; a
 * rebalance fetches from the committed offsets anyway), so nothing after it is applied or
 * committed before it.
 */
export class ApplyAhead<T> {
  private readonly lines = new Map<string, Line<T>>();
  private readonly applied = new Map<string, AppliedOffset>();
  private assigned: Set<string> | null = null;
  private stopping = false;
  private lastCommitMs: number;
  private committing: Promise<void> | null = null;
  private commitTimer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(
    private readonly consumer: ApplyAheadConsumer,
    private readonly options: ApplyAheadOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.lastCommitMs = this.now();
  }

  /**
   * The partitions of the consumer's new generation (kafkajs GROUP_JOIN): kafkajs fetches each
   * again from its committed offset, so nothing waiting is applied, and an offset of a partition
   * another member now owns is never committed.
   */
  assign(memberAssignment: Record<string, number[]>): void {
    this.assigned = new Set(Object.entries(memberAssignment).flatMap(([topic, partitions]) => partitions.map((p) => lineKey(topic, p))));
    for (const key of this.applied.keys()) if (!this.assigned.has(key)) this.applied.delete(key);
    this.abandonWaiting();
  }

  /** A rebalance has begun (kafkajs REBALANCING): what waits is fetched again in the new generation instead. */
  abandonWaiting(): void {
    for (const line of this.lines.values()) {
      dropWaiting(line);
      line.epoch += 1;
    }
  }

  /**
   * Puts a fetched batch behind its topic-partition's apply. Resolves true once it waits there,
   * or, with `aheadMax` batches already waiting, once they have been taken into an apply; false
   * if, meanwhile, the partition is to be fetched again (a failure, a rebalance, a stop): the
   * batch is then not applied, and comes again. When `runAhead` says no, it resolves only once
   * the batch is applied (true) or dropped (false): the fetch loop waits, as without this class.
   */
  async enqueue(topic: string, partition: number, batch: FetchedBatch<T>): Promise<boolean> {
    const key = lineKey(topic, partition);
    let line = this.lines.get(key);
    if (!line) {
      line = { waiting: [], current: null, epoch: 0 };
      this.lines.set(key, line);
    }
    const epoch = line.epoch;
    while (line.waiting.length >= this.options.aheadMax && line.current) await line.current;
    if (this.stopping || epoch !== line.epoch) return false;
    const ahead = this.options.runAhead?.() ?? true;
    let settled: Promise<boolean> | undefined;
    let settle: (applied: boolean) => void = () => undefined;
    if (!ahead) settled = new Promise<boolean>((resolve) => (settle = resolve));
    line.waiting.push({ ...batch, settle });
    if (!line.current) this.applyNext(topic, partition, line);
    return settled ?? true;
  }

  /** Whether an apply is under way on any partition (a stop waits for it; the consumer watchdog leaves it be). */
  get busy(): boolean {
    for (const line of this.lines.values()) if (line.current) return true;
    return false;
  }

  /** Takes what waits (up to `itemsMax` items) into one apply; again when it is done, while anything waits. */
  private applyNext(topic: string, partition: number, line: Line<T>): void {
    if (this.stopping || line.waiting.length === 0) {
      dropWaiting(line);
      line.current = null;
      return;
    }
    const taken = [line.waiting.shift()!];
    let count = taken[0]!.items.length;
    while (line.waiting.length > 0 && count + line.waiting[0]!.items.length <= this.options.itemsMax) {
      const next = line.waiting.shift()!;
      taken.push(next);
      count += next.items.length;
    }
    const first = taken[0]!;
    const last = taken[taken.length - 1]!;
    const epoch = line.epoch;
    line.current = (async () => {
      let applied = false;
      try {
        applied = await last.apply(taken.length === 1 ? first.items : taken.flatMap((b) => b.items));
      } catch (err) {
        this.options.logger.warn({ err, topic, partition, firstOffset: first.firstOffset }, 'an apply ahead of the fetch gave up');
      }
      if (applied) {
        this.markApplied(lineKey(topic, partition), { topic, partition, offset: (BigInt(last.lastOffset) + 1n).toString() });
      } else if (epoch === line.epoch && !this.stopping) {
        // Nothing after these batches may be applied before them: drop what waits, fetch them again.
        dropWaiting(line);
        line.epoch += 1;
        this.fetchAgain({ topic, partition, offset: first.firstOffset });
      }
      for (const batch of taken) batch.settle(applied);
    })().finally(() => this.applyNext(topic, partition, line));
  }

  private fetchAgain(place: AppliedOffset): void {
    try {
      this.consumer.seek(place);
    } catch (err) {
      // A consumer that no longer runs fetches from the committed offset when it runs again.
      this.options.logger.warn({ err, ...place }, 'could not move the fetch back to a batch not applied');
    }
  }

  /**
   * Stops applying what waits, waits up to `waitMs` for the applies under way, then commits
   * every offset applied; returns how many partitions it committed.
   */
  async drain(waitMs: number): Promise<number> {
    this.stopping = true;
    clearTimeout(this.commitTimer);
    for (const line of this.lines.values()) dropWaiting(line);
    const deadline = this.now() + waitMs;
    while (this.busy && this.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await this.committing;
    return this.commitApplied();
  }

  private markApplied(key: string, offset: AppliedOffset): void {
    if (this.assigned !== null && !this.assigned.has(key)) return;
    this.applied.set(key, offset);
    this.scheduleCommit();
  }

  /**
   * Commits what is applied once the interval since the last commit has passed: at once, or by
   * a timer, so the last batches before a quiet spell are committed too, not only with the next
   * batch. A commit under way schedules the next one when it ends.
   */
  private scheduleCommit(afterFailure = false): void {
    if (this.stopping || this.committing || this.commitTimer || this.applied.size === 0) return;
    const dueInMs = Math.max(afterFailure ? commitRetryMinMs : 0, this.lastCommitMs + this.options.commitIntervalMs - this.now());
    if (dueInMs <= 0) {
      this.commitNow();
      return;
    }
    this.commitTimer = setTimeout(() => {
      this.commitTimer = undefined;
      this.commitNow();
    }, dueInMs);
    this.commitTimer.unref();
  }

  private commitNow(): void {
    let failed = false;
    this.committing = this.commitApplied()
      .then(() => undefined)
      .catch((err: unknown) => {
        failed = true;
        this.options.logger.warn({ err }, 'committing the offsets applied failed; the next commit carries them');
      })
      .finally(() => {
        this.committing = null;
        this.scheduleCommit(failed);
      });
  }

  private async commitApplied(): Promise<number> {
    this.lastCommitMs = this.now();
    if (this.applied.size === 0) return 0;
    const offsets = [...this.applied.values()];
    this.applied.clear();
    try {
      await this.consumer.commitOffsets(offsets);
    } catch (err) {
      // Back for the next commit, unless a later offset of the partition was applied meanwhile.
      for (const offset of offsets) {
        const key = lineKey(offset.topic, offset.partition);
        if (!this.applied.has(key) && (this.assigned === null || this.assigned.has(key))) this.applied.set(key, offset);
      }
      throw err;
    }
    return offsets.length;
  }
}

/** Empties a line's queue: whoever waits for one of its batches learns it was not applied. */
function dropWaiting<T>(line: Line<T>): void {
  const dropped = line.waiting;
  line.waiting = [];
  for (const batch of dropped) batch.settle(false);
}
