import { gzipSync, zstdCompressSync } from 'node:zlib';
import { dlqOf, headerNames, payoutLinesMax, type TopicNames } from '@coin/contracts';
import { errorCatalog } from '@coin/errors';
import { fastGroupSettings, isPack, keyPartitioner, readHeaders } from '@coin/kafka';
import type { Consumer, IHeaders, Kafka, Producer } from 'kafkajs';
// biome-ignore lint/style/noRestrictedImports: the simulation's cast and keys are the ledger's own, as kafka-mode.ts uses them.
import { defaultCast, userSender } from '../../services/ledger/src/simulation/actors';
// biome-ignore lint/style/noRestrictedImports: the simulation's cast and keys are the ledger's own, as kafka-mode.ts uses them.
import { keyOf } from '../../services/ledger/src/simulation/judge';
import { leaderOf, produceRaw } from '../fuzz/wire/hostile-wire';
import { rawBatch, rawRecord, type RawRecord } from '../fuzz/wire/raw-records';

/**
 * The transport's hostile records in the Kafka mode of the whole-ledger simulation
 * (docs/RELIABILITY.md "Hostile headers and oversized records"). The generator's hostile values
 * are in command bodies; these are in what carries a command: headers huge, missing, given twice
 * or not UTF-8, a huge key, a record just under the broker's largest. Most wrap one of the
 * generator's ordinary commands (fresh, no hostile value of its own), which is then sent again the
 * ordinary way, as the gateway retries under its Idempotency-Key: the command right after the
 * hostile record on its partition (the huge key aside, which hashes elsewhere).
 *
 * What each record must come to is in its row: refused before any apply (its dead letter saying
 * why, truncated when the whole would not fit) or decided like any command, and each of its
 * correlation ids answered not at all, with COMMAND_REFUSED (the answer fits), or with the
 * command's decision, which its retry's stored outcome repeats.
 */

/** The broker's largest record batch (`message.max.bytes`, its default and this deployment's). */
export const brokerRecordBatchBytesMax = 1_048_588;
/** A header as large as the one that stopped the ledger (docs/RELIABILITY.md): its answer repeated it three times, 1.2 MB. */
const hugeHeaderChars = 400_000;
/** A key that held the event loop 21 s on kafkajs's quadratic murmur2 (patches/kafkajs+2.2.4.patch). */
const hugeKeyChars = 500_000;
/**
 * The framing of a batch of one record as kafkajs writes it (record batch v2): the batch header
 * (61 bytes) and the record's length, attributes, timestamp and offset deltas, key and value
 * lengths and header count (varints: 3 + 1 + 1 + 1 + 1 + 3 + 1 bytes for a key under 64 bytes and
 * a value near 1 MB), plus two length bytes per short header.
 */
const oneRecordFramingBytes = 72;
/** Room left under the limit for a miscount of that framing: the record is "just under" by this much. */
const nearLimitMarginBytes = 40;
/** Bytes of each line's reason in the echoed payout request: each becomes U+FFFD, three bytes, in its answer and event. */
const echoedReasonBytes = 400;

/** What one correlation id of a hostile record gets on the reply topic. */
export type AnswerExpected =
  /** Nothing: the record names no address an answer may go to, or its answer cannot be sent. */
  | 'none'
  /** COMMAND_REFUSED, the answer to a command dead-lettered before anything decided it (it fits). */
  | 'refused'
  /** The command's decision (a result or a code of the catalog), as its retry is answered. */
  | 'decided';

export interface HostileRecord {
  key: string;
  value: Buffer;
  headers: IHeaders;
  /** The command it carries: the ordinary one it wraps, or one of its own. */
  commandId: string;
  /** The correlation ids an answer to it could carry (as a consumer reads them) and what each gets. */
  answers: Array<{ correlationId: string; expected: AnswerExpected }>;
  /**
   * The record batch as written on the wire, when no client would write it (many headers, nameless
   * ones, a compression the consumer lacks): sent raw to its key's partition
   * (scripts/fuzz/wire/hostile-wire.ts) instead of through a producer.
   */
  wire?: Buffer;
}

