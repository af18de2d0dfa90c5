import { setTimeout as sleep } from 'node:timers/promises';
import { fastGroupSettings, lingerAfter, SupervisedConsumer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import type { Kafka } from 'kafkajs';
import type { Counter } from 'prom-client';
import type { BalanceFanout } from './fanout';

/** The pause after a small batch of balance changes. */
const balanceLingerMs = 100;

export interface BalanceConsumerOptions {
  kafka: Kafka;
  /** coin.balances with the deployment's prefix. */
  topics: string[];
  /** This instance's id: its consumer group is its own (`gateway-balances-<id>`). */
  instanceId: string;
  fanout: BalanceFanout;
  logger: Logger;
  restarts?: Counter<'group'>;
}

/**
 * Feeds this instance's streams: every gateway instance reads all of coin.balances in a group of
 * its own, from the end of the topic as it joins, and commits nothing (a stream that missed
 * something reads it back from the ledger by sequence), so the group leaves nothing behind on the
 * broker. A record is validated once here (the fan-out drops and counts what does not parse), and
 * only when a stream on this instance watches the wallet its key names.
 */
export async function startBalanceConsumer(options: BalanceConsumerOptions): Promise<SupervisedConsumer> {
  const groupId = `gateway-balances-${options.instanceId}`;
  // "From the end" is fixed at the first fetch: once it is done, every later record is read.
  let markFirstFetch: () => void = () => undefined;
  const firstFetch = new Promise<void>((resolve) => (markFirstFetch = resolve));
  const consumer = new SupervisedConsumer({
    groupId,
    logger: options.logger.child({ groupId }),
    ...(options.restarts ? { restarts: options.restarts } : {}),
    create: () => options.kafka.consumer({ groupId, ...fastGroupSettings }),
    start: async (created) => {
      const stopListening = created.on(created.events.FETCH, () => {
        markFirstFetch();
        stopListening();
      });
      await created.connect();
      for (const topic of options.topics) await created.subscribe({ topic, fromBeginning: false });
      await created.run({
        autoCommit: false,
        // One synchronous loop per fetched batch: no promise per record.
        eachBatch: async ({ batch, isRunning }) => {
          for (const message of batch.messages) options.fanout.publish(message.key, message.value);
          // A change reaches its streams within a second: after a small batch the next fetch
          // waits 100 ms to bring many (offPathFetch), and an idle feed's fetch is held by the broker.
          const pauseMs = lingerAfter(batch.messages, balanceLingerMs);
          if (pauseMs > 0 && isRunning()) await sleep(pauseMs);
        },
      });
    },
  });
  await consumer.start();
  await consumer.ready;
  await firstFetch;
  return consumer;
}
