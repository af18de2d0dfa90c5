import {
  PartitionAssigners,
  type Batch,
  type Consumer,
  type ConsumerRunConfig,
  type EachBatchHandler,
  type Kafka,
  type KafkaMessage,
} from 'kafkajs';
import { z } from 'zod';
import { headerNames } from '@coin/contracts';
import { AppError, classifyFailure, type WireError } from '@coin/errors';
import type { Logger } from '@coin/logger';
import type { BatchingProducer } from './batching-producer';
import { fastGroupSettings, offPathLingerBytes } from './client';
import { coPartitionedAssigner } from './co-partitioned-assigner';
import { ApplyAhead } from './apply-ahead';
import { keptAlive } from './batch-keep-alive';
import { meteredAttempts, meteredBatch, meteredSort, type BatchApply, type SortedBatch } from './batch-metering';
import { ResolvedOffsets } from './commit-on-stop';
import { deadLetter } from './dead-letters';
import { decodeRefusalOf } from './decode-refusals';
import { boundedHeader, describedValue, headerRefusal, readHeaders, textRefusal, utf8Text } from './headers';
import { isPack, packEntryIndex, unpack } from './pack';
import { replyAddressOf, replyBodyOf, sendReply } from './replies';
import { consumerMetrics, consumerRestartCounter, loggerForHeaders, type ConsumerMetrics } from './metrics';
import { ProgressWatch, progressWatchDefaults, type ProgressWatchSettings, type StalledPartition, watchedConsumer } from './progress-watch';
import { SupervisedConsumer, type SupervisorWatchdog } from './supervised-consumer';
import type { Registry } from 'prom-client';

export interface Delivered<T> {
  value: T;
  key: string | null;
  headers: Record<string, string>;
  topic: string;
  partition: number;
  offset: string;
  /** The consumer's logger bound to the message's requestId / commandId / correlationId headers. */
  log?: Logger;
  /** The message as it arrived: what a dead letter carries. */
  raw?: KafkaMessage;
  /**
   * When its batch reached the handler's slot (ms since the epoch), before unpacking and checks:
   * where a trace tells the wait for the fetch loop from the checks after it.
   */
  receivedAtMs?: number;
}

/**
 * A delivered message whose bound logger is built on first use: a pino child per message (its
 * bindings serialised and redacted) was ~2 % of the ledger's CPU profile under load, for log
 * lines most messages never write.
 */
class DeliveredMessage<T> implements Delivered<T> {
  private boundLog: Logger | undefined;

  constructor(
    readonly value: T,
    readonly key: string | null,
    readonly headers: Record<string, string>,
    readonly topic: string,
    readonly partition: number,
    readonly offset: string,
    private readonly consumerLog: Logger,
    readonly raw: KafkaMessage,
    readonly receivedAtMs: number,
  ) {}

  get log(): Logger {
    this.boundLog ??= loggerForHeaders(this.consumerLog, this.headers);
    return this.boundLog;
  }
}

