import type { BatchingProducer } from './batching-producer';

interface OutboxRowLike {
  topic: string;
  key: string;
  headers?: Record<string, string>;
  payload: unknown;
}

/** Publishes outbox rows through the service's batching producer, values as JSON. */
export function outboxPublisher(producer: BatchingProducer) {
  return (rows: OutboxRowLike[]): Promise<void> =>
    producer.sendMany(
      rows.map((row) => ({
        topic: row.topic,
        message: { key: row.key, value: JSON.stringify(row.payload), headers: row.headers ?? {} },
      })),
    );
}
