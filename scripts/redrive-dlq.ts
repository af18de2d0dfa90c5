/**
 * Moves dead-lettered messages back to their topic, once their cause is fixed:
 *   npm run dlq:redrive -- --topic coin.transactions [--limit N]
 * reads `<TOPIC_PREFIX><topic>.dlq` under its own consumer group, checks each message against the
 * owner of the topic (ownerCheckOf: a dead letter is written by a consumer, which may not write
 * the topic itself, so its bytes are not trusted), produces those that verify to the topic again
 * with their key, value and headers minus the dlq-* ones, leaves the others where they are
 * (counted and logged), and commits as it goes, so a rerun continues where the last one stopped
 * and a message is moved at most once per run. It stops at the end the DLQ had when it started: a
 * message that fails again lands after that end and waits for the next run instead of looping.
 */
import { commonEnv, kafkaSecurityOf, parseConfig, positiveInt, serviceTokenPrivateKey, serviceTokenPublicKeys, z } from '@coin/config';
import {
  canonicalJson,
  dlqOf,
  type KafkaService,
  ownersOf,
  redriveGroupId,
  redrivableTopics,
  type TopicBase,
  topicBases,
  topicName,
  transactionRecorded,
} from '@coin/contracts';
import { httpLedgerRecord, type LedgerRecord } from '@coin/history';
import { userDeletionReader } from '@coin/ledger';
import { ServiceTokenSigner } from '@coin/http';
import { createKafka, deadLetterBytesMax, decodeRefusalOf, encodedRecordBytes, headerRefusal, readHeaders } from '@coin/kafka';
import { createCommandLineLogger, type Logger } from '@coin/logger';
import { AuditSignatureVerifier } from '@coin/security';
import type { IHeaders, Kafka, KafkaMessage } from 'kafkajs';
import { parseCliArgs } from './cli-args';

const dlqHeaderPrefix = 'dlq-';

export interface RedriveOptions {
  kafka: Kafka;
  /** The full topic name, prefix included. */
  topic: string;
  /** Its consumer group (redriveGroupId: under the group prefix of the owner it runs as); a group of its own by default (tests). */
  groupId?: string;
  /** At most this many messages looked at (moved or left); all of them when absent. */
  limit?: number;
  logger: Logger;
  /**
   * The owner's check of a dead letter (ownerCheckOf): null when it may go back, else why not.
   * Only messages that pass are produced; the others stay in the DLQ.
   */
  check: OwnerCheck;
}

/** Whether a dead letter verifies against the owner of its topic: null when it does, else why not. */
export type OwnerCheck = (message: KafkaMessage) => Promise<string | null>;

/** What the owner checks need, from the environment of the service whose credentials the redrive runs with. */
export interface OwnerCheckDeps {
  /** coin.transactions: the ledger's record (GET /internal/transactions, as the history rebuild reads it). */
  ledger?: LedgerRecord;
  /** user.events(.v2): the user service's word on an account (GET /internal/users/:id/deletion, as the ledger asks it). */
  userDeletion?: (userId: number) => Promise<'deleted' | 'live' | 'unknown'>;
  /** admin.audit, admin.refusals: the writers' public keys. */
  auditSignatures?: AuditSignatureVerifier;
}