export interface ConsumerOptions<S extends z.ZodType> {
  kafka: Kafka;
  groupId: string;
  topics: string[];
  schema: S;
  logger: Logger;
  /** Where invalid messages go (`<topic>.dlq`); shared with the service's other sends. */
  producer: BatchingProducer;
  /**
   * Gets every valid message of one fetched partition batch, in offset order. Offsets are
   * committed only after it resolves, so a crash redelivers the batch: handlers are idempotent.
   */
  handleBatch: (items: Delivered<z.output<S>>[], control: BatchControl) => Promise<void>;
  /** Partitions handled at once in this process; each partition stays serial. */
  partitionsConsumedConcurrently?: number;
  /**
   * Commit offsets at most this often instead of after every batch: one broker round trip less
   * in each batch's loop. A crash, rebalance or stop then redelivers up to this much
   * already-handled work, so only handlers that answer a redelivery from what they stored may
   * set it.
   */
  commitIntervalMs?: number;
  /**
   * Lets the fetch loop run this many batches of a partition ahead of their applies (ApplyAhead,
   * apply-ahead.ts): the handler's batch is queued behind the partition's earlier ones and the
   * next fetch leaves at once; offsets commit (every `commitIntervalMs`, which it needs) only once
   * applied, in order. Only for a handler that answers a redelivery from what it stored, and a
   * consumer that never seeks.
   */
  applyAheadBatches?: number;
  /**
   * With `applyAheadBatches`: asked for each batch whether the fetch loop may run ahead of its
   * apply now; when it says no, the handler's batch is queued and the fetch loop waits for its
   * apply, as without apply-ahead. The ledger asks whether the CPU has room (CpuHeadroom,
   * cpu-headroom.ts). Without it, always.
   */
  runAhead?: () => boolean;
  fromBeginning?: boolean;
  /** Registers batch size, handler duration, lag and message counters on this registry. */
  metrics?: Registry;
  /**
   * Stores the outcome of a message set aside for a permanent failure (see `applyIsolating`) so
   * that a redelivery or a retry with the same command id is answered the same way, and returns
   * the outcome stored (an earlier one if there was). The consumer then answers the caller with it, if the message has a
   * reply address, and dead-letters the message. Without it the caller is answered with the
   * COMMAND_FAILED error and nothing is stored. Resolve null to answer nobody (internal messages
   * an operator redrives).
   */
  recordSetAside?: (item: Delivered<z.output<S>>, error: WireError) => Promise<{ ok: boolean; reply: unknown } | null>;
  /** How a batch that fails for contention is retried before its failure is judged a command's. */
  isolation?: Partial<IsolationSettings>;
  /**
   * Called for each message set aside (see `applyIsolating`), after its dead letter and its
   * answer: the service records it in the admin audit log. Durable when it resolves and
   * idempotent (a redelivery sets the message aside again); if it throws, the batch comes back.
   */
  onSetAside?: (setAside: RefusedMessage<z.output<S>>) => Promise<void>;
  /**
   * The topic this consumer answers commands on (the gateway's replies). A message set aside or
   * refused by the schema is answered there when its `reply-to` names it; without it, nobody is.
   */
  replyTopic?: string;
  /**
   * Which records of a fetched batch this consumer need not read, judged from the record as it
   * arrived (its key, say) before anything parses it: neither handled nor dead-lettered, their
   * offsets committed with the batch, counted as `passed_over`. Asked once per batch, so it may
   * refresh what it judges by. For a consumer that wants a few records of a busy topic (the
   * balance monitors of a handful of wallets among every balance change): parsing the rest was
   * most of its cost.
   */
  passOver?: () => Promise<(message: KafkaMessage) => boolean>;
  /**
   * The stages a valid message passes before it is applied, in order (the ledger's: the key its
   * content names, the topic it may travel on, its proof of who asked): the first to give a reason
   * refuses it like one the schema refuses (dead-lettered, `onRefused`, its caller answered, never
   * applied). Asked in offset order, each message after the records taken before it.
   */
  checks?: ReadonlyArray<MessageCheck<z.output<S>>>;
  /**
   * Records of the topic that are not messages of the schema (the ledger's revocation records),
   * told apart from the record as it arrived, before anything parses it. Each is handed to
   * `take`, in offset order among the messages (so a check after it sees what it changed);
   * resolving null, it is taken and neither handled nor dead-lettered (counted as `passed_over`);
   * resolving a reason, it is dead-lettered with it. `take` must be durable when it resolves (the batch's offsets commit
   * after it) and idempotent (a redelivery brings the record again); its audit is its own.
   */
  records?: {
    matches: (message: KafkaMessage) => boolean;
    take: (message: KafkaMessage, record: RecordPlace & { topic: string }) => Promise<string | null>;
  };
  /**
   * Called for each valid message refused by one of its `checks` (never for one
   * the schema refuses: it names nobody), after its dead letter and before its answer: the
   * service records the refusal in the admin audit log. It must be durable when it resolves and
   * idempotent (a redelivery calls it again); if it throws, the batch is redelivered, as when
   * a dead letter cannot be sent.
   */
  onRefused?: (refused: RefusedMessage<z.output<S>>) => Promise<void>;
  /**
   * Told each time this member has joined its group with its partitions: at the start, after a
   * rebalance (a member gone, perhaps mid-batch) and after a replaced consumer's join.
   */
  onJoined?: () => void;
  /**
   * Told the partitions this member owns, by topic, each time it joins its group (kafkajs's
   * GROUP_JOIN memberAssignment), and null as soon as the group rebalances (until the next join
   * it may own none of them).
   */
  onAssignment?: (assignment: Readonly<Record<string, readonly number[]>> | null) => void;
  /**
   * The group's members own the same partition numbers of every topic they read (see
   * coPartitionedAssigner): for topics whose partition n holds the same keys.
   */
  coPartitioned?: boolean;
  /**
   * Topics whose packed records (pack.ts, docs/DESIGN.md "Packed records") this consumer reads as
   * the messages they carry, each then validated, refused, dead-lettered and handled as if it
   * had come alone, in order. A pack that cannot be read is dead-lettered whole; an entry that
   * cannot, or whose key `partitionOf` puts in another partition than the pack's, alone (and
   * its caller answered). On other topics a pack is one message like any other (and invalid).
   */
  packs?: { topics: readonly string[]; partitionOf: (key: string) => number };
  /**
   * Fetch sizing and group timing, passed to the kafkajs consumer over the fast defaults.
   * Larger fetches make larger batches, which is what a batch-per-transaction handler (the
   * ledger) wants; such a handler also needs a session timeout well above its slowest batch.
   */
  tuning?: {
    maxBytesPerPartition?: number;
    maxBytes?: number;
    minBytes?: number;
    maxWaitTimeInMs?: number;
    sessionTimeout?: number;
    heartbeatInterval?: number;
    rebalanceTimeout?: number;
    /** Off the request path: the pause after a small batch that lets the next fetch bring many (offPathFetch). */
    lingerMs?: number;
  };
  /**
   * How the group's progress is watched from its committed offsets (ProgressWatch,
   * progress-watch.ts): how long a partition may stand still while records wait before it is
   * stalled, how often it is read, and the admin client that reads it.
   */
  progress?: ProgressWatchSettings;
}

/** Where and when the broker put a record: its partition, its offset and its timestamp. */
export interface RecordPlace {
  partition: number;
  offset: string;
  /**
   * The record's timestamp, ms since the epoch: on a topic whose `message.timestamp.type` is
   * LogAppendTime (the command topics, checked at start), the time the broker appended it.
   */
  timestampMs: number;
  /** Which message of the pack at `offset` it is, when it came in one (pack.ts). */
  packEntry?: number;
}

