import { KafkaJSConnectionError, type Message } from 'kafkajs';
import type { BatchingProducer } from './batching-producer';
import { outboxPublisher, sendSettled } from './outbox-publisher';
import { brokerRefusesTooLarge } from './broker-refusal.fixture';

const tooLarge = brokerRefusesTooLarge;

/**
 * A producer whose broker refuses every value longer than `valueCharsMax`, and, while `together`
 * holds, every record sent in the same tick as such a value (a request fails whole for one record).
 */
function producerRefusing(valueCharsMax: number, together = true) {
  const taken: string[] = [];
  let tick: Array<{ value: string; reject: (err: unknown) => void; resolve: () => void }> | null = null;
  const send = jest.fn(
    (_topic: string, message: Message) =>
      new Promise<void>((resolve, reject) => {
        const value = String(message.value);
        if (!together) {
          if (value.length > valueCharsMax) reject(tooLarge());
          else {
            taken.push(value);
            resolve();
          }
          return;
        }
        if (tick === null) {
          tick = [];
          setImmediate(() => {
            const request = tick!;
            tick = null;
            if (request.some((r) => r.value.length > valueCharsMax)) for (const r of request) r.reject(tooLarge());
            else
              for (const r of request) {
                taken.push(r.value);
                r.resolve();
              }
          });
        }
        tick.push({ value, reject, resolve });
      }),
  );
  return { producer: { send } as unknown as BatchingProducer, send, taken };
}

const record = (value: string) => ({ topic: 'coin.events', message: { key: `k-${value.slice(0, 4)}`, value, headers: { type: 'x' } } });

describe('sendSettled: the records the broker refuses for good, named; the others sent', () => {
  it('when one record of several is too large, then it alone is named, with its size and the refusal, and its neighbours refused with it are sent alone', async () => {
    const { producer, taken } = producerRefusing(10);
    const refused = await sendSettled(producer, [record('a1'), record('b'.repeat(50)), record('c3')]);
    expect(refused).toEqual([
      {
        at: 1,
        topic: 'coin.events',
        key: 'k-bbbb',
        bytes: 6 + 50 + 5,
        reason: expect.stringMatching(/^KafkaJSProtocolError \(MESSAGE_TOO_LARGE\): The request included/),
      },
    ]);
    expect(taken.sort()).toEqual(['a1', 'c3']);
  });

  it('when every record is taken, then none is named', async () => {
    const { producer, taken } = producerRefusing(10, false);
    expect(await sendSettled(producer, [record('a1'), record('b2')])).toEqual([]);
    expect(taken).toEqual(['a1', 'b2']);
  });

  it('when a send fails because the broker is away or the producer closes, then it rejects and names nothing', async () => {
    for (const failure of [new KafkaJSConnectionError('Connection error: connect ECONNREFUSED'), new Error('producer is closed')]) {
      const send = jest.fn(async (_topic: string, message: Message) => {
        if (String(message.value) === 'b2') throw failure;
      });
      await expect(sendSettled({ send } as unknown as BatchingProducer, [record('a1'), record('b2')])).rejects.toBe(failure);
    }
  });

  it('when outbox rows are published, then a refused one is named by its row', async () => {
    const { producer } = producerRefusing(20, false);
    const publish = outboxPublisher(producer);
    const refused = await publish([
      { id: 41, topic: 'coin.events', key: 'a', payload: { n: 1 } },
      { id: 42, topic: 'coin.events', key: 'b', payload: { text: 'x'.repeat(40) } },
    ]);
    expect(refused).toEqual([expect.objectContaining({ rowId: 42, index: 0, topic: 'coin.events', key: 'b' })]);
  });
});
