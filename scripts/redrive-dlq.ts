/**
 * Moves dead-lettered messages back to their topic, once their cause is fixed:
 *   npm run dlq:redrive -- --topic coin.transactions [--limit N]
 * reads `<TOPIC_PREFIX><topic>.dlq` under its own consumer group, produces each message to the
 * topic again with its key, value and headers minus the dlq-* ones, and commits as it goes, so
 * a rerun continues where the last one stopped and a message is moved at most once per run. It
 * stops at the end the DLQ had when it started: a message that fails again lands after that
 * end and waits for the next run instead of looping.
 */
import { commonEnv, kafkaSecurityOf, parseConfig, z } from '@coin/config';
import { dlqOf, topicBases, topicName } from '@coin/contracts';
import { createKafka } from '@coin/kafka';
import { createLogger, type Logger } from '@coin/logger';
import type { IHeaders, Kafka } from 'kafkajs';
import { parseCliArgs } from './cli-args';

const dlqHeaderPrefix = 'dlq-';

export interface RedriveOptions {
  kafka: Kafka;
  /** The full topic name, prefix included. */
  topic: string;
  /** At most this many messages; all of them when absent. */
  limit?: number;
  logger: Logger;
}

export function redriveGroupId(topic: string): string {
  return `${dlqOf(topic)}-redrive`;
}

export function withoutDlqHeaders(headers: IHeaders | undefined): IHeaders {
  const kept: IHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!name.startsWith(dlqHeaderPrefix) && value !== undefined) kept[name] = value;
  }
  return kept;
}

export async function redriveDlq(options: RedriveOptions): Promise<{ moved: number }> {
  const dlq = dlqOf(options.topic);
  const groupId = redriveGroupId(options.topic);
  const limit = options.limit ?? Number.MAX_SAFE_INTEGER;
  const admin = options.kafka.admin();
  await admin.connect();
  let remaining: Map<number, { next: number; end: number }>;
  try {
    const [ends, committed] = await Promise.all([admin.fetchTopicOffsets(dlq), admin.fetchOffsets({ groupId, topics: [dlq] })]);
    const committedOf = new Map((committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
    remaining = new Map(
      ends
        .map((e) => [e.partition, { next: Math.max(committedOf.get(e.partition) ?? -1, Number(e.low)), end: Number(e.high) }] as const)
        .filter(([, r]) => r.next < r.end),
    );
  } finally {
    await admin.disconnect();
  }
  if (remaining.size === 0 || limit <= 0) return { moved: 0 };

  const producer = options.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  const consumer = options.kafka.consumer({ groupId, sessionTimeout: 6000, heartbeatInterval: 500, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic: dlq, fromBeginning: true });
  let moved = 0;
  let finish: () => void = () => undefined;
  let fail: (err: Error) => void = () => undefined;
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const checkDone = () => {
    if (moved >= limit || [...remaining.values()].every((r) => r.next >= r.end)) finish();
  };
  await consumer.run({
    autoCommit: false,
    eachBatchAutoResolve: false,
    eachBatch: async ({ batch, heartbeat, isRunning }) => {
      const range = remaining.get(batch.partition);
      if (!range) return;
      try {
        const messages = batch.messages
          .filter((m) => Number(m.offset) >= range.next && Number(m.offset) < range.end)
          .slice(0, limit - moved);
        if (messages.length === 0 || !isRunning()) return;
        await producer.send({
          topic: options.topic,
          messages: messages.map((m) => ({ key: m.key, value: m.value, headers: withoutDlqHeaders(m.headers) })),
        });
        const last = Number(messages[messages.length - 1]!.offset);
        await consumer.commitOffsets([{ topic: dlq, partition: batch.partition, offset: String(last + 1) }]);
        moved += messages.length;
        range.next = last + 1;
        options.logger.info({ topic: options.topic, partition: batch.partition, moved }, 're-drove dead letters');
        await heartbeat();
      } catch (err) {
        fail(err as Error);
        throw err;
      } finally {
        checkDone();
      }
    },
  });
  try {
    await finished;
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
  }
  return { moved };
}

const redriveConfig = z.object({ ...commonEnv });

async function main(): Promise<void> {
  const usage = 'usage: npm run dlq:redrive -- --topic <topic> [--limit N]';
  const { values } = parseCliArgs(
    { args: process.argv.slice(2), options: { topic: { type: 'string' }, limit: { type: 'string' } } },
    usage,
  );
  const bases = Object.values(topicBases) as string[];
  if (!values.topic || !bases.includes(values.topic)) throw new Error(`--topic must be one of ${bases.join(', ')}`);
  if (values.limit !== undefined && !/^[1-9][0-9]*$/.test(values.limit)) throw new Error('--limit must be a positive integer');
  const config = parseConfig(redriveConfig, process.env);
  const logger = createLogger('dlq-redrive', config.LOG_LEVEL);
  const kafka = createKafka({ brokers: config.KAFKA_BROKERS, security: kafkaSecurityOf(config), clientId: 'dlq-redrive', logger });
  const topic = topicName(config.TOPIC_PREFIX, values.topic);
  const { moved } = await redriveDlq({ kafka, topic, logger, ...(values.limit ? { limit: Number(values.limit) } : {}) });
  process.stdout.write(`moved ${moved} message(s) from ${dlqOf(topic)} back to ${topic}\n`);
}

if (require.main === module) {
  main().catch((err: Error) => {
    process.stderr.write(`dlq:redrive failed: ${err.message}\n`);
    process.exit(1);
  });
}
