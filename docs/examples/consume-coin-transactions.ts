/**
 * How another internal service consumes coin.transactions (docs/EVENTS.md). The test suite runs
 * this file against a real broker (test/events/consume-example.int.test.ts), so it stays true.
 */
import { Kafka, logLevel } from 'kafkajs';
import { transactionRecorded, type TransactionRecorded } from '@coin/contracts';

/** Remembers which events were handled. In production: a table with eventId as primary key. */
export interface SeenEvents {
  has(eventId: string): Promise<boolean>;
  add(eventId: string): Promise<void>;
}

export interface CoinTransactionsConsumer {
  stop(): Promise<void>;
}

export interface ConsumeOptions {
  brokers: string[];
  /** Your service's own consumer group: each group gets every event once (at least once). */
  groupId: string;
  /** `coin.transactions`, with the deployment's TOPIC_PREFIX if it has one. */
  topic: string;
  seen: SeenEvents;
  /** Your logic. Throwing stops the partition and the event comes back: never lose one. */
  handle(event: TransactionRecorded): Promise<void>;
  /** A message you cannot read: log it and keep going (or park it in a topic of your own). */
  onUnreadable?(reason: string, offset: string): void;
}

export async function consumeCoinTransactions(options: ConsumeOptions): Promise<CoinTransactionsConsumer> {
  const kafka = new Kafka({ clientId: options.groupId, brokers: options.brokers, logLevel: logLevel.WARN });
  const consumer = kafka.consumer({ groupId: options.groupId });
  await consumer.connect();
  await consumer.subscribe({ topic: options.topic, fromBeginning: true });
  await consumer.run({
    // eachMessage keeps the order per partition, so per transaction id (the key); offsets are
    // committed only after handle() resolved.
    eachMessage: async ({ message }) => {
      // 1. Skip event types you do not know yet: new types may be added to a topic at any time.
      const type = message.headers?.type?.toString();
      if (type !== 'coin.transaction.recorded') return;
      // 2. Validate with the published schema. Unknown fields are ignored (additive changes).
      let json: unknown;
      try {
        json = JSON.parse(message.value?.toString() ?? '');
      } catch {
        options.onUnreadable?.('not JSON', message.offset);
        return;
      }
      const parsed = transactionRecorded.safeParse(json);
      if (!parsed.success) {
        options.onUnreadable?.(parsed.error.issues[0]?.message ?? 'invalid', message.offset);
        return;
      }
      // 3. Deduplicate by eventId: delivery is at least once. Record the id in the same database
      //    transaction as your effect when you can; here the order is "handle, then remember",
      //    so a crash in between repeats handle(), which must therefore be idempotent too.
      const event = parsed.data;
      if (await options.seen.has(event.eventId)) return;
      await options.handle(event);
      await options.seen.add(event.eventId);
    },
  });
  return { stop: () => consumer.disconnect() };
}

/** An in-memory SeenEvents for examples and tests; it forgets everything on restart. */
export function inMemorySeenEvents(): SeenEvents {
  const ids = new Set<string>();
  return {
    has: async (eventId) => ids.has(eventId),
    add: async (eventId) => void ids.add(eventId),
  };
}
