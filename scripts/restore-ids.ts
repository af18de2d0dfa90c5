/**
 * The id floor of a restore (docs/design/ledger.md "Ids across a restore"): a restored ledger's
 * `transactions_id_seq` is back where it was at the restore point, and every id it handed out
 * after that point, which consumers have seen (event ids, credit-leg command ids and the API's
 * transaction ids derive from it), would be handed out again, to other transactions. Before the
 * ledger starts, `npm run restore:rewind` reads what the ledger published since the restore point
 * minus the margin, takes the highest transaction id it names, and moves the sequence past it.
 */
import type { TopicNames } from '@coin/contracts';
import type { Kafka } from 'kafkajs';

/**
 * The topics the ledger writes transaction ids to, read back for the floor: every transaction is
 * on coin.transactions (its event, in the batch's outbox row with its legs), a cross-partition
 * transaction's leg on ledger.internal, and the reply to its command on gateway.replies, which
 * the ledger sends on its own (a reply whose outbox row was never published still names it).
 */
export function idCarryingTopics(topics: TopicNames): string[] {
  return [topics.coinTransactions, topics.ledgerInternal, topics.gatewayReplies];
}

/**
 * Every transaction id a published value names: `transactionId` (legs, balance changes, holds,
 * approvals) and the `id` of a `transaction` object (events, replies), at any depth, as positive
 * safe integers. `returns` and `refundOf` name older transactions, never a higher id than these.
 */
export function transactionIdsIn(value: unknown): number[] {
  const ids: number[] = [];
  const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
  const walk = (v: unknown, depth: number): void => {
    if (depth > 16 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
      return;
    }
    for (const [key, child] of Object.entries(v as Record<string, unknown>)) {
      if (key === 'transactionId' && isId(child)) ids.push(child);
      else if (key === 'transaction' && child !== null && typeof child === 'object' && isId((child as { id?: unknown }).id))
        ids.push((child as { id: number }).id);
      walk(child, depth + 1);
    }
  };
  walk(value, 0);
  return ids;
}

/** The transaction ids a record's value (JSON text) names; none when it is not JSON. */
export function transactionIdsOf(text: string | null | undefined): number[] {
  if (!text) return [];
  try {
    return transactionIdsIn(JSON.parse(text));
  } catch {
    return [];
  }
}

/** The highest transaction id in a record's value (JSON text); 0 when none or not JSON. */
export function highestTransactionIdOf(text: string | null | undefined): number {
  return transactionIdsOf(text).reduce((a, b) => Math.max(a, b), 0);
}

/**
 * Ids, ascending, as runs: `101..130, 140`. How the transactions a restore lost are printed for
 * downstream consumers, who drop what they hold under these ids.
 */
