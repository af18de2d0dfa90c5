import { headerNames } from '@coin/contracts';
import type { Logger } from '@coin/logger';
import { boundedHeader, describedValue } from './headers';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * Metric names, shared with deploy/prometheus/alerts.yml, deploy/grafana and the docs:
 * `coin_<subsystem>_<name>_<unit>` (test/deploy checks the prefix and the unit suffix).
 */
export const kafkaMetricNames = {
  requestReplyDuration: 'coin_kafka_request_reply_duration_seconds',
  consumerBatchSize: 'coin_kafka_consumer_batch_size_messages',
  consumerBatchDuration: 'coin_kafka_consumer_batch_duration_seconds',
  consumerLag: 'coin_kafka_consumer_lag_messages',
  consumerStalled: 'coin_kafka_consumer_stalled_seconds',
  consumerMessages: 'coin_kafka_consumer_messages_total',
  consumerRestarts: 'coin_kafka_consumer_restarts_total',
  repliesRead: 'coin_kafka_replies_read_total',
  recordsDropped: 'coin_kafka_records_dropped_total',
} as const;

/** Gets the metric of that name from the registry, or registers a new one (several consumers share one registry). */
function once<M>(registry: Registry, name: string, create: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? create();
}

export interface ConsumerMetrics {
  batchSize: Histogram<'group' | 'topic'>;
  batchDuration: Histogram<'group' | 'topic'>;
  messages: Counter<'group' | 'topic' | 'outcome'>;
}

/**
 * Per consumer group: how many messages each fetched partition batch held, how long its handler
 * took (for the ledger's command group this is the apply time of one database transaction), and
 * valid vs dead-lettered counts. How far the group is behind is the progress watch's
 * (consumerProgressMetrics).
 */
export function consumerMetrics(registry: Registry): ConsumerMetrics {
  return {
    batchSize: once(
      registry,
      kafkaMetricNames.consumerBatchSize,
      () =>
        new Histogram({
          name: kafkaMetricNames.consumerBatchSize,
          help: 'Messages per handled partition batch',
          labelNames: ['group', 'topic'] as const,
          buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000],
          registers: [registry],
        }),
    ),
    batchDuration: once(
      registry,
      kafkaMetricNames.consumerBatchDuration,
      () =>
        new Histogram({
          name: kafkaMetricNames.consumerBatchDuration,
          help: 'Time the handler took for one partition batch (the ledger: apply and commit)',
          labelNames: ['group', 'topic'] as const,
          buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
          registers: [registry],
        }),
    ),
    messages: once(
      registry,
      kafkaMetricNames.consumerMessages,
      () =>
        new Counter({
          name: kafkaMetricNames.consumerMessages,
          help: 'Messages consumed, by outcome: valid (handed to the handler), dead_lettered (failed the schema), set_aside (the handler cannot apply it), handler_failed (a transient failure: the batch is retried in place, counted per attempt), passed_over (not wanted, judged by its key before parsing)',
          labelNames: ['group', 'topic', 'outcome'] as const,
          registers: [registry],
        }),
    ),
  };
}

export interface ConsumerProgressMetrics {
  lag: Gauge<'group' | 'topic' | 'partition'>;
  stalled: Gauge<'group' | 'topic' | 'partition'>;
}

/**
 * What the progress watch (progress-watch.ts) reads from the broker, per partition of this member:
 * the records the group has not committed, and how long its committed offset has stood still
 * while records wait.
 */
export function consumerProgressMetrics(registry: Registry): ConsumerProgressMetrics {
  return {
    lag: once(
      registry,
      kafkaMetricNames.consumerLag,
      () =>
        new Gauge({
          name: kafkaMetricNames.consumerLag,
          help: "Records between the group's committed offset and the log end (high watermark), per partition this member holds, read from the broker every CONSUMER_STALL_CHECK_INTERVAL_MS",
          labelNames: ['group', 'topic', 'partition'] as const,
          registers: [registry],
        }),
    ),
    stalled: once(
      registry,
      kafkaMetricNames.consumerStalled,
      () =>
        new Gauge({
          name: kafkaMetricNames.consumerStalled,
          help: "Seconds the group's committed offset has not moved while records wait, per partition this member holds (0 when nothing waits); stalled from CONSUMER_STALL_AFTER_MS",
          labelNames: ['group', 'topic', 'partition'] as const,
          registers: [registry],
        }),
    ),
  };
}

/** Consumers started anew after a crash kafkajs would not recover from (SupervisedConsumer). */
export function consumerRestartCounter(registry: Registry): Counter<'group'> {
  return once(
    registry,
    kafkaMetricNames.consumerRestarts,
    () =>
      new Counter({
        name: kafkaMetricNames.consumerRestarts,
        help: 'Kafka consumers replaced after a crash kafkajs does not restart by itself (non-retriable error), or because one did no work (not joined, or stalled with nothing in its handler)',
        labelNames: ['group'] as const,
        registers: [registry],
      }),
  );
}

/** Replies the gateway's RequestReplyClient read from the reply topic, its own or not (DESIGN "Request/reply"). */
export function repliesReadCounter(registry: Registry): Counter {
  return once(
    registry,
    kafkaMetricNames.repliesRead,
    () =>
      new Counter({
        name: kafkaMetricNames.repliesRead,
        help: 'Replies read from the reply topic by this instance, its own or not',
        registers: [registry],
      }),
  );
}

/** Messages the broker refused that their sender could do without (BatchingProducer `droppable`: answers). */
export function droppedRecordsCounter(registry: Registry): Counter<'topic'> {
  return once(
    registry,
    kafkaMetricNames.recordsDropped,
    () =>
      new Counter({
        name: kafkaMetricNames.recordsDropped,
        help: 'Messages the broker refused as their own failure (too large, invalid) that were dropped, not retried: answers to commands',
        labelNames: ['topic'] as const,
        registers: [registry],
      }),
  );
}

/** The gateway's command round trip: produce, apply elsewhere, reply consumed. */
export function requestReplyHistogram(registry: Registry): Histogram<'topic' | 'type' | 'outcome'> {
  return once(
    registry,
    kafkaMetricNames.requestReplyDuration,
    () =>
      new Histogram({
        name: kafkaMetricNames.requestReplyDuration,
        help: 'Command round trip over Kafka, from produce to reply (outcome: ok, rejected, timeout, unavailable)',
        labelNames: ['topic', 'type', 'outcome'] as const,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [registry],
      }),
  );
}

/**
 * A child logger carrying the ids that tie one request's log lines together across services:
 * requestId (set by the gateway), commandId and correlationId (set on every command). An id
 * outside its rule (headers.ts) is bound as its length and digest, never as it is: the line about
 * a record refused for a 400,000-character header must not carry it.
 */
export function loggerForHeaders(logger: Logger, headers: Record<string, string>): Logger {
  const bindings: Record<string, string> = {};
  for (const [binding, name] of loggedIds) {
    const value = headers[name];
    if (value) bindings[binding] = boundedHeader(headers, name) ?? describedValue(value);
  }
  return Object.keys(bindings).length > 0 ? logger.child(bindings) : logger;
}

/** The ids a message's logger carries, by the name of their binding. */
const loggedIds = [
  ['requestId', headerNames.requestId],
  ['commandId', headerNames.commandId],
  ['correlationId', headerNames.correlationId],
] as const;