/** A valid message that was refused before any apply (see `onRefused`). */
export interface RefusedMessage<T> {
  value: T;
  topic: string;
  partition: number;
  offset: string;
  /** Which message of the pack at `offset` it was, when it came in one (pack.ts). */
  packEntry?: number;
  /** What refused it, in a sentence (the dead letter's `dlq-error`). */
  reason: string;
  headers: Record<string, string>;
}

export interface BatchControl {
  /** Tells the group coordinator this member is alive; call it during long batches. */
  heartbeat(): Promise<void>;
}

export interface RunningConsumer {
  /** Resolves once the group has joined and received its partitions. */
  ready: Promise<void>;
  /** False from a crash until a consumer of the group has joined again (SupervisedConsumer). */
  readonly consuming: boolean;
  /**
   * The partitions this member holds whose committed offset has not moved for the watch's
   * `stallAfterMs` while records wait (none: every partition it holds moves or is caught up).
   */
  stalled(): StalledPartition[];
  stop(): Promise<void>;
}

export interface IsolationSettings {
  /**
   * Attempts of a batch (and of a message alone) that fails for contention (a serialization
   * failure, a deadlock: failures.ts) before the failure is judged the command's own.
   */
  contentionAttempts: number;
  /** First pause between those attempts; doubles each time. */
  backoffMs: number;
}

const commandIdSchema = z.uuid();

/** Pauses between retries of a batch whose failure is transient: short, and well inside any session timeout. */
const transientRetry = { firstMs: 100, maxMs: 2000 };

/**
 * Four attempts 50, 100 and 200 ms apart: a lost race of two writers is gone by then, and the other
 * partitions of the fetch (which kafkajs holds until every batch of it is handled) wait at most
 * that long for the one being isolated.
 */
const defaultIsolation: IsolationSettings = { contentionAttempts: 4, backoffMs: 50 };

/** The id the caller will look for: the command's own, else its header (unparseable messages). */
function commandIdOf(value: unknown, headers: Record<string, string>): string {
  const fromValue = (value as { commandId?: unknown } | null)?.commandId;
  const id = typeof fromValue === 'string' ? fromValue : headers[headerNames.commandId];
  // The same rule as the reply schema's, so the answer is readable by the one who waits for it.
  return id && commandIdSchema.safeParse(id).success ? id : '00000000-0000-0000-0000-000000000000';
}

/**
 * The error a caller gets for a command refused before any apply (COMMAND_REFUSED, the request's
 * fault) or set aside by the apply (COMMAND_FAILED, the service's): its id and the request that
 * sent it (what the operators find it by), never the internal error text.
 */
export function commandFailedError(commandId: string, why: 'refused' | 'failed', requestId?: string): WireError {
  const named = requestId ? `Command ${commandId} (request ${requestId.slice(0, 200)})` : `Command ${commandId}`;
  return why === 'refused'
    ? new AppError(
        'COMMAND_REFUSED',
        `${named} was refused before it was applied (it does not match the command contract) and was dead-lettered for operators; nothing changed`,
      ).toWire()
    : new AppError('COMMAND_FAILED', `${named} could not be applied and was set aside for operators; nothing changed`).toWire();
}

/** The outcomes of coin_kafka_consumer_messages_total that alerts watch (deploy/prometheus/alerts.yml). */
const alertedOutcomes = ['dead_lettered', 'set_aside', 'handler_failed'] as const;

/**
 * Batches waiting behind a partition's apply are applied together up to this many messages: a
 * transfer command is ~400 bytes, so this is about one full fetch of a partition (1 MiB), and
 * well inside what one database transaction of the ledger takes (its group commit's 4,000).
 */
const applyAheadItemsMax = 2_000;

/** How long a stop waits for the batches in hand before its final commit. */
const stopDrainMs = 5_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function parseMessage<S extends z.ZodType>(
  schema: S,
  message: KafkaMessage,
): { ok: true; value: z.output<S> } | { ok: false; error: string } {
  if (!message.value) return { ok: false, error: 'empty message value' };
  // Never read lossily: a byte that is no UTF-8 would be U+FFFD, three bytes, in what the message makes (utf8Text).
  const text = utf8Text(message.value);
  if (text === null) return { ok: false, error: 'value is not UTF-8' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'value is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const error = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    return { ok: false, error };
  }
  return { ok: true, value: parsed.data };
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string; refused?: T };

/** A valid message, refused for `refusal` unless it is null. */
function refusedFor<T>(parsed: { ok: true; value: T }, refusal: string | null): Checked<T> {
  return refusal === null ? parsed : { ok: false, error: refusal, refused: parsed.value };
}

/**
 * A valid message whose headers the kit may not read is refused (headerRefusal: an id outside its
 * rule, a `reply-to` naming another topic than the one this consumer answers on).
 */
function checkHeaders<T>(parsed: Checked<T>, headers: Record<string, string>, replyTopic: string | undefined): Checked<T> {
  return parsed.ok ? refusedFor(parsed, headerRefusal(headers, replyTopic)) : parsed;
}

/** What a check of a valid message is given: the message, and where and how it travelled. */
export interface ArrivedMessage<T> {
  value: T;
  /** The key it travelled under (null: none). */
  key: string | null;
  topic: string;
  headers: Record<string, string>;
  /** Where and when the broker put it. */
  record: RecordPlace;
}