export function idRuns(ids: Iterable<number>): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    runs.push(i === j ? String(sorted[i]) : `${sorted[i]}..${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

/**
 * The published ids that no restored shard holds: the transactions the restore lost. Not only
 * ids at or above the restored sequence: a transaction whose id was drawn before the backup read
 * the sequence but which committed after the backup's snapshot is lost under a lower id.
 */
export function lostTransactionIds(published: ReadonlySet<number>, held: ReadonlySet<number>): number[] {
  return [...published].filter((id) => !held.has(id)).sort((a, b) => a - b);
}

export interface SequenceState {
  /** `last_value` of the sequence. */
  lastValue: number;
  /** `is_called`: false on a fresh sequence, whose next value is `lastValue` itself. */
  isCalled: boolean;
  /** The highest id in the restored `transactions` table (0 when empty). */
  highestRow: number;
}

export interface IdFloor {
  /** The next id the restored sequence would have handed out. */
  restoredNext: number;
  /** The highest id seen published since the restore point minus the margin (0: none). */
  highestPublished: number;
  /** The next id after the advance: no id from `restoredNext` below it is ever handed out. */
  next: number;
}

/**
 * Where the sequence must stand after a restore: its next id above every id it handed out before
 * (the restored sequence, the restored rows) and every id published (`highestPublished`), plus
 * `gap` ids for what no record read shows (a reply lost with its partition's leader, a record
 * older than the margin by clock skew). Always advanced by the gap: running the step twice
 * only skips more ids. `setval(seq, next - 1, true)` makes `next` the next id.
 */
export function idFloor(state: SequenceState, highestPublished: number, gap: number): IdFloor {
  if (!Number.isSafeInteger(gap) || gap < 0) throw new Error(`gap must be a non-negative integer (got ${gap})`);
  const restoredNext = Math.max(state.isCalled ? state.lastValue + 1 : state.lastValue, state.highestRow + 1);
  const published = Number.isSafeInteger(highestPublished) && highestPublished > 0 ? highestPublished : 0;
  const next = Math.max(restoredNext - 1, published) + 1 + gap;
  if (!Number.isSafeInteger(next)) throw new Error(`the next transaction id ${next} is past 2^53 - 1`);
  return { restoredNext, highestPublished: published, next };
}

export interface PublishedScan {
  highest: number;
  /** Every transaction id named, on any of the topics. */
  ids: Set<number>;
  records: number;
  /** Per topic: records read and the highest id named. */
  byTopic: Array<{ topic: string; records: number; highest: number }>;
}

/** Counts one record read on a topic and the transaction ids it names. */
function countRecord(seen: { records: number; highest: number }, ids: Set<number>, value: string | undefined): void {
  seen.records += 1;
  for (const id of transactionIdsOf(value)) {
    ids.add(id);
    seen.highest = Math.max(seen.highest, id);
  }
}

/**
 * Reads every record of `topics` from the first offset at `fromMs` to the end each partition has
 * when the scan starts, and the highest transaction id they name. A consumer of its own group
 * (`groupId`, under the ledger's group prefix), committing nothing; fails after `timeoutMs`.
 */
export async function scanPublishedTransactionIds(options: {
  kafka: Kafka;
  topics: string[];
  fromMs: number;
  groupId: string;
  timeoutMs?: number;
}): Promise<PublishedScan> {
  const ranges = await offsetRanges(options.kafka, options.topics, options.fromMs);
  const byTopic = new Map(options.topics.map((topic) => [topic, { topic, records: 0, highest: 0 }]));
  const ids = new Set<number>();
  if (ranges.size === 0) return { highest: 0, ids, records: 0, byTopic: [...byTopic.values()] };

  const consumer = options.kafka.consumer({ groupId: options.groupId, allowAutoTopicCreation: false });
  await consumer.connect();
  const pending = new Set(ranges.keys());
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`reading the published ids did not finish in ${options.timeoutMs ?? 300_000} ms (${[...pending].join(', ')} left)`),
          ),
        options.timeoutMs ?? 300_000,
      );
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      (async () => {
        for (const topic of options.topics) await consumer.subscribe({ topic, fromBeginning: true });
        await consumer.run({
          autoCommit: false,
          eachBatch: async ({ batch }) => {
            const key = `${batch.topic}:${batch.partition}`;
            const range = ranges.get(key);
            if (!range || !pending.has(key)) return;
            const seen = byTopic.get(batch.topic)!;
            for (const message of batch.messages) {
              const offset = BigInt(message.offset);
              if (offset < range.start || offset >= range.end) continue;
              countRecord(seen, ids, message.value?.toString());
            }
            // An empty batch: nothing more to fetch (the end may be a transaction marker, never delivered).
            const reached = batch.isEmpty() ? BigInt(batch.highWatermark) >= range.end : BigInt(batch.lastOffset()) + 1n >= range.end;
            if (reached) {
              pending.delete(key);
              if (pending.size === 0) done();
            }
          },
        });
        for (const [key, range] of ranges) {
          const at = key.lastIndexOf(':');
          consumer.seek({ topic: key.slice(0, at), partition: Number(key.slice(at + 1)), offset: range.start.toString() });
        }
      })().catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  const topics = [...byTopic.values()];
  return {
    highest: topics.reduce((a, t) => Math.max(a, t.highest), 0),
    ids,
    records: topics.reduce((a, t) => a + t.records, 0),
    byTopic: topics,
  };
}

/** Per `topic:partition`, the offsets written since `fromMs`: from the first at or after it to the end; empty ones left out. */
async function offsetRanges(kafka: Kafka, topics: string[], fromMs: number): Promise<Map<string, { start: bigint; end: bigint }>> {
  const admin = kafka.admin();
  await admin.connect();
  const ranges = new Map<string, { start: bigint; end: bigint }>();
  try {
    for (const topic of topics) {
      const ends = await admin.fetchTopicOffsets(topic);
      const starts = await admin.fetchTopicOffsetsByTimestamp(topic, fromMs);
      for (const { partition, high } of ends) {
        const start = BigInt(starts.find((s) => s.partition === partition)?.offset ?? high);
        const end = BigInt(high);
        if (start < end) ranges.set(`${topic}:${partition}`, { start, end });
      }
    }
  } finally {
    await admin.disconnect();
  }
  return ranges;
}
