import type { Producer, ProducerBatch } from 'kafkajs';
import { createLogger } from '@coin/logger';
import { Registry } from 'prom-client';
import { BatchingProducer } from './batching-producer';
import { brokerRefusesTooLarge } from './broker-refusal.fixture';

/** A kafkajs producer that records each request (when, how many messages) and answers after `ackMs`. */
function recordingProducer(ackMs = 2) {
  const requests: Array<{ at: number; messages: number }> = [];
  const producer = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    sendBatch: async (batch: ProducerBatch) => {
      requests.push({ at: performance.now(), messages: (batch.topicMessages ?? []).reduce((n, t) => n + t.messages.length, 0) });
      await new Promise((r) => setTimeout(r, ackMs));
      return [];
    },
  } as unknown as Producer;
  return { producer, requests };
}

const logger = createLogger('batching-producer-test', 'silent');

// The clock is Jest's fake one (timers, setImmediate and performance.now), so these tests assert
// when a request leaves without depending on how busy the machine running them is.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('BatchingProducer linger', () => {
  it('without linger, a lone message goes out at once', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger);
    const started = performance.now();
    const sent = p.send('t', { value: 'a' });
    await jest.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([{ at: started, messages: 1 }]);
    await jest.advanceTimersByTimeAsync(2);
    await sent;
  });

  it('with linger, a message to an idle producer goes out at once', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger, { lingerMs: 60 });
    const started = performance.now();
    const sent = p.send('t', { value: 'a' });
    await jest.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([{ at: started, messages: 1 }]);
    await jest.advanceTimersByTimeAsync(2);
    await sent;
  });

  it('with linger, messages sent within the window after a request share the next one, which leaves when the window ends', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger, { lingerMs: 60 });
    const started = performance.now();
    const sends = [p.send('t', { value: 'a' })];
    await jest.advanceTimersByTimeAsync(10);
    sends.push(p.send('t', { value: 'b' }), p.send('u', { value: 'c' }));
    await jest.advanceTimersByTimeAsync(49);
    expect(requests).toEqual([{ at: started, messages: 1 }]);
    await jest.advanceTimersByTimeAsync(1);
    expect(requests).toEqual([
      { at: started, messages: 1 },
      { at: started + 60, messages: 2 },
    ]);
    await jest.advanceTimersByTimeAsync(2);
    await Promise.all(sends);
    // Once the window has passed with nothing sent, the next message goes at once again.
    await jest.advanceTimersByTimeAsync(100);
    const later = performance.now();
    const last = p.send('t', { value: 'd' });
    await jest.advanceTimersByTimeAsync(0);
    expect(requests.at(-1)).toEqual({ at: later, messages: 1 });
    await jest.advanceTimersByTimeAsync(2);
    await last;
  });

  it('with linger, a queue that reaches batchMessagesMax goes out without waiting out the window', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger, { lingerMs: 5_000, batchMessagesMax: 4 });
    const started = performance.now();
    const first = p.send('t', { value: 'x' });
    await jest.advanceTimersByTimeAsync(2);
    await first;
    const sent = Promise.all(['a', 'b', 'c', 'd'].map((value) => p.send('t', { value })));
    await jest.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([
      { at: started, messages: 1 },
      { at: started + 2, messages: 4 },
    ]);
    await jest.advanceTimersByTimeAsync(2);
    await sent;
  });

  it('with linger, close sends what is queued at once', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger, { lingerMs: 5_000 });
    const started = performance.now();
    const first = p.send('t', { value: 'x' });
    await jest.advanceTimersByTimeAsync(2);
    await first;
    const sent = p.send('t', { value: 'a' });
    await jest.advanceTimersByTimeAsync(10);
    expect(requests).toHaveLength(1);
    const closed = p.close();
    await jest.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([
      { at: started, messages: 1 },
      { at: started + 12, messages: 1 },
    ]);
    await jest.advanceTimersByTimeAsync(2);
    await Promise.all([sent, closed]);
  });
});

