import { consumedUserEvent } from '@coin/contracts';
import { decodedWhole, joinWatchdog, offPathGroupSettings, SupervisedConsumer } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import type { Admin, Kafka, KafkaMessage } from 'kafkajs';
import type { Counter } from 'prom-client';
import type { Revocations } from './revocations';

export interface RevocationConsumerOptions {
  kafka: Kafka;
  /** KAFKA_OFF_PATH_FETCH_WAIT_MS: a revocation answers the held fetch at once (offPathGroupSettings). */
  fetchWaitMs: number;
  admin: Admin;
  /** user.events.v2 with the deployment's prefix. */
  topics: string[];
  /** This instance's id: its consumer group is its own (`gateway-revocations-<id>`). */
  instanceId: string;
  revocations: Revocations;
  /** How far back the consumer starts (GATEWAY_REVOCATION_WINDOW_S): the revocations a floor is kept for. */
  windowMs: number;
  /** The longest the start waits to have read that far back before it goes on (and says so). */
  catchUpMs?: number;
  logger: Logger;
  /** Told of each record that could not be read (metrics). */
  dropped?: () => void;
  restarts?: Counter<'group'>;
  /** CONSUMER_RELAUNCH_AFTER_MS: the consumer not joined this long after it started is replaced (joinWatchdog). */
  relaunchAfterMs?: number;
}

/** Records a revocation is never told by: a registration gives a new account its first version. */
const passedOverTypes = new Set(['user.registered']);
const catchUpMsDefault = 60_000;

/**
 * This instance's own reader of user.events.v2 (docs/DESIGN.md "Sessions, token versions and
 * immediate revocation"): the shared group (`gateway-token-versions`) writes each event to Redis
 * once, on one instance; this one tells every instance's memory, where whoever writes Redis cannot
 * reach. Each role change, deletion and logout everywhere raises the user's floor here (an older
 * cached version is then not believed) and ends the live streams of older tokens.
 *
 * Its group is its own and commits nothing; it starts, and starts again after a crash, at the
 * records of the last `windowMs` (the broker's offsets by time), so an instance that was not
 * running when a revocation happened still knows it while a token issued before it may be valid.
 * The start waits until those records are read (at most `catchUpMs`).
 *
 * An event is a hint, not a proof: one produced by hand can only make a cached version a miss
 * (answered by the user service, which then lowers the floor again) and end a stream, whose client
 * reconnects. What does not parse is passed over and counted; the shared consumer dead-letters it.
 */
export async function startRevocationConsumer(options: RevocationConsumerOptions): Promise<SupervisedConsumer> {
  const groupId = `gateway-revocations-${options.instanceId}`;
  let markCaughtUp: () => void = () => undefined;
  const caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));
  const consumer = new SupervisedConsumer({
    groupId,
    logger: options.logger.child({ groupId }),
    watchdog: joinWatchdog(options.relaunchAfterMs),
    ...(options.restarts ? { restarts: options.restarts } : {}),
    create: () => options.kafka.consumer({ groupId, ...offPathGroupSettings(options.fetchWaitMs) }),
    start: async (created) => {
      // Where each partition starts and how far it must be read for the start to go on.
      const since = Date.now() - options.windowMs;
      const starts: Array<{ topic: string; partition: number; offset: string }> = [];
      const behind = new Map<string, bigint>();
      for (const topic of options.topics) {
        const [from, ends] = await Promise.all([
          options.admin.fetchTopicOffsetsByTimestamp(topic, since),
          options.admin.fetchTopicOffsets(topic),
        ]);
        for (const { partition, offset } of from) {
          starts.push({ topic, partition, offset });
          const end = BigInt(ends.find((e) => e.partition === partition)?.high ?? offset);
          if (BigInt(offset) < end) behind.set(`${topic}/${partition}`, end - 1n);
        }
      }
      if (behind.size === 0) markCaughtUp();
      await created.connect();
      for (const topic of options.topics) await created.subscribe({ topic, fromBeginning: false });
      await created.run({
        autoCommit: false,
        eachBatch: async ({ batch }) => {
          const nowMs = Date.now();
          const place = { topic: batch.topic, partition: batch.partition };
          for (const message of decodedWhole(batch.messages, place, options.logger)) learn(message, options, nowMs);
          const at = `${batch.topic}/${batch.partition}`;
          const last = behind.get(at);
          if (last !== undefined && BigInt(batch.lastOffset()) >= last) {
            behind.delete(at);
            if (behind.size === 0) markCaughtUp();
          }
        },
      });
      // Applied at the next fetch of each partition (kafkajs), whatever "the end" the group first took.
      for (const start of starts) created.seek(start);
    },
  });
  await consumer.start();
  await consumer.ready;
  const waitMs = options.catchUpMs ?? catchUpMsDefault;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    caughtUp.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), waitMs);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    options.logger.error(
      { groupId, waitMs },
      'the revocation consumer has not read the recent user events yet; going on, revocations older than the start may be missed until it has',
    );
  }
  return consumer;
}

function learn(message: KafkaMessage, options: RevocationConsumerOptions, nowMs: number): void {
  const type = message.headers?.['type']?.toString();
  if (type !== undefined && passedOverTypes.has(type)) return;
  let parsed: ReturnType<typeof consumedUserEvent.safeParse>;
  try {
    parsed = consumedUserEvent.safeParse(JSON.parse(message.value?.toString() ?? ''));
  } catch {
    options.dropped?.();
    return;
  }
  if (!parsed.success) {
    options.dropped?.();
    return;
  }
  const event = parsed.data;
  if (event.type === 'user.registered') return;
  // Remembered from when it was published (an event read back at the start is as old as it is), never from the future.
  const publishedAtMs = Number(message.timestamp);
  const learnedAtMs = Number.isFinite(publishedAtMs) ? Math.min(publishedAtMs, nowMs) : nowMs;
  options.revocations.userChanged(event.user.id, event.type === 'user.deleted' ? 'deleted' : event.user.tokenVersion, learnedAtMs);
}
