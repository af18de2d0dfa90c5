import { dlqOf, headerNames } from '@coin/contracts';
import type { WireError } from '@coin/errors';
import { createLogger } from '@coin/logger';
import { KafkaJSProtocolError } from 'kafkajs';
import type { BatchingProducer } from './batching-producer';
import { applyIsolating, type BatchControl, type Delivered } from './consumer';

const logger = createLogger('isolation-unit', 'silent');
const topic = 'test.commands';
const poisonCommandId = '0b9c4f5e-8f0a-4c1e-9d6b-7a3e2f1c0d4b';
const correlationId = '5a1d9c3e-2b7f-4e08-9c61-3f0d8e2a7b14';
const replyTopic = 'test.replies';

type Sent = { topic: string; message: { key?: unknown; value: unknown; headers?: Record<string, string> } };

function fakeProducer() {
  const send = jest.fn(async (_topic: string, _message: unknown) => {});
  const sent = (): Sent[] => send.mock.calls.map(([t, m]) => ({ topic: t, message: m as Sent['message'] }));
  return { producer: { send } as unknown as BatchingProducer, send, sent };
}

function item(value: string, offset: number, headers: Record<string, string> = {}): Delivered<string> {
  return { value, key: value, headers, topic, partition: 0, offset: String(offset) };
}

/** [a, b, poison, c, d]; the poison carries a reply address when `answerable`. */
function batchWithPoison(answerable = true): Delivered<string>[] {
  const poisonHeaders: Record<string, string> = answerable
    ? { [headerNames.replyTo]: replyTopic, [headerNames.correlationId]: correlationId, [headerNames.commandId]: poisonCommandId }
    : { [headerNames.commandId]: poisonCommandId };
  return [item('a', 10), item('b', 11), item('poison', 12, poisonHeaders), item('c', 13), item('d', 14)];
}

const control = (): BatchControl & { heartbeat: jest.Mock } => ({ heartbeat: jest.fn(async () => {}) });

/**
 * A handler that applies a batch as one transaction: all of it, or (when `fails(batch)` says so)
 * none of it. `handled` lists the values of the batches that went through, in order; `calls`
 * every batch it was given.
 */
function transactionalHandler(fails: (values: string[]) => unknown) {
  const handled: string[] = [];
  const calls: string[][] = [];
  const handleBatch = jest.fn(async (items: Delivered<string>[]) => {
    const values = items.map((i) => i.value);
    calls.push(values);
    const failure = fails(values);
    if (failure) throw failure;
    handled.push(...values);
  });
  return { handleBatch, handled, calls };
}

const dataException = () => Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
const connectionLost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '08006' });