describe('BatchingProducer ahead', () => {
  /** A producer that records the values of each request in order. */
  function valuesProducer() {
    const requests: string[][] = [];
    const producer = {
      connect: async () => undefined,
      disconnect: async () => undefined,
      sendBatch: async (batch: ProducerBatch) => {
        requests.push((batch.topicMessages ?? []).flatMap((t) => t.messages.map((m) => String(m.value))));
        await new Promise((r) => setTimeout(r, 2));
        return [];
      },
    } as unknown as Producer;
    return { producer, requests };
  }

  it('sends replies ahead of the events that wait, in their own order, and the events after them in theirs', async () => {
    const { producer, requests } = valuesProducer();
    const p = new BatchingProducer(producer, logger, { batchMessagesMax: 3 });
    const sends = [p.send('t', { value: 'first' })];
    // While the first request is in flight: four events of an apply, then its two replies.
    await jest.advanceTimersByTimeAsync(0);
    for (const value of ['e1', 'e2', 'e3', 'e4']) sends.push(p.send('events', { value }));
    sends.push(p.send('replies', { value: 'r1' }, { ahead: true }), p.send('replies', { value: 'r2' }, { ahead: true }));
    await jest.advanceTimersByTimeAsync(20);
    await Promise.all(sends);
    // Three of each topic a request: the two replies and three events, then the fourth.
    expect(requests).toEqual([['first'], ['r1', 'r2', 'e1', 'e2', 'e3'], ['e4']]);
  });

  it('keeps each topic to the byte limit across both queues, other topics sharing the request', async () => {
    const { producer, requests } = valuesProducer();
    const p = new BatchingProducer(producer, logger, { batchBytesMax: 200 });
    const sends = [p.send('t', { value: 'first' })];
    await jest.advanceTimersByTimeAsync(0);
    sends.push(p.send('events', { value: `1${'e'.repeat(99)}` }), p.send('events', { value: `2${'e'.repeat(99)}` }));
    sends.push(p.send('replies', { value: 'r'.repeat(100) }, { ahead: true }));
    await jest.advanceTimersByTimeAsync(20);
    await Promise.all(sends);
    // Each message is about 164 bytes: a second of the same topic would pass 200, one of another topic does not.
    expect(requests.map((r) => r.map((v) => v[0]))).toEqual([['f'], ['r', '1'], ['2']]);
  });

  it('holds at most four topics’ worth in one request, and keeps each topic in its order', async () => {
    const { producer, requests } = valuesProducer();
    const p = new BatchingProducer(producer, logger, { batchMessagesMax: 2 });
    const sends = [p.send('t', { value: 'first' })];
    await jest.advanceTimersByTimeAsync(0);
    for (const topic of ['a', 'b', 'c', 'd', 'e']) for (const n of [1, 2, 3]) sends.push(p.send(topic, { value: `${topic}${n}` }));
    await jest.advanceTimersByTimeAsync(50);
    await Promise.all(sends);
    expect(requests).toEqual([['first'], ['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'd1', 'd2'], ['a3', 'b3', 'c3', 'd3', 'e1', 'e2'], ['e3']]);
  });

  it('sends a message over the limit alone, after what came before it, before what came after it', async () => {
    const { producer, requests } = valuesProducer();
    const p = new BatchingProducer(producer, logger, { batchBytesMax: 200 });
    const sends = [p.send('t', { value: 'first' })];
    await jest.advanceTimersByTimeAsync(0);
    sends.push(
      p.send('x', { value: 'small-before' }),
      p.send('y', { value: `big${'b'.repeat(300)}` }),
      p.send('z', { value: 'small-after' }),
    );
    await jest.advanceTimersByTimeAsync(50);
    await Promise.all(sends);
    expect(requests.map((r) => r.map((v) => v.slice(0, 5)))).toEqual([['first'], ['small'], ['bigbb'], ['small']]);
  });
});

describe('BatchingProducer droppable', () => {
  /** A kafkajs producer whose every request fails with `err`, as the broker's refusal reaches a sendBatch. */
  function failingProducer(err: Error) {
    const producer = {
      connect: async () => undefined,
      disconnect: async () => undefined,
      sendBatch: async () => {
        throw err;
      },
    } as unknown as Producer;
    return producer;
  }

  const tooLarge = brokerRefusesTooLarge;

  it('when the broker refuses an answer as too large, then the send resolves, one line says so without its content, and the drop is counted', async () => {
    const lines: string[] = [];
    const metrics = new Registry();
    const p = new BatchingProducer(
      failingProducer(tooLarge()),
      createLogger('batching-producer-test', 'warn', { write: (line: string) => void lines.push(line) }),
      { metrics },
    );
    const answer = p.send(
      'run.gateway.replies',
      { key: 'k', value: `{"result":"${'x'.repeat(1_200_000)}"}` },
      { ahead: true, droppable: true },
    );
    await jest.advanceTimersByTimeAsync(0);
    await expect(answer).resolves.toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(5_000);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      topic: 'run.gateway.replies',
      bytes: expect.any(Number),
      err: { type: 'KafkaJSProtocolError', code: 10, message: expect.stringContaining('larger than the max message size') },
    });
    expect((await metrics.getSingleMetricAsString('coin_kafka_records_dropped_total')).split('\n')).toContain(
      'coin_kafka_records_dropped_total{topic="run.gateway.replies"} 1',
    );
  });

  it('when the broker is away, then an answer is not dropped: its send fails, and the batch that sent it is retried', async () => {
    const away = Object.assign(new Error('Connection error: connect ECONNREFUSED'), { name: 'KafkaJSConnectionError', retriable: true });
    const p = new BatchingProducer(failingProducer(away), logger);
    const answer = p.send('replies', { value: 'r' }, { ahead: true, droppable: true });
    const rejected = expect(answer).rejects.toBe(away);
    await jest.advanceTimersByTimeAsync(0);
    await rejected;
  });

  it('when the broker refuses a request that holds an answer and an event, then the answer is dropped and the event fails: only answers may be done without', async () => {
    const refused = tooLarge();
    const p = new BatchingProducer(failingProducer(refused), logger);
    const answer = p.send('replies', { value: 'r' }, { ahead: true, droppable: true });
    const event = p.send('events', { value: 'e' });
    const eventFails = expect(event).rejects.toBe(refused);
    await jest.advanceTimersByTimeAsync(0);
    await expect(answer).resolves.toBeUndefined();
    await eventFails;
  });
});
