import { randomUUID } from 'node:crypto';
import type { Kafka } from 'kafkajs';
import { Registry } from 'prom-client';
import { createLogger } from '@coin/logger';
import { until } from '../../../test/harness/eventually';
import { consumerRestarts } from '../../../test/harness/kafka-metrics';
import { aroundEachBatch, brokerSuite, countingConsumer, kafkaWithConsumers, startEchoServer } from '../../../test/harness/kafka-suite';
import { RequestReplyClient } from './request-reply';

const logger = createLogger('watchdog-int', 'silent');

/** The watchdog's bounds, small so the test is short: a stall after 1 s, a relaunch after 3 s. */
const progress = { stallAfterMs: 1000, checkIntervalMs: 250, relaunchAfterMs: 3000 };

/**
 * The real client, except that the first consumer it builds goes deaf as kafkajs consumers did
 * after a broker restart: it stays in its group and heartbeats, but after its first batch it
 * fetches nothing more (kafkajs `pause`), with no crash and no error.
 */
const kafkaWhoseFirstConsumerGoesDeaf = (kafka: Kafka) =>
  kafkaWithConsumers(kafka, (consumer, built) => {
    if (built > 1) return;
    aroundEachBatch(consumer, async (payload, handle) => {
      await handle(payload);
      consumer.pause([{ topic: payload.batch.topic }]);
    });
  });

/** The real client, except that the first consumer it builds never finishes connecting. */
const kafkaWhoseFirstConnectHangs = (kafka: Kafka) =>
  kafkaWithConsumers(kafka, (consumer, built) => {
    if (built === 1) consumer.connect = () => new Promise<void>(() => undefined);
  });

describe('the consumer watchdog: consumers kafkajs keeps running but that do no work (real broker)', () => {
  const suite = brokerSuite({
    clientId: 'watchdog-int',
    logger,
    topics: {
      deaf: { partitions: 1, dlq: true },
      hung: { partitions: 1, dlq: true },
      busy: { partitions: 1, dlq: true },
      commands: { partitions: 1, dlq: true },
      replies: { partitions: 1, dlq: true },
    },
  });
  const { prefix, kafka, topics } = suite;

  /** A consumer of `{ n }` messages with the watchdog's small bounds, that records each n it is handed, after `gate` lets it. */
  const watchedConsumer = (client: Kafka, groupId: string, topic: string, gate?: () => Promise<void>) =>
    countingConsumer(suite, logger, { kafka: client, groupId, topic, progress, ...(gate ? { gate } : {}) });

  const send = (topic: string, n: number) => suite.producer.send(topic, { value: JSON.stringify({ n }) });

  it('when a joined consumer stops being handed records (no crash, no error) while records wait, then a new consumer of the group takes over and handles them', async () => {
    const groupId = `${prefix}wd-deaf-group`;
    const { consumer, handled, registry } = await watchedConsumer(kafkaWhoseFirstConsumerGoesDeaf(kafka), groupId, topics.deaf);
    await consumer.ready;
    await send(topics.deaf, 1);
    await until(() => handled.length === 1, 20_000, 'the first record');
    await send(topics.deaf, 2);
    await send(topics.deaf, 3);
    // The deaf consumer fetches nothing: the partition stalls, and after 3 s of it the watchdog relaunches.
    await until(() => handled.length === 3, 60_000, 'the new consumer to handle what waited');
    expect(handled).toEqual([1, 2, 3]);
    expect(await consumerRestarts(registry, groupId)).toBe(1);
    await until(() => consumer.consuming, 10_000, 'the new consumer to be consuming');
  }, 90_000);

  it('when the first consumer never finishes connecting, then its start still returns, a new consumer joins, and records are handled', async () => {
    const groupId = `${prefix}wd-hung-group`;
    const { consumer, handled, registry } = await watchedConsumer(kafkaWhoseFirstConnectHangs(kafka), groupId, topics.hung);
    await consumer.ready;
    await send(topics.hung, 7);
    await until(() => handled.length === 1, 20_000, 'the record');
    expect(handled).toEqual([7]);
    expect(await consumerRestarts(registry, groupId)).toBe(1);
  }, 90_000);

  it("when the gateway reply consumer's first connect never returns, then its start still returns, a new reply consumer joins and requests are answered", async () => {
    // The other side: answers every command with its data on the reply address it names.
    await startEchoServer(suite, logger, `${prefix}wd-echo`, topics.commands);
    const registry = new Registry();
    const fetchWaitMs = 500;
    const client = new RequestReplyClient(
      kafkaWhoseFirstConnectHangs(kafka),
      suite.producer,
      topics.replies,
      logger,
      'wd-replies',
      registry,
      undefined,
      undefined,
      fetchWaitMs,
      progress.relaunchAfterMs,
    );
    await client.start();
    suite.stopLater(() => client.stop());
    await until(() => client.consuming, 20_000, 'the new reply consumer');
    const answer = await client.request({
      topic: topics.commands,
      key: 'wallet-1',
      timeoutMs: 15_000,
      command: {
        commandId: randomUUID(),
        type: 'test.echo',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'service', id: 'test' },
        data: { n: 5 },
      },
    });
    expect(answer).toMatchObject({ ok: true, result: { n: 5 } });
    expect(await consumerRestarts(registry, 'gateway-replies-wd-replies')).toBe(1);
  }, 90_000);

  it('when a batch stays in its handler past the bound (its backing service away, retried in place), then the consumer is left to it: no relaunch, and the batch is handled once it passes', async () => {
    const groupId = `${prefix}wd-busy-group`;
    let open = false;
    // Its backing service answers only once the gate opens: the partition pauses and retries the batch in place.
    const gate = async () => {
      if (!open) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    const { consumer, handled, registry } = await watchedConsumer(kafka, groupId, topics.busy, gate);
    await consumer.ready;
    await send(topics.busy, 1);
    await send(topics.busy, 2);
    // Stalled (the watch reports it) for twice the relaunch bound, with the batch in the handler.
    await until(() => consumer.stalled().length > 0, 20_000, 'the stall to be seen');
    await new Promise((r) => setTimeout(r, 2 * progress.relaunchAfterMs));
    expect(await consumerRestarts(registry, groupId)).toBe(0);
    open = true;
    await until(() => handled.length === 2, 20_000, 'the batch');
    expect(handled).toEqual([1, 2]);
    expect(await consumerRestarts(registry, groupId)).toBe(0);
  }, 90_000);
});
