import { dlqOf, headerNames } from '@coin/contracts';
import type { WireError } from '@coin/errors';
import { createLogger } from '@coin/logger';
import type { BatchingProducer } from './batching-producer';
import { applyIsolating, type BatchControl, type Delivered } from './consumer';

const logger = createLogger('isolation-unit', 'silent');
const topic = 'test.commands';
const poisonCommandId = '0b9c4f5e-8f0a-4c1e-9d6b-7a3e2f1c0d4b';
const correlationId = 'corr-poison-1';
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

  it('when the whole batch succeeds, then the handler is called once and nothing is sent', async () => {
    const { producer, send } = fakeProducer();
    const { handleBatch, handled } = transactionalHandler(() => false);

    expect(await applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic }, logger)).toBe(0);
    expect(handleBatch).toHaveBeenCalledTimes(1);
    expect(handled).toEqual(['a', 'b', 'poison', 'c', 'd']);
    expect(send).not.toHaveBeenCalled();
  });

  it('when the failure is transient, then it is thrown (the batch comes back) and nothing is set aside', async () => {
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

  it('when a failure turns transient during isolation, then it is thrown and nothing is set aside', async () => {
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

  it('when an unknown failure repeats on the message alone, then it is tried unknownAttempts times with backoff, set aside without storing an outcome, and answered', async () => {
    const { producer, sent } = fakeProducer();
    const { handleBatch, handled, calls } = transactionalHandler((values) => values.includes('poison') && new TypeError('x'));
    const recordSetAside = jest.fn(async () => null);
    const batchControl = control();

    const setAside = await applyIsolating(
      batchWithPoison(),
      batchControl,
      { handleBatch, producer, replyTopic, recordSetAside, isolation: { backoffMs: 1 } },
      logger,
    );

    expect(setAside).toBe(1);
    expect(handled).toEqual(['a', 'b', 'c', 'd']);
    expect(calls.filter((c) => c.length === 1 && c[0] === 'poison')).toHaveLength(3);
    expect(batchControl.heartbeat).toHaveBeenCalledTimes(2); // before each retry
    // Not known to be the message's: answered, not remembered (a retry after a fix applies it).
    expect(recordSetAside).not.toHaveBeenCalled();
    const replies = sent().filter((s) => s.topic === replyTopic);
    expect(replies).toHaveLength(1);
    expect(JSON.parse(String(replies[0]!.message.value))).toMatchObject({
      commandId: poisonCommandId,
      ok: false,
      error: { code: 'COMMAND_FAILED' },
    });
    const dead = sent().filter((s) => s.topic === dlqOf(topic));
    expect(dead).toHaveLength(1);
    expect(dead[0]!.message.headers!['dlq-error']).toMatch(/unknown.*TypeError: x/);
  });

  it.each([1, 2, 3, 5])(
    'when an unknown failure repeats on a message alone, then with unknownAttempts=%i it is tried that many times before it is set aside',
    async (unknownAttempts) => {
      const { producer, send } = fakeProducer();
      const { handleBatch, calls } = transactionalHandler(() => new TypeError('x'));
      const setAside = await applyIsolating(
        [item('poison', 1)],
        control(),
        { handleBatch, producer, replyTopic, isolation: { backoffMs: 1, unknownAttempts } },
        logger,
      );
      expect(setAside).toBe(1);
      // The attempts alone, the first included.
      expect(calls).toHaveLength(unknownAttempts);
      expect(send).toHaveBeenCalledTimes(1); // its dead letter
    },
  );

  it('when an unknown failure happens once and the retry succeeds, then nothing is set aside and every message is handled once', async () => {
    const { producer, send } = fakeProducer();
    let failures = 0;
    const { handleBatch, handled } = transactionalHandler((values) => values.includes('poison') && failures++ < 1 && new TypeError('x'));

    expect(
      await applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic, isolation: { backoffMs: 1 } }, logger),
    ).toBe(0);
    expect(handled).toEqual(['a', 'b', 'poison', 'c', 'd']);
    expect(send).not.toHaveBeenCalled();
  });

  it('when an unknown failure of a message alone stops before its last attempt, then it is handled, not set aside', async () => {
    const { producer, send } = fakeProducer();
    // Fails in [a..d], [a,b,poison], then alone twice: the third attempt alone succeeds.
    let failures = 0;
    const { handleBatch, handled, calls } = transactionalHandler(
      (values) => values.includes('poison') && failures++ < 4 && new TypeError('x'),
    );

    expect(
      await applyIsolating(batchWithPoison(), control(), { handleBatch, producer, replyTopic, isolation: { backoffMs: 1 } }, logger),
    ).toBe(0);
    expect(calls.filter((c) => c.length === 1 && c[0] === 'poison')).toHaveLength(3);
    expect(handled).toEqual(['a', 'b', 'poison', 'c', 'd']);
    expect(send).not.toHaveBeenCalled();
  });

  it('when backoff is set, then the pauses between attempts alone double', async () => {
    const { producer } = fakeProducer();
    const { handleBatch } = transactionalHandler(() => new TypeError('x'));
    const started = Date.now();
    await applyIsolating(
      [item('poison', 1)],
      control(),
      { handleBatch, producer, replyTopic, isolation: { backoffMs: 40, unknownAttempts: 3 } },
      logger,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(40 + 80 - 5);
  });

  it('when an unknown failure strikes every message of a batch and none passes, then it is thrown (the world, not the messages) and nothing is set aside', async () => {
    const { producer, send } = fakeProducer();
    const loading = Object.assign(new Error('some library is in a bad state'), { name: 'ReplyError' });
    const { handleBatch, handled } = transactionalHandler(() => loading);
    const recordSetAside = jest.fn(async () => null);

    await expect(
      applyIsolating(
        batchWithPoison(),
        control(),
        { handleBatch, producer, replyTopic, recordSetAside, isolation: { backoffMs: 1 } },
        logger,
      ),
    ).rejects.toBe(loading);
    expect(handled).toEqual([]);
    expect(recordSetAside).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
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
