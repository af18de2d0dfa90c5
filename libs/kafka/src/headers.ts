import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { IHeaders, KafkaMessage } from 'kafkajs';
import { headerNames } from '@coin/contracts';
import { packHeader } from './pack';

/** Kafka headers arrive as Buffers (or arrays of them); we only ever use single strings. */
export function readHeaders(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    // own-key: a string written under "__proto__" is ignored by its setter; readers look up our own header names
    if (first !== undefined) out[name] = first.toString();
  }
  return out;
}

/** The headers the kit reads: its own names, never a caller's (a lookup cannot reach Object.prototype). */
type ReadHeader = (typeof headerNames)[keyof typeof headerNames] | 'tracestate';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string) => uuidPattern.test(value);
/** Text of 1 to `charsMax` characters from printable ASCII (with spaces when `spaces`); the length is judged first. */
const asciiText =
  (charsMax: number, spaces = false) =>
  (value: string) =>
    value.length >= 1 && value.length <= charsMax && (spaces ? /^[\x20-\x7e]+$/ : /^[\x21-\x7e]+$/).test(value);

/**
 * What each header the kit reads or echoes may hold (docs/RELIABILITY.md "Hostile headers and
 * oversized records"). A record's headers are anyone's input: a `correlation-id` of 400,000
 * characters went into its answer three times (key, header, body), which the broker refused, and
 * into every log line about it. The gateway sends UUIDs (RequestReplyClient) and request ids of at
 * most 100 word characters; the audit records keep 200 of a request id; a W3C `traceparent` is 55
 * characters and a `tracestate` at most 512.
 */
const headerRules: ReadonlyArray<{ name: ReadHeader; holds: (value: string) => boolean; what: string }> = [
  { name: headerNames.correlationId, holds: isUuid, what: 'a UUID' },
  { name: headerNames.commandId, holds: isUuid, what: 'a UUID' },
  { name: headerNames.requestId, holds: asciiText(200), what: '1 to 200 visible ASCII characters' },
  { name: headerNames.type, holds: asciiText(100), what: '1 to 100 visible ASCII characters' },
  { name: headerNames.traceparent, holds: asciiText(512), what: '1 to 512 visible ASCII characters' },
  { name: 'tracestate', holds: asciiText(512, true), what: '1 to 512 printable ASCII characters' },
];

const ruleOf = new Map<string, (typeof headerRules)[number]>(headerRules.map((rule) => [rule.name, rule]));

/** A header value shown in full up to this length; a longer one by its length and digest. */
const shownCharsMax = 64;

/**
 * A value from a record as a log line or an error may show it: in full (quoted) when short, else
 * its length and sha256, never the value itself (a hostile header of 400,000 characters would be
 * written into every line about it).
 */
export function describedValue(value: string): string {
  if (value.length <= shownCharsMax) return JSON.stringify(value);
  return `${value.length} characters, sha256 ${createHash('sha256').update(value).digest('hex')}`;
}

/**
 * Why a record's headers may not be read, or null when they may: one of the headers the kit reads
 * outside its rule, or a `reply-to` naming another topic than `replyTopic`, the one this consumer
 * answers on (a consumer that answers no one passes none and reads no `reply-to`). Such a record
 * is refused before any apply, like one its schema refuses, and answered COMMAND_REFUSED when its
 * address holds (`replyAddressOf`): only a refused `correlation-id` or `reply-to` leaves it
 * answered to no one.
 */
export function headerRefusal(headers: Record<string, string>, replyTopic?: string): string | null {
  for (const { name, holds, what } of headerRules) {
    const value = headers[name];
    if (value !== undefined && !holds(value)) return `header ${name} must be ${what}; it holds ${describedValue(value)}`;
  }
  const replyTo = headers[headerNames.replyTo];
  if (replyTopic !== undefined && replyTo !== undefined && replyTo !== replyTopic)
    return `header ${headerNames.replyTo} must name this deployment's reply topic; it names ${describedValue(replyTo)}`;
  return null;
}

/** A header the kit reads, when its value keeps its rule (a header with no rule: as it is); undefined when absent or not. */
export function boundedHeader(headers: Record<string, string>, name: ReadHeader): string | undefined {
  const value = headers[name];
  return value !== undefined && (ruleOf.get(name)?.holds(value) ?? true) ? value : undefined;
}

/** Every header the kit reads: the command's own (headerNames), `tracestate` and a pack's version. */
const kitHeaderNames: ReadonlyArray<ReadHeader | typeof packHeader> = [...Object.values(headerNames), 'tracestate', packHeader];

/**
 * `bytes` as text, or null when they are not UTF-8. A record's bytes are anyone's: read lossily,
 * each byte that is no UTF-8 becomes U+FFFD, three bytes, so a valid record of 0.45 MB (an approval
 * request of a 1,000-line payout, each reason 400 such bytes) made an answer and an event of 1.26 MB,
 * which the broker refused (docs/RELIABILITY.md "Hostile headers and oversized records"). Whatever
 * the gateway and the services send is JSON and headers made from JS strings: always UTF-8.
 */
export function utf8Text(bytes: Buffer): string | null {
  return isUtf8(bytes) ? bytes.toString('utf8') : null;
}

/**
 * Why a record's key or a header the kit reads may not be read as text (it is not UTF-8), or null
 * when they may; its value is judged where it is parsed (`parseMessage`, `unpack`). Of a header
 * given twice, the first, which the kit reads. A header no consumer reads is not judged: it is
 * carried, never read. Refused before any apply, like a record its schema refuses.
 */
export function textRefusal(message: Pick<KafkaMessage, 'key' | 'headers'>): string | null {
  if (message.key && !isUtf8(message.key)) return `key is not UTF-8 (${message.key.length} bytes)`;
  for (const name of kitHeaderNames) {
    const value = message.headers?.[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (Buffer.isBuffer(first) && !isUtf8(first)) return `header ${name} is not UTF-8 (${first.length} bytes)`;
  }
  return null;
}