/** One stage of a consumer's `checks`: the reason a valid message may not be applied, or null when it may. */
export type MessageCheck<T> = (message: ArrivedMessage<T>) => string | null | Promise<string | null>;

/**
 * The stage that refuses a message travelling under another key than the one its content names
 * (the ledger's `partitionKeyOf`): it sits in a partition that does not serialise what it touches.
 */
export function keyCheck<T>(keyOf: (value: T) => string): MessageCheck<T> {
  return ({ value, key }) => {
    const expected = keyOf(value);
    if (key === expected) return null;
    // The key as it travelled is anyone's: shown by its length and digest when long.
    const travelled = key === null ? 'null' : describedValue(key);
    return `key: travelled under ${travelled}, but this command belongs under ${JSON.stringify(expected)}`;
  };
}

/**
 * A valid message through the stages from `from` on: refused by the first reason. Synchronous while
 * the stages are, so a consumer whose checks never wait makes no promise per message.
 */
function passChecks<T>(
  parsed: { ok: true; value: T },
  arrived: ArrivedMessage<T>,
  checks: ReadonlyArray<MessageCheck<T>>,
  from = 0,
): Checked<T> | Promise<Checked<T>> {
  for (let stage = from; stage < checks.length; stage += 1) {
    const reason = checks[stage]!(arrived);
    if (reason instanceof Promise)
      return reason.then((waited) => (waited === null ? passChecks(parsed, arrived, checks, stage + 1) : refusedFor(parsed, waited)));
    if (reason !== null) return refusedFor(parsed, reason);
  }
  return parsed;
}

/**
 * A consumer that validates every message against a zod schema before any logic, dead-letters
 * the invalid ones, hands the valid ones over a batch at a time and commits after the handler.
 */
export async function startConsumer<S extends z.ZodType>(options: ConsumerOptions<S>): Promise<RunningConsumer> {
  const log = options.logger.child({ groupId: options.groupId });
  const metrics = options.metrics ? consumerMetrics(options.metrics) : undefined;
  // The series the alerts watch exist from the start (at 0): the first dead letter is an increase.
  for (const topic of options.topics)
    for (const outcome of alertedOutcomes) metrics?.messages.inc({ group: options.groupId, topic, outcome }, 0);
  // With a commit interval, what the consumer applied since its last commit is committed on stop.
  const resolvedOf = new WeakMap<Consumer, ResolvedOffsets>();
  const aheadOf = new WeakMap<Consumer, ApplyAhead<Delivered<z.output<S>>>>();
  if (options.applyAheadBatches && !options.commitIntervalMs) throw new Error('applyAheadBatches needs commitIntervalMs');
  const watch = new ProgressWatch({ ...options, ...options.progress, logger: log });
  // Batches in each consumer's handler now (its eachBatch, outermost): a stall then is the handler's.
  const inHandler = new WeakMap<Consumer, number>();
  const groupSettings = { ...fastGroupSettings, ...fetchTuning(options.tuning) };
  const supervisor = new SupervisedConsumer({
    groupId: options.groupId,
    logger: log,
    watchdog: watchdogOf(options.progress, watch, (consumer) => (inHandler.get(consumer) ?? 0) > 0 || aheadOf.get(consumer)?.busy === true),
    ...(options.metrics ? { restarts: consumerRestartCounter(options.metrics) } : {}),
    beforeStop: async (consumer) => {
      const committed =
        (await resolvedOf.get(consumer)?.drain((offsets) => consumer.commitOffsets(offsets), stopDrainMs)) ??
        (await aheadOf.get(consumer)?.drain(stopDrainMs));
      if (committed) log.debug({ partitions: committed }, 'committed the offsets applied since the last commit');
    },
    create: () =>
      options.kafka.consumer({
        groupId: options.groupId,
        ...groupSettings,
        // Round robin second: a member of an older version (one topic) can still share the group
        // during a rolling upgrade; the broker picks the first protocol every member offers.
        ...(options.coPartitioned ? { partitionAssigners: [coPartitionedAssigner, PartitionAssigners.roundRobin] } : {}),
      }),
    start: async (consumer) => {
      watch.follow(consumer);
      await consumer.connect();
      for (const topic of options.topics) {
        await consumer.subscribe({ topic, fromBeginning: options.fromBeginning ?? true });
      }
      const ahead = options.applyAheadBatches
        ? new ApplyAhead<Delivered<z.output<S>>>(
            { commitOffsets: (offsets) => consumer.commitOffsets(offsets), seek: (place) => consumer.seek(place) },
            {
              aheadMax: options.applyAheadBatches,
              itemsMax: applyAheadItemsMax,
              commitIntervalMs: options.commitIntervalMs!,
              logger: log,
              ...(options.runAhead ? { runAhead: options.runAhead } : {}),
            },
          )
        : undefined;
      const config = runConfig(options, log, metrics, ahead);
      followMembership(consumer, options);
      if (ahead) {
        aheadOf.set(consumer, ahead);
        consumer.on(consumer.events.GROUP_JOIN, (event) => ahead.assign(event.payload.memberAssignment));
        consumer.on(consumer.events.REBALANCING, () => ahead.abandonWaiting());
      } else if (options.commitIntervalMs) {
        const resolved = new ResolvedOffsets({ commitIntervalMs: options.commitIntervalMs, logger: log });
        resolvedOf.set(consumer, resolved);
        consumer.on(consumer.events.GROUP_JOIN, (event) => resolved.assign(event.payload.memberAssignment));
        config.eachBatch = resolved.wrap(config.eachBatch!);
      }
      config.eachBatch = keptAlive(countedIn(inHandler, consumer, config.eachBatch!), groupSettings.heartbeatInterval, log);
      await consumer.run(config);
    },
  });
  await supervisor.start();
  return watchedConsumer(supervisor, watch);
}

