import type { Delivered } from './consumer';
import type { ConsumerMetrics } from './metrics';

/**
 * What the consumer's loop (consumer.ts `runConfig`) does with a partition batch, in plain
 * functions, and the wrappers that count it in coin_kafka_consumer_* (metrics.ts): the loop
 * composes them around the plain steps, so the transport does not know of its metrics (as the
 * ledger composes its apply: services/ledger/src/kafka/apply-steps.ts).
 */

/** One apply of a partition batch's valid messages; resolves with how many it set aside. */
export type BatchApply<T> = (items: Delivered<T>[]) => Promise<number>;

/** A fetched batch sorted: the messages to apply, and how many were dead-lettered or passed over. */
export interface SortedBatch<T> {
  valid: Delivered<T>[];
  deadLettered: number;
  passedOver: number;
}

export interface BatchLabels {
  group: string;
  topic: string;
}

/** The sort, its outcomes counted: valid, dead_lettered and (when any) passed_over. */
export function meteredSort<T, A extends unknown[]>(
  sort: (...args: A) => Promise<SortedBatch<T>>,
  metrics: ConsumerMetrics | undefined,
  labels: BatchLabels,
): (...args: A) => Promise<SortedBatch<T>> {
  if (!metrics) return sort;
  return async (...args) => {
    const sorted = await sort(...args);
    metrics.messages.inc({ ...labels, outcome: 'valid' }, sorted.valid.length);
    metrics.messages.inc({ ...labels, outcome: 'dead_lettered' }, sorted.deadLettered);
    if (sorted.passedOver > 0) metrics.messages.inc({ ...labels, outcome: 'passed_over' }, sorted.passedOver);
    return sorted;
  };
}

/** Each attempt of an apply counted: what it set aside, or every message of the batch as handler_failed when it throws. */
export function meteredAttempts<T>(apply: BatchApply<T>, metrics: ConsumerMetrics | undefined, labels: BatchLabels): BatchApply<T> {
  if (!metrics) return apply;
  return async (items) => {
    try {
      const setAside = await apply(items);
      if (setAside > 0) metrics.messages.inc({ ...labels, outcome: 'set_aside' }, setAside);
      return setAside;
    } catch (err) {
      metrics.messages.inc({ ...labels, outcome: 'handler_failed' }, items.length);
      throw err;
    }
  };
}

/** The whole apply of a batch (its retries included) timed, and its size observed, once it is through. */
export function meteredBatch<T>(apply: BatchApply<T>, metrics: ConsumerMetrics | undefined, labels: BatchLabels): BatchApply<T> {
  if (!metrics) return apply;
  return async (items) => {
    const endTimer = metrics.batchDuration.startTimer(labels);
    const setAside = await apply(items);
    endTimer();
    metrics.batchSize.observe(labels, items.length);
    return setAside;
  };
}
