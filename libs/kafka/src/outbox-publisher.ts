import type { Message } from 'kafkajs';
import { isRecordRefusal } from '@coin/errors';
import type { BatchingProducer } from './batching-producer';
import { recordContentBytes } from './dead-letters';
import { readHeaders } from './headers';

interface OutboxRowLike {
  id: number;
  topic: string;
  key: string;
  headers?: Record<string, string>;
  payload: unknown;
}

/** A record the broker refused for good (`isRecordRefusal`), by its place among those sent. */
export interface RefusedRecord {
  at: number;
  topic: string;
  key: string;
  /** Its key, value and headers in bytes. */
  bytes: number;
  /** The refusal in a sentence: the error's name, the broker's error type when it names one, and its message. */
  reason: string;
}

/**
 * Sends the records and resolves with those the broker refused for good (too large, invalid:
 * `isRecordRefusal`), each sent once more on its own before it is named: a request of several
 * records fails whole for one of them (kafkajs throws the first partition's error), so a record
 * refused beside another may be innocent. Rejects when any send failed otherwise (the broker away,
 * the producer closing): nothing is named then, and the caller tries them all again later
 * (its readers dedupe).
 */
export async function sendSettled(
  producer: BatchingProducer,
  records: ReadonlyArray<{ topic: string; message: Message }>,
): Promise<RefusedRecord[]> {
  const results = await Promise.allSettled(records.map(({ topic, message }) => producer.send(topic, message)));
  const failed: number[] = [];
  for (const [at, result] of results.entries()) {
    if (result.status === 'fulfilled') continue;
    if (!isRecordRefusal(result.reason)) throw result.reason;
    failed.push(at);
  }
  const refused: RefusedRecord[] = [];
  for (const at of failed) {
    const { topic, message } = records[at]!;
    try {
      await producer.send(topic, message);
    } catch (err) {
      if (!isRecordRefusal(err)) throw err;
      const key = message.key == null ? '' : message.key.toString();
      const bytes = recordContentBytes(message.key ?? null, message.value, readHeaders(message.headers));
      refused.push({ at, topic, key, bytes, reason: refusalReason(err) });
    }
  }
  return refused;
}

/** `KafkaJSProtocolError (MESSAGE_TOO_LARGE): The request included a message larger than …`; a wrapper's wrapped refusal named. */
function refusalReason(err: unknown): string {
  const { name, type, message, cause } = err as { name?: unknown; type?: unknown; message?: unknown; cause?: unknown };
  const inner =
    typeof type === 'string'
      ? type
      : typeof (cause as { type?: unknown } | undefined)?.type === 'string'
        ? (cause as { type: string }).type
        : null;
  return `${String(name)}${inner ? ` (${inner})` : ''}: ${String(message)}`;
}

/**
 * Publishes outbox rows (one message each) through the service's batching producer, values as
 * JSON; resolves with the messages the broker refused for good, set aside by the relay (OutboxRelay).
 */
export function outboxPublisher(producer: BatchingProducer) {
  return async (rows: OutboxRowLike[]) => {
    const refused = await sendSettled(
      producer,
      rows.map((row) => ({
        topic: row.topic,
        message: { key: row.key, value: JSON.stringify(row.payload), headers: row.headers ?? {} },
      })),
    );
    return refused.map(({ at, ...record }) => ({ rowId: rows[at]!.id, index: 0, ...record }));
  };
}
