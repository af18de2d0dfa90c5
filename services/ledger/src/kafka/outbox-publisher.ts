import type { Publish } from '@coin/db';
import { type BatchingProducer, sendSettled } from '@coin/kafka';
import type { OutboxBatch } from '../apply/store';

/**
 * Publishes outbox rows: each stored message as it was serialised when the batch committed.
 * Resolves with the messages the broker refused for good (each by its row and its place in it),
 * which the relay sets aside; every other message of their rows is published.
 */
export function outboxBatchPublisher(producer: BatchingProducer): Publish<OutboxBatch> {
  return async (rows) => {
    const places = rows.flatMap((row) => row.messages.map((m, index) => ({ rowId: row.id, index, m })));
    const refused = await sendSettled(
      producer,
      places.map(({ m }) => ({ topic: m.topic, message: { key: m.key, value: m.payload, headers: m.headers } })),
    );
    return refused.map(({ at, ...record }) => ({ rowId: places[at]!.rowId, index: places[at]!.index, ...record }));
  };
}
