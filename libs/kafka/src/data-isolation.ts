import { isDataError } from '@coin/errors';
import type { Logger } from '@coin/logger';
import type { BatchingProducer } from './batching-producer';
import { originalMessageOf, type Delivered } from './consumer';
import { deadLetter } from './dead-letters';

/** How a consumer stores its items, and where a refused one goes. */
export interface DataIsolation<I> {
  /** Stores the items all or none (one statement or transaction); a refusal stores nothing. */
  store: (items: I[]) => Promise<void>;
  /** The delivered message an item came from: its dead letter is that message. */
  messageOf: (item: I) => Delivered<unknown>;
  producer: BatchingProducer;
  logger: Logger;
  /** What the dead letter's error says before the database's message, e.g. `projection refused`. */
  refusal: string;
  /** Told of each item dead-lettered (a metric). */
  onDeadLettered?: (item: I) => void;
}

/**
 * Stores a batch; if the database refuses it for its data (isDataError: SQLSTATE class 22 or 23),
 * stores the items one by one and dead-letters each one refused, so that one bad message cannot
 * block its partition and its neighbours are still stored. Any other failure is thrown: the batch
 * is not committed and comes back, and the consumer's own isolation (applyIsolating) takes over
 * a failure that keeps striking. Returns how many items were dead-lettered.
 */
export async function storeIsolatingDataErrors<I>(items: I[], isolation: DataIsolation<I>): Promise<number> {
  try {
    await isolation.store(items);
    return 0;
  } catch (err) {
    if (!isDataError(err)) throw err;
    isolation.logger.warn({ err, count: items.length }, 'batch refused for its data; storing its messages one by one');
  }
  let deadLettered = 0;
  for (const item of items) {
    try {
      await isolation.store([item]);
    } catch (err) {
      if (!isDataError(err)) throw err;
      const message = isolation.messageOf(item);
      const error = `${isolation.refusal}: ${(err as Error).message}`;
      isolation.logger.warn(
        { topic: message.topic, partition: message.partition, offset: message.offset, error },
        'dead-lettering a message the database refuses',
      );
      await deadLetter(isolation.producer, message.topic, message.partition, originalMessageOf(message), error);
      isolation.onDeadLettered?.(item);
      deadLettered += 1;
    }
  }
  return deadLettered;
}