/** Tells `onJoined` and `onAssignment` of the consumer's joins and rebalances. */
function followMembership(consumer: Consumer, options: Pick<ConsumerOptions<z.ZodTypeAny>, 'onJoined' | 'onAssignment'>): void {
  if (options.onJoined) consumer.on(consumer.events.GROUP_JOIN, () => options.onJoined?.());
  if (options.onAssignment) {
    consumer.on(consumer.events.GROUP_JOIN, (event) => options.onAssignment?.(event.payload.memberAssignment));
    consumer.on(consumer.events.REBALANCING, () => options.onAssignment?.(null));
  }
}

/** The supervisor's watchdog of a consumer: its bound, its watch's fresh stalls and whether it is busy. */
function watchdogOf(
  settings: ProgressWatchSettings | undefined,
  watch: ProgressWatch,
  busy: (consumer: Consumer) => boolean,
): SupervisorWatchdog {
  return {
    relaunchAfterMs: settings?.relaunchAfterMs ?? progressWatchDefaults.relaunchAfterMs,
    checkIntervalMs: watch.checkIntervalMs,
    stalled: () => watch.stalledNow(),
    busy,
  };
}

/** The handler, counting in `counts` the batches of `consumer` inside it. */
function countedIn(counts: WeakMap<Consumer, number>, consumer: Consumer, eachBatch: EachBatchHandler): EachBatchHandler {
  return async (payload) => {
    counts.set(consumer, (counts.get(consumer) ?? 0) + 1);
    try {
      await eachBatch(payload);
    } finally {
      counts.set(consumer, (counts.get(consumer) ?? 1) - 1);
    }
  };
}

/**
 * What each consumer of the group (the first and any replacement) runs: per fetched partition
 * batch, validation and dead letters, the handler, then offsets and metrics.
 */
function runConfig<S extends z.ZodType>(
  options: ConsumerOptions<S>,
  log: Logger,
  metrics: ConsumerMetrics | undefined,
  ahead: ApplyAhead<Delivered<z.output<S>>> | undefined,
): ConsumerRunConfig {
  return {
    // kafkajs's auto-commit commits after every batch whatever the interval; with an interval
    // the handler's commitOffsetsIfNecessary() below is what commits, at most that often.
    ...(options.commitIntervalMs ? { autoCommit: false, autoCommitInterval: options.commitIntervalMs } : { autoCommit: true }),
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
      if (!isRunning() || isStale()) return;
      const labels = { group: options.groupId, topic: batch.topic };
      const { valid } = await meteredSort(sortBatch<S>, metrics, labels)(batch, options, log);
      const last = batch.messages[batch.messages.length - 1];
      const applyItems = async (items: Delivered<z.output<S>>[]): Promise<void> => {
        if (items.length === 0) return;
        // The plain apply, each attempt counted, retried while the world is away, the whole timed (batch-metering.ts).
        const attempt = meteredAttempts(
          (part: Delivered<z.output<S>>[]) => applyIsolating(part, { heartbeat }, options, log),
          metrics,
          labels,
        );
        const place = { ...labels, firstOffset: items[0]!.offset };
        await meteredBatch(
          (part: Delivered<z.output<S>>[]) => applyRetrying(part, attempt, { heartbeat, isRunning, isStale }, log, place),
          metrics,
          labels,
        )(items);
      };
      if (ahead && last) {
        // A batch fetched before a seek to an earlier offset comes again from there.
        if (isStale()) return;
        const queued = await ahead.enqueue(batch.topic, batch.partition, {
          firstOffset: batch.messages[0]!.offset,
          lastOffset: last.offset,
          items: valid,
          apply: async (items) => {
            if (!isRunning() || isStale()) return false;
            await applyItems(items);
            return true;
          },
        });
        if (!queued) return;
        // Where the next fetch starts; the offset committed follows the applies (ApplyAhead).
        resolveOffset(last.offset);
        await heartbeat();
        return;
      }
      await applyItems(valid);
      if (last) resolveOffset(last.offset);
      await commitOffsetsIfNecessary();
      await heartbeat();
      const pauseMs = lingerAfter(batch.messages, options.tuning?.lingerMs);
      if (pauseMs > 0 && isRunning()) await sleep(pauseMs);
    },
  };
}

/**
 * A fetched partition batch sorted as the contract asks (docs/RELIABILITY.md "Bad input and
 * races: what each gets, and the test that proves it"): packs unpacked, records the service passes over or takes itself set apart, every other message
 * validated (its key, value and the headers the kit reads UTF-8, schema, headers, then the
 * service's `checks` in order: the ledger's key, topic and proof); an invalid one is dead-lettered, its refusal recorded and its
 * caller answered when its address holds, never applied.
 */
