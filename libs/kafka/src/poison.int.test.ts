import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import { Registry } from 'prom-client';
import { z } from 'zod';
import { anyCommand, dlqOf, headerNames } from '@coin/contracts';
import { AppError } from '@coin/errors';
import { createLogger } from '@coin/logger';
import { until } from '../../../test/harness/eventually';
import { scaledBound } from '../../../test/harness/machine-speed';
import { brokerSuite } from '../../../test/harness/kafka-suite';
import { BatchingProducer } from './batching-producer';
import { fastGroupSettings } from './client';
import { startConsumer } from './consumer';
import { readHeaders } from './headers';
import { replyAddressOf, replyBodyOf, sendReply } from './replies';
import { RequestReplyClient, type CommandToSend } from './request-reply';

const logger = createLogger('poison-int', 'silent');

const command = (data: unknown, overrides: Partial<CommandToSend> = {}): CommandToSend => ({
  commandId: randomUUID(),
  type: 'test.do',
  issuedAt: new Date().toISOString(),
  actor: { kind: 'service', id: 'poison-test' },
  data,
  ...overrides,
});

describe('poison-proof consumers against a real broker', () => {
  const suite = brokerSuite({
    clientId: 'poison-int',
    logger,
    topics: {
      events: { partitions: 1, dlq: true },
      commands: { partitions: 1, dlq: true },
      replies: { partitions: 1 },
      silent: { partitions: 1 },
      garbledReplies: { partitions: 1 },
      bogusReplyTo: { partitions: 1, dlq: true },
      refused: { partitions: 1, dlq: true },
      refusedReplies: { partitions: 1 },
      hugeAnswers: { partitions: 1, dlq: true },
      hugeAnswerReplies: { partitions: 1 },
    },
  });
  const { prefix, kafka, topics } = suite;
  let producer: BatchingProducer;
  beforeAll(() => {
    producer = suite.producer;
  });

  /** Every message of `topic` as it arrives, read by a group of its own. */
  async function readAll(topic: string, groupSuffix: string) {
    const seen: Array<{ value: string; headers: Record<string, string>; offset: string }> = [];
    const reader: Consumer = kafka.consumer({ groupId: `${prefix}${groupSuffix}`, ...fastGroupSettings });
    await reader.connect();
    await reader.subscribe({ topic, fromBeginning: true });
    await reader.run({
      eachMessage: async ({ message }) =>
        void seen.push({ value: message.value?.toString() ?? '', headers: readHeaders(message.headers), offset: message.offset }),
    });
    suite.stopLater(() => reader.disconnect());
    return seen;
  }

  it('when the database refuses one message of a partition, then the good ones are handled, the bad one is dead-lettered with its error, and the partition goes on', async () => {
    const groupId = `${prefix}poison-events-group`;
    const poison = 5;
    // All in the partition before the consumer joins, so they come in one batch with the poison inside.
    await producer.sendMany(
      Array.from({ length: 11 }, (_, n) => ({ topic: topics.events, message: { key: 'same', value: JSON.stringify({ n }) } })),
    );

    const handled: number[] = [];
    let poisonAttempts = 0;
    const consumer = await startConsumer({
      kafka,
      groupId,
      topics: [topics.events],
      schema: z.object({ n: z.number().int() }),
      logger,
      producer,
      isolation: { backoffMs: 10 },
      // One transaction per batch, as the ledger's: all of it or nothing.
      handleBatch: async (items) => {
        if (items.some((i) => i.value.n === poison)) {
          poisonAttempts += 1;
          throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
        }
        handled.push(...items.map((i) => i.value.n));
      },
    });
    let stopped = false;
    suite.stopLater(async () => {
      if (!stopped) await consumer.stop();
    });
    await consumer.ready;

    const good = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10];
    await until(() => handled.length >= good.length, 20_000, 'the good messages');
    expect(handled).toEqual(good);

    const dead = await readAll(dlqOf(topics.events), 'poison-events-dlq-reader');
    await until(() => dead.length >= 1, 20_000, 'the dead letter');
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0]!.value)).toEqual({ n: poison });
    expect(dead[0]!.headers).toMatchObject({
      'dlq-original-topic': topics.events,
      'dlq-original-partition': '0',
      'dlq-original-offset': String(poison),
      'dlq-error': expect.stringMatching(/permanent.*22021.*invalid byte sequence/),
    });
    // Found by bisecting, and not retried alone: a data exception is the message's.
    expect(poisonAttempts).toBeLessThanOrEqual(4);

    // The partition goes on: a message produced afterwards is handled.
    await producer.send(topics.events, { key: 'same', value: JSON.stringify({ n: 11 }) });
    await until(() => handled.includes(11), 20_000, 'the message produced after the poison');
    expect(handled).toEqual([...good, 11]);

    // And the group's offset is past all of it, poison included: a restart redelivers nothing.
    stopped = true;
    await consumer.stop();
    const admin = kafka.admin();
    await admin.connect();
    try {
      const [offsets] = await admin.fetchOffsets({ groupId, topics: [topics.events] });
      expect(offsets!.partitions).toHaveLength(1);
      expect(offsets!.partitions[0]).toMatchObject({ partition: 0, offset: '12' });
    } finally {
      await admin.disconnect();
    }
    expect(dead).toHaveLength(1);
  }, 90_000);

  it('when a command names a reply topic that does not exist, then it is not answered, and neither it nor its partition waits for ever', async () => {
    const handled: number[] = [];
    const bogus = {
      [headerNames.replyTo]: `${prefix}no-such-topic`,
      [headerNames.correlationId]: randomUUID(),
      [headerNames.commandId]: randomUUID(),
    };
    const consumer = await startConsumer({
      kafka,
      groupId: `${prefix}poison-bogus-reply`,
      topics: [topics.bogusReplyTo],
      schema: z.object({ n: z.number().int() }),
      logger,
      producer,
      replyTopic: topics.replies,
      handleBatch: async (items) => {
        if (items.some((i) => i.value.n === 1)) throw Object.assign(new Error('refused'), { code: '22021' });
        handled.push(...items.map((i) => i.value.n));
      },
    });
    suite.stopLater(consumer.stop);
    await consumer.ready;
    // A poison and an unparseable message, both asking to be answered on a topic nobody has.
    await producer.sendMany([
      { topic: topics.bogusReplyTo, message: { key: 'k', value: JSON.stringify({ n: 1 }), headers: bogus } },
      { topic: topics.bogusReplyTo, message: { key: 'k', value: 'not json', headers: bogus } },
      { topic: topics.bogusReplyTo, message: { key: 'k', value: JSON.stringify({ n: 2 }) } },
    ]);
    await until(() => handled.includes(2), 20_000, 'the message after the two');
    expect(handled).toEqual([2]);
  });

  it('when a command fails the consumer schema but carries a reply address, then its caller is answered COMMAND_REFUSED at once, and it is dead-lettered', async () => {
    const handled: string[] = [];
    const server = await startConsumer({
      kafka,
      groupId: `${prefix}poison-cmd-server`,
      topics: [topics.commands],
      schema: anyCommand,
      logger,
      producer,
      replyTopic: topics.replies,
      handleBatch: async (items) => void handled.push(...items.map((i) => i.value.commandId)),
    });
    suite.stopLater(server.stop);
    await server.ready;
    const client = new RequestReplyClient(kafka, producer, topics.replies, logger, `${prefix}poison-schema`);
    await client.start();
    suite.stopLater(() => client.stop());

    // issuedAt is not an ISO date-time: anyCommand refuses it before any handler sees it.
    const refused = command({ n: 1 }, { issuedAt: 'yesterday' });
    const started = Date.now();
    const reply = await client.request({ topic: topics.commands, key: 'k', command: refused, timeoutMs: 20_000 });
    const elapsed = Date.now() - started;

    expect(reply).toMatchObject({
      ok: false,
      commandId: refused.commandId,
      error: { code: 'COMMAND_REFUSED', detail: expect.stringContaining(refused.commandId) },
    });
    // Answered at once, not at the request's 20 s timeout (with room for the machine's speed).
    expect(elapsed).toBeLessThan(scaledBound(5_000));
    expect(client.pendingCount).toBe(0);
    expect(handled).not.toContain(refused.commandId);

    const dead = await readAll(dlqOf(topics.commands), 'poison-cmd-dlq-reader');
    await until(() => dead.length >= 1, 20_000, 'the dead letter');
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0]!.value)).toMatchObject({ commandId: refused.commandId, issuedAt: 'yesterday' });
    expect(dead[0]!.headers).toMatchObject({
      [headerNames.commandId]: refused.commandId,
      'dlq-error': expect.stringContaining('issuedAt'),
    });
  }, 60_000);

  it('when an async check refuses a valid command by its headers, then onRefused gets it with the reason and headers, it is dead-lettered and answered, and the partition goes on', async () => {
    const handled: string[] = [];
    const refusedSeen: Array<{ commandId: string; reason: string; headers: Record<string, string>; offset: string }> = [];
    const server = await startConsumer({
      kafka,
      groupId: `${prefix}poison-refused-server`,
      topics: [topics.refused],
      schema: anyCommand,
      logger,
      producer,
      replyTopic: topics.refusedReplies,
      // What a proof-of-authority check looks like: async, reading a header the command travels with.
      checks: [
        async ({ headers }) => {
          await new Promise((r) => setTimeout(r, 5));
          return headers['x-proof'] === 'good' ? null : 'proof: the command carries no valid proof of authority';
        },
      ],
      onRefused: async (refused) =>
        void refusedSeen.push({
          commandId: refused.value.commandId,
          reason: refused.reason,
          headers: refused.headers,
          offset: refused.offset,
        }),
      handleBatch: async (items) => void handled.push(...items.map((i) => i.value.commandId)),
    });
    suite.stopLater(server.stop);
    await server.ready;
    const client = new RequestReplyClient(kafka, producer, topics.refusedReplies, logger, `${prefix}poison-refused`);
    await client.start();
    suite.stopLater(() => client.stop());

    const forged = command({ n: 1 });
    const reply = await client.request({ topic: topics.refused, key: 'k', command: forged, timeoutMs: 20_000 });
    expect(reply).toMatchObject({ ok: false, commandId: forged.commandId, error: { code: 'COMMAND_REFUSED' } });
    expect(refusedSeen).toEqual([
      {
        commandId: forged.commandId,
        reason: 'proof: the command carries no valid proof of authority',
        headers: expect.objectContaining({ [headerNames.commandId]: forged.commandId }),
        offset: '0',
      },
    ]);
    const dead = await readAll(dlqOf(topics.refused), 'poison-refused-dlq-reader');
    await until(() => dead.length >= 1, 20_000, 'the dead letter');
    expect(dead[0]!.headers['dlq-error']).toBe('proof: the command carries no valid proof of authority');

    // The partition goes on: a command with the proof is handled.
    const good = command({ n: 2 });
    await producer.send(topics.refused, { key: 'k', value: JSON.stringify(good), headers: { 'x-proof': 'good' } });
    await until(() => handled.includes(good.commandId), 20_000, 'the good command');
    expect(handled).not.toContain(forged.commandId);
    expect(refusedSeen).toHaveLength(1);
  }, 60_000);

  it("when a command's answer is larger than the broker takes, then the broker's refusal drops the answer (logged, counted), the partition goes on, and the next command is answered", async () => {
    const metrics = new Registry();
    const answering = new BatchingProducer(kafka.producer(), logger, { metrics });
    await answering.connect();
    suite.stopLater(() => answering.close());
    const handled: string[] = [];
    const server = await startConsumer({
      kafka,
      groupId: `${prefix}poison-huge-answer`,
      topics: [topics.hugeAnswers],
      schema: anyCommand,
      logger,
      producer: answering,
      replyTopic: topics.hugeAnswerReplies,
      // A handler that answers as the ledger and the user service do: one answer per command, its result as the command asks.
      handleBatch: async (items) => {
        for (const item of items) {
          const address = replyAddressOf(item.headers, topics.hugeAnswerReplies);
          const result = (item.value.data as { huge?: boolean }).huge ? { text: 'x'.repeat(1_100_000) } : { ok: 1 };
          // Noted before the answer goes: its caller may read the answer before this send's promise settles.
          handled.push(item.value.commandId);
          if (address) await sendReply(answering, address, replyBodyOf(item.value.commandId, { ok: true, reply: result }));
        }
      },
    });
    suite.stopLater(server.stop);
    await server.ready;
    const client = new RequestReplyClient(kafka, producer, topics.hugeAnswerReplies, logger, `${prefix}poison-huge-answer`);
    await client.start();
    suite.stopLater(() => client.stop());

    const huge = command({ huge: true });
    // Its answer never comes: what is asserted is its absence, so the wait is fixed.
    const unanswered = client.request({ topic: topics.hugeAnswers, key: 'k', command: huge, timeoutMs: 5_000 });
    unanswered.catch(() => undefined);
    const next = command({ huge: false });
    const started = Date.now();
    await expect(
      client.request({ topic: topics.hugeAnswers, key: 'k', command: next, timeoutMs: scaledBound(20_000) }),
    ).resolves.toMatchObject({
      ok: true,
      result: { ok: 1 },
    });
    expect(Date.now() - started).toBeLessThan(scaledBound(5_000));
    expect(handled).toEqual([huge.commandId, next.commandId]);
    // The huge answer never came: its caller times out and retries with its Idempotency-Key.
    await expect(unanswered).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect((await metrics.getSingleMetricAsString('coin_kafka_records_dropped_total')).split('\n')).toContain(
      `coin_kafka_records_dropped_total{topic="${topics.hugeAnswerReplies}"} 1`,
    );
  }, 90_000);

  it('when a garbled reply carries the correlation id of a waiting request, then that request fails with TIMEOUT at once; one with a foreign id is ignored', async () => {
    // A stand-in for a service: reads the commands and answers with what the test chose for each.
    const answers = new Map<string, (headers: Record<string, string>) => Array<{ value: string; headers: Record<string, string> }>>();
    const responder = kafka.consumer({ groupId: `${prefix}poison-garbler`, ...fastGroupSettings });
    await responder.connect();
    await responder.subscribe({ topic: topics.silent, fromBeginning: true });
    await responder.run({
      eachMessage: async ({ message }) => {
        const headers = readHeaders(message.headers);
        const answer = answers.get(headers[headerNames.commandId]!);
        if (!answer) return;
        for (const reply of answer(headers))
          await producer.send(headers[headerNames.replyTo]!, { key: headers[headerNames.correlationId]!, ...reply });
      },
    });
    suite.stopLater(() => responder.disconnect());

    const client = new RequestReplyClient(kafka, producer, topics.garbledReplies, logger, `${prefix}poison-garbled`);
    await client.start();
    suite.stopLater(() => client.stop());

    // 1. The reply to this command cannot be read.
    const garbled = command({ n: 1 });
    answers.set(garbled.commandId, (headers) => [
      { value: 'not json', headers: { [headerNames.correlationId]: headers[headerNames.correlationId]! } },
    ]);
    const started = Date.now();
    const failed = client.request({ topic: topics.silent, key: 'k', command: garbled, timeoutMs: scaledBound(20_000) });
    await expect(failed).rejects.toBeInstanceOf(AppError);
    await expect(failed).rejects.toMatchObject({ code: 'TIMEOUT', extra: { commandId: garbled.commandId } });
    expect(Date.now() - started).toBeLessThan(scaledBound(5_000));
    expect(client.pendingCount).toBe(0);

    // 2. A garbled reply for somebody else's request comes first; the real reply still counts.
    const answered = command({ n: 2 });
    answers.set(
      answered.commandId,
      (headers): Array<{ value: string; headers: Record<string, string> }> => [
        { value: 'not json', headers: { [headerNames.correlationId]: randomUUID() } },
        { value: JSON.stringify({ n: 'no correlation header' }), headers: {} },
        {
          value: JSON.stringify({
            correlationId: headers[headerNames.correlationId],
            commandId: answered.commandId,
            ok: true,
            result: { n: 2 },
          }),
          headers: { [headerNames.correlationId]: headers[headerNames.correlationId]! },
        },
      ],
    );
    await expect(client.request({ topic: topics.silent, key: 'k', command: answered, timeoutMs: 20_000 })).resolves.toMatchObject({
      ok: true,
      result: { n: 2 },
    });
    expect(client.pendingCount).toBe(0);
  }, 60_000);
});
