import type { Producer, ProducerBatch } from 'kafkajs';
import { createLogger } from '@coin/logger';
import { BatchingProducer } from './batching-producer';

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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('BatchingProducer linger', () => {
  it('without linger, a lone message goes out at once', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger);
    const started = performance.now();
    await p.send('t', { value: 'a' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.at - started).toBeLessThan(20);
  });

  it('with linger, messages sent within it share one request, which leaves when the oldest has waited it', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger, { lingerMs: 60 });
    const started = performance.now();
    const sends = [p.send('t', { value: 'a' })];
    await sleep(10);
    sends.push(p.send('t', { value: 'b' }), p.send('u', { value: 'c' }));
    await Promise.all(sends);
    expect(requests.map((r) => r.messages)).toEqual([3]);
    expect(requests[0]!.at - started).toBeGreaterThanOrEqual(55);
  });

  it('with linger, a queue that reaches batchMessagesMax goes out without waiting', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger, { lingerMs: 5_000, batchMessagesMax: 4 });
    const started = performance.now();
    await Promise.all(['a', 'b', 'c', 'd'].map((value) => p.send('t', { value })));
    expect(requests.map((r) => r.messages)).toEqual([4]);
    expect(requests[0]!.at - started).toBeLessThan(1_000);
  });

  it('with linger, close sends what is queued at once', async () => {
    const { producer, requests } = recordingProducer();
    const p = new BatchingProducer(producer, logger, { lingerMs: 5_000 });
    const started = performance.now();
    const sent = p.send('t', { value: 'a' });
    await p.close();
    await sent;
    expect(requests).toHaveLength(1);
    expect(requests[0]!.at - started).toBeLessThan(1_000);
  });
});
