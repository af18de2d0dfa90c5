/**
 * The two Kafka clients of the spike (../kafka-clients.ts) behind one small interface, each used
 * the way it is meant to be used, at comparable settings:
 *
 * - kafkajs 2.2.4 through our own wrappers: createKafka (no-Nagle sockets, the idle-loop fix) and
 *   BatchingProducer with linger 0 (one request in flight; what queued meanwhile goes in the next
 *   sendBatch, so one message when idle and hundreds under load), acks = -1.
 * - @platformatic/kafka: its producer stream (producer.asStream) with batchTime 0, i.e. linger 0
 *   (a batch goes out on the next timer tick, one request in flight, what queued meanwhile goes
 *   in the next), batchSize 2000 as BatchingProducer's cap, acks = -1.
 *
 * - @confluentinc/kafka-javascript (librdkafka), only when SPIKE_CONFLUENT_MODULE names an install
 *   of it outside the repository (it is no dependency of ours): its KafkaJS-compatible API, one
 *   send() per message without awaiting (its documented way; librdkafka batches what queued),
 *   linger.ms 0, acks = -1. Its eachBatch hands over at most 32 messages (its default).
 *
 * All: no compression, no idempotence, consumer fetch wait 50 ms, minBytes 1, 1 MiB per
 * partition, offsets committed automatically every 500 ms, session 6 s with 500 ms heartbeats,
 * a new group that starts from the earliest offset of the run's fresh topics. The consumer hands
 * each message over without waiting for anything it sends (fire and forget in both clients).
 *
 * @platformatic/kafka is an ES module only: it is loaded with import() from these CommonJS files.
 */
