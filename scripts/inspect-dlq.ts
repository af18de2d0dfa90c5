/**
 * Looks at dead letters before anything moves them (docs/OPERATIONS.md "Re-driving dead letters"):
 *   npm run dlq:list                    every dead-letter topic that holds any, the live deployment's
 *                                       then the sandbox's (`<TOPIC_PREFIX>sandbox_`): how many, the oldest's age
 *   npm run dlq:show [-- [--sandbox] [--topic ledger.commands [--partition P --offset O]]]
 *                                       one dead letter (the oldest of all, or of the topic, by default):
 *                                       where it came from, why, its headers and body, secrets redacted
 * (the image's `dlq list` and `dlq show`, run as the redrive is: from the owner's pod, with its
 * Kafka credentials). Read-only: it reads under a consumer group of its own that commits nothing
 * and is deleted after where the credentials may, so it never moves the redrive's place
 * (dlq:redrive reads under its own group).
 */
import { randomUUID } from 'node:crypto';
import { commonEnv, kafkaSecurityOf, parseConfig, z } from '@coin/config';
import { dlqOf, kafkaAccess, ownersOf, redrivableTopics, sandboxTopicPrefix, type TopicBase, topicBases, topicName } from '@coin/contracts';
import { createKafka, decodeRefusalOf, readHeaders } from '@coin/kafka';
import { censor, createCommandLineLogger, isSecretName, redactSecrets } from '@coin/logger';
import type { Kafka, KafkaMessage } from 'kafkajs';
import { parseCliArgs } from './cli-args';

/** One partition's stored dead letters: offsets low (the first kept) to high (the next to be written). */
export interface PartitionRange {
  partition: number;
  low: number;
  high: number;
}

/**
 * A dead-letter topic that holds dead letters: its topic (without the prefix), how many (null: its
 * offsets are not for these credentials to describe, another owner's DLQ), and when the oldest was set aside.
 */
export interface DlqSummary {
  topic: TopicBase;
  /** The sandbox's DLQ (`<TOPIC_PREFIX>sandbox_<topic>.dlq`, test money), not the live one. */
  sandbox?: boolean;
  count: number | null;
  /** The oldest of the partitions' first dead letters (dlq-at, else the record's time); null when none could be read. */
  oldestAt: Date | null;
}

/** A string that looks like a bearer credential: a JWT/JWS (three base64url parts, the first a JSON header), a webhook or client secret. */
const credentialLike = /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*|\b(?:whsec|pcs|sk|Bearer)[_ ][A-Za-z0-9+/=_.-]{8,}/g;

/** Text with every credential-looking part replaced by the censor (a dlq-error or a body may quote one). */
export function redactedText(text: string): string {
  return text.replace(credentialLike, censor);
}

/** A value with every secret-named property censored (the logs' rule: a command's proof, a token, a key) and credential-looking strings too. */
export function redactedValue(value: unknown): unknown {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactedText(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item)]));
    return v;
  };
  return walk(redactSecrets(value));
}

/** Headers as text, each of a secret name censored, the others with their credential-looking parts censored. */
export function redactedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isSecretName(name) ? censor : redactedText(value)]));
}

/** How much of a body that is not JSON is shown: enough to tell what it was. */
const shownTextChars = 4096;

/** A dead letter's body as shown: JSON indented and redacted, else its text (invalid UTF-8 shown as U+FFFD), redacted and cut. */
export function shownBody(value: Buffer | null): { kind: string; text: string } {
  if (value === null) return { kind: 'none', text: '' };
  const text = value.toString('utf8');
  try {
    return { kind: `JSON, ${value.length} bytes`, text: JSON.stringify(redactedValue(JSON.parse(text)), null, 2) };
  } catch {
    const cut = text.length > shownTextChars ? `${text.slice(0, shownTextChars)}… (${text.length - shownTextChars} more characters)` : text;
    return { kind: `not JSON, ${value.length} bytes`, text: redactedText(cut) };
  }
}

