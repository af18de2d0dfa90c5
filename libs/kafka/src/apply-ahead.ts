import type { Logger } from '@coin/logger';

const lineKey = (topic: string, partition: number) => `${topic}\u0000${partition}`;

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
  /** Batches of one topic-partition handed over and not yet applied before the fetch loop waits. */
  aheadMax: number;
  /** Offsets applied are committed at most this often (and on a stop). */
  commitIntervalMs: number;
  logger: Logger;
  now?: () => number;
}

/** One batch's apply: resolves true once applied, false if it gave up (a stop or a stale batch). */
export type BatchWork = () => Promise<boolean>;

/**
 * One topic-partition's batches, applied one after the other. `epoch` changes whenever the
 * batches queued so far must not be applied any more (a rebalance, a join, a failure): they are
 * skipped, and the partition is fetched again from where its applies stopped.
 */
interface Line {
  tail: Promise<void>;
  /** The batches queued and not yet done, oldest first. */
  pending: Promise<void>[];
  epoch: number;
}

/**
 * Lets a consumer's fetch loop run ahead of its applies (docs/DESIGN.md "Applying ahead of the
 * fetch").
 *
 * kafkajs fetches again only once every batch of the last fetch is handled. A handler that
 * applies a batch in PostgreSQL and then answers its callers (the ledger) kept the fetch loop
 * waiting for all of it, so a command appended meanwhile waited for that apply before it was
 * even fetched. Here the handler queues the batch's apply behind the partition's earlier ones and
 * returns; the fetch position moves on at once (kafkajs's resolved offset), while the offset
 * committed moves only once a batch is applied, in order. A crash therefore redelivers what was
 * fetched and not applied, as before; a handler that answers a redelivery from what it stored
 * (the only kind that may use this) changes nothing the second time.
 *
 * A batch whose apply gives up (the consumer stops, or its retry loop sees a rebalance) ends its
 * partition's line: the batches queued behind it are skipped, the partition is fetched again
 * from that batch (kafkajs `seek`; a rebalance fetches from the committed offset anyway), and
 * nothing after it is committed before it is applied.
 */
export class ApplyAhead {
  private readonly lines = new Map<string, Line>();
  private readonly applied = new Map<string, AppliedOffset>();
  private assigned: Set<string> | null = null;
  private inFlight = 0;
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
   * again from its committed offset, so nothing queued before is applied, and an offset of a
   * partition another member now owns is never committed.
   */
  assign(memberAssignment: Record<string, number[]>): void {
    this.assigned = new Set(Object.entries(memberAssignment).flatMap(([topic, partitions]) => partitions.map((p) => lineKey(topic, p))));
    for (const key of this.applied.keys()) if (!this.assigned.has(key)) this.applied.delete(key);
    this.abandonQueued();
  }

  /** A rebalance has begun (kafkajs REBALANCING): what is queued waits for the new generation instead. */
  abandonQueued(): void {
    for (const line of this.lines.values()) line.epoch += 1;
  }

  /**
   * Queues a fetched batch's apply behind the earlier batches of its topic-partition. Resolves
   * once queued, or, with `aheadMax` of the partition's batches still to apply, once one of them
   * is done. `firstOffset`/`lastOffset`: the batch's records (the next fetch starts after
   * `lastOffset`, which the caller resolves in kafkajs; it is committed once `work` applied it).
   */
  async enqueue(topic: string, partition: number, firstOffset: string, lastOffset: string, work: BatchWork): Promise<void> {
    const key = lineKey(topic, partition);
    let line = this.lines.get(key);
    if (!line) {
      line = { tail: Promise.resolve(), pending: [], epoch: 0 };
      this.lines.set(key, line);
    }
    while (line.pending.length >= this.options.aheadMax) await line.pending[0];
    const current = line;
    const epoch = current.epoch;
    this.inFlight += 1;
    const done = current.tail.then(async () => {
      try {
        if (this.stopping || epoch !== current.epoch) return;
        let applied = false;
        try {
          applied = await work();
        } catch (err) {
          this.options.logger.warn({ err, topic, partition, firstOffset }, 'a batch applied ahead of the fetch gave up');
        }
        if (applied) {
          this.markApplied(key, { topic, partition, offset: (BigInt(lastOffset) + 1n).toString() });
          return;
        }
        if (epoch !== current.epoch || this.stopping) return;
        // Nothing after this batch may be applied before it: skip what is queued and fetch it again.
        current.epoch += 1;
        this.fetchAgain({ topic, partition, offset: firstOffset });
      } finally {
        this.inFlight -= 1;
        current.pending.shift();
      }
    });
    current.tail = done;
    current.pending.push(done);
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
   * Stops applying what is queued, waits up to `waitMs` for the applies under way, then commits
   * every offset applied; returns how many partitions it committed.
   */
  async drain(waitMs: number): Promise<number> {
    this.stopping = true;
    clearTimeout(this.commitTimer);
    const deadline = this.now() + waitMs;
    while (this.inFlight > 0 && this.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await this.committing;
    return this.commitApplied();
  }

  private markApplied(key: string, offset: AppliedOffset): void {
    if (this.assigned !== null && !this.assigned.has(key)) return;
    this.applied.set(key, offset);
    if (this.stopping) return;
    const dueInMs = this.lastCommitMs + this.options.commitIntervalMs - this.now();
    if (dueInMs <= 0) this.commitSoon();
    else if (!this.commitTimer) {
      // The last batches before a quiet spell are committed too, not only at the next batch.
      this.commitTimer = setTimeout(() => {
        this.commitTimer = undefined;
        this.commitSoon();
      }, dueInMs);
      this.commitTimer.unref();
    }
  }

  private commitSoon(): void {
    if (this.committing) return;
    this.committing = this.commitApplied()
      .then(() => undefined)
      .catch((err: unknown) => this.options.logger.warn({ err }, 'committing the offsets applied failed; the next commit carries them'))
      .finally(() => (this.committing = null));
  }

  private async commitApplied(): Promise<number> {
    this.lastCommitMs = this.now();
    if (this.applied.size === 0) return 0;
    const offsets = [...this.applied.values()];
    this.applied.clear();
    try {
      await this.consumer.commitOffsets(offsets);
    } catch (err) {
      // Put them back unless a newer offset of the partition was applied meanwhile.
      for (const offset of offsets) {
        const key = lineKey(offset.topic, offset.partition);
        if (!this.applied.has(key) && (this.assigned === null || this.assigned.has(key))) this.applied.set(key, offset);
      }
      throw err;
    }
    return offsets.length;
  }
}
