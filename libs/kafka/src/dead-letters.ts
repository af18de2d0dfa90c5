import { createHash } from 'node:crypto';
import type { KafkaMessage, Message } from 'kafkajs';
import { dlqOf } from '@coin/contracts';
import { isRecordRefusal } from '@coin/errors';
import type { Logger } from '@coin/logger';
import type { BatchingProducer } from './batching-producer';
import { describedValue, readHeaders } from './headers';
import { packEntryIndex } from './pack';

/**
 * Dead letters (docs/OPERATIONS.md "Re-driving dead letters"): a message a consumer refused or set
 * aside goes to `<topic>.dlq` with its key, value and headers and the dlq-* headers saying where it
 * came from and why, whole when the broker can take it, truncated when it cannot.
 */

/** How a dead letter went: whole, truncated (deadLetterOf), minimal (minimalDeadLetterOf) or, refused even so, lost. */
export type DeadLetterOutcome = 'whole' | 'truncated' | 'minimal' | 'lost';

/**
 * Sends a message refused or set aside to `<topic>.dlq` with its origin and the error (truncated
 * when too large: deadLetterOf). A dead letter the broker refuses (refused beside another record,
 * it may be innocent) is sent once more, then as the minimal one; when even that is refused (a DLQ
 * whose limit was lowered below a few kilobytes) it is logged and lost, and the record's partition
 * goes on all the same: no record's failure stops a partition. The broker away rejects, as before:
 * the batch is retried in place.
 */
export async function deadLetter(
  producer: BatchingProducer,
  topic: string,
  partition: number,
  message: KafkaMessage,
  error: string,
  log?: Logger,
): Promise<DeadLetterOutcome> {
  const origin = {
    'dlq-original-topic': topic,
    'dlq-original-partition': String(partition),
    'dlq-original-offset': message.offset,
    ...(packEntryIndex.has(message) ? { 'dlq-original-pack-entry': String(packEntryIndex.get(message)) } : {}),
    'dlq-error': error.slice(0, 1000),
    'dlq-at': new Date().toISOString(),
  };
  const letter = deadLetterOf(message, origin);
  const outcome: DeadLetterOutcome = letter.headers?.['dlq-truncated'] === undefined ? 'whole' : 'truncated';
  const attempts: Array<[Message, DeadLetterOutcome]> = [
    [letter, outcome],
    [letter, outcome],
    [minimalDeadLetterOf(message, origin), 'minimal'],
  ];
  for (const [attempt, as] of attempts) {
    try {
      await producer.send(dlqOf(topic), attempt);
      if (as === 'minimal') log?.warn({ topic, partition, offset: message.offset }, 'the dead letter was refused; sent its minimal form');
      return as;
    } catch (err) {
      if (!isRecordRefusal(err)) throw err;
    }
  }
  log?.error(
    { topic, partition, offset: message.offset, error: error.slice(0, 200) },
    'even the minimal dead letter was refused; the record is lost',
  );
  return 'lost';
}

/**
 * The largest dead letter sent whole, in its encoded bytes (`encodedRecordBytes`: key, value,
 * headers with the dlq-* ones, and all their framing, as a batch of its own). The broker takes a
 * record batch of at most 1,048,588 bytes (message.max.bytes, its default and this deployment's);
 * a record it took can pass that once the dlq-* headers join it, and a dead letter the broker
 * refuses would fail its batch every time. 1,000,000 leaves room for the records a request puts in
 * the same batch.
 */
export const deadLetterBytesMax = 1_000_000;
/** What a truncated dead letter keeps of the original value: enough for an operator to tell what it was. */
const truncatedValueBytes = 64 * 1024;
/** What a truncated dead letter keeps of the original key and of each header, and of the headers together. */
const truncatedKeyBytes = 1024;
const truncatedHeaderBytes = 1024;
const truncatedHeadersBytes = 16 * 1024;

/**
 * The least a dead letter says (its origin, why, and the original's size and digest): what is sent
 * when the broker refuses the dead letter itself. A few hundred bytes; never redriven.
 */
export function minimalDeadLetterOf(message: Pick<KafkaMessage, 'key' | 'value' | 'headers'>, origin: Record<string, string>): Message {
  return {
    key: null,
    value: null,
    headers: {
      ...origin,
      'dlq-truncated': 'true',
      'dlq-minimal': 'true',
      'dlq-original-bytes': String(encodedRecordBytes(message.key, message.value, readHeaders(message.headers))),
      'dlq-original-sha256': createHash('sha256')
        .update(message.value ?? '')
        .digest('hex'),
    },
  };
}

const bytesOf = (value: Buffer | string | null | undefined) =>
  value == null ? 0 : typeof value === 'string' ? Buffer.byteLength(value) : value.length;

/** A record's key, value and headers in bytes: what the broker counts besides its framing. */
export function recordContentBytes(key: Buffer | string | null, value: Buffer | string | null, headers: Record<string, string>): number {
  let bytes = bytesOf(key) + bytesOf(value);
  for (const [name, text] of Object.entries(headers)) bytes += Buffer.byteLength(name) + Buffer.byteLength(text);
  return bytes;
}

/** Bytes of a varint of `value` (zigzag, as record lengths are written). */
function varIntBytes(value: number): number {
  let zigzag = value >= 0 ? value * 2 : -value * 2 - 1;
  let bytes = 1;
  while (zigzag >= 0x80) {
    zigzag = Math.floor(zigzag / 0x80);
    bytes += 1;
  }
  return bytes;
}

/** A record batch's own bytes before its records (offset, length, epoch, magic, CRC, attributes …). */
export const recordBatchOverheadBytes = 61;
/** A record's framing besides its lengths: its length (≤ 5), attributes (1), timestamp delta (≤ 10) and offset delta (≤ 5). */
const recordFramingBytesMax = 5 + 1 + 10 + 5;

/**
 * The bytes `key`, `value` and `headers` take as one record in a batch of their own: what the
 * broker measures against its largest (the batch's framing, each length's varint and every
 * header's two, counted at their largest where they depend on the batch). A record of 30,000 empty
 * headers is 30,000 bytes of names and 60,000 of framing.
 */
export function encodedRecordBytes(key: Buffer | string | null, value: Buffer | string | null, headers: Record<string, string>): number {
  const sized = (field: Buffer | string | null) => (field === null ? varIntBytes(-1) : varIntBytes(bytesOf(field)) + bytesOf(field));
  const names = Object.entries(headers);
  let bytes = recordBatchOverheadBytes + recordFramingBytesMax + sized(key) + sized(value) + varIntBytes(names.length);
  for (const [name, text] of names) bytes += sized(name) + sized(text);
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
  const whole = { ...original, ...origin };
  if (encodedRecordBytes(message.key, message.value, whole) <= deadLetterBytesMax)
    return { key: message.key, value: message.value, headers: whole };
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