const jsonOf = (message: KafkaMessage): unknown => {
  try {
    return message.value ? JSON.parse(message.value.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The check a topic's dead letters must pass before they go back (docs/RELIABILITY.md "Re-driving
 * dead letters"). Event topics trusted as their owner's are checked against the owner:
 * coin.transactions against the ledger's own record (the transaction exists and is equal, field
 * for field), user events against the user service (the account exists, and is deleted for a
 * user.deleted), the audit log's records by their writer's signature. Command topics are copied
 * as they are: the applying service checks every command's proof of authority again (and
 * ledger.internal, which carries none, has one writer and one consumer: the ledger). Any other
 * topic has no owner check here and is not redriven.
 */
export function ownerCheckOf(base: TopicBase, deps: OwnerCheckDeps): OwnerCheck {
  // Asked for when a dead letter needs it: an empty DLQ needs nothing.
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`redriving ${base} needs ${what}`);
    return value;
  };
  switch (base) {
    case 'ledger.commands':
    case 'user.commands':
    case 'ledger.internal':
      return async () => null;
    case 'coin.transactions': {
      return async (message) => {
        const ledger = need(deps.ledger, "the ledger's internal API (LEDGER_SERVICE_URL) and the ledger's service key");
        const raw = jsonOf(message) as { transaction?: unknown } | undefined;
        const parsed = transactionRecorded.safeParse(raw);
        if (!parsed.success) return 'not a coin.transaction.recorded event';
        // Exactly the contract's fields: nothing the ledger's record could not vouch for rides along.
        if (canonicalJson(raw?.transaction) !== canonicalJson(parsed.data.transaction))
          return 'the transaction has fields the contract does not';
        const { id } = parsed.data.transaction;
        const page = await ledger.page(id - 1, 1);
        const recorded = page.transactions[0];
        if (!recorded || recorded.id !== id) return `the ledger has no transaction ${id}`;
        if (canonicalJson(recorded) !== canonicalJson(parsed.data.transaction)) return `transaction ${id} differs from the ledger's record`;
        return null;
      };
    }
    case 'user.events':
    case 'user.events.v2': {
      return async (message) => {
        const deletionOf = need(deps.userDeletion, "the user service (USER_SERVICE_URL) and the user service's key");
        const event = jsonOf(message) as { type?: unknown; user?: { id?: unknown } } | undefined;
        const userId = event?.user?.id;
        if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0) return 'not a user event';
        const status = await deletionOf(userId);
        if (status === 'unknown') return `the user service has no user ${userId}`;
        if (event?.type === 'user.deleted' && status !== 'deleted') return `the user service says user ${userId} is not deleted`;
        return null;
      };
    }
    case 'admin.audit':
    case 'admin.refusals': {
      return async (message) => {
        const verifier = need(deps.auditSignatures, "the writers' public keys (AUDIT_SIGNER_PUBLIC_KEYS)");
        const check = verifier.check(message.value, readHeaders(message.headers));
        return check.ok ? null : check.reason;
      };
    }
    default:
      throw new Error(`${base} has no owner check: its dead letters are not redriven (docs/RELIABILITY.md "Re-driving dead letters")`);
  }
}

/**
 * Why a dead letter may not go back whatever its topic's owner says, or null when it may: one the
 * consumer truncated (what it lost cannot be applied), one larger than a dead letter is kept whole
 * (the broker would refuse its next dead letter, or the record itself: before the consumers bounded
 * them, such a record stopped its partition for good), or one whose headers the consumer refuses
 * (a `correlation-id` of 400,000 characters, say): sent back, it would come straight back here.
 */
export function redriveRefusal(message: KafkaMessage): string | null {
  const refusedAtDecode = decodeRefusalOf(message);
  if (refusedAtDecode !== null) return `not decoded whole: ${refusedAtDecode}`;
  const headers = readHeaders(message.headers);
  if (headers['dlq-truncated'] !== undefined)
    return `truncated: the original was ${headers['dlq-original-bytes'] ?? 'of unknown size'} bytes (sha256 ${headers['dlq-original-sha256'] ?? 'unknown'}) and only its start is kept`;
  const original = readHeaders(withoutDlqHeaders(message.headers));
  const bytes = encodedRecordBytes(message.key, message.value, original);
  if (bytes > deadLetterBytesMax) return `${bytes} bytes encoded: over the ${deadLetterBytesMax} a dead letter keeps whole`;
  const refusal = headerRefusal(original);
  return refusal === null ? null : `its consumer would refuse it again: ${refusal}`;
}

export function withoutDlqHeaders(headers: IHeaders | undefined): IHeaders {
  const kept: IHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!name.startsWith(dlqHeaderPrefix) && value !== undefined) kept[name] = value;
  }
  return kept;
}