/** The ordinary record of a generated command, as the gateway sends it: what a row makes hostile. */
export interface OrdinaryRecord {
  key: string;
  /** The command, its proofs signed. */
  command: Record<string, unknown>;
  commandId: string;
  type: string;
  correlationId: string;
  /** The deployment's reply topic. */
  replyTo: string;
  requestId: string;
  /** Another correlation id, for a record that names two. */
  otherCorrelationId: string;
  /** A fresh command id, for a record that carries a command of its own. */
  otherCommandId: string;
  /** A command of the record's own, its proofs signed now. */
  sign(raw: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export interface HostileRecordKind {
  name: string;
  /**
   * Refused before any apply, and the dead letter's `dlq-error` says so; null: it reaches the
   * apply like any command (its proof and author judged as usual).
   */
  refusedFor: RegExp | null;
  /** Its dead letter is stored truncated (it would not fit whole). */
  truncated?: true;
  /** Decided, the code it is answered with, when the row knows it (else any of the catalog). */
  decidedAs?: string;
  build(ordinary: OrdinaryRecord): HostileRecord | Promise<HostileRecord>;
}

const hugeText = (prefix: string, chars: number) => prefix + 'x'.repeat(chars - prefix.length);

/** A header value that is no UTF-8: a lone continuation byte, a cut sequence and bytes UTF-8 never uses, inside ASCII. */
const notUtf8 = (ascii: string) =>
  Buffer.concat([Buffer.from(ascii.slice(0, 8)), Buffer.from([0x80, 0xc3, 0x28, 0xff, 0xfe]), Buffer.from(ascii.slice(8))]);

type Headers = Record<string, string | Buffer | Array<string | Buffer>>;

function ordinaryHeaders(o: OrdinaryRecord): Headers {
  return {
    [headerNames.commandId]: o.commandId,
    [headerNames.type]: o.type,
    [headerNames.correlationId]: o.correlationId,
    [headerNames.replyTo]: o.replyTo,
    [headerNames.requestId]: o.requestId,
  };
}

/** The ordinary record with some headers given other values or left out (undefined), and another key when given. */
function changed(
  o: OrdinaryRecord,
  change: Record<string, Headers[string] | undefined>,
  answers: HostileRecord['answers'],
  key = o.key,
): HostileRecord {
  const headers = Object.fromEntries(
    Object.entries({ ...ordinaryHeaders(o), ...change }).filter((entry): entry is [string, Headers[string]] => entry[1] !== undefined),
  );
  return { key, value: Buffer.from(JSON.stringify(o.command)), headers, commandId: o.commandId, answers };
}

/**
 * The command with its `issuedAt` stretched so that key, value and headers fill a record batch
 * just under the broker's largest: valid JSON the schema refuses (not a date), whose dead letter,
 * with the dlq-* headers, would not fit whole.
 */
function nearLimitRecord(o: OrdinaryRecord): HostileRecord {
  const headers = ordinaryHeaders(o);
  const headerBytes = Object.entries(headers).reduce((n, [name, text]) => n + Buffer.byteLength(name) + Buffer.byteLength(String(text)), 0);
  const framingBytes = oneRecordFramingBytes + 2 * Object.keys(headers).length;
  const valueBytes = brokerRecordBatchBytesMax - framingBytes - headerBytes - Buffer.byteLength(o.key) - nearLimitMarginBytes;
  const marker = 'ISSUED-AT';
  const template = JSON.stringify({ ...o.command, issuedAt: marker });
  const value = Buffer.from(template.replace(marker, 'y'.repeat(valueBytes - Buffer.byteLength(template) + marker.length)));
  if (value.length !== valueBytes) throw new Error(`a near-limit record of ${value.length} bytes, not ${valueBytes}`);
  return { key: o.key, value, headers, commandId: o.commandId, answers: [{ correlationId: o.correlationId, expected: 'refused' }] };
}

/**
 * An approval request, by an ADMIN, of a payout from REWARDS of payoutLinesMax lines, each reason
 * `reasonChars` of `~`: a command of its own (fresh id), valid and proven, as the text of its record
 * (every `~` is a reason's: a signed token is base64url, the rest ours), and the headers it travels with.
 */
async function payoutRequestText(o: OrdinaryRecord, reasonChars: number): Promise<{ text: string; headers: Headers; key: string }> {
  const admin = userSender(defaultCast.admins[0]!.id, 'ADMIN', Math.floor(Date.now() / 1000));
  // Recipients no one has: a request is judged at its approval, and this one waits for none.
  const lines = Array.from({ length: payoutLinesMax }, (_, i) => ({ toUserId: 1_000_001 + i, amount: 1, reason: '~'.repeat(reasonChars) }));
  const raw = {
    commandId: o.otherCommandId,
    type: 'ledger.request-approval',
    issuedAt: new Date().toISOString(),
    ...admin,
    data: {
      command: {
        type: 'ledger.payout',
        data: { from: { kind: 'treasury', code: 'REWARDS' }, lines, reason: 'simulation', reference: `simulation-${o.otherCommandId}` },
      },
    },
  };
  const text = JSON.stringify(await o.sign(raw));
  const tildes = text.length - text.replaceAll('~', '').length;
  if (tildes !== reasonChars * payoutLinesMax) throw new Error(`the payout's reasons hold ${tildes} characters to replace`);
  const headers = { ...ordinaryHeaders(o), [headerNames.commandId]: o.otherCommandId, [headerNames.type]: raw.type };
  return { text, headers, key: keyOf(raw) };
}

/**
 * The payout request whose reasons are each 400 bytes that are not UTF-8. Read lossily, each such
 * byte was U+FFFD, three bytes, and the request's answer (a PayoutApproval, every line with its
 * reason) and its coin.payout-approvals event repeated them: a record of 0.45 MB made an answer and
 * an event of 1.26 MB, which the broker refused. The consumer refuses it as not UTF-8.
 */
async function echoedPayoutRequest(o: OrdinaryRecord): Promise<HostileRecord> {
  const { text, headers, key } = await payoutRequestText(o, echoedReasonBytes);
  const value = Buffer.from(text);
  for (let i = 0; i < value.length; i += 1) if (value[i] === 0x7e) value[i] = 0xff;
  return { key, value, headers, commandId: o.otherCommandId, answers: [{ correlationId: o.correlationId, expected: 'refused' }] };
}

/**
 * The payout request whose reasons are three-byte characters (`€`, valid UTF-8), as many as keep
 * the record just under the broker's largest. Its PayoutApproval repeats every line with an index
 * and the amount in coins, so its answer and event would pass the broker's largest: the ledger
 * refuses the request when it decides it (PAYLOAD_TOO_LARGE, a payout request's lines at most 512
 * KiB), and answers that.
 */
async function nearLimitPayoutRequest(o: OrdinaryRecord): Promise<HostileRecord> {
  const { text, headers, key } = await payoutRequestText(o, 1);
  const headerBytes = Object.entries(headers).reduce((n, [name, v]) => n + Buffer.byteLength(name) + Buffer.byteLength(String(v)), 0);
  const roomBytes =
    brokerRecordBatchBytesMax - oneRecordFramingBytes - 2 * Object.keys(headers).length - headerBytes - Buffer.byteLength(key);
  // Each line's one `~` becomes `reasonChars` characters of three bytes.
  const reasonChars = Math.min(
    500,
    Math.floor((roomBytes - nearLimitMarginBytes - Buffer.byteLength(text) + payoutLinesMax) / (3 * payoutLinesMax)),
  );
  const value = Buffer.from(text.replaceAll('~', '€'.repeat(reasonChars)));
  if (value.length > roomBytes - nearLimitMarginBytes) throw new Error(`a near-limit payout request of ${value.length} bytes`);
  return { key, value, headers, commandId: o.otherCommandId, answers: [{ correlationId: o.correlationId, expected: 'decided' }] };
}

/**
 * The hostile records, one row each: what the record is, why the consumer refuses it (or null:
 * it is decided like any command), what its correlation ids get. The first is the oversized
 * answer: before the kit bounded the headers it reads, the ledger applied that command and
 * answered it with its 400,000-character correlation id as the answer's key, header and body
 * (1.2 MB), which the broker refused, and the batch was retried in place for ever.
 */
export const hostileRecordKinds: readonly HostileRecordKind[] = [
  {
    name: 'oversized answer: a correlation-id of 400,000 characters',
    refusedFor: /^header correlation-id must be a UUID; it holds 400000 characters, sha256 [0-9a-f]{64}$/,
    build: (o) => {
      const huge = hugeText('c', hugeHeaderChars);
      return changed(o, { [headerNames.correlationId]: huge }, [{ correlationId: huge, expected: 'none' }]);
    },
  },
  {
    name: 'a reply-to of 400,000 characters',
    refusedFor: /^header reply-to must name this deployment's reply topic; it names 400000 characters/,
    build: (o) =>
      changed(o, { [headerNames.replyTo]: hugeText(o.replyTo, hugeHeaderChars) }, [{ correlationId: o.correlationId, expected: 'none' }]),
  },
  {
    name: 'a traceparent of 400,000 characters',
    refusedFor: /^header traceparent must be 1 to 512 visible ASCII characters; it holds 400000 characters/,
    build: (o) =>
      changed(o, { [headerNames.traceparent]: hugeText('00-', hugeHeaderChars) }, [
        { correlationId: o.correlationId, expected: 'refused' },
      ]),
  },
  {
    name: 'no correlation-id',
    refusedFor: null,
    build: (o) => changed(o, { [headerNames.correlationId]: undefined }, []),
  },
  {
    name: 'no reply-to',
    refusedFor: null,
    build: (o) => changed(o, { [headerNames.replyTo]: undefined }, [{ correlationId: o.correlationId, expected: 'none' }]),
  },
  {
    name: 'no type header',
    refusedFor: null,
    build: (o) => changed(o, { [headerNames.type]: undefined }, [{ correlationId: o.correlationId, expected: 'decided' }]),
  },
  {
    name: 'the correlation-id twice, with different values (the first is read)',
    refusedFor: null,
    build: (o) =>
      changed(o, { [headerNames.correlationId]: [o.correlationId, o.otherCorrelationId] }, [
        { correlationId: o.correlationId, expected: 'decided' },
        { correlationId: o.otherCorrelationId, expected: 'none' },
      ]),
  },
  {
    name: 'the reply-to twice, another topic first (the first is read)',
    refusedFor: /^header reply-to must name this deployment's reply topic/,
    build: (o) =>
      changed(o, { [headerNames.replyTo]: [`${o.replyTo}.elsewhere`, o.replyTo] }, [{ correlationId: o.correlationId, expected: 'none' }]),
  },
  {
    name: 'a correlation-id that is not UTF-8',
    refusedFor: /^header correlation-id is not UTF-8 \(\d+ bytes\)$/,
    build: (o) => {
      const bytes = notUtf8(o.correlationId);
      return changed(o, { [headerNames.correlationId]: bytes }, [{ correlationId: bytes.toString(), expected: 'none' }]);
    },
  },
  {
    name: 'a request-id that is not UTF-8',
    refusedFor: /^header request-id is not UTF-8 \(\d+ bytes\)$/,
    build: (o) => changed(o, { [headerNames.requestId]: notUtf8(o.requestId) }, [{ correlationId: o.correlationId, expected: 'refused' }]),
  },
  {
    name: 'a header no consumer reads, not UTF-8',
    refusedFor: null,
    build: (o) =>
      changed(o, { 'x-simulation-note': notUtf8('simulation-note') }, [{ correlationId: o.correlationId, expected: 'decided' }]),
  },
  {
    name: 'a key of 500,000 characters',
    refusedFor: /^key: travelled under 500000 characters, sha256 [0-9a-f]{64}, but this command belongs under /,
    build: (o) => changed(o, {}, [{ correlationId: o.correlationId, expected: 'refused' }], hugeText('k', hugeKeyChars)),
  },
  {
    name: "a record just under the broker's largest",
    refusedFor: /^issuedAt: /,
    truncated: true,
    build: nearLimitRecord,
  },
  {
    name: 'oversized answer and event, echoed: an approval request of a 1,000-line payout whose reasons are not UTF-8',
    refusedFor: /^value is not UTF-8$/,
    build: echoedPayoutRequest,
  },
  {
    name: "oversized answer and event, valid: an approval request of a 1,000-line payout just under the broker's largest",
    refusedFor: null,
    decidedAs: 'PAYLOAD_TOO_LARGE',
    build: nearLimitPayoutRequest,
  },
];

/** The ordinary record with `extra` headers after its own, as one raw record (its key, value and headers). */
function wireRecordOf(o: OrdinaryRecord, extra: Array<[string, string]>): RawRecord {
  const headers = Object.entries(ordinaryHeaders(o)).map(([name, value]) => [name, String(value)] as [string, string]);
  return { key: o.key, value: JSON.stringify(o.command), headers: [...headers, ...extra] };
}

/** A wire-level record carrying the ordinary command: what the broker takes, the consumer bounds at decode. */
function wireCarrying(o: OrdinaryRecord, wire: Buffer, answers: HostileRecord['answers']): HostileRecord {
  return { key: o.key, value: Buffer.from(JSON.stringify(o.command)), headers: {}, commandId: o.commandId, answers, wire };
}

const nameless = (count: number): Array<[string, string]> => Array.from({ length: count }, () => ['', '']);
const ordinaryHeaderCount = 5;

/**
 * The wire-level kinds (scripts/fuzz/wire/hostile-wire.ts), each carrying the ordinary command:
 * past the decoder's bounds it is refused at decode (patches/kafkajs+2.2.4.patch), with its
 * headers up to the bound kept (so its caller is answered), or, for a batch that cannot be decoded,
 * as one record that has none. On kafkajs's own decoder 12,000 headers held the ledger's event loop
 * past its group session on every fetch.
 */
export const wireRecordKinds: readonly HostileRecordKind[] = [
  ...[12_000, 100_000].map(
    (count): HostileRecordKind => ({
      name: `${count.toLocaleString('en')} nameless empty headers after the command's own`,
      refusedFor: new RegExp(`^record has ${count + ordinaryHeaderCount} headers; at most \\d+ are read$`),
      build: (o) =>
        wireCarrying(o, rawBatch({ records: [wireRecordOf(o, nameless(count))] }), [
          { correlationId: o.correlationId, expected: 'refused' },
        ]),
    }),
  ),
  {
    name: 'gzip of the command beside 200,000 empty headers',
    refusedFor: /^record has 200005 headers; at most \d+ are read$/,
    build: (o) =>
      wireCarrying(
        o,
        rawBatch({ compressed: { codec: 1, bytes: gzipSync(rawRecord(wireRecordOf(o, nameless(200_000)))) }, recordCount: 1 }),
        [{ correlationId: o.correlationId, expected: 'refused' }],
      ),
  },
  {
    name: 'the command in a gzip batch that inflates to 64 MiB',
    refusedFor:
      /^record batch at offsets \d+ to \d+ \(\d+ bytes, sha256 [0-9a-f]{64}\) is not decodable: Cannot create a Buffer larger than/,
    build: (o) => {
      const record = wireRecordOf(o, [['x-filler', 'f'.repeat(64 * 1024 * 1024)]]);
      return wireCarrying(o, rawBatch({ compressed: { codec: 1, bytes: gzipSync(rawRecord(record)) }, recordCount: 1 }), [
        { correlationId: o.correlationId, expected: 'none' },
      ]);
    },
  },
  {
    name: 'the command in a zstd batch (a codec kafkajs lacks)',
    refusedFor: /is not decodable: ZSTD compression not implemented$/,
    build: (o) =>
      wireCarrying(o, rawBatch({ compressed: { codec: 4, bytes: zstdCompressSync(rawRecord(wireRecordOf(o, []))) }, recordCount: 1 }), [
        { correlationId: o.correlationId, expected: 'none' },
      ]),
  },
];

/** A hostile record as sent: where the broker put it. */
export interface HostileSent {
  kind: HostileRecordKind;
  record: HostileRecord;
  partition: number;
  offset: string;
}

interface DeadLetterSeen {
  error: string;
  truncated: boolean;
}

interface AnswerSeen {
  ok: boolean;
  code: string | null;
}

/**
 * What the ledger made of the hostile records, read from the broker: every answer on the reply
 * topic by its correlation id (the hostile records ask for none packed), and every dead letter of
 * the command topic by the partition and offset it came from. It sends the hostile records too.
 */
export class HostileWatch {
  private readonly answers = new Map<string, AnswerSeen[]>();
  private readonly deadLetters = new Map<string, DeadLetterSeen[]>();
  /** The offset after the last record read, by topic and partition. */
  private readonly readUpTo = new Map<string, bigint>();
  private consumer: Consumer | undefined;
  private producer: Producer | undefined;

  constructor(
    private readonly kafka: Kafka,
    private readonly topics: TopicNames,
    private readonly groupId: string,
  ) {}

  async start(): Promise<void> {
    this.producer = this.kafka.producer({ allowAutoTopicCreation: false });
    await this.producer.connect();
    const consumer = this.kafka.consumer({ groupId: this.groupId, ...fastGroupSettings });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics: [this.topics.gatewayReplies, dlqOf(this.topics.ledgerCommands)], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        this.readUpTo.set(`${topic}:${partition}`, BigInt(message.offset) + 1n);
        if (topic === this.topics.gatewayReplies) this.readAnswer(message.headers, message.value);
        else this.readDeadLetter(message.headers);
      },
    });
  }

  /** Sends a hostile record to ledger.commands, as a process with the gateway's credentials could. */
  async send(kind: HostileRecordKind, record: HostileRecord): Promise<HostileSent> {
    if (record.wire) return this.sendWire(kind, record, record.wire);
    const [placed] = await this.producer!.send({
      topic: this.topics.ledgerCommands,
      acks: -1,
      messages: [{ key: record.key, value: record.value, headers: record.headers }],
    });
    if (!placed) throw new Error(`the broker named no place for a hostile record (${kind.name})`);
    return { kind, record, partition: placed.partition, offset: String(placed.baseOffset ?? placed.offset) };
  }

  /** A wire-level record, raw to its key's partition at that partition's leader. */
  private async sendWire(kind: HostileRecordKind, record: HostileRecord, wire: Buffer): Promise<HostileSent> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const topic = this.topics.ledgerCommands;
      const [metadata] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
      const partition = keyPartitioner(metadata!.partitions.length)(record.key);
      const leader = await leaderOf(admin, topic, partition);
      const outcome = await produceRaw(leader, topic, partition, wire);
      if (outcome.errorCode !== 0) throw new Error(`the broker refused a wire-level record (${kind.name}): error ${outcome.errorCode}`);
      return { kind, record, partition, offset: String(outcome.baseOffset) };
    } finally {
      await admin.disconnect();
    }
  }

  private readAnswer(headers: IHeaders | undefined, value: Buffer | null): void {
    if (!value || isPack({ headers })) return;
    const correlationId = readHeaders(headers)[headerNames.correlationId];
    if (correlationId === undefined) return;
    let body: { ok?: unknown; error?: { code?: unknown } } = {};
    try {
      body = JSON.parse(value.toString('utf8'));
    } catch {
      // Counted as an answer all the same: what is checked is whether one came, and its code.
    }
    const seen = { ok: body.ok === true, code: typeof body.error?.code === 'string' ? body.error.code : null };
    this.answers.set(correlationId, [...(this.answers.get(correlationId) ?? []), seen]);
  }

  private readDeadLetter(headers: IHeaders | undefined): void {
    const read = readHeaders(headers);
    const place = `${read['dlq-original-partition']}:${read['dlq-original-offset']}`;
    const seen = { error: read['dlq-error'] ?? '', truncated: read['dlq-truncated'] === 'true' };
    this.deadLetters.set(place, [...(this.deadLetters.get(place) ?? []), seen]);
  }

  answersTo(correlationId: string): AnswerSeen[] {
    return this.answers.get(correlationId) ?? [];
  }

  deadLettersOf(sent: HostileSent): DeadLetterSeen[] {
    return this.deadLetters.get(`${sent.partition}:${sent.offset}`) ?? [];
  }

  /** Whether it has read the replies and the dead letters up to their ends as they are now. */
  async caughtUp(): Promise<boolean> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      for (const topic of [this.topics.gatewayReplies, dlqOf(this.topics.ledgerCommands)])
        for (const end of await admin.fetchTopicOffsets(topic)) {
          const read = this.readUpTo.get(`${topic}:${end.partition}`) ?? BigInt(end.low);
          if (read < BigInt(end.high)) return false;
        }
      return true;
    } finally {
      await admin.disconnect();
    }
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
    await this.producer?.disconnect();
  }
}

