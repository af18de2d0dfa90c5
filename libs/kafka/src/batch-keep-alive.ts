import type { EachBatchHandler } from 'kafkajs';
import type { Logger } from '@coin/logger';

/**
 * The handler, heartbeating every `intervalMs` while a batch is inside it.
 *
 * kafkajs heartbeats between batches only (or when a handler calls `heartbeat()` itself), so a
 * member whose batch outlasts the session (dead letters sent one by one, commands that each wait
 * on a backing service) is dropped by the coordinator. Its offsets are then refused, the same
 * batch comes again, just as long, and is lost again: the partition redoes one batch for ever.
 * kafkajs shares one heartbeat request among concurrent callers and sends it only once the
 * interval has passed since the last, so a timer beside the handler's own calls is safe.
 *
 * A heartbeat refused (the group rebalances, or already dropped the member) ends the timer: the
 * batch goes on, and the group's answer reaches kafkajs at its own heartbeat after the batch.
 */
export function keptAlive(eachBatch: EachBatchHandler, intervalMs: number, log: Logger): EachBatchHandler {
  return async (payload) => {
    const timer = setInterval(() => {
      payload.heartbeat().catch((err: unknown) => {
        clearInterval(timer);
        log.warn(
          { err, topic: payload.batch.topic, partition: payload.batch.partition, firstOffset: payload.batch.firstOffset() },
          'a heartbeat during a long batch was refused; the batch goes on and its offsets may be refused',
        );
      });
    }, intervalMs);
    timer.unref();
    try {
      await eachBatch(payload);
    } finally {
      clearInterval(timer);
    }
  };
}
