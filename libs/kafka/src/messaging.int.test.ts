import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { anyCommand, dlqOf, headerNames } from '@coin/contracts';
import { AppError } from '@coin/errors';
import { createLogger } from '@coin/logger';
import { brokerSuite } from '../../../test/harness/kafka-suite';
import { BatchingProducer } from './batching-producer';
import { fastGroupSettings } from './client';
import { startConsumer, type Delivered, type RunningConsumer } from './consumer';
import { readHeaders } from './headers';
import { replyAddressOf, sendReply } from './replies';
import { RequestReplyClient } from './request-reply';
import { ensureTopics, keyPartitioner, partitionCount } from './topics';

const logger = createLogger('kafka-int', 'error');

describe('messaging backbone against a real broker', () => {
  const suite = brokerSuite({
    clientId: 'kafka-int',
    logger,
    topics: {
      commands: { partitions: 3, dlq: true },
      replies: { partitions: 2 },
      events: { partitions: 2, dlq: true },
    },
  });
  const { prefix, kafka, topics } = suite;
  let producer: BatchingProducer;
  beforeAll(() => {
    producer = suite.producer;
  });

  it('when many sends are made at once, then they go out in few requests and all arrive', async () => {
    const sendBatch = jest.spyOn((producer as unknown as { producer: { sendBatch: () => unknown } }).producer, 'sendBatch');
    const count = 500;
    await Promise.all(
      Array.from({ length: count }, (_, i) => producer.send(topics.events, { key: `k${i % 7}`, value: JSON.stringify({ n: i }) })),
    );
    // One request per flush, and a flush carries everything queued since the last one.
    expect(sendBatch.mock.calls.length).toBeLessThan(count / 10);
    sendBatch.mockRestore();

    const admin = kafka.admin();
    await admin.connect();
    const offsets = await admin.fetchTopicOffsets(topics.events);
    await admin.disconnect();
    const total = offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
    expect(total).toBe(count);
  });

  it('when keyed messages are produced, then each lands on the partition keyPartitioner names for its key', async () => {
    const admin = kafka.admin();
    await admin.connect();
    const partitionOf = keyPartitioner(await partitionCount(admin, topics.commands));
    const highs = async () => new Map((await admin.fetchTopicOffsets(topics.commands)).map((p) => [p.partition, Number(p.high)]));
    const landedOn: number[] = [];
    const keys = Array.from({ length: 12 }, (_, i) => `user:${i * 7919}`);
    for (const key of keys) {
      const before = await highs();
      await producer.send(topics.commands, { key, value: '{}' });
      const after = await highs();
      landedOn.push([...after].find(([p, high]) => high > before.get(p)!)![0]);
    }
    await admin.disconnect();
    expect(landedOn).toEqual(keys.map(partitionOf));
    expect(new Set(landedOn).size).toBe(3); // the keys spread over every partition, so the match says something
  });

  it('when a command is answered, then request() resolves with the reply of its correlation id', async () => {
    const server = await startConsumer({
      kafka,
      groupId: `${prefix}server`,
      topics: [topics.commands],
      schema: anyCommand,
      logger,
      producer,
      handleBatch: async (items) => {
        for (const item of items) {
          const address = replyAddressOf(item.headers, topics.replies);
          if (!address || (item.value.data as { silent?: boolean }).silent) continue;
          await sendReply(producer, address, {
            commandId: item.value.commandId,
            ok: true,
            result: { echo: item.value.data, requestId: item.headers[headerNames.requestId] },
          });
        }
      },
    });
    suite.stopLater(server.stop);
    await server.ready;
    const client = new RequestReplyClient(kafka, producer, topics.replies, logger);
    await client.start();
    suite.stopLater(() => client.stop());

    const replies = await Promise.all(
      [1, 2, 3].map((n) =>
        client.request({
          topic: topics.commands,
          key: `wallet-${n}`,
          timeoutMs: 10_000,
          requestId: `req-${n}`,
          command: {
            commandId: randomUUID(),
            type: 'test.echo',
            issuedAt: new Date().toISOString(),
            actor: { kind: 'service', id: 'test' },
            data: { n },
          },
        }),
      ),
    );
    expect(replies.map((r) => (r.ok ? r.result : null))).toEqual([
      { echo: { n: 1 }, requestId: 'req-1' },
      { echo: { n: 2 }, requestId: 'req-2' },
      { echo: { n: 3 }, requestId: 'req-3' },
    ]);
    expect(client.pendingCount).toBe(0);

    // A command nobody answers in time fails with TIMEOUT naming the command id.
    const commandId = randomUUID();
    const unanswered = client.request({
      topic: topics.commands,
      key: 'wallet-x',
      timeoutMs: 300,
      command: {
        commandId,
        type: 'test.echo',
        issuedAt: new Date().toISOString(),
        actor: { kind: 'service', id: 'test' },
        data: { silent: true },
      },
    });
    await expect(unanswered).rejects.toMatchObject({ code: 'TIMEOUT', extra: { commandId } });
    await expect(unanswered).rejects.toBeInstanceOf(AppError);
    expect(client.pendingCount).toBe(0);
  }, 60_000);

  it('when a message fails validation, then it goes to the dead-letter topic with its origin and the valid ones are handled', async () => {
    const received: Delivered<{ n: number }>[] = [];
    const consumer: RunningConsumer = await startConsumer({
      kafka,
      groupId: `${prefix}dlq-test`,
      topics: [topics.events],
      schema: z.object({ n: z.number().int() }),
      logger,
      producer,
      handleBatch: async (items) => void received.push(...items),
    });
    suite.stopLater(consumer.stop);
    await consumer.ready;
    const marker = randomUUID();
    await producer.sendMany([
      { topic: topics.events, message: { key: 'bad', value: 'not json', headers: { marker } } },
      { topic: topics.events, message: { key: 'bad', value: JSON.stringify({ n: 'seven' }), headers: { marker } } },
      {
        topic: topics.events,
        message: { key: 'good', value: JSON.stringify({ n: 7 }), headers: { 'command-id': marker, 'request-id': 'req-7' } },
      },
    ]);

    const dead: Array<{ value: string; headers: Record<string, string> }> = [];
    const dlqReader = kafka.consumer({ groupId: `${prefix}dlq-reader`, ...fastGroupSettings });
    await dlqReader.connect();
    await dlqReader.subscribe({ topic: dlqOf(topics.events), fromBeginning: true });
    await dlqReader.run({
      eachMessage: async ({ message }) => void dead.push({ value: message.value!.toString(), headers: readHeaders(message.headers) }),
    });
    suite.stopLater(() => dlqReader.disconnect());

    const deadline = Date.now() + 20_000;
    while ((dead.length < 2 || received.length < 501) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(received.length).toBe(501); // the valid messages of the first test and the good one, each once
    // A handler's logger for a message carries the message's ids.
    const good = received.find((item) => item.headers['command-id'] === marker);
    expect(good?.value).toEqual({ n: 7 });
    expect(good?.log?.bindings()).toMatchObject({ groupId: `${prefix}dlq-test`, commandId: marker, requestId: 'req-7' });
    expect(dead.map((d) => d.value).sort()).toEqual(['not json', JSON.stringify({ n: 'seven' })].sort());
    for (const d of dead) {
      expect(d.headers).toMatchObject({
        marker,
        'dlq-original-topic': topics.events,
        'dlq-original-offset': expect.stringMatching(/^\d+$/),
      });
      expect(d.headers['dlq-error']).toBeTruthy();
    }
  }, 60_000);

  it('when messages queued together exceed what the broker takes in one request, then they are split and all arrive', async () => {
    const topic = `${prefix}big`;
    await ensureTopics(kafka, [{ topic, numPartitions: 1 }]);
    // Three values of 400 KB for one partition: 1.2 MB in one request is over the broker's
    // default message.max.bytes (1 MiB) and would be refused as a whole.
    const value = 'x'.repeat(400 * 1024);
    await Promise.all([1, 2, 3].map(() => producer.send(topic, { key: 'same', value })));
    const admin = kafka.admin();
    await admin.connect();
    const offsets = await admin.fetchTopicOffsets(topic);
    await admin.disconnect();
    expect(Number(offsets[0]!.high)).toBe(3);
  });

  it('when the producer is closed with sends queued, then they are delivered before it disconnects', async () => {
    const own = new BatchingProducer(kafka.producer(), logger);
    await own.connect();
    const sends = Array.from({ length: 50 }, (_, i) => own.send(topics.events, { value: JSON.stringify({ n: i }) }));
    await own.close();
    await expect(Promise.all(sends)).resolves.toBeDefined();
    await expect(own.send(topics.events, { value: '{}' })).rejects.toThrow('closed');
  });
});