/** An age as people say it: 42 s, 5 min, 3 h 20 min, 2 d 4 h. */
export function ageOf(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} h${min % 60 ? ` ${min % 60} min` : ''}`;
  const d = Math.floor(h / 24);
  return `${d} d${h % 24 ? ` ${h % 24} h` : ''}`;
}

/** When a dead letter was set aside: its dlq-at header, else the record's own timestamp. */
export function deadLetteredAt(message: Pick<KafkaMessage, 'headers' | 'timestamp'>): Date | null {
  const at = readHeaders(message.headers)['dlq-at'];
  const when = at !== undefined ? Date.parse(at) : Number(message.timestamp);
  return Number.isFinite(when) ? new Date(when) : null;
}

/** A DLQ as the lines name it: without TOPIC_PREFIX, the sandbox's with its `sandbox_`. */
function dlqLabel(topic: TopicBase, sandbox: boolean | undefined): string {
  return `${sandbox ? sandboxTopicPrefix : ''}${topic}.dlq`;
}

/** The dlq:show arguments that look at a topic's DLQ, the sandbox's or the live one. */
function showArgs(topic: TopicBase, sandbox: boolean | undefined): string {
  return `${sandbox ? '--sandbox ' : ''}--topic ${topic}`;
}

/**
 * dlq:list's lines: one per dead-letter topic that holds any, the live ones first then the
 * sandbox's, most first, with the command that looks at its oldest.
 */
export function listLines(summaries: DlqSummary[], now: Date): string[] {
  const unreadable = summaries.filter((s) => s.count === null).map((s) => dlqLabel(s.topic, s.sandbox));
  const notReadable = unreadable.length ? [`not readable with these credentials (another owner's): ${unreadable.join(', ')}`] : [];
  const counted = summaries.filter((s): s is DlqSummary & { count: number } => s.count !== null);
  if (counted.length === 0) return ['no dead letters', ...notReadable];
  const lines = [...counted]
    .sort((a, b) => Number(a.sandbox ?? false) - Number(b.sandbox ?? false) || b.count - a.count || a.topic.localeCompare(b.topic))
    .map((s) => {
      const oldest = s.oldestAt
        ? `oldest ${ageOf(now.getTime() - s.oldestAt.getTime())} ago (${s.oldestAt.toISOString()})`
        : 'oldest unreadable';
      const redrive = redrivableTopics.includes(s.topic) ? '' : '; no owner check: not redriven';
      const space = s.sandbox ? " (the sandbox's, test money)" : '';
      return `${dlqLabel(s.topic, s.sandbox)}: ${s.count} dead letter(s)${space}, ${oldest}${redrive}; see it with npm run dlq:show -- ${showArgs(s.topic, s.sandbox)}`;
    });
  return [...lines, ...notReadable];
}

/** The topic whose first dead letter is the oldest of all (one of unknown age when no age is known); null when none holds any. */
export function oldestTopic(summaries: readonly DlqSummary[]): TopicBase | null {
  const held = summaries.filter((s) => s.count !== null && s.count > 0);
  const age = (s: DlqSummary) => s.oldestAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...held].sort((a, b) => age(a) - age(b))[0]?.topic ?? null;
}

/** dlq:show's lines for one dead letter at `place` of the DLQ of `topic`. */
export function showLines(
  topic: TopicBase,
  place: { partition: number; range: PartitionRange },
  message: KafkaMessage,
  now: Date,
  sandbox = false,
): string[] {
  const headers = redactedHeaders(readHeaders(message.headers));
  const at = deadLetteredAt(message);
  const offset = Number(message.offset);
  const body = shownBody(message.value);
  const from = headers['dlq-original-topic']
    ? `${headers['dlq-original-topic']} partition ${headers['dlq-original-partition'] ?? '?'} offset ${headers['dlq-original-offset'] ?? '?'}${headers['dlq-original-pack-entry'] ? ` (entry ${headers['dlq-original-pack-entry']} of its pack)` : ''}`
    : 'unknown (no dlq-original-topic header)';
  return [
    `${dlqLabel(topic, sandbox)} partition ${place.partition} offset ${offset} (it holds offsets ${place.range.low} to ${place.range.high - 1})${sandbox ? ", the sandbox's" : ''}`,
    `dead-lettered: ${at ? `${at.toISOString()} (${ageOf(now.getTime() - at.getTime())} ago)` : 'unknown'}`,
    `from: ${from}`,
    `error: ${headers['dlq-error'] ?? '(none)'}`,
    ...(decodeRefusalOf(message) !== null ? [`not decoded whole (never redriven): ${decodeRefusalOf(message)}`] : []),
    ...(headers['dlq-truncated'] !== undefined
      ? [`truncated: the original was ${headers['dlq-original-bytes'] ?? '?'} bytes; only its start is kept, and it is never redriven`]
      : []),
    'headers:',
    ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
    `key: ${message.key === null ? '(none)' : redactedText(message.key.toString('utf8'))}`,
    `body (${body.kind}):`,
    body.text,
    ...(offset + 1 < place.range.high
      ? [`next: npm run dlq:show -- ${showArgs(topic, sandbox)} --partition ${place.partition} --offset ${offset + 1}`]
      : []),
  ];
}

