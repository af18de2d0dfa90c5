import type { OutboxBatchMessage } from '../apply/store';

/**
 * The text of an outbox_batches row (migration 004): a JSON array of its messages, each
 * {"topic", "key", "headers", "payload"}. A payload that is a JSON object or array (every event
 * and command the ledger renders) goes in as it is, a JSON value: writing it as a JSON string
 * escaped every quote of every payload a second time, a cost of every apply for a row that is
 * read only by a sweep after a crash. A payload that is not (none today) stays a JSON string.
 * The row stays one JSON array an operator can read in SQL (`messages::json -> n -> 'payload'`).
 */
export function encodeOutboxMessages(messages: readonly OutboxBatchMessage[]): string {
  let text = '[';
  for (let i = 0; i < messages.length; i += 1) {
    const m = messages[i]!;
    if (i > 0) text += ',';
    text += `{"topic":${JSON.stringify(m.topic)},"key":${JSON.stringify(m.key)},"headers":${JSON.stringify(m.headers)},"payload":${payloadValue(m.payload)}}`;
  }
  return `${text}]`;
}

/**
 * A payload as its JSON value in the row: as it is when it is JSON text of an object or array
 * that reads back the same (JSON.stringify's own output does: the publish sends that text),
 * else as a JSON string.
 */
function payloadValue(payload: string): string {
  const first = payload.charCodeAt(0);
  // '{' or '[': what the ledger renders with JSON.stringify. Anything else is quoted, as before.
  if (first === 0x7b || first === 0x5b) return payload;
  return JSON.stringify(payload);
}

/**
 * The messages of a row, each payload the exact text to publish: a payload stored as a JSON value
 * is written back with JSON.stringify, which gives the text it was rendered as (the renderers
 * use JSON.stringify, whose output reads back and writes again unchanged); a payload stored as a
 * JSON string (every row written before payloads were stored as values, and any payload not
 * rendered as an object) is that string.
 */
export function decodeOutboxMessages(text: string): OutboxBatchMessage[] {
  const stored = JSON.parse(text) as Array<Omit<OutboxBatchMessage, 'payload'> & { payload: unknown }>;
  return stored.map((m) => ({
    topic: m.topic,
    key: m.key,
    headers: m.headers,
    payload: typeof m.payload === 'string' ? m.payload : JSON.stringify(m.payload),
  }));
}
