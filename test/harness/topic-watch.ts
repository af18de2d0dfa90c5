import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { testFetchWaitMs } from './env';

export interface TopicWatch {
  /** Every message value read so far, parsed as JSON (null when it is not JSON). */
  values: unknown[];
  /** The key of each of `values`, in the same order (null: no key). */
  keys: Array<string | null>;
  stop(): Promise<void>;
}

/** Reads a topic from its beginning in a group of its own, collecting what arrives (tests only). */
export async function watchTopic(kafka: Kafka, topic: string): Promise<TopicWatch> {
  const consumer = kafka.consumer({ groupId: `test-watch-${randomUUID()}`, maxWaitTimeInMs: testFetchWaitMs });
  const values: unknown[] = [];
  const keys: Array<string | null> = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      keys.push(message.key?.toString('utf8') ?? null);
      try {
        values.push(JSON.parse(message.value?.toString('utf8') ?? 'null'));
      } catch {
        values.push(null);
      }
    },
  });
  return { values, keys, stop: () => consumer.disconnect() };
}
