import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { Registry } from 'prom-client';
import { createLogger } from '@coin/logger';
import { until } from '../../../test/harness/eventually';
import { consumerRestarts } from '../../../test/harness/kafka-metrics';
import { aroundEachBatch, brokerSuite, countingConsumer, kafkaWithConsumers, startEchoServer } from '../../../test/harness/kafka-suite';
import { RequestReplyClient } from './request-reply';
import { consumersReadiness } from './supervised-consumer';

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
  return kafkaWithConsumers(kafka, (consumer) => {
    if (crashed && connectsToFail > 0) {
      connectsToFail -= 1;
      consumer.connect = () => Promise.reject(new Error('injected: connection refused'));
    }
    aroundEachBatch(consumer, async (payload, handle) => {
      if (!crashed && ++batches === crashOnBatch) {
        crashed = true;
        throw nonRetriable();
      }
      await handle(payload);
    });
  });
}

describe('consumers after a crash kafkajs does not restart (real broker)', () => {
  const suite = brokerSuite({
    clientId: 'supervised-int',
    logger,
    topics: {
      events: { partitions: 1, dlq: true },
      retry: { partitions: 1, dlq: true },
      commands: { partitions: 1, dlq: true },
      replies: { partitions: 1 },
      freshReplies: { partitions: 1 },
    },
  });
  const { prefix, kafka, topics } = suite;

  /** A consumer of `{ n }` messages that records each n it is handed, joined before it is returned. */
  async function joinedCountingConsumer(client: Kafka, groupId: string, topic: string) {
    const counting = await countingConsumer(suite, logger, { kafka: client, groupId, topic });
    await counting.consumer.ready;
    return counting;
  }

  it('when a handler fails with a non-retriable error, then a new consumer of the group takes over, /readyz fails meanwhile, and the batch is handled', async () => {
    const groupId = `${prefix}sup-events-group`;
    const { consumer, handled, registry } = await joinedCountingConsumer(kafkaWhoseBatchCrashes(kafka), groupId, topics.events);
    const ready = consumersReadiness([consumer]);
    await expect(ready()).resolves.toBeUndefined();

    await suite.producer.send(topics.events, { value: JSON.stringify({ n: 1 }) });
    await until(() => !consumer.consuming, 20_000, 'the crash');
    await expect(ready()).rejects.toThrow('1 of 1 Kafka consumers not consuming');

    // The crashed batch was never committed, so the replacement reads it again.
    await until(() => handled.length > 0, 30_000, 'the replacement to handle the batch');
    expect(handled).toEqual([1]);
    await until(() => consumer.consuming, 10_000, 'the replacement to join');
    await expect(ready()).resolves.toBeUndefined();
    expect(await consumerRestarts(registry, groupId)).toBe(1);

    await suite.producer.send(topics.events, { value: JSON.stringify({ n: 2 }) });
    await until(() => handled.length === 2, 20_000, 'the next message');
    expect(handled).toEqual([1, 2]);
  }, 90_000);

  it('when starting the replacement fails too, then it is tried again after a longer wait until one joins', async () => {
    const groupId = `${prefix}sup-retry-group`;
    const { consumer, handled, registry } = await joinedCountingConsumer(
      kafkaWhoseBatchCrashes(kafka, { failingReconnects: 1 }),
      groupId,
      topics.retry,
    );
    const crashedAt = Date.now();
    await suite.producer.send(topics.retry, { value: JSON.stringify({ n: 3 }) });
    await until(() => handled.length > 0, 30_000, 'the second replacement to handle the batch');
    expect(handled).toEqual([3]);
    // One failed attempt after 1 s, the next after 2 s more.
    expect(Date.now() - crashedAt).toBeGreaterThanOrEqual(3000);
    expect(await consumerRestarts(registry, groupId)).toBe(2);
    await until(() => consumer.consuming, 10_000, 'the replacement to join');
  }, 90_000);

  /** A command consumer that answers every command with its data, on the reply-to it names; started once. */
  let echoServer: Promise<void> | undefined;
  const ensureEchoServer = () => (echoServer ??= startEchoServer(suite, logger, `${prefix}sup-server`, topics.commands));

  async function startReplyClient(replyTopic: string, crashOnBatch: number, instanceId: string) {
    const registry = new Registry();
    const client = new RequestReplyClient(
      kafkaWhoseBatchCrashes(kafka, { crashOnBatch }),
      suite.producer,
      replyTopic,
      logger,
      instanceId,
      registry,
    );
    await client.start();
    suite.stopLater(() => client.stop());
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
