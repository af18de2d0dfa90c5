import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { testFetchWaitMs } from './env';
import { scaledBound } from './machine-speed';

export interface RawRecord {
  topic: string;
  partition: number;
  key: Buffer | null;
  value: Buffer | null;
  /** The record's headers as text. */
  headers: Record<string, string>;
}

/**
 * Every record a topic holds now, as raw bytes (key and value), read from the beginning up to the
 * high watermarks taken at the start, in a group of its own (tests only): what anyone with read
 * access to the topic could read, whatever the schema. `timeoutMs` is set on the 2-core machine
 * and scaled to this one (machine-speed.ts).
 */
export async function readTopicToEnd(kafka: Kafka, topic: string, timeoutMs = 20_000): Promise<RawRecord[]> {
  const withinMs = scaledBound(timeoutMs);
  const ends = await topicEnds(kafka, topic);
  const remaining = new Map(ends.filter((p) => Number(p.high) > Number(p.low)).map((p) => [p.partition, Number(p.high)]));
  const records: RawRecord[] = [];
  if (remaining.size === 0) return records;
  const consumer = kafka.consumer({ groupId: `test-read-${randomUUID()}`, maxWaitTimeInMs: testFetchWaitMs });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${topic}: not read to its end within ${withinMs} ms`)), withinMs);
      void consumer
        .run({
          eachMessage: async ({ partition, message }) => {
            const end = remaining.get(partition);
            if (end === undefined || Number(message.offset) >= end) return;
            records.push({
              topic,
              partition,
              key: message.key,
              value: message.value,
              headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v ?? '')])),
            });
            if (Number(message.offset) + 1 >= end) remaining.delete(partition);
            if (remaining.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return records;
}

/**
 * The records with each byte-identical repeat dropped (the first kept). A producer's retry after a
 * send the broker took but did not acknowledge (a partition's leader still moving just after its
 * topic was made) writes the same record again: delivery is at least once, and readers dedupe by
 * the event's id. A repeat that differs in any byte is a different record and stays.
 */
export function withoutRepeats(records: RawRecord[]): RawRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const identity = JSON.stringify([r.partition, r.key?.toString('base64') ?? null, r.value?.toString('base64') ?? null, r.headers]);
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}

/** The partitions' offsets; a topic created a moment ago may not have its leaders yet, so asked again for a while. */
async function topicEnds(kafka: Kafka, topic: string): Promise<Array<{ partition: number; low: string; high: string }>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await admin.fetchTopicOffsets(topic);
      } catch (err) {
        if (attempt >= 20 || !(err as { retriable?: boolean }).retriable) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.disconnect();
  }
}

/** Whether any record's key or value holds one of the texts (as UTF-8 bytes, case-insensitively). */
export function recordsNaming(records: RawRecord[], texts: string[]): RawRecord[] {
  const needles = texts.map((t) => t.toLowerCase());
  return records.filter((r) => {
    const bytes = `${r.key?.toString('utf8') ?? ''}\n${r.value?.toString('utf8') ?? ''}`.toLowerCase();
    return needles.some((n) => bytes.includes(n));
  });
}