describe('applyIsolating: one message a handler cannot apply never stops the batch', () => {
  it('when one message of a batch fails permanently, then every other one is handled once, in order, and the poison is answered and dead-lettered', async () => {
    const { producer, send, sent } = fakeProducer();
    const { handleBatch, handled } = transactionalHandler((values) => values.includes('poison') && dataException());
    const recordSetAside = jest.fn(async (_item: Delivered<string>, error: WireError) => ({ ok: false, reply: error }));
    const items = batchWithPoison();

    const setAside = await applyIsolating(
      items,
      control(),
      { handleBatch, producer, replyTopic, recordSetAside, isolation: { backoffMs: 1 } },
      logger,
    );

    expect(setAside).toBe(1);
    expect(handled).toEqual(['a', 'b', 'c', 'd']);

    // Its outcome is stored once, with the error its caller gets.
    expect(recordSetAside).toHaveBeenCalledTimes(1);
    expect(recordSetAside.mock.calls[0]![0]).toBe(items[2]);
    expect(recordSetAside.mock.calls[0]![1]).toMatchObject({ code: 'COMMAND_FAILED', detail: expect.stringContaining(poisonCommandId) });

    expect(send).toHaveBeenCalledTimes(2);
    const replies = sent().filter((s) => s.topic === replyTopic);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.message.headers).toMatchObject({
      [headerNames.correlationId]: correlationId,
      [headerNames.commandId]: poisonCommandId,
    });
    expect(JSON.parse(String(replies[0]!.message.value))).toMatchObject({
      correlationId,
      commandId: poisonCommandId,
      ok: false,
      error: { code: 'COMMAND_FAILED', detail: expect.stringContaining(poisonCommandId) },
    });
    // The caller never sees the internal error text.
    expect(String(replies[0]!.message.value)).not.toContain('invalid byte sequence');

    const dead = sent().filter((s) => s.topic === dlqOf(topic));
    expect(dead).toHaveLength(1);
    expect(JSON.parse(String(dead[0]!.message.value))).toBe('poison');
    expect(dead[0]!.message.headers).toMatchObject({
      [headerNames.commandId]: poisonCommandId,
      'dlq-original-topic': topic,
      'dlq-original-partition': '0',
      'dlq-original-offset': '12',
      'dlq-error': expect.stringMatching(/permanent.*22021.*invalid byte sequence/),
    });
  });

  it('when the stored outcome differs (an earlier one), then the caller is answered with the stored one', async () => {
    const { producer, sent } = fakeProducer();
    const { handleBatch } = transactionalHandler((values) => values.includes('poison') && dataException());
    const earlier = { code: 'INSUFFICIENT_FUNDS', detail: 'decided before' };
    const recordSetAside = jest.fn(async () => ({ ok: false, reply: earlier }));

    await applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic, recordSetAside }, logger);

    const replies = sent().filter((s) => s.topic === replyTopic);
    expect(replies).toHaveLength(1);
    expect(JSON.parse(String(replies[0]!.message.value))).toMatchObject({ commandId: poisonCommandId, ok: false, error: earlier });
  });

  it('when recordSetAside resolves null, then nobody is answered but the message is still dead-lettered', async () => {
    const { producer, sent } = fakeProducer();
    const { handleBatch, handled } = transactionalHandler((values) => values.includes('poison') && dataException());

    const setAside = await applyIsolating(
      batchWithPoison(),
      control(),
      { handleBatch, producer, replyTopic, recordSetAside: async () => null },
      logger,
    );

    expect(setAside).toBe(1);
    expect(handled).toEqual(['a', 'b', 'c', 'd']);
    expect(sent().map((s) => s.topic)).toEqual([dlqOf(topic)]);
  });

  it('when the poison has no reply address, then it is only dead-lettered', async () => {
    const { producer, sent } = fakeProducer();
    const { handleBatch, handled } = transactionalHandler((values) => values.includes('poison') && dataException());

    const setAside = await applyIsolating(batchWithPoison(false), control(), { handleBatch, producer, replyTopic }, logger);

    expect(setAside).toBe(1);
    expect(handled).toEqual(['a', 'b', 'c', 'd']);
    expect(sent().map((s) => s.topic)).toEqual([dlqOf(topic)]);
  });

  it('when two messages of a batch fail permanently, then both are set aside and the rest handled in order', async () => {
    const { producer, sent } = fakeProducer();
    const { handleBatch, handled } = transactionalHandler((values) => (values.includes('b') || values.includes('d')) && dataException());

    const setAside = await applyIsolating(
      batchWithPoison(false).map((i) => (i.value === 'poison' ? { ...i, value: 'p' } : i)),
      control(),
      { handleBatch, producer, replyTopic },
      logger,
    );

    expect(setAside).toBe(2);
    expect(handled).toEqual(['a', 'p', 'c']);
    const dead = sent().filter((s) => s.topic === dlqOf(topic));
    expect(dead.map((d) => d.message.headers!['dlq-original-offset'])).toEqual(['11', '14']);
  });

  it("when the broker refuses a record the poison's handler writes (MESSAGE_TOO_LARGE), then the poison alone is set aside, answered COMMAND_FAILED and dead-lettered; the rest is handled", async () => {
    const { producer, sent } = fakeProducer();
    const refused = new KafkaJSProtocolError({
      type: 'MESSAGE_TOO_LARGE',
      code: 10,
      retriable: false,
      message: 'The request included a message larger than the max message size the server will accept',
    } as unknown as Error);
    const { handleBatch, handled } = transactionalHandler((values) => values.includes('poison') && refused);

    expect(await applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic }, logger)).toBe(1);
    expect(handled).toEqual(['a', 'b', 'c', 'd']);
    const replies = sent().filter((s) => s.topic === replyTopic);
    expect(replies.map((r) => JSON.parse(String(r.message.value)))).toEqual([
      expect.objectContaining({ commandId: poisonCommandId, ok: false, error: expect.objectContaining({ code: 'COMMAND_FAILED' }) }),
    ]);
    const dead = sent().filter((s) => s.topic === dlqOf(topic));
    expect(dead.map((d) => d.message.headers!['dlq-error'])).toEqual([
      'set aside (permanent): KafkaJSProtocolError: The request included a message larger than the max message size the server will accept',
    ]);
  });

  it('when the whole batch succeeds, then the handler is called once and nothing is sent', async () => {
    const { producer, send } = fakeProducer();
    const { handleBatch, handled } = transactionalHandler(() => false);

    expect(await applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic }, logger)).toBe(0);
    expect(handleBatch).toHaveBeenCalledTimes(1);
    expect(handled).toEqual(['a', 'b', 'poison', 'c', 'd']);
    expect(send).not.toHaveBeenCalled();
  });

  it('when the world is away (a lost connection), then it is thrown at once (the partition pauses) and nothing is set aside', async () => {
    const { producer, send } = fakeProducer();
    const failure = connectionLost();
    const { handleBatch, handled } = transactionalHandler((values) => values.includes('poison') && failure);
    const recordSetAside = jest.fn(async () => null);

    await expect(
      applyIsolating(
        batchWithPoison(),
        control(),
        { handleBatch, producer, replyTopic, recordSetAside, isolation: { backoffMs: 1 } },
        logger,
      ),
    ).rejects.toBe(failure);

    expect(handled).toEqual([]);
    expect(handleBatch).toHaveBeenCalledTimes(1); // no bisecting on a failure of the world
    expect(recordSetAside).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('when a failure turns into the world being away during isolation, then it is thrown and nothing is set aside', async () => {
    const { producer, send } = fakeProducer();
    let calls = 0;
    const { handleBatch } = transactionalHandler(
      (values) => values.includes('poison') && (++calls === 1 ? new TypeError('x') : connectionLost()),
    );

    await expect(
      applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic, isolation: { backoffMs: 1 } }, logger),
    ).rejects.toMatchObject({ code: '08006' });
    expect(send).not.toHaveBeenCalled();
  });

  it('when a TypeError strikes one message (a decider bug), then it is set aside at once: no retry alone, its outcome stored, answered with its request id, audited', async () => {
    const { producer, sent } = fakeProducer();
    const { handleBatch, handled, calls } = transactionalHandler((values) => values.includes('poison') && new TypeError('x'));
    const recordSetAside = jest.fn(async (_item: Delivered<string>, error: WireError) => ({ ok: false, reply: error }));
    const onSetAside = jest.fn(async () => {});
    const batch = batchWithPoison().map((i) =>
      i.value === 'poison' ? { ...i, headers: { ...i.headers, [headerNames.requestId]: 'req-poison-7' } } : i,
    );

    const setAside = await applyIsolating(batch, control(), { handleBatch, producer, replyTopic, recordSetAside, onSetAside }, logger);

    expect(setAside).toBe(1);
    expect(handled).toEqual(['a', 'b', 'c', 'd']);
    expect(calls.filter((c) => c.length === 1 && c[0] === 'poison')).toHaveLength(1);
    expect(recordSetAside).toHaveBeenCalledTimes(1);
    const replies = sent().filter((s) => s.topic === replyTopic);
    expect(JSON.parse(String(replies[0]!.message.value))).toMatchObject({
      commandId: poisonCommandId,
      ok: false,
      error: { code: 'COMMAND_FAILED', detail: expect.stringContaining('request req-poison-7') },
    });
    const dead = sent().filter((s) => s.topic === dlqOf(topic));
    expect(dead[0]!.message.headers!['dlq-error']).toMatch(/^set aside \(permanent\): TypeError: x/);
    expect(onSetAside).toHaveBeenCalledWith(
      expect.objectContaining({ value: 'poison', offset: '12', reason: expect.stringMatching(/TypeError: x/) }),
    );
  });

  it('when every message of a batch fails with a TypeError, then each is set aside and the call returns: nothing is retried for ever', async () => {
    const { producer, send } = fakeProducer();
    const { handleBatch, handled, calls } = transactionalHandler(
      () => new TypeError("Cannot read properties of undefined (reading 'rule')"),
    );

    expect(await applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic }, logger)).toBe(5);
    expect(handled).toEqual([]);
    // Bisection: 1 + 2 + 4 + 2 parts at most, never an attempt loop.
    expect(calls.length).toBeLessThanOrEqual(9);
    expect(send).toHaveBeenCalledTimes(5 + 1); // five dead letters, the poison's answer
  });

  it.each([1, 2, 4])(
    'when contention (40001) repeats on a batch of one, then with contentionAttempts=%i it is tried that many times, then set aside as outlasting its bound',
    async (contentionAttempts) => {
      const { producer, sent } = fakeProducer();
      const { handleBatch, calls } = transactionalHandler(() => Object.assign(new Error('lost race'), { code: '40001' }));
      const batchControl = control();
      const setAside = await applyIsolating(
        [item('poison', 1)],
        batchControl,
        { handleBatch, producer, replyTopic, isolation: { backoffMs: 1, contentionAttempts } },
        logger,
      );
      expect(setAside).toBe(1);
      expect(calls).toHaveLength(contentionAttempts);
      expect(batchControl.heartbeat).toHaveBeenCalledTimes(contentionAttempts - 1); // before each retry
      expect(sent()[0]!.message.headers!['dlq-error']).toMatch(/contention that outlasted its attempts, code 40001/);
    },
  );

  it('when contention repeats only while the poison is in the batch, then the rest is applied and only the poison is set aside', async () => {
    const { producer } = fakeProducer();
    const { handleBatch, handled, calls } = transactionalHandler(
      (values) => values.includes('poison') && Object.assign(new Error('duplicate approval leg'), { code: '40001' }),
    );
    expect(
      await applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic, isolation: { backoffMs: 1 } }, logger),
    ).toBe(1);
    expect(handled).toEqual(['a', 'b', 'c', 'd']);
    // Four attempts of the whole batch, the bisection, four attempts of the poison alone: bounded.
    expect(calls.length).toBeLessThanOrEqual(4 + 4 + 4);
  });

  it('when contention passes on a retry, then nothing is set aside and every message is handled once', async () => {
    const { producer, send } = fakeProducer();
    let failures = 0;
    const { handleBatch, handled } = transactionalHandler(
      (values) => values.includes('poison') && failures++ < 2 && Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    );

    expect(
      await applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic, isolation: { backoffMs: 1 } }, logger),
    ).toBe(0);
    expect(handled).toEqual(['a', 'b', 'poison', 'c', 'd']);
    expect(send).not.toHaveBeenCalled();
  });

  it('when backoff is set, then the pauses between contention attempts double', async () => {
    const { producer } = fakeProducer();
    const { handleBatch } = transactionalHandler(() => Object.assign(new Error('lost race'), { code: '40001' }));
    const sleeps: number[] = [];
    const realSetTimeout = global.setTimeout;
    const spy = jest.spyOn(global, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      sleeps.push(ms ?? 0);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout);
    try {
      await applyIsolating(
        [item('poison', 1)],
        control(),
        { handleBatch, producer, replyTopic, isolation: { backoffMs: 40, contentionAttempts: 3 } },
        logger,
      );
    } finally {
      spy.mockRestore();
    }
    expect(sleeps).toEqual([40, 80]);
  });

  it('when the poison names another reply topic than the one this consumer answers on, then nobody is answered and it is still dead-lettered', async () => {
    const { producer, sent } = fakeProducer();
    const { handleBatch, handled } = transactionalHandler((values) => values.includes('poison') && dataException());
    const batch = batchWithPoison().map((i) =>
      i.value === 'poison' ? { ...i, headers: { ...i.headers, [headerNames.replyTo]: 'no-such-topic' } } : i,
    );

    expect(await applyIsolating(batch, control(), { handleBatch, producer, replyTopic }, logger)).toBe(1);
    expect(handled).toEqual(['a', 'b', 'c', 'd']);
    expect(sent().map((s) => s.topic)).toEqual([dlqOf(topic)]);
  });
});