export async function sortBatch<S extends z.ZodType>(
  batch: Batch,
  options: ConsumerOptions<S>,
  log: Logger,
): Promise<SortedBatch<z.output<S>>> {
  const receivedAtMs = Date.now();
  const valid: Delivered<z.output<S>>[] = [];
  const passesOver = options.passOver ? await options.passOver() : null;
  let passedOver = 0;
  const unpacked = await unpackBatch(batch.messages, batch.topic, batch.partition, options, log);
  for (const message of unpacked.messages) {
    const refusedAtDecode = decodeRefusalOf(message);
    if (refusedAtDecode !== null) {
      // Before anything reads it: its headers stop at the decoder's bound (decode-refusals.ts).
      await refuseMessage(batch, message, readHeaders(message.headers), { ok: false, error: refusedAtDecode }, options, log);
      continue;
    }
    if (passesOver?.(message)) {
      passedOver += 1;
      continue;
    }
    if (options.records?.matches(message)) {
      if (await takeRecord(batch, message, options, log)) passedOver += 1;
      continue;
    }
    const headers = readHeaders(message.headers);
    const unreadable = textRefusal(message);
    const checked =
      unreadable === null
        ? checkHeaders(parseMessage(options.schema, message), headers, options.replyTopic)
        : { ok: false as const, error: unreadable };
    const key = message.key ? message.key.toString() : null;
    let parsed: Checked<z.output<S>> = checked;
    if (parsed.ok && options.checks?.length) {
      const record = { partition: batch.partition, offset: message.offset, timestampMs: Number(message.timestamp), ...packPlace(message) };
      const passed = passChecks(parsed, { value: parsed.value, key, topic: batch.topic, headers, record }, options.checks);
      // Awaited only when a stage waited: no promise per message when none does.
      parsed = passed instanceof Promise ? await passed : passed;
    }
    if (parsed.ok) {
      valid.push(
        new DeliveredMessage(parsed.value, key, headers, batch.topic, batch.partition, message.offset, log, message, receivedAtMs),
      );
    } else await refuseMessage(batch, message, headers, parsed, options, log);
  }
  return { valid, deadLettered: unpacked.count - valid.length - passedOver, passedOver };
}

/** A record the service takes itself (`records`): true when taken, false when refused and dead-lettered. */
async function takeRecord<S extends z.ZodType>(
  batch: Batch,
  message: KafkaMessage,
  options: ConsumerOptions<S>,
  log: Logger,
): Promise<boolean> {
  const place = {
    topic: batch.topic,
    partition: batch.partition,
    offset: message.offset,
    timestampMs: Number(message.timestamp),
    ...packPlace(message),
  };
  const refusal = await options.records!.take(message, place);
  if (refusal === null) return true;
  log.warn({ topic: batch.topic, partition: batch.partition, offset: message.offset, error: refusal }, 'dead-lettering a record refused');
  await deadLetter(options.producer, batch.topic, batch.partition, message, refusal, log);
  return false;
}

/** An invalid or refused message: dead-lettered, its refusal recorded (`onRefused`), its caller answered. */
async function refuseMessage<S extends z.ZodType>(
  batch: Batch,
  message: KafkaMessage,
  headers: Record<string, string>,
  parsed: { ok: false; error: string; refused?: z.output<S> },
  options: ConsumerOptions<S>,
  log: Logger,
): Promise<void> {
  loggerForHeaders(log, headers).warn(
    { topic: batch.topic, partition: batch.partition, offset: message.offset, error: parsed.error },
    'dead-lettering invalid message',
  );
  await deadLetter(options.producer, batch.topic, batch.partition, message, parsed.error, log);
  if (parsed.refused !== undefined && options.onRefused)
    await options.onRefused({
      value: parsed.refused,
      topic: batch.topic,
      partition: batch.partition,
      offset: message.offset,
      ...packPlace(message),
      reason: parsed.error,
      headers,
    });
  if (options.replyTopic) await answerUndecided(options.producer, headers, options.replyTopic);
}

/**
 * The handler on a batch of valid messages, no message able to stop the partition
 * (`applyIsolating`). The world away (the database restarting, a broker unreachable: no command's
 * fault, so none is set aside) pauses the partition: the same batch is retried in place with
 * backoff, heartbeating meanwhile, and the partition resumes where it was once it passes — no
 * crash of the consumer, no restart loop. Only a rebalance (the heartbeat throws), a stop, or a
 * stale batch ends the wait, by throwing; the service's database watch ends the process if the
 * outage outlasts its grace, and the consumer's progress watch shows the stall meanwhile.
 */
async function applyRetrying<T>(
  valid: Delivered<T>[],
  attempt: BatchApply<T>,
  control: BatchControl & { isRunning: () => boolean; isStale: () => boolean },
  log: Logger,
  place: { topic: string; firstOffset: string | null },
): Promise<number> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt(valid);
    } catch (err) {
      const context = {
        err,
        attempt: tries,
        topic: place.topic,
        partition: valid[0]?.partition,
        firstOffset: place.firstOffset,
        commandIds: valid
          .slice(0, 20)
          .map((v) => v.headers[headerNames.commandId])
          .filter(Boolean),
      };
      if (!control.isRunning() || control.isStale()) {
        log.warn(context, 'batch handler failed while the consumer stops or rebalances; the batch will be redelivered');
        throw err;
      }
      const delayMs = Math.min(transientRetry.maxMs, transientRetry.firstMs * 2 ** (tries - 1));
      // Say which commands it holds so their logs can be found; once, then every tenth try.
      if (tries === 1 || tries % 10 === 0)
        log.error({ ...context, delayMs }, 'batch handler failed while a backing service is away; the partition pauses and retries it');
      await sleep(delayMs);
      await control.heartbeat();
    }
  }
}

