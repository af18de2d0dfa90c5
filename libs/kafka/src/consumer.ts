import type { ConsumerRunConfig, Kafka, KafkaMessage } from 'kafkajs';
import type { z } from 'zod';
import { dlqOf, headerNames } from '@coin/contracts';
import type { Logger } from '@coin/logger';
import type { BatchingProducer } from './batching-producer';
import { fastGroupSettings } from './client';
import { readHeaders } from './headers';
import { consumerMetrics, consumerRestartCounter, loggerForHeaders, type ConsumerMetrics } from './metrics';
import { SupervisedConsumer } from './supervised-consumer';
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
  ) {}

  get log(): Logger {
    return (this.boundLog ??= loggerForHeaders(this.consumerLog, this.headers));
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
  fromBeginning?: boolean;
  /** Registers batch size, handler duration, lag and message counters on this registry. */
  metrics?: Registry;
  /**
   * Fetch sizing and group timing, passed to the kafkajs consumer over the fast defaults.
   * Larger fetches make larger batches, which is what a batch-per-transaction handler (the
   * ledger) wants; such a handler also needs a session timeout well above its slowest batch.
   */
  tuning?: { maxBytesPerPartition?: number; maxBytes?: number; minBytes?: number; maxWaitTimeInMs?: number; sessionTimeout?: number };
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
  stop(): Promise<void>;
}

export function parseMessage<S extends z.ZodType>(
  schema: S,
  message: KafkaMessage,
): { ok: true; value: z.output<S> } | { ok: false; error: string } {
  if (!message.value) return { ok: false, error: 'empty message value' };
  let json: unknown;
  try {
    json = JSON.parse(message.value.toString('utf8'));
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

/** Sends a message that failed validation to `<topic>.dlq` with its origin and the error. */
export async function deadLetter(
  producer: BatchingProducer,
  topic: string,
  partition: number,
  message: KafkaMessage,
  error: string,
): Promise<void> {
  await producer.send(dlqOf(topic), {
    key: message.key,
    value: message.value,
    headers: {
      ...readHeaders(message.headers),
      'dlq-original-topic': topic,
      'dlq-original-partition': String(partition),
      'dlq-original-offset': message.offset,
      'dlq-error': error.slice(0, 1000),
      'dlq-at': new Date().toISOString(),
    },
  });
}

/**
 * A consumer that validates every message against a zod schema before any logic, dead-letters
 * the invalid ones, hands the valid ones over a batch at a time and commits after the handler.
 */
export async function startConsumer<S extends z.ZodType>(options: ConsumerOptions<S>): Promise<RunningConsumer> {
  const log = options.logger.child({ groupId: options.groupId });
  const metrics = options.metrics ? consumerMetrics(options.metrics) : undefined;
  const supervisor = new SupervisedConsumer({
    groupId: options.groupId,
    logger: log,
    ...(options.metrics ? { restarts: consumerRestartCounter(options.metrics) } : {}),
    create: () => options.kafka.consumer({ groupId: options.groupId, ...fastGroupSettings, ...(options.tuning ?? {}) }),
    start: async (consumer) => {
      await consumer.connect();
      for (const topic of options.topics) {
        await consumer.subscribe({ topic, fromBeginning: options.fromBeginning ?? true });
      }
      await consumer.run(runConfig(options, log, metrics));
    },
  });
  await supervisor.start();
  return {
    ready: supervisor.ready,
    get consuming() {
      return supervisor.consuming;
    },
    stop: () => supervisor.stop(),
  };
}

/**
 * What each consumer of the group (the first and any replacement) runs: per fetched partition
 * batch, validation and dead letters, the handler, then offsets and metrics.
 */
function runConfig<S extends z.ZodType>(options: ConsumerOptions<S>, log: Logger, metrics: ConsumerMetrics | undefined): ConsumerRunConfig {
  return {
    // kafkajs's auto-commit commits after every batch whatever the interval; with an interval
    // the handler's commitOffsetsIfNecessary() below is what commits, at most that often.
    ...(options.commitIntervalMs ? { autoCommit: false, autoCommitInterval: options.commitIntervalMs } : { autoCommit: true }),
    eachBatchAutoResolve: false,
    partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
    eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
      if (!isRunning() || isStale()) return;
      const valid: Delivered<z.output<S>>[] = [];
      for (const message of batch.messages) {
        const parsed = parseMessage(options.schema, message);
        if (parsed.ok) {
          const key = message.key ? message.key.toString() : null;
          valid.push(new DeliveredMessage(parsed.value, key, readHeaders(message.headers), batch.topic, batch.partition, message.offset, log));
        } else {
          loggerForHeaders(log, readHeaders(message.headers)).warn(
            { topic: batch.topic, partition: batch.partition, offset: message.offset, error: parsed.error },
            'dead-lettering invalid message',
          );
          await deadLetter(options.producer, batch.topic, batch.partition, message, parsed.error);
        }
      }
      const labels = { group: options.groupId, topic: batch.topic };
      metrics?.messages.inc({ ...labels, outcome: 'valid' }, valid.length);
      metrics?.messages.inc({ ...labels, outcome: 'dead_lettered' }, batch.messages.length - valid.length);
      if (valid.length > 0) {
        const endTimer = metrics?.batchDuration.startTimer(labels);
        try {
          await options.handleBatch(valid, { heartbeat });
        } catch (err) {
          metrics?.messages.inc({ ...labels, outcome: 'handler_failed' }, valid.length);
          // kafkajs retries the batch; say which commands it held so their logs can be found.
          log.error(
            { err, topic: batch.topic, partition: batch.partition, firstOffset: batch.firstOffset(), commandIds: valid.slice(0, 20).map((v) => v.headers[headerNames.commandId]).filter(Boolean) },
            'batch handler failed; the batch will be redelivered',
          );
          throw err;
        }
        endTimer?.();
        metrics?.batchSize.observe(labels, valid.length);
      }
      const last = batch.messages[batch.messages.length - 1];
      if (last) resolveOffset(last.offset);
      // Lag after this batch: the high watermark is the offset the next produced message gets.
      if (last) metrics?.lag.set({ ...labels, partition: String(batch.partition) }, Math.max(0, Number(batch.highWatermark) - Number(last.offset) - 1));
      await commitOffsetsIfNecessary();
      await heartbeat();
    },
  };
}
