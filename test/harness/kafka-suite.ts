import type { Consumer, ConsumerRunConfig, EachBatchPayload, Kafka } from 'kafkajs';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { anyCommand, dlqOf, headerNames } from '@coin/contracts';
import type { Logger } from '@coin/logger';
import { BatchingProducer } from '../../libs/kafka/src/batching-producer';
import { createKafka } from '../../libs/kafka/src/client';
import { startConsumer } from '../../libs/kafka/src/consumer';
import type { ProgressWatchSettings } from '../../libs/kafka/src/progress-watch';
import { replyAddressOf, sendReply } from '../../libs/kafka/src/replies';
import { ensureTopics } from '../../libs/kafka/src/topics';
import { testInfra, uniquePrefix } from './env';

/** A topic a suite makes: its partitions, and whether its dead-letter topic is made beside it. */
export interface SuiteTopic {
  partitions: number;
  dlq?: boolean;
}

/** What a test of libs/kafka against the real broker shares across its cases. */
export interface BrokerSuite<K extends string> {
  /** This suite's own prefix (topics, groups). */
  readonly prefix: string;
  readonly kafka: Kafka;
  /** Each topic's name by the suite's key: `<prefix><key>`. */
  readonly topics: Readonly<Record<K, string>>;
  /** The suite's producer, connected before its first test. */
  readonly producer: BatchingProducer;
  /** Runs `stop` after the suite's tests, in the reverse order of these calls (the consumers a test started). */
  stopLater(stop: () => Promise<void>): void;
}

/**
 * The frame of a libs/kafka test against the real broker: a unique prefix, a client, the topics
 * made before the tests, one connected BatchingProducer, and what the tests started, stopped in
 * reverse after them. Registers the suite's beforeAll and afterAll: call it at the top of a describe.
 */
export function brokerSuite<K extends string>(options: {
  clientId: string;
  logger: Logger;
  topics: Record<K, SuiteTopic>;
}): BrokerSuite<K> {
  const prefix = uniquePrefix();
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: options.clientId, logger: options.logger });
  const specs = Object.entries(options.topics) as Array<[K, SuiteTopic]>;
  const topics = Object.fromEntries(specs.map(([key]) => [key, `${prefix}${key}`])) as Record<K, string>;
  const stops: Array<() => Promise<void>> = [];
  let producer: BatchingProducer | undefined;

  beforeAll(async () => {
    await ensureTopics(
      kafka,
      specs.flatMap(([key, spec]) => [
        { topic: topics[key], numPartitions: spec.partitions },
        ...(spec.dlq ? [{ topic: dlqOf(topics[key]), numPartitions: 1 }] : []),
      ]),
    );
    producer = new BatchingProducer(kafka.producer(), options.logger);
    await producer.connect();
  }, 60_000);

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await producer?.close();
  });

  return {
    prefix,
    kafka,
    topics,
    get producer() {
      if (!producer) throw new Error("the suite's producer is connected in its beforeAll");
      return producer;
    },
    stopLater: (stop) => void stops.push(stop),
  };
}

/**
 * The real client, each consumer it builds handed to `tweak` (with its number, from 1) before it
 * is used: a fault injected into one consumer of a group, as a broker or kafkajs would cause it.
 */
export function kafkaWithConsumers(kafka: Kafka, tweak: (consumer: Consumer, built: number) => void): Kafka {
  let built = 0;
  return {
    admin: (config?: Parameters<Kafka['admin']>[0]) => kafka.admin(config),
    consumer: (config: Parameters<Kafka['consumer']>[0]): Consumer => {
      const consumer = kafka.consumer(config);
      built += 1;
      tweak(consumer, built);
      return consumer;
    },
  } as Kafka;
}

/** Has `around` take each batch this consumer runs, with the handler it was given (`handle`) to call or not. */
export function aroundEachBatch(
  consumer: Consumer,
  around: (payload: EachBatchPayload, handle: (payload: EachBatchPayload) => Promise<void>) => Promise<void>,
): void {
  const run = consumer.run.bind(consumer);
  consumer.run = (runConfig?: ConsumerRunConfig) => run({ ...runConfig, eachBatch: (payload) => around(payload, runConfig!.eachBatch!) });
}

/**
 * A consumer of `{ n }` records of `topic` that keeps each n it is handed (`handled`), after
 * `gate` lets it (a gate that throws fails the batch); stopped after the suite. Not awaited ready:
 * a test of a start that never joins needs it back first.
 */
export async function countingConsumer<K extends string>(
  suite: BrokerSuite<K>,
  logger: Logger,
  options: { kafka?: Kafka; groupId: string; topic: string; gate?: () => Promise<void>; progress?: ProgressWatchSettings },
) {
  const registry = new Registry();
  const handled: number[] = [];
  const gate = options.gate ?? (async () => undefined);
  const consumer = await startConsumer({
    kafka: options.kafka ?? suite.kafka,
    groupId: options.groupId,
    topics: [options.topic],
    schema: z.object({ n: z.number().int() }),
    logger,
    producer: suite.producer,
    metrics: registry,
    ...(options.progress ? { progress: options.progress } : {}),
    handleBatch: async (items) => {
      await gate();
      handled.push(...items.map((i) => i.value.n));
    },
  });
  suite.stopLater(consumer.stop);
  return { consumer, handled, registry };
}

/** A command consumer that answers every command with its data on the reply topic the command names; stopped after the suite. */
export async function startEchoServer<K extends string>(suite: BrokerSuite<K>, logger: Logger, groupId: string, commandsTopic: string) {
  const { producer } = suite;
  const server = await startConsumer({
    kafka: suite.kafka,
    groupId,
    topics: [commandsTopic],
    schema: anyCommand,
    logger,
    producer,
    handleBatch: async (items) => {
      for (const item of items) {
        const address = replyAddressOf(item.headers, item.headers[headerNames.replyTo] ?? '');
        if (address) await sendReply(producer, address, { commandId: item.value.commandId, ok: true, result: item.value.data });
      }
    },
  });
  suite.stopLater(server.stop);
  await server.ready;
}
