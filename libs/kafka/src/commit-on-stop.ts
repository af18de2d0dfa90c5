import type { EachBatchHandler, EachBatchPayload, TopicPartitionOffsetAndMetadata } from 'kafkajs';
import type { Logger } from '@coin/logger';

const partitionKey = (topic: string, partition: number) => `${topic}\u0000${partition}`;

/**
 * What a consumer with a commit interval has resolved but not yet committed, committed on a
 * graceful stop.
 *
 * With autoCommit off, kafkajs commits only from inside a later batch (commitOffsetsIfNecessary)
 * and never when it stops: the batches applied in the last interval before a deploy or a
 * shutdown were delivered again to whoever took their partitions next. For the ledger that meant
 * applying again, after a restore, credit legs the stopped ledger had already credited. Here the
 * consumer stops taking batches, waits for the ones in hand, and commits the offsets they
 * resolved on the partitions it still holds (never one another member took over).
 *
 * And while it runs: kafkajs commits only when a batch comes at least the interval after its
 * last commit, so the batches of a partition's last interval before a quiet spell stayed
 * uncommitted for as long as the quiet lasted — the group's committed offset behind the log end
 * of a partition whose every record was applied, which the progress watch would take for a
 * stall. With `commitIntervalMs`, what kafkajs still holds uncommitted an interval after a batch
 * is committed then (the trailing commit), batch or no batch.
 */
export class ResolvedOffsets {
  private readonly resolved = new Map<string, { topic: string; partition: number; offset: string }>();
  private assigned: Set<string> | null = null;
  private inHand = 0;
  private stopping = false;
  private trailing: NodeJS.Timeout | undefined;

  constructor(private readonly options: { commitIntervalMs?: number; logger?: Logger } = {}) {}

  /** The partitions of the consumer's current generation (kafkajs's GROUP_JOIN memberAssignment). */
  assign(memberAssignment: Record<string, number[]>): void {
    this.assigned = new Set(
      Object.entries(memberAssignment).flatMap(([topic, partitions]) => partitions.map((p) => partitionKey(topic, p))),
    );
    for (const key of this.resolved.keys()) if (!this.assigned.has(key)) this.resolved.delete(key);
  }

  /** The batch handler, refusing batches once stopping and recording what it resolves. */
  wrap(handler: EachBatchHandler): EachBatchHandler {
    return async (payload: EachBatchPayload) => {
      // Not resolved, so whoever consumes the partition next starts at this batch.
      if (this.stopping) return;
      this.inHand += 1;
      const { topic, partition } = payload.batch;
      try {
        await handler({
          ...payload,
          resolveOffset: (offset: string) => {
            payload.resolveOffset(offset);
            if (this.assigned === null || this.assigned.has(partitionKey(topic, partition)))
              this.resolved.set(partitionKey(topic, partition), { topic, partition, offset });
          },
        });
      } finally {
        this.inHand -= 1;
      }
      this.commitTrailing(payload);
    };
  }

  /**
   * An interval after a batch, commits what kafkajs holds resolved and uncommitted (its
   * commitOffsetsIfNecessary: nothing if it committed within the interval, then looks again an
   * interval later). Only while the consumer runs; a failed commit (a rebalance: the partitions
   * are fetched again from what is committed) is left to the next batch.
   */
  private commitTrailing(payload: EachBatchPayload): void {
    const intervalMs = this.options.commitIntervalMs;
    if (!intervalMs || this.stopping || this.trailing) return;
    const uncommitted = () => payload.uncommittedOffsets().topics.some((t) => t.partitions.length > 0);
    this.trailing = setTimeout(() => {
      this.trailing = undefined;
      if (this.stopping || !payload.isRunning() || !uncommitted()) return;
      payload.commitOffsetsIfNecessary().then(
        () => {
          if (uncommitted()) this.commitTrailing(payload);
        },
        (err: unknown) =>
          this.options.logger?.warn({ err }, 'committing the offsets applied before a quiet spell failed; the next batch commits them'),
      );
    }, intervalMs);
    this.trailing.unref();
  }

  /**
   * Stops taking batches, waits up to `waitMs` for those in hand, then commits the next offset
   * of every partition resolved; returns how many. Only finished batches resolve, so a batch
   * still in hand at the deadline is redelivered, as any batch of a crash is.
   */
  async drain(commit: (offsets: TopicPartitionOffsetAndMetadata[]) => Promise<void>, waitMs: number): Promise<number> {
    this.stopping = true;
    clearTimeout(this.trailing);
    const deadline = Date.now() + waitMs;
    while (this.inHand > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    if (this.resolved.size === 0) return 0;
    const offsets = [...this.resolved.values()].map(({ topic, partition, offset }) => ({
      topic,
      partition,
      offset: (BigInt(offset) + 1n).toString(),
    }));
    await commit(offsets);
    return offsets.length;
  }
}