/**
 * The batch's records with each pack replaced by the messages it carries (see `packs`), and how
 * many messages that makes (the dead-lettered packs and entries counted in). Packs and entries
 * that cannot be read are dead-lettered here, their callers answered when they name one.
 */
export async function unpackBatch<S extends z.ZodType>(
  records: KafkaMessage[],
  topic: string,
  partition: number,
  options: ConsumerOptions<S>,
  log: Logger,
): Promise<{ messages: KafkaMessage[]; count: number }> {
  const packs = options.packs;
  const packed = (record: KafkaMessage) => isPack(record) && decodeRefusalOf(record) === null;
  if (!packs?.topics.includes(topic) || !records.some(packed)) return { messages: records, count: records.length };
  const messages: KafkaMessage[] = [];
  let count = 0;
  for (const record of records) {
    if (!packed(record)) {
      messages.push(record);
      count += 1;
      continue;
    }
    const result = unpack(record);
    if (!result.ok) {
      log.warn({ topic, partition, offset: record.offset, error: result.error }, 'dead-lettering an unreadable pack');
      await deadLetter(options.producer, topic, partition, record, result.error, log);
      count += 1;
      continue;
    }
    for (const entry of result.entries) {
      count += 1;
      const key = entry.message.key?.toString() ?? null;
      const error = !entry.ok
        ? entry.error
        : key === null
          ? `pack entry ${entry.index}: no key`
          : packs.partitionOf(key) !== partition
            ? `pack entry ${entry.index}: its key belongs in partition ${packs.partitionOf(key)}, not ${partition}`
            : null;
      if (error === null) {
        messages.push(entry.message);
        continue;
      }
      const headers = readHeaders(entry.message.headers);
      loggerForHeaders(log, headers).warn({ topic, partition, offset: record.offset, error }, 'dead-lettering invalid message');
      await deadLetter(options.producer, topic, partition, entry.message, error, log);
      if (options.replyTopic) await answerUndecided(options.producer, headers, options.replyTopic);
    }
  }
  return { messages, count };
}

/** `packEntry` of a message read from a pack; nothing for a record that came alone. */
function packPlace(message: KafkaMessage): { packEntry?: number } {
  const index = packEntryIndex.get(message);
  return index === undefined ? {} : { packEntry: index };
}

/** The kafkajs consumer's share of the tuning (the linger is ours). */
function fetchTuning(tuning: ConsumerOptions<z.ZodType>['tuning']): Omit<NonNullable<ConsumerOptions<z.ZodType>['tuning']>, 'lingerMs'> {
  const { lingerMs: _ours, ...kafkajs } = tuning ?? {};
  return kafkajs;
}

/**
 * How long an off-path consumer waits before its next fetch after this batch: its linger after a
 * small batch, nothing after one of `offPathLingerBytes` or more (it is behind: fetch at once).
 */
export function lingerAfter(messages: readonly Pick<KafkaMessage, 'value'>[], lingerMs: number | undefined): number {
  if (!lingerMs || lingerMs <= 0) return 0;
  let bytes = 0;
  for (const message of messages) {
    bytes += message.value?.length ?? 0;
    if (bytes >= offPathLingerBytes) return 0;
  }
  return lingerMs;
}

/** A command dead-lettered before anything decided it is answered at once, never left to time out. */
async function answerUndecided(producer: BatchingProducer, headers: Record<string, string>, replyTopic: string): Promise<void> {
  const address = replyAddressOf(headers, replyTopic);
  if (!address) return;
  const commandId = commandIdOf(null, headers);
  await sendReply(producer, address, {
    commandId,
    ok: false,
    error: commandFailedError(commandId, 'refused', boundedHeader(headers, headerNames.requestId)),
  });
}

/** What applyIsolating takes of the consumer's options. */
type IsolationOptions<T> = Pick<ConsumerOptions<z.ZodType<T>>, 'recordSetAside' | 'producer' | 'isolation' | 'replyTopic'> & {
  handleBatch: (items: Delivered<T>[], control: BatchControl) => Promise<void>;
  onSetAside?: ((setAside: RefusedMessage<T>) => Promise<void>) | undefined;
};

/**
 * Runs the handler on a batch so that no message can stop the partition (docs/RELIABILITY.md
 * "Failure classes"). The world away (`unavailable`) is thrown: the partition pauses and the batch
 * is retried (applyRetrying). Contention is retried in place a bounded number of times with
 * back-off. Anything else, and contention that outlasts its bound, is the defect of one command:
 * the batch is split in halves, each handled on its own, in order, down to the single message
 * that fails; that one is set aside: its outcome stored (recordSetAside), its caller answered,
 * the message dead-lettered with the error and audited (onSetAside). Handlers are idempotent, so
 * a half handled again after a partial failure changes nothing. Returns how many messages were
 * set aside.
 */
