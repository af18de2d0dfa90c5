import { randomUUID } from 'node:crypto';
import type { Consumer, ConsumerRunConfig, Kafka } from 'kafkajs';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { anyCommand, dlqOf, headerNames } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { consumerRestarts } from '../../../test/harness/kafka-metrics';
import { BatchingProducer } from './batching-producer';
import { createKafka } from './client';
import { startConsumer } from './consumer';
import { replyAddressOf, sendReply } from './replies';
import { RequestReplyClient } from './request-reply';
import { consumersReadiness } from './supervised-consumer';
import { ensureTopics } from './topics';

const logger = createLogger('supervised-int', 'silent');

/**
 * An error kafkajs treats as final: its consumer reports a crash with `restart: false` and stays
 * disconnected (what "Failed to find group coordinator" did to the gateway's reply consumer
 * while the broker restarted).
 */
const nonRetriable = () => Object.assign(new Error('injected non-retriable failure'), { retriable: false });

/**
 * The real client, except that the `crashOnBatch`-th batch its consumers receive (counted over
 * all of them) throws `nonRetriable`, and the connect() of the next `failingReconnects` consumers
 * it builds after that fails as if the broker were still away.
 */
function kafkaWhoseBatchCrashes(kafka: Kafka, { crashOnBatch = 1, failingReconnects = 0 } = {}): Kafka {
  let batches = 0;
  let crashed = false;
  let connectsToFail = failingReconnects;
  return {
    admin: (config?: Parameters<Kafka['admin']>[0]) => kafka.admin(config),
    consumer: (config: Parameters<Kafka['consumer']>[0]): Consumer => {
      const consumer = kafka.consumer(config);
      if (crashed && connectsToFail > 0) {
        connectsToFail -= 1;
        consumer.connect = () => Promise.reject(new Error('injected: connection refused'));
      }
      const run = consumer.run.bind(consumer);
      consumer.run = (runConfig?: ConsumerRunConfig) =>
        run({
          ...runConfig,
          eachBatch: async (payload) => {
            if (!crashed && ++batches === crashOnBatch) {
              crashed = true;
              throw nonRetriable();
            }
            await runConfig!.eachBatch!(payload);
          },
        });
      return consumer;
    },
  } as Kafka;
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('consumers after a crash kafkajs does not restart (real broker)', () => {
  const prefix = uniquePrefix();
  const topics = {
    events: `${prefix}sup-events`,
    retry: `${prefix}sup-retry`,
    commands: `${prefix}sup-cmd`,
    replies: `${prefix}sup-replies`,
    freshReplies: `${prefix}sup-replies-fresh`,
  };
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'supervised-int', logger });
  let producer: BatchingProducer;
  const stopLater: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    await ensureTopics(kafka, [
      { topic: topics.events, numPartitions: 1 },
      { topic: dlqOf(topics.events), numPartitions: 1 },
      { topic: topics.retry, numPartitions: 1 },
      { topic: dlqOf(topics.retry), numPartitions: 1 },
      { topic: topics.commands, numPartitions: 1 },
      { topic: dlqOf(topics.commands), numPartitions: 1 },
      { topic: topics.replies, numPartitions: 1 },
      { topic: topics.freshReplies, numPartitions: 1 },
    ]);
    producer = new BatchingProducer(kafka.producer(), logger);
    await producer.connect();
  }, 60_000);

  afterAll(async () => {
    for (const stop of stopLater.reverse()) await stop();
    await producer.close();
  });

  /** A consumer of `{ n }` messages that records each n it is handed. */
  async function countingConsumer(client: Kafka, groupId: string, topic: string) {
    const registry = new Registry();
    const handled: number[] = [];
    const consumer = await startConsumer({
      kafka: client,
      groupId,
      topics: [topic],
      schema: z.object({ n: z.number().int() }),
      logger,
      producer,
      metrics: registry,
      handleBatch: async (items) => void handled.push(...items.map((i) => i.value.n)),
    });
    stopLater.push(consumer.stop);
    await consumer.ready;
    return { consumer, handled, registry };
  }

  it('when a handler fails with a non-retriable error, then a new consumer of the group takes over, /readyz fails meanwhile, and the batch is handled', async () => {
    const groupId = `${prefix}sup-events-group`;
    const { consumer, handled, registry } = await countingConsumer(kafkaWhoseBatchCrashes(kafka), groupId, topics.events);
    const ready = consumersReadiness([consumer]);
    await expect(ready()).resolves.toBeUndefined();

    await producer.send(topics.events, { value: JSON.stringify({ n: 1 }) });
    await until(() => !consumer.consuming, 20_000, 'the crash');
    await expect(ready()).rejects.toThrow('1 of 1 Kafka consumers not consuming');

    // The crashed batch was never committed, so the replacement reads it again.
    await until(() => handled.length > 0, 30_000, 'the replacement to handle the batch');
    expect(handled).toEqual([1]);
    await until(() => consumer.consuming, 10_000, 'the replacement to join');
    await expect(ready()).resolves.toBeUndefined();
    expect(await consumerRestarts(registry, groupId)).toBe(1);

    await producer.send(topics.events, { value: JSON.stringify({ n: 2 }) });
    await until(() => handled.length === 2, 20_000, 'the next message');
    expect(handled).toEqual([1, 2]);
  }, 90_000);

  it('when starting the replacement fails too, then it is tried again after a longer wait until one joins', async () => {
    const groupId = `${prefix}sup-retry-group`;
    const { consumer, handled, registry } = await countingConsumer(
      kafkaWhoseBatchCrashes(kafka, { failingReconnects: 1 }),
      groupId,
      topics.retry,
    );
    const crashedAt = Date.now();
    await producer.send(topics.retry, { value: JSON.stringify({ n: 3 }) });
    await until(() => handled.length > 0, 30_000, 'the second replacement to handle the batch');
    expect(handled).toEqual([3]);
    // One failed attempt after 1 s, the next after 2 s more.
    expect(Date.now() - crashedAt).toBeGreaterThanOrEqual(3000);
    expect(await consumerRestarts(registry, groupId)).toBe(2);
    await until(() => consumer.consuming, 10_000, 'the replacement to join');
  }, 90_000);

  /** A command consumer that answers every command with its data, on the reply-to it names; started once. */
  let echoServer: Promise<void> | undefined;
  const ensureEchoServer = () => (echoServer ??= startEchoServer(`${prefix}sup-server`));
  async function startEchoServer(groupId: string) {
    const server = await startConsumer({
      kafka,
      groupId,
      topics: [topics.commands],
      schema: anyCommand,
      logger,
      producer,
      handleBatch: async (items) => {
        for (const item of items) {
          // Each test's client has a reply topic of its own: this echo answers whichever is named.
          const address = replyAddressOf(item.headers, item.headers[headerNames.replyTo] ?? '');
          if (address) await sendReply(producer, address, { commandId: item.value.commandId, ok: true, result: item.value.data });
        }
      },
    });
    stopLater.push(server.stop);
    await server.ready;
  }

  async function startReplyClient(replyTopic: string, crashOnBatch: number, instanceId: string) {
    const registry = new Registry();
    const client = new RequestReplyClient(
      kafkaWhoseBatchCrashes(kafka, { crashOnBatch }),
      producer,
      replyTopic,
      logger,
      instanceId,
      registry,
    );
    await client.start();
    stopLater.push(() => client.stop());
    expect(client.consuming).toBe(true);
    const request = (n: number) =>
      client.request({
        topic: topics.commands,
        key: 'wallet-1',
        timeoutMs: 15_000,
        command: {
          commandId: randomUUID(),
          type: 'test.echo',
          issuedAt: new Date().toISOString(),
          actor: { kind: 'service', id: 'test' },
          data: { n },
        },
      });
    return { client, registry, request };
  }

  it('when the gateway reply consumer crashes for good, then a new one resumes after the last reply delivered, the pending request is answered, and the readiness check fails meanwhile', async () => {
    await ensureEchoServer();
    const { client, registry, request } = await startReplyClient(topics.replies, 2, 'sup-test');

    await expect(request(1)).resolves.toMatchObject({ ok: true, result: { n: 1 } });
    // The batch holding this reply crashes the consumer; the replacement reads it again.
    const pending = request(2);
    await until(() => !client.consuming, 10_000, 'the crash');
    await expect(consumersReadiness([client])()).rejects.toThrow('not consuming');
    await expect(pending).resolves.toMatchObject({ ok: true, result: { n: 2 } });
    await until(() => client.consuming, 10_000, 'the replacement reply consumer');
    await expect(request(3)).resolves.toMatchObject({ ok: true, result: { n: 3 } });
    expect(await consumerRestarts(registry, 'gateway-replies-sup-test')).toBe(1);
  }, 90_000);

  it('when the reply consumer crashes on the first reply a partition ever held, then the replacement starts that partition where it ended before the client started, and the pending request is answered', async () => {
    // Its replies go to a topic of their own, so the crash comes before anything was delivered from it.
    await ensureEchoServer();
    const { client, registry, request } = await startReplyClient(topics.freshReplies, 1, 'sup-fresh');
    const pending = request(4);
    await until(() => !client.consuming, 10_000, 'the crash');
    await expect(pending).resolves.toMatchObject({ ok: true, result: { n: 4 } });
    await until(() => client.consuming, 10_000, 'the replacement reply consumer');
    expect(await consumerRestarts(registry, 'gateway-replies-sup-fresh')).toBe(1);
  }, 90_000);
});