export interface HostileFinding {
  kind: string;
  detail: string;
}

/** What became of the command a hostile record carried, besides the record itself. */
export interface CarriedCommand {
  /** The command wrapped, the one its retry sends again; false: a command of the record's own. */
  wrapped: boolean;
  /** Its retry's first answer, when it is the wrapped command and that first attempt was answered. */
  retryFirst: { code: string | null; replayed: boolean } | null;
  /**
   * A ledger process ended while that first attempt waited: the attempt may have been applied,
   * then delivered again after the restart and answered from its own stored outcome.
   */
  retryFirstAcrossKill: boolean;
  /** Its retry's answers, ok or a code. */
  retryCodes: string[];
  /** It has a stored outcome once the run is drained (decided once, by the record or its retry). */
  stored: boolean;
  /** The wrapped command is a dry run: decided afresh every time it comes, never stored. */
  dryRun: boolean;
}

/**
 * Whether a hostile record came to what its row says: refused with its dead letter saying why
 * (truncated where it must be), or decided and never dead-lettered for its transport nor set
 * aside; each of its correlation ids answered as expected, a decision the same as its retry's; and
 * its command decided once. A refused record's retry is decided afresh (its first answer no
 * replay); a decided record's retry is answered from its stored outcome (or refused again by the
 * judge, which stores nothing), unless it is a dry run, which is decided afresh every time and
 * stores nothing; a record's own command is stored when decided, and not when refused.
 */