/** The group a read runs under: in the owner's group prefix (its Kafka principal may use those), and of its own. */
function inspectGroupId(prefix: string, topic: TopicBase): string {
  const owner = ownersOf(topic)[0];
  const groupPrefix = owner ? (kafkaAccess[owner].groupPrefix ?? `${owner}-`) : '';
  return `${prefix}${groupPrefix}dlq-inspect.${topic}.${randomUUID()}`;
}

/** Each partition of `dlq` that holds records, from the broker's offsets (no record read). */
export async function storedRanges(kafka: Kafka, dlq: string): Promise<PartitionRange[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = await admin.listTopics();
    if (!topics.includes(dlq)) return [];
    const offsets = await admin.fetchTopicOffsets(dlq);
    return offsets
      .map((o) => ({ partition: o.partition, low: Number(o.low), high: Number(o.high) }))
      .filter((r) => r.high > r.low)
      .sort((a, b) => a.partition - b.partition);
  } finally {
    await admin.disconnect();
  }
}

/**
 * The record at `wanted`'s offset of each partition it names, read without committing anything;
 * a record gone since (retention) is replaced by the first one after it. Fails after `timeoutMs`.
 */
export async function readAt(
  kafka: Kafka,
  dlq: string,
  groupId: string,
  wanted: Map<number, number>,
  timeoutMs = 20_000,
): Promise<Map<number, KafkaMessage>> {
  const found = new Map<number, KafkaMessage>();
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic: dlq, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${dlq}: the dead letters asked for were not read within ${timeoutMs} ms`)),
        timeoutMs,
      );
      consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            const offset = wanted.get(partition);
            if (offset === undefined || found.has(partition) || Number(message.offset) < offset) return;
            found.set(partition, message);
            if (found.size === wanted.size) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .then(() => {
          for (const [partition, offset] of wanted) consumer.seek({ topic: dlq, partition, offset: String(offset) });
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
    const admin = kafka.admin();
    await admin.connect();
    // An empty group of our own: nothing to keep.
    await admin.deleteGroups([groupId]).catch(() => undefined);
    await admin.disconnect();
  }
  return found;
}

/** The topic prefix of the live deployment's topics (`prefix`, its TOPIC_PREFIX) or of its sandbox's. */
export function spacePrefix(prefix: string, sandbox: boolean): string {
  return sandbox ? `${prefix}${sandboxTopicPrefix}` : prefix;
}

/**
 * Every topic's DLQ that holds dead letters, with how many and the oldest's time: the live
 * deployment's of TOPIC_PREFIX `prefix`, or with `sandbox` its sandbox's.
 */
export async function listDlqs(kafka: Kafka, livePrefix: string, sandbox = false): Promise<DlqSummary[]> {
  const summaries: DlqSummary[] = [];
  const prefix = spacePrefix(livePrefix, sandbox);
  const space = sandbox ? { sandbox: true } : {};
  for (const topic of Object.values(topicBases) as TopicBase[]) {
    const dlq = dlqOf(topicName(prefix, topic));
    let ranges: PartitionRange[];
    try {
      ranges = await storedRanges(kafka, dlq);
    } catch {
      // Each owner may describe its own DLQs only (libs/contracts kafka-access): the others are named, not counted.
      summaries.push({ topic, ...space, count: null, oldestAt: null });
      continue;
    }
    if (ranges.length === 0) continue;
    let oldestAt: Date | null = null;
    try {
      const firsts = await readAt(kafka, dlq, inspectGroupId(prefix, topic), new Map(ranges.map((r) => [r.partition, r.low])));
      for (const message of firsts.values()) {
        const at = deadLetteredAt(message);
        if (at && (!oldestAt || at < oldestAt)) oldestAt = at;
      }
    } catch {
      // Counted from the broker's offsets all the same: a read refused (another principal's DLQ) or slow leaves the age unknown.
    }
    summaries.push({ topic, ...space, count: ranges.reduce((n, r) => n + r.high - r.low, 0), oldestAt });
  }
  return summaries;
}

/**
 * The dead letter dlq:show looks at: at `place` when given, else the oldest of the partitions'
 * first ones; of the live deployment of TOPIC_PREFIX `livePrefix`, or with `place.sandbox` of its sandbox.
 */
export async function showDlq(
  kafka: Kafka,
  livePrefix: string,
  topic: TopicBase,
  place: { partition?: number; offset?: number; sandbox?: boolean },
  now = new Date(),
): Promise<string[]> {
  const sandbox = place.sandbox ?? false;
  const prefix = spacePrefix(livePrefix, sandbox);
  const dlq = dlqOf(topicName(prefix, topic));
  const ranges = await storedRanges(kafka, dlq);
  if (place.partition !== undefined) {
    const range = ranges.find((r) => r.partition === place.partition);
    const offset = place.offset ?? range?.low;
    if (!range || offset === undefined || offset < range.low || offset >= range.high)
      return [`${dlq} holds no dead letter at partition ${place.partition}${place.offset === undefined ? '' : ` offset ${place.offset}`}`];
    const message = (await readAt(kafka, dlq, inspectGroupId(prefix, topic), new Map([[range.partition, offset]]))).get(range.partition)!;
    return showLines(topic, { partition: range.partition, range }, message, now, sandbox);
  }
  if (ranges.length === 0) return [`no dead letters in ${dlq}`];
  const firsts = await readAt(kafka, dlq, inspectGroupId(prefix, topic), new Map(ranges.map((r) => [r.partition, r.low])));
  const oldest = [...firsts.entries()].sort(
    ([, a], [, b]) => (deadLetteredAt(a)?.getTime() ?? 0) - (deadLetteredAt(b)?.getTime() ?? 0),
  )[0]!;
  return showLines(topic, { partition: oldest[0], range: ranges.find((r) => r.partition === oldest[0])! }, oldest[1], now, sandbox);
}

/** Bare dlq:show: the oldest dead letter of every DLQ of the live deployment (or of its sandbox). */
export async function showOldestDlq(kafka: Kafka, livePrefix: string, sandbox = false, now = new Date()): Promise<string[]> {
  const topic = oldestTopic(await listDlqs(kafka, livePrefix, sandbox));
  if (topic === null)
    return [sandbox ? 'no dead letters in the sandbox' : "no dead letters (the sandbox's: npm run dlq:show -- --sandbox)"];
  return showDlq(kafka, livePrefix, topic, { sandbox }, now);
}

const nonNegative = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^(0|[1-9][0-9]*)$/.test(text)) throw new Error(`--${name} must be a whole number`);
  return Number(text);
};

/** What dlq:show is asked for: a topic's DLQ (at a place, or its oldest), or without --topic the oldest of all; the sandbox's with --sandbox. */
export interface ShowRequest {
  topic?: TopicBase;
  partition?: number;
  offset?: number;
  sandbox: boolean;
}

/** dlq:show's flags as a request; a wrong one is an error naming it. */
export function showRequestOf(values: { topic?: string; partition?: string; offset?: string; sandbox?: boolean }): ShowRequest {
  const bases = Object.values(topicBases) as string[];
  if (values.topic !== undefined && !bases.includes(values.topic)) throw new Error(`--topic must be one of ${bases.join(', ')}`);
  const partition = nonNegative('partition', values.partition);
  const offset = nonNegative('offset', values.offset);
  if (offset !== undefined && partition === undefined) throw new Error('--offset needs --partition');
  if (partition !== undefined && values.topic === undefined) throw new Error('--partition needs --topic');
  return {
    ...(values.topic === undefined ? {} : { topic: values.topic as TopicBase }),
    ...(partition === undefined ? {} : { partition }),
    ...(offset === undefined ? {} : { offset }),
    sandbox: values.sandbox ?? false,
  };
}

async function main(): Promise<void> {
  const command = process.argv[2];
  const usage = 'usage: npm run dlq:list | npm run dlq:show [-- [--sandbox] [--topic <topic> [--partition P [--offset O]]]]';
  if (command !== 'list' && command !== 'show') throw new Error(usage);
  const { values } = parseCliArgs(
    {
      args: process.argv.slice(3),
      options: { topic: { type: 'string' }, partition: { type: 'string' }, offset: { type: 'string' }, sandbox: { type: 'boolean' } },
    },
    usage,
  );
  const config = parseConfig(z.object(commonEnv), process.env);
  const logger = createCommandLineLogger(`dlq-${command}`, 'error');
  const kafka = createKafka({ brokers: config.KAFKA_BROKERS, security: kafkaSecurityOf(config), clientId: `dlq-${command}`, logger });
  let lines: string[];
  const now = new Date();
  if (command === 'list') {
    // The live deployment's, then its sandbox's (the sandbox's services write under <TOPIC_PREFIX>sandbox_).
    const summaries = [...(await listDlqs(kafka, config.TOPIC_PREFIX)), ...(await listDlqs(kafka, config.TOPIC_PREFIX, true))];
    lines = listLines(summaries, now);
  } else {
    const { topic, sandbox, ...place } = showRequestOf(values);
    lines =
      topic === undefined
        ? await showOldestDlq(kafka, config.TOPIC_PREFIX, sandbox, now)
        : await showDlq(kafka, config.TOPIC_PREFIX, topic, { ...place, sandbox }, now);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (require.main === module) {
  main().catch((err: Error) => {
    process.stderr.write(`dlq:${process.argv[2] ?? 'list'} failed: ${redactedText(err.message)}\n`);
    process.exit(1);
  });
}