import { BatchingProducer, createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { createRequire } from 'node:module';
import type { Consumer as KafkajsConsumer } from 'kafkajs';

export const clientNames = ['kafkajs', 'platformatic', 'confluent'] as const;
export type ClientName = (typeof clientNames)[number];

export function isClientName(value: string): value is ClientName {
  return (clientNames as readonly string[]).includes(value);
}

export interface Delivered {
  key: string;
  value: string;
  headers: Record<string, string>;
}

export interface Transport {
  /** Queues one message (acks = all); failures are logged, never awaited by the caller. */
  send(topic: string, key: string, value: string, headers: Record<string, string>): void;
  /** Joins `groupId` on `topic` and calls `onMessage` for each message; resolves once consuming. */
  consume(topic: string, groupId: string, onMessage: (message: Delivered) => void): Promise<void>;
  close(): Promise<void>;
}

/** Messages per produce request at most, for both clients (BatchingProducer's default). */
const batchMessagesMax = 2000;
const consumerSettings = {
  sessionTimeout: 6000,
  heartbeatInterval: 500,
  rebalanceTimeout: 10_000,
  maxWaitTime: 50,
  minBytes: 1,
  maxBytesPerPartition: 1024 * 1024,
  autocommitMs: 500,
};

export function createTransport(client: ClientName, brokers: string[], clientId: string): Promise<Transport> {
  if (client === 'confluent') return confluentTransport(brokers, clientId);
  return client === 'kafkajs' ? kafkajsTransport(brokers, clientId) : platformaticTransport(brokers, clientId);
}

async function kafkajsTransport(brokers: string[], clientId: string): Promise<Transport> {
  const logger = createLogger(clientId, 'warn');
  const kafka = createKafka({ brokers, clientId, logger });
  const producer = new BatchingProducer(kafka.producer({ idempotent: false }), logger, { lingerMs: 0, batchMessagesMax });
  await producer.connect();
  const consumers: KafkajsConsumer[] = [];
  return {
    send(topic, key, value, headers) {
      producer.send(topic, { key, value, headers }).catch((err: unknown) => logger.warn({ err }, 'send failed'));
    },
    async consume(topic, groupId, onMessage) {
      const consumer = kafka.consumer({
        groupId,
        sessionTimeout: consumerSettings.sessionTimeout,
        heartbeatInterval: consumerSettings.heartbeatInterval,
        rebalanceTimeout: consumerSettings.rebalanceTimeout,
        maxWaitTimeInMs: consumerSettings.maxWaitTime,
        minBytes: consumerSettings.minBytes,
        maxBytesPerPartition: consumerSettings.maxBytesPerPartition,
      });
      consumers.push(consumer);
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
      await consumer.run({
        autoCommitInterval: consumerSettings.autocommitMs,
        eachBatch: async ({ batch }) => {
          for (const m of batch.messages) {
            const headers: Record<string, string> = {};
            for (const [name, v] of Object.entries(m.headers ?? {})) {
              const first = Array.isArray(v) ? v[0] : v;
              if (first !== undefined) headers[name] = first.toString();
            }
            onMessage({ key: m.key?.toString() ?? '', value: m.value?.toString() ?? '', headers });
          }
        },
      });
      await joined;
    },
    async close() {
      for (const consumer of consumers) await consumer.disconnect();
      await producer.close();
    },
  };
}

async function platformaticTransport(brokers: string[], clientId: string): Promise<Transport> {
  const { Consumer, Producer, ProduceAcks, stringDeserializers, stringSerializers } = await import('@platformatic/kafka');
  const producer = new Producer({
    clientId,
    bootstrapBrokers: brokers,
    serializers: stringSerializers,
    acks: ProduceAcks.ALL,
    idempotent: false,
    autocreateTopics: false,
  });
  const stream = producer.asStream({ batchSize: batchMessagesMax, batchTime: 0, highWaterMark: 100_000, acks: ProduceAcks.ALL });
  stream.on('error', (err: unknown) => console.error(`${clientId}: producer stream failed`, err));
  const closers: Array<() => Promise<void>> = [];
  return {
    send(topic, key, value, headers) {
      stream.write({ topic, key, value, headers });
    },
    async consume(topic, groupId, onMessage) {
      const consumer = new Consumer({
        clientId: `${clientId}-${topic}`,
        groupId,
        bootstrapBrokers: brokers,
        deserializers: stringDeserializers,
        sessionTimeout: consumerSettings.sessionTimeout,
        heartbeatInterval: consumerSettings.heartbeatInterval,
        rebalanceTimeout: consumerSettings.rebalanceTimeout,
        maxWaitTime: consumerSettings.maxWaitTime,
        minBytes: consumerSettings.minBytes,
        maxBytesPerPartition: consumerSettings.maxBytesPerPartition,
        autocommit: consumerSettings.autocommitMs,
      });
      const messages = await consumer.consume({ topics: [topic], mode: 'committed', fallbackMode: 'earliest' });
      messages.on('data', (m) => {
        onMessage({ key: m.key ?? '', value: m.value ?? '', headers: Object.fromEntries(m.headers) });
      });
      messages.on('error', (err: unknown) => console.error(`${clientId}: consumer failed`, err));
      closers.push(async () => {
        await messages.close();
        await consumer.close();
      });
    },
    async close() {
      for (const close of closers) await close();
      await stream.close();
      await producer.close();
    },
  };
}

/** The part of @confluentinc/kafka-javascript's KafkaJS-compatible API used here (not a dependency: no types). */
interface ConfluentModule {
  KafkaJS: {
    Kafka: new (
      config: Record<string, unknown>,
    ) => {
      producer(config: Record<string, unknown>): {
        connect(): Promise<void>;
        send(record: { topic: string; messages: Array<{ key: string; value: string; headers: Record<string, string> }> }): Promise<unknown>;
        flush(options: { timeout: number }): Promise<void>;
        disconnect(): Promise<void>;
      };
      consumer(config: Record<string, unknown>): {
        connect(): Promise<void>;
        subscribe(options: { topics: string[] }): Promise<void>;
        run(options: {
          eachBatch: (payload: {
            batch: {
              messages: Array<{
                key: Buffer | null;
                value: Buffer | null;
                headers?: Record<string, Buffer | string | Array<Buffer | string> | undefined>;
              }>;
            };
          }) => Promise<void>;
        }): Promise<void>;
        disconnect(): Promise<void>;
      };
    };
    logLevel: { WARN: number };
  };
}

async function confluentTransport(brokers: string[], clientId: string): Promise<Transport> {
  const path = process.env.SPIKE_CONFLUENT_MODULE;
  if (!path)
    throw new Error('the confluent client needs SPIKE_CONFLUENT_MODULE: the directory of an @confluentinc/kafka-javascript install');
  const { KafkaJS } = createRequire(__filename)(path) as ConfluentModule;
  const kafka = new KafkaJS.Kafka({ kafkaJS: { brokers, clientId, logLevel: KafkaJS.logLevel.WARN } });
  const producer = kafka.producer({ 'linger.ms': 0, kafkaJS: { acks: -1, idempotent: false } });
  await producer.connect();
  const consumers: Array<ReturnType<typeof kafka.consumer>> = [];
  return {
    send(topic, key, value, headers) {
      producer.send({ topic, messages: [{ key, value, headers }] }).catch((err: unknown) => console.error(`${clientId}: send failed`, err));
    },
    async consume(topic, groupId, onMessage) {
      const consumer = kafka.consumer({
        kafkaJS: {
          groupId,
          fromBeginning: true,
          sessionTimeout: consumerSettings.sessionTimeout,
          heartbeatInterval: consumerSettings.heartbeatInterval,
          rebalanceTimeout: consumerSettings.rebalanceTimeout,
          maxWaitTimeInMs: consumerSettings.maxWaitTime,
          minBytes: consumerSettings.minBytes,
          maxBytesPerPartition: consumerSettings.maxBytesPerPartition,
          autoCommit: true,
          autoCommitInterval: consumerSettings.autocommitMs,
        },
      });
      consumers.push(consumer);
      await consumer.connect();
      await consumer.subscribe({ topics: [topic] });
      await consumer.run({
        eachBatch: async ({ batch }) => {
          for (const m of batch.messages) {
            const headers: Record<string, string> = {};
            for (const [name, v] of Object.entries(m.headers ?? {})) {
              const first = Array.isArray(v) ? v[0] : v;
              if (first !== undefined) headers[name] = first.toString();
            }
            onMessage({ key: m.key?.toString() ?? '', value: m.value?.toString() ?? '', headers });
          }
        },
      });
    },
    async close() {
      for (const consumer of consumers) await consumer.disconnect();
      await producer.flush({ timeout: 5000 });
      await producer.disconnect();
    },
  };
}