export function hostileFindings(
  sent: HostileSent,
  carried: CarriedCommand,
  watch: Pick<HostileWatch, 'deadLettersOf' | 'answersTo'>,
): HostileFinding[] {
  const findings: HostileFinding[] = [];
  const { kind, record } = sent;
  const found = (finding: string, detail: string) =>
    findings.push({
      kind: finding,
      detail: `${kind.name} (command ${record.commandId}, record ${sent.partition}:${sent.offset}): ${detail}`,
    });
  const deadLetters = watch.deadLettersOf(sent);
  const own = !carried.wrapped;
  if (kind.refusedFor) {
    if (deadLetters.length === 0) found('hostile-not-set-aside', 'no dead letter');
    for (const d of deadLetters) {
      if (!kind.refusedFor.test(d.error)) found('hostile-refused-otherwise', `dead-lettered for ${d.error.slice(0, 200)}`);
      if (d.truncated !== (kind.truncated === true)) found('hostile-dead-letter', `its dead letter ${d.truncated ? 'truncated' : 'whole'}`);
    }
    // Replayed is the record's doing only when nothing else could have stored the outcome first.
    if (carried.retryFirst?.replayed && !carried.retryFirstAcrossKill)
      found('hostile-applied', 'refused, yet its retry was answered from a stored outcome');
    if (own && carried.stored) found('hostile-applied', 'refused, yet its command has a stored outcome');
  } else {
    // Decided like any command: a dead letter may only be the judge's (its proof or author) of a wrapped command.
    for (const d of deadLetters)
      if (own || /^(header |key: )/.test(d.error)) found('hostile-set-aside', `dead-lettered for ${d.error.slice(0, 200)}`);
    const first = carried.retryFirst;
    if (first && !first.replayed && first.code !== 'COMMAND_REFUSED' && !carried.dryRun)
      found('hostile-lost', `its retry was decided afresh (${first.code ?? 'ok'})`);
    if (own && !carried.stored) found('hostile-lost', 'its command has no stored outcome');
  }
  for (const { correlationId, expected } of record.answers) {
    const codes = watch.answersTo(correlationId).map((a) => a.code ?? 'ok');
    const shown =
      correlationId.length > 64
        ? `correlation id of ${correlationId.length} characters`
        : `correlation id ${JSON.stringify(correlationId)}`;
    if (expected === 'none' && codes.length > 0) found('hostile-answered', `its ${shown} was answered ${codes.join(', ')}`);
    if (expected !== 'none' && codes.length === 0) found('hostile-unanswered', `its ${shown} was never answered`);
    if (expected === 'refused' && codes.some((c) => c !== 'COMMAND_REFUSED'))
      found('hostile-answered', `its ${shown} was answered ${codes.join(', ')}, not COMMAND_REFUSED`);
    if (expected === 'decided') {
      const untyped = codes.filter((c) => c !== 'ok' && !Object.hasOwn(errorCatalog, c));
      if (untyped.length > 0) found('untyped-refusal', `answered ${untyped.join(', ')}`);
      if (kind.decidedAs && codes.some((c) => c !== kind.decidedAs))
        found('hostile-answered', `its ${shown} was answered ${codes.join(', ')}, not ${kind.decidedAs}`);
      // A dry run's retry is decided afresh, on the wallets as the other lanes (its twin among them) left them.
      const otherwise = codes.filter((c) => carried.retryCodes.length > 0 && !carried.retryCodes.includes(c));
      if (otherwise.length > 0 && !carried.dryRun)
        found('replay', `answered ${otherwise.join(', ')}, its retry ${carried.retryCodes.join(', ')}`);
    }
  }
  return findings;
}

/** What the watch saw of the records of one kind: for the run's log. */
export function hostileSummary(sent: readonly HostileSent[], watch: HostileWatch): string[] {
  const byKind = new Map<string, { sent: number; deadLettered: number; truncated: number; answered: number }>();
  for (const s of sent) {
    const row = byKind.get(s.kind.name) ?? { sent: 0, deadLettered: 0, truncated: 0, answered: 0 };
    const deadLetters = watch.deadLettersOf(s);
    row.sent += 1;
    row.deadLettered += deadLetters.length > 0 ? 1 : 0;
    row.truncated += deadLetters.some((d) => d.truncated) ? 1 : 0;
    row.answered += s.record.answers.some((a) => watch.answersTo(a.correlationId).length > 0) ? 1 : 0;
    byKind.set(s.kind.name, row);
  }
  return [...byKind].map(
    ([name, row]) =>
      `${name}: ${row.sent} sent, ${row.deadLettered} dead-lettered (${row.truncated} truncated), ${row.answered} answered on their own correlation ids`,
  );
}
