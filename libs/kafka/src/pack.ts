import { isUtf8 } from 'node:buffer';
import type { IHeaders, KafkaMessage } from 'kafkajs';

/**
 * Packs (docs/DESIGN.md "Packed records"): several messages bound for one topic-partition carried
 * by one Kafka record, so that kafkajs's cost per record (encode, CRC, decode, header parsing) is
 * paid once for all of them. A pack is a record with the header `coin-pack: 1` and, as value, a
 * JSON array of the messages it carries, in order, each `{ key, headers, value }` with its key
 * (a string or null), its headers (strings) and its value (the message's own text, unchanged).
 * Only topics whose readers unpack (the commands the ledger applies, the gateway's replies) carry
 * packs; the public event topics never do.
 */
export const packHeader = 'coin-pack';
/** The one envelope version readers understand; a pack of another version is refused whole. */
export const packVersion = '1';
/** The most messages one pack may carry: a reader refuses a larger one whole. */
export const packEntriesMax = 256;
/** A writer closes a pack at about this many bytes of its messages' keys, headers and values. */
export const packBytesMax = 256 * 1024;

export interface PackEntry {
  key: string | null;
  headers: Record<string, string>;
  value: string;
}

/** The value of a pack record carrying these messages. */
export function encodePack(entries: readonly PackEntry[]): string {
  return JSON.stringify(entries.map(({ key, headers, value }) => ({ key, headers, value })));
}

/** Whether a record is a pack (of any version): a reader that unpacks must not read it as one message. */
export function isPack(message: Pick<KafkaMessage, 'headers'>): boolean {
  return message.headers?.[packHeader] !== undefined;
}

/** Which entry of its pack a message read from a pack was (a dead letter names it). */
export const packEntryIndex = new WeakMap<KafkaMessage, number>();

/** One message of a pack: readable (`ok`), or refused alone with `error` (its dead letter is `message`). */
export type Unpacked =
  | { ok: true; message: KafkaMessage; index: number }
  | { ok: false; message: KafkaMessage; index: number; error: string };

/** A pack's messages, or why the pack as a whole cannot be read (it is then dead-lettered whole). */
export type UnpackResult = { ok: true; entries: Unpacked[] } | { ok: false; error: string };

/**
 * The messages of a pack record, each as a record of its own at the pack's offset and timestamp.
 * Input is hostile: a pack of another version, not JSON, not an array, empty or longer than
 * `max` is refused whole; an entry of the wrong shape is refused alone, the others kept.
 */
export function unpack(record: KafkaMessage, max = packEntriesMax): UnpackResult {
  const version = headerText(record.headers?.[packHeader]);
  if (version !== packVersion)
    return { ok: false, error: `pack: version ${JSON.stringify(version)} is not understood (only ${packVersion})` };
  if (!record.value) return { ok: false, error: 'pack: empty value' };
  // Its entries are read as text, never lossily (utf8Text): a pack that is not UTF-8 is refused whole.
  const text = isUtf8(record.value) ? record.value.toString('utf8') : null;
  if (text === null) return { ok: false, error: 'pack: value is not UTF-8' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'pack: value is not JSON' };
  }
  if (!Array.isArray(json)) return { ok: false, error: 'pack: value is not an array' };
  if (json.length === 0) return { ok: false, error: 'pack: no messages' };
  if (json.length > max) return { ok: false, error: `pack: ${json.length} messages, more than ${max}` };
  try {
    return { ok: true, entries: json.map((entry, index) => entryOf(record, entry, index)) };
  } catch (err) {
    // Nothing in a pack may stop its partition: whatever else fails, the pack is refused whole.
    return { ok: false, error: `pack: unreadable (${err instanceof Error ? err.message : String(err)})` };
  }
}

function entryOf(record: KafkaMessage, entry: unknown, index: number): Unpacked {
  const fields = (typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? entry : {}) as Record<string, unknown>;
  const headers = stringRecord(fields.headers);
  const key = typeof fields.key === 'string' ? fields.key : null;
  const message = (value: string, hs: Record<string, string>) => {
    const made = {
      key: key === null ? null : Buffer.from(key),
      value: Buffer.from(value),
      headers: hs as IHeaders,
      offset: record.offset,
      timestamp: record.timestamp,
      attributes: 0,
      size: 0,
    } as unknown as KafkaMessage;
    packEntryIndex.set(made, index);
    return made;
  };
  const problem =
    fields !== entry
      ? 'not an object'
      : fields.key !== null && typeof fields.key !== 'string'
        ? 'key is neither a string nor null'
        : headers === null
          ? 'headers are not an object of strings'
          : typeof fields.value !== 'string'
            ? 'value is not a string'
            : null;
  if (problem === null) return { ok: true, message: message(fields.value as string, headers!), index };
  // Its dead letter carries the entry as it came, and the headers when they could be read (so
  // that its caller, if it names one, is answered).
  return { ok: false, message: message(reencoded(entry), headers ?? {}), index, error: `pack entry ${index}: ${problem}` };
}

/** A refused entry as text for its dead letter; one nested too deep to re-encode (a stack overflow) is named, not thrown. */
function reencoded(entry: unknown): string {
  try {
    return JSON.stringify(entry) ?? 'null';
  } catch {
    return '"(an entry too deeply nested to re-encode)"';
  }
}

function stringRecord(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text !== 'string') return null;
    // own-key: a string written under "__proto__" is ignored by its setter; readers look up our own header names
    out[name] = text;
  }
  return out;
}

function headerText(value: IHeaders[string]): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}