export async function redriveDlq(options: RedriveOptions): Promise<{ moved: number; refused: number }> {
  const dlq = dlqOf(options.topic);
  const groupId = options.groupId ?? `${dlq}-redrive`;
  const limit = options.limit ?? Number.MAX_SAFE_INTEGER;
  const remaining = await remainingRanges(options.kafka, dlq, groupId);
  if (remaining.size === 0 || limit <= 0) return { moved: 0, refused: 0 };

  const producer = options.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  const consumer = options.kafka.consumer({ groupId, sessionTimeout: 6000, heartbeatInterval: 500, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic: dlq, fromBeginning: true });
  let moved = 0;
  let refused = 0;
  let finish: () => void = () => undefined;
  let fail: (err: Error) => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const checkDone = () => {
    if (moved + refused >= limit || [...remaining.values()].every((r) => r.next >= r.end)) finish();
  };
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, heartbeat, isRunning }) => {
      const range = remaining.get(batch.partition);
      if (!range) return;
      try {
        const messages = batch.messages
          .filter((m) => Number(m.offset) >= range.next && Number(m.offset) < range.end)
          .slice(0, limit - moved - refused);
        if (messages.length === 0 || !isRunning()) return;
        const verified = await verifiedOf(messages, options, dlq, batch.partition, () => {
          refused += 1;
        });
        if (verified.length > 0)
          await producer.send({
            topic: options.topic,
            messages: verified.map((m) => ({ key: m.key, value: m.value, headers: withoutDlqHeaders(m.headers) })),
          });
        const last = Number(messages[messages.length - 1]!.offset);
        await consumer.commitOffsets([{ topic: dlq, partition: batch.partition, offset: String(last + 1) }]);
        moved += verified.length;
        range.next = last + 1;
        options.logger.info({ topic: options.topic, partition: batch.partition, moved, refused }, 're-drove dead letters');
        await heartbeat();
      } catch (err) {
        fail(err as Error);
        throw err;
      } finally {
        checkDone();
      }
    },
  });
  try {
    await finished;
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
  }
  return { moved, refused };
}

/** Per DLQ partition, the offsets still to redrive: from the group's committed offset (or the log start) to the end. */
async function remainingRanges(
  kafka: RedriveOptions['kafka'],
  dlq: string,
  groupId: string,
): Promise<Map<number, { next: number; end: number }>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [ends, committed] = await Promise.all([admin.fetchTopicOffsets(dlq), admin.fetchOffsets({ groupId, topics: [dlq] })]);
    const committedOf = new Map((committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
    return new Map(
      ends
        .map((e) => [e.partition, { next: Math.max(committedOf.get(e.partition) ?? -1, Number(e.low)), end: Number(e.high) }] as const)
        .filter(([, r]) => r.next < r.end),
    );
  } finally {
    await admin.disconnect();
  }
}

/**
 * The messages that may go back (redriveRefusal) and verify against the owner of the topic; each
 * other one is logged with why and counted by `onRefused`.
 */
async function verifiedOf(
  messages: KafkaMessage[],
  options: RedriveOptions,
  dlq: string,
  partition: number,
  onRefused: () => void,
): Promise<KafkaMessage[]> {
  const verified: KafkaMessage[] = [];
  for (const m of messages) {
    const why = redriveRefusal(m) ?? (await options.check(m));
    if (why === null) verified.push(m);
    else {
      onRefused();
      options.logger.warn(
        { dlq, partition, offset: m.offset, why },
        'dead letter not redriven: it may not go back, or does not verify against the owner of the topic',
      );
    }
  }
  return verified;
}

/**
 * The environment of the owner checks; each is needed only for the topics that use it, and given
 * by the owner's pod, whose credentials the redrive runs with (docs/OPERATIONS.md "Re-driving dead
 * letters"): its Kafka principal (the only one that may write the topic back and read its DLQ)
 * and its service key (the owner's API admits the owner).
 */
const redriveConfig = z.object({
  ...commonEnv,
  /** The owner's service key: it signs the redrive's questions to the owner's internal API. */
  SERVICE_TOKEN_PRIVATE_KEY: serviceTokenPrivateKey().optional(),
  LEDGER_SERVICE_URL: z.string().url().optional(),
  USER_SERVICE_URL: z.string().url().optional(),
  AUDIT_SIGNER_PUBLIC_KEYS: serviceTokenPublicKeys().optional(),
  REDRIVE_HTTP_TIMEOUT_MS: positiveInt(10_000),
});
type RedriveConfig = z.output<typeof redriveConfig>;

