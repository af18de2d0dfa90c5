import { randomUUID } from 'node:crypto';
import type { Kafka, KafkaMessage } from 'kafkajs';
import { commandMessage, headerNames, reply as replySchema, type Reply } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { Logger } from '@coin/logger';
import type { Tracing } from '@coin/telemetry';
import type { BatchingProducer } from './batching-producer';
import { fastGroupSettings, requestPathGroupSettings } from './client';
import { readHeaders } from './headers';
import { decodedWhole } from './decode-refusals';
import { isPack, unpack } from './pack';
import { parseMessage } from './consumer';
import { consumerRestartCounter, repliesReadCounter, requestReplyHistogram } from './metrics';
import { replyPartitions } from './replies';
import { fixedPartitionAssigner, randomReplyPartition, type ReplyPartitionClaim } from './reply-partition';
import {
  failedAs,
  loggedRequests,
  meteredRequests,
  tracedRequests,
  type Replied,
  type RequestOptions,
  type SendOptions,
  type SendRequest,
} from './request-wrappers';
import { joinWatchdog, SupervisedConsumer } from './supervised-consumer';
import type { Counter, Registry } from 'prom-client';

export type { CommandToSend, RequestOptions } from './request-wrappers';

interface Waiter {
  /** `message`: the reply as it arrived, whose trace context the send span links to. */
  resolve: (replied: Replied) => void;
  reject: (err: AppError) => void;
  commandId: string;
  timer: NodeJS.Timeout;
}

/**
 * The gateway side of a write (docs/DESIGN.md "Messaging"): produce a command with a correlation id, wait for
 * the reply on the shared reply topic, or fail with TIMEOUT naming the command id.
 *
 * Each instance claims one partition of the reply topic (ReplyPartitionClaim: a lease in the
 * gateway), names it in every command's `reply-partition` header, and reads only that partition,
 * so each reply is read once, by the instance that waits for it, however many instances run.
 */
export class RequestReplyClient {
  private readonly waiters = new Map<string, Waiter>();
  /** Per reply partition, the offset after the last reply delivered: where a replacement resumes. */
  private readonly nextOffsets = new Map<number, string>();
  /** The reply partition this instance reads, from start() on. */
  private partition: number | undefined;
  /** Replies read from the reply topic, this instance's or not (DESIGN "Request/reply"). */
  private read = 0;
  /** The same count as coin_kafka_replies_read_total, when a registry was given. */
  private readonly readCounter: Counter | undefined;
  private replies: SupervisedConsumer | undefined;
  private readonly restarts: Counter<'group'> | undefined;
  private readonly groupId: string;
  /** The plain send with the round-trip histogram, the span and the failure logs around it (request-wrappers.ts). */
  private readonly composed: SendRequest;

  constructor(
    private readonly kafka: Kafka,
    private readonly producer: BatchingProducer,
    private readonly replyTopic: string,
    private readonly logger: Logger,
    instanceId: string = randomUUID(),
    /**
     * Registers the round-trip histogram (coin_kafka_request_reply_duration_seconds) and the replies
     * read (coin_kafka_replies_read_total) here.
     */
    metrics?: Registry,
    private readonly partitionClaim: ReplyPartitionClaim = randomReplyPartition,
    /** Each request's PRODUCER span, its context in the command's `traceparent` (off: none). */
    tracing?: Tracing,
    /** KAFKA_REQUEST_PATH_FETCH_WAIT_MS: how long an idle fetch of the replies is held (requestPathGroupSettings). */
    private readonly fetchWaitMs: number = fastGroupSettings.maxWaitTimeInMs,
    /** CONSUMER_RELAUNCH_AFTER_MS: a reply consumer not joined this long after it started is replaced (joinWatchdog). */
    private readonly relaunchAfterMs?: number,
  ) {
    this.groupId = `gateway-replies-${instanceId}`;
    const plain: SendRequest = (options) => this.send(options);
    this.composed = loggedRequests(
      meteredRequests(tracedRequests(plain, tracing), metrics ? requestReplyHistogram(metrics) : undefined),
      logger,
    );
    this.restarts = metrics ? consumerRestartCounter(metrics) : undefined;
    this.readCounter = metrics ? repliesReadCounter(metrics) : undefined;
  }

  get pendingCount(): number {
    return this.waiters.size;
  }

  /** The reply partition this instance reads (undefined before start). */
  get replyPartition(): number | undefined {
    return this.partition;
  }

  /** How many replies this instance has read, its own and any others on its partition. */
  get repliesRead(): number {
    return this.read;
  }

  /** False from a crash of the reply consumer until its replacement has joined (for /readyz). */
  get consuming(): boolean {
    return this.replies?.consuming ?? false;
  }

