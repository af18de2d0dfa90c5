import type { EachBatchHandler, EachBatchPayload, TopicPartitionOffsetAndMetadata } from 'kafkajs';

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
 */
export class ResolvedOffsets {
  private readonly resolved = new Map<string, { topic: string; partition: number; offset: string }>();
  private assigned: Set<string> | null = null;
  private inHand = 0;
  private stopping = false;

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
    };
  }

  /**
   * Stops taking batches, waits up to `waitMs` for those in hand, then commits the next offset
   * of every partition resolved; returns how many. Only finished batches resolve, so a batch
   * still in hand at the deadline is redelivered, as any batch of a crash is.
   */
  async drain(commit: (offsets: TopicPartitionOffsetAndMetadata[]) => Promise<void>, waitMs: number): Promise<number> {
    this.stopping = true;
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
