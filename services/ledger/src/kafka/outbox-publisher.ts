import type { Publish } from '@coin/db';
import type { BatchingProducer } from '@coin/kafka';
import type { OutboxBatch } from '../apply/store';

/** Publishes outbox rows: each stored message as it was serialised when the batch committed. */
export function outboxBatchPublisher(producer: BatchingProducer): Publish<OutboxBatch> {
  return (rows) =>
    producer.sendMany(
      rows.flatMap((row) => row.messages.map((m) => ({ topic: m.topic, message: { key: m.key, value: m.payload, headers: m.headers } }))),
    );
}