  async start(): Promise<void> {
    // Every consumer of this client starts each reply partition where the one before stopped: the
    // first at the end of the topic as it was before it joined, a replacement after a crash after
    // the last reply delivered from that partition (or that same end, if nothing was). So the
    // replies produced while the consumer was away, including on a partition it had not read from
    // yet, still reach their waiters. The group commits nothing, so the offsets live here.
    const partitionCount = await this.recordEndOffsets();
    // A topic set up before the count rose may still be shorter than the contract says.
    const partition = await this.partitionClaim.claim(Math.min(partitionCount, replyPartitions));
    this.partition = partition;
    let markFirstFetch: () => void = () => undefined;
    const firstFetch = new Promise<void>((resolve) => (markFirstFetch = resolve));
    let fetchedOnce = false;
    this.replies = new SupervisedConsumer({
      groupId: this.groupId,
      logger: this.logger,
      watchdog: joinWatchdog(this.relaunchAfterMs),
      ...(this.restarts ? { restarts: this.restarts } : {}),
      create: () =>
        this.kafka.consumer({
          groupId: this.groupId,
          ...requestPathGroupSettings(this.fetchWaitMs),
          partitionAssigners: [fixedPartitionAssigner(this.replyTopic, partition)],
        }),
      start: async (consumer) => {
        if (!fetchedOnce) {
          // Only the first fetch matters: the listener goes, so later fetches cost nothing here.
          const stopListening = consumer.on(consumer.events.FETCH, () => {
            fetchedOnce = true;
            markFirstFetch();
            stopListening();
          });
        }
        await consumer.connect();
        await consumer.subscribe({ topic: this.replyTopic, fromBeginning: false });
        const resumeAt = [...this.nextOffsets].filter(([p]) => p === partition);
        await consumer.run({
          // Replies are transient: this group never commits, so it leaves nothing behind on the broker.
          autoCommit: false,
          // A whole fetched batch in one synchronous loop, instead of kafkajs's per-message path
          // (a promise, offset bookkeeping and a heartbeat check for every reply).
          eachBatch: async ({ batch }) => {
            let read = 0;
            const place = { topic: batch.topic, partition: batch.partition };
            for (const message of decodedWhole(batch.messages, place, this.logger))
              read += isPack(message) ? this.deliverPack(message) : this.deliver(message);
            this.read += read;
            this.readCounter?.inc(read);
            const last = batch.messages[batch.messages.length - 1];
            if (last) this.nextOffsets.set(batch.partition, String(BigInt(last.offset) + 1n));
          },
        });
        for (const [partition, offset] of resumeAt) {
          try {
            consumer.seek({ topic: this.replyTopic, partition, offset });
          } catch (err) {
            // The join failed and kafkajs reported a crash: the supervisor tries again.
            this.logger.warn({ err, partition, offset }, 'could not resume the reply partition');
          }
        }
      },
    });
    await this.replies.start();
    await this.replies.ready;
    await firstFetch;
  }

