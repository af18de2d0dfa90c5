import { createHash } from 'node:crypto';
import type { KafkaMessage, Message } from 'kafkajs';
import { dlqOf } from '@coin/contracts';
import type { BatchingProducer } from './batching-producer';
import { describedValue, readHeaders } from './headers';
import { packEntryIndex } from './pack';

/**
 * Dead letters (docs/OPERATIONS.md "Re-driving dead letters"): a message a consumer refused or set
 * aside goes to `<topic>.dlq` with its key, value and headers and the dlq-* headers saying where it
 * came from and why, whole when the broker can take it, truncated when it cannot.
 */

/** Sends a message refused or set aside to `<topic>.dlq` with its origin and the error (truncated when too large: deadLetterOf). */
export async function deadLetter(
  producer: BatchingProducer,
  topic: string,
  partition: number,
  message: KafkaMessage,
  error: string,
): Promise<void> {
  const origin = {
    'dlq-original-topic': topic,
    'dlq-original-partition': String(partition),
    'dlq-original-offset': message.offset,
    ...(packEntryIndex.has(message) ? { 'dlq-original-pack-entry': String(packEntryIndex.get(message)) } : {}),
    'dlq-error': error.slice(0, 1000),
    'dlq-at': new Date().toISOString(),
  };
  await producer.send(dlqOf(topic), deadLetterOf(message, origin));
}

/**
 * The largest dead letter sent whole, in bytes of key, value and headers (the dlq-* ones with
 * them). The broker takes a record batch of at most 1,048,588 bytes (message.max.bytes, its
 * default and this deployment's); a record it took can pass that once the dlq-* headers join it,
 * and a dead letter the broker refuses would fail its batch every time. 1,000,000 leaves the
 * batch's and the record's framing tens of kilobytes.
 */
export const deadLetterBytesMax = 1_000_000;
/** What a truncated dead letter keeps of the original value: enough for an operator to tell what it was. */
const truncatedValueBytes = 64 * 1024;
/** What a truncated dead letter keeps of the original key and of each header, and of the headers together. */
const truncatedKeyBytes = 1024;
const truncatedHeaderBytes = 1024;
const truncatedHeadersBytes = 16 * 1024;

const bytesOf = (value: Buffer | string | null | undefined) =>
  value == null ? 0 : typeof value === 'string' ? Buffer.byteLength(value) : value.length;

/** A record's key, value and headers in bytes: what the broker counts besides its framing. */
export function recordContentBytes(key: Buffer | string | null, value: Buffer | string | null, headers: Record<string, string>): number {
  let bytes = bytesOf(key) + bytesOf(value);
  for (const [name, text] of Object.entries(headers)) bytes += Buffer.byteLength(name) + Buffer.byteLength(text);
  return bytes;
}

/**
 * The dead letter of `message`: the original key, value and headers with the dlq-* ones, or, when
 * that would pass `deadLetterBytesMax`, the start of the value (`truncatedValueBytes`), the key and
 * headers up to their bounds (a header left out is named in `dlq-dropped-headers`) and, in
 * `dlq-truncated`, `dlq-original-bytes` and `dlq-original-sha256`, that it was cut, how large the
 * original was and the sha256 of its value. A truncated dead letter is never redriven
 * (scripts/redrive-dlq.ts): what it lost cannot be applied.
 */
export function deadLetterOf(message: Pick<KafkaMessage, 'key' | 'value' | 'headers'>, origin: Record<string, string>): Message {
  const original = readHeaders(message.headers);
  const originalBytes = recordContentBytes(message.key, message.value, original);
  if (originalBytes + recordContentBytes(null, null, origin) <= deadLetterBytesMax)
    return { key: message.key, value: message.value, headers: { ...original, ...origin } };
  const kept: Record<string, string> = {};
  const dropped: string[] = [];
  let keptBytes = 0;
  for (const [name, text] of Object.entries(original)) {
    const bytes = Buffer.byteLength(name) + Buffer.byteLength(text);
    if (bytes > truncatedHeaderBytes || keptBytes + bytes > truncatedHeadersBytes) dropped.push(describedValue(name));
    else {
      // own-key: the original's own header names, copied
      kept[name] = text;
      keptBytes += bytes;
    }
  }
  return {
    key: message.key ? Buffer.from(message.key).subarray(0, truncatedKeyBytes) : null,
    value: message.value ? Buffer.from(message.value).subarray(0, truncatedValueBytes) : null,
    headers: {
      ...kept,
      ...origin,
      'dlq-truncated': 'true',
      'dlq-original-bytes': String(originalBytes),
      'dlq-original-sha256': createHash('sha256')
        .update(message.value ?? '')
        .digest('hex'),
      ...(dropped.length > 0 ? { 'dlq-dropped-headers': dropped.join(', ').slice(0, 1000) } : {}),
    },
  };
}