/** The owner check of a topic, from the redrive's environment, as the owner service `owner`. */
export function ownerCheckFromConfig(base: TopicBase, owner: Exclude<KafkaService, 'migrate'>, config: RedriveConfig): OwnerCheck {
  const key = config.SERVICE_TOKEN_PRIVATE_KEY;
  const deps: OwnerCheckDeps = {};
  if (base === 'coin.transactions' && key && config.LEDGER_SERVICE_URL) {
    deps.ledger = httpLedgerRecord(
      config.LEDGER_SERVICE_URL,
      config.REDRIVE_HTTP_TIMEOUT_MS,
      new ServiceTokenSigner(owner, key).authorizationFor('ledger'),
    );
  }
  if ((base === 'user.events' || base === 'user.events.v2') && key && config.USER_SERVICE_URL) {
    deps.userDeletion = userDeletionReader({
      baseUrl: config.USER_SERVICE_URL,
      timeoutMs: config.REDRIVE_HTTP_TIMEOUT_MS,
      signer: new ServiceTokenSigner(owner, key),
    });
  }
  if (config.AUDIT_SIGNER_PUBLIC_KEYS) deps.auditSignatures = new AuditSignatureVerifier(config.AUDIT_SIGNER_PUBLIC_KEYS);
  return ownerCheckOf(base, deps);
}

async function main(): Promise<void> {
  const usage = 'usage: npm run dlq:redrive -- --topic <topic> [--as <owner service>] [--limit N]';
  const { values } = parseCliArgs(
    { args: process.argv.slice(2), options: { topic: { type: 'string' }, as: { type: 'string' }, limit: { type: 'string' } } },
    usage,
  );
  const bases = Object.values(topicBases) as string[];
  if (!values.topic || !bases.includes(values.topic)) throw new Error(`--topic must be one of ${bases.join(', ')}`);
  const base = values.topic as TopicBase;
  if (!redrivableTopics.includes(base))
    throw new Error(`${base}: its dead letters have no owner check and are not redriven (docs/RELIABILITY.md "Re-driving dead letters")`);
  // The owner's principal alone reads the DLQ and writes the topic back: the redrive runs as it.
  const owners = ownersOf(base);
  const owner = (values.as ?? (owners.length === 1 ? owners[0] : undefined)) as Exclude<KafkaService, 'migrate'> | undefined;
  if (!owner || owner === ('migrate' as string) || !owners.includes(owner))
    throw new Error(`--as must name the service that writes ${base}: one of ${owners.join(', ')}`);
  if (values.limit !== undefined && !/^[1-9][0-9]*$/.test(values.limit)) throw new Error('--limit must be a positive integer');
  const config = parseConfig(redriveConfig, process.env);
  const logger = createCommandLineLogger('dlq-redrive', config.LOG_LEVEL);
  const kafka = createKafka({ brokers: config.KAFKA_BROKERS, security: kafkaSecurityOf(config), clientId: 'dlq-redrive', logger });
  const topic = topicName(config.TOPIC_PREFIX, values.topic);
  const check = ownerCheckFromConfig(base, owner, config);
  const groupId = redriveGroupId(config.TOPIC_PREFIX, owner, base);
  const { moved, refused } = await redriveDlq({
    kafka,
    topic,
    logger,
    check,
    groupId,
    ...(values.limit ? { limit: Number(values.limit) } : {}),
  });
  process.stdout.write(
    `moved ${moved} message(s) from ${dlqOf(topic)} back to ${topic}; ${refused} stay (truncated, too large, refused by their consumer or not verified by the topic's owner: each logged with why)\n`,
  );
}

if (require.main === module) {
  main().catch((err: Error) => {
    process.stderr.write(`dlq:redrive failed: ${err.message}\n`);
    process.exit(1);
  });
}