export async function applyIsolating<T>(
  items: Delivered<T>[],
  control: BatchControl,
  options: IsolationOptions<T>,
  log: Logger,
): Promise<number> {
  const settings = { ...defaultIsolation, ...(options.isolation ?? {}) };
  const failure = await withinContentionBound(items, control, options, settings);
  if (failure === null) return 0;
  return isolate(items, failure, control, options, settings, log);
}

/** A handler's failure that retrying did not cure, and the class it had. */
interface Unretried {
  error: unknown;
  /** Contention that outlasted its attempts, or a permanent failure. */
  outlasted: boolean;
}

/**
 * One attempt of the handler; contention is tried again (up to `contentionAttempts`, pauses
 * doubling from `backoffMs`). Resolves null once it passes, or the failure no retry cured; throws
 * when the world is away (unavailable), so the partition pauses instead of setting anything aside.
 */
async function withinContentionBound<T>(
  part: Delivered<T>[],
  control: BatchControl,
  options: IsolationOptions<T>,
  settings: IsolationSettings,
): Promise<Unretried | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await options.handleBatch(part, control);
      return null;
    } catch (err) {
      const failure = classifyFailure(err);
      if (failure === 'unavailable') throw err;
      if (failure === 'permanent') return { error: err, outlasted: false };
      if (attempt >= settings.contentionAttempts) return { error: err, outlasted: true };
      await sleep(settings.backoffMs * 2 ** (attempt - 1));
      await control.heartbeat();
    }
  }
}

/**
 * Bisects a failed part down to the messages that fail and sets each aside; every other message
 * is handled, in order. A half is tried once (its contention was retried at the top); a message
 * alone whose failure is contention gets its own bounded attempts before it is set aside.
 */
async function isolate<T>(
  part: Delivered<T>[],
  failure: Unretried,
  control: BatchControl,
  options: IsolationOptions<T>,
  settings: IsolationSettings,
  log: Logger,
): Promise<number> {
  if (part.length === 1) {
    const alone =
      failure.outlasted || classifyFailure(failure.error) !== 'contention'
        ? failure
        : await withinContentionBound(part, control, options, settings);
    if (alone === null) return 0;
    await setAside(part[0]!, alone, options, log);
    return 1;
  }
  log.warn(
    { err: failure.error, count: part.length, firstOffset: part[0]!.offset },
    'batch failed for a reason retrying does not cure; isolating the message',
  );
  const middle = Math.ceil(part.length / 2);
  let setAsideCount = 0;
  for (const half of [part.slice(0, middle), part.slice(middle)]) {
    const halfFailure = await onceOrThrow(half, control, options);
    if (halfFailure !== null) setAsideCount += await isolate(half, halfFailure, control, options, settings, log);
  }
  return setAsideCount;
}

/** One attempt: null once it passes, the failure otherwise; the world away is thrown. */
async function onceOrThrow<T>(part: Delivered<T>[], control: BatchControl, options: IsolationOptions<T>): Promise<Unretried | null> {
  try {
    await options.handleBatch(part, control);
    return null;
  } catch (err) {
    if (classifyFailure(err) === 'unavailable') throw err;
    return { error: err, outlasted: false };
  }
}

/**
 * Sets one message aside: its COMMAND_FAILED outcome stored (so a redelivery or a retry with the
 * same command id is answered the same), its caller answered, the message dead-lettered with the
 * error and the set-aside audited.
 */
async function setAside<T>(item: Delivered<T>, failure: Unretried, options: IsolationOptions<T>, log: Logger): Promise<void> {
  const commandId = commandIdOf(item.value, item.headers);
  const error = commandFailedError(commandId, 'failed', boundedHeader(item.headers, headerNames.requestId));
  const stored = options.recordSetAside ? await options.recordSetAside(item, error) : undefined;
  const outcome = stored === undefined ? { ok: false, reply: error } : stored;
  const address = options.replyTopic ? replyAddressOf(item.headers, options.replyTopic) : null;
  if (address && outcome) await sendReply(options.producer, address, replyBodyOf(commandId, outcome));
  const reason = setAsideReason(failure);
  log.error(
    { err: failure.error, topic: item.topic, partition: item.partition, offset: item.offset, commandId },
    'message set aside: the handler cannot apply it',
  );
  const message = originalMessageOf(item);
  await deadLetter(options.producer, item.topic, item.partition, message, reason, log);
  await options.onSetAside?.({
    value: item.value,
    topic: item.topic,
    partition: item.partition,
    offset: item.offset,
    ...packPlace(message),
    reason,
    headers: item.headers,
  });
}

/** The dead letter's `dlq-error` of a message set aside: its class, SQLSTATE and error. */
function setAsideReason({ error, outlasted }: Unretried): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const why = outlasted ? 'contention that outlasted its attempts' : 'permanent';
  return `set aside (${why}${typeof code === 'string' ? `, code ${code}` : ''}): ${text}`;
}

/** The message as it arrived, for its dead letter; rebuilt from the value when not at hand. */
export function originalMessageOf<T>(item: Delivered<T>): KafkaMessage {
  if (item.raw) return item.raw;
  return {
    key: item.key === null ? null : Buffer.from(item.key),
    value: Buffer.from(JSON.stringify(item.value)),
    headers: item.headers,
    offset: item.offset,
    timestamp: String(Date.now()),
    attributes: 0,
  } as KafkaMessage;
}