  /**
   * Where each reply partition ends now: the start of every partition nothing was delivered from
   * yet. Returns how many partitions the topic has.
   */
  private async recordEndOffsets(): Promise<number> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const offsets = await fetchOffsetsOnceHosted(() => admin.fetchTopicOffsets(this.replyTopic));
      for (const { partition, offset } of offsets) {
        if (!this.nextOffsets.has(partition)) this.nextOffsets.set(partition, offset);
      }
      return offsets.length;
    } finally {
      await admin.disconnect();
    }
  }

  /**
   * Each reply of a pack (docs/DESIGN.md "Packed records") as if it had come alone. A pack that
   * cannot be read is passed over whole (its callers learn nothing sooner than their deadline);
   * an entry that cannot be read is passed over alone, and answers its caller as a garbled reply
   * does. Returns how many replies it held.
   */
  private deliverPack(record: KafkaMessage): number {
    const unpacked = unpack(record);
    if (!unpacked.ok) {
      this.logger.warn({ error: unpacked.error, offset: record.offset }, 'unreadable reply pack');
      return 0;
    }
    for (const entry of unpacked.entries) {
      if (entry.ok) {
        this.deliver(entry.message);
        continue;
      }
      const correlationId = readHeaders(entry.message.headers)[headerNames.correlationId];
      if (correlationId === undefined || !this.waiters.has(correlationId)) continue;
      this.logger.warn({ error: entry.error, offset: record.offset }, 'invalid reply');
      this.fail(correlationId, 'The reply to this command could not be read; retry with the same Idempotency-Key');
    }
    return unpacked.entries.length;
  }

  private deliver(message: KafkaMessage): number {
    // Look the correlation id up in the header before parsing, so the replies of an instance
    // sharing the partition (and late ones) cost no JSON parse and validation.
    const header = message.headers?.[headerNames.correlationId];
    const correlationId = header === undefined ? undefined : String(header);
    if (correlationId !== undefined && !this.waiters.has(correlationId)) return 1;
    const parsed = parseMessage(replySchema, message);
    if (!parsed.ok) {
      this.logger.warn({ error: parsed.error, offset: message.offset }, 'invalid reply');
      // A garbled reply to a request of ours: its caller learns at once that the outcome is
      // unknown (the same answer a timeout gives) instead of waiting out the deadline.
      if (correlationId !== undefined)
        this.fail(correlationId, 'The reply to this command could not be read; retry with the same Idempotency-Key');
      return 1;
    }
    const waiter = this.waiters.get(parsed.value.correlationId);
    if (!waiter) return 1; // another instance's reply, or one that arrived after its deadline
    this.waiters.delete(parsed.value.correlationId);
    clearTimeout(waiter.timer);
    waiter.resolve({ reply: parsed.value, message });
    return 1;
  }

  /** Answers a waiting request with TIMEOUT's meaning (outcome unknown) before its deadline. */
  private fail(correlationId: string, detail: string): void {
    const waiter = this.waiters.get(correlationId);
    if (!waiter) return;
    this.waiters.delete(correlationId);
    clearTimeout(waiter.timer);
    waiter.reject(failedAs(new AppError('TIMEOUT', detail, { extra: { commandId: waiter.commandId } }), 'unreadable'));
  }

  /**
   * Sends the command and resolves with its reply; rejects with AppError TIMEOUT / UNAVAILABLE.
   * The round trip is timed, traced and its failures logged (request-wrappers.ts).
   */
  async request(options: RequestOptions): Promise<Reply> {
    return (await this.composed({ ...options, correlationId: randomUUID() })).reply;
  }

  /** The plain round trip: the command produced with where to answer, its reply awaited until the deadline. */
  private send(options: SendOptions): Promise<Replied> {
    const { command, correlationId } = options;
    const replyPromise = new Promise<Replied>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(correlationId);
        reject(
          failedAs(
            new AppError('TIMEOUT', 'The command was accepted but not confirmed in time; retry with the same Idempotency-Key', {
              extra: { commandId: command.commandId },
            }),
            'timeout',
          ),
        );
      }, options.timeoutMs);
      this.waiters.set(correlationId, { resolve, reject, commandId: command.commandId, timer });
    });
    // The deadline runs from now, so it can pass while the send below is still being retried
    // (broker down). That rejection must not go unhandled — Node would end the process — so a
    // handler is attached at once; callers still get it through the promise returned below.
    replyPromise.catch(() => undefined);
    const sent = (async () => {
      // The command as every sender writes it (contracts), plus where and under which id to answer.
      const message = commandMessage(command, options.key);
      // Packed with the other commands to its partition when the producer packs the topic (packOn).
      await this.producer.send(
        options.topic,
        {
          ...message,
          headers: {
            ...message.headers,
            [headerNames.correlationId]: correlationId,
            [headerNames.replyTo]: this.replyTopic,
            // This client reads packed replies.
            [headerNames.replyPack]: '1',
            ...(this.partition === undefined ? {} : { [headerNames.replyPartition]: String(this.partition) }),
            ...(options.requestId ? { [headerNames.requestId]: options.requestId } : {}),
            ...(options.traceparent ? { [headerNames.traceparent]: options.traceparent } : {}),
            ...options.headers,
          },
        },
        { pack: true },
      );
    })().catch((err: unknown) => {
      const waiter = this.waiters.get(correlationId);
      // Past the deadline the caller has its TIMEOUT already; the send's failure is only logged.
      if (!waiter) {
        this.logger.warn(
          { err, requestId: options.requestId, commandId: command.commandId, correlationId },
          'could not produce command (its caller was answered TIMEOUT)',
        );
        return;
      }
      clearTimeout(waiter.timer);
      this.waiters.delete(correlationId);
      const unavailable = new AppError('UNAVAILABLE', 'The command could not be queued; retry with the same Idempotency-Key', {
        extra: { commandId: command.commandId },
      });
      // The producer's error, for the log line (request-wrappers.ts loggedRequests); never in the caller's answer.
      Object.defineProperty(unavailable, 'cause', { value: err, enumerable: false });
      throw failedAs(unavailable, 'unavailable');
    });
    // The deadline holds while the send is still being retried (the broker down): the caller gets
    // TIMEOUT at `timeoutMs`, not when kafkajs gives up sending many seconds later. A send that
    // fails before the deadline answers UNAVAILABLE at once.
    return Promise.race([replyPromise, sent.then(() => replyPromise)]);
  }

  async stop(): Promise<void> {
    for (const waiter of this.waiters.values()) clearTimeout(waiter.timer);
    this.waiters.clear();
    await this.replies?.stop();
    await this.partitionClaim.release();
  }
}

/**
 * Kafka 4 can list a new topic's partition leaders before the leader serves them: ListOffsets
 * then answers NOT_LEADER_OR_FOLLOWER, which kafkajs's admin does not retry. Retried here while
 * the error is retriable, for up to `timeoutMs`.
 */
async function fetchOffsetsOnceHosted<T>(fetch: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch();
    } catch (err) {
      if (!(err as { retriable?: boolean }).retriable || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
