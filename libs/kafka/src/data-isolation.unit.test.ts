import { dlqOf } from '@coin/contracts';
import { createLogger } from '@coin/logger';
import type { BatchingProducer } from './batching-producer';
import type { Delivered } from './consumer';
import { storeIsolatingDataErrors, type DataIsolation } from './data-isolation';

const logger = createLogger('data-isolation-unit', 'silent');
const topic = 'test.events';

type Sent = { topic: string; message: { key?: unknown; value: unknown; headers?: Record<string, string> } };

function item(value: string, offset: number): Delivered<string> {
  return { value, key: value, headers: { 'x-origin': 'test' }, topic, partition: 2, offset: String(offset) };
}

const batchWithPoison = () => [item('a', 10), item('b', 11), item('poison', 12), item('c', 13)];
const checkViolation = () => Object.assign(new Error('new row violates check constraint "amount_positive"'), { code: '23514' });
const connectionLost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '08006' });

/**
 * A store that writes a batch as one transaction: all of it, or (when `fails(values)` returns an
 * error) none of it. `stored` lists what went through, in order.
 */
function isolationWith(fails: (values: string[]) => Error | null) {
  const stored: string[] = [];
  const calls: string[][] = [];
  const send = jest.fn(async (_topic: string, _message: unknown) => {});
  const deadLettered: string[] = [];
  const isolation: DataIsolation<Delivered<string>> = {
    store: async (items) => {
      const values = items.map((i) => i.value);
      calls.push(values);
      const failure = fails(values);
      if (failure) throw failure;
      stored.push(...values);
    },
    messageOf: (i) => i,
    producer: { send } as unknown as BatchingProducer,
    logger,
    refusal: 'projection refused',
    onDeadLettered: (i) => deadLettered.push(i.value),
  };
  const sent = (): Sent[] => send.mock.calls.map(([t, m]) => ({ topic: t, message: m as Sent['message'] }));
  return { isolation, stored, calls, sent, deadLettered };
}

describe('storeIsolatingDataErrors: a batch the database refuses for one item', () => {
  it('when one item is refused for its data, then the others are stored in order and the poison is dead-lettered once, with the error', async () => {
    const { isolation, stored, calls, sent, deadLettered } = isolationWith((values) =>
      values.includes('poison') ? checkViolation() : null,
    );
    await expect(storeIsolatingDataErrors(batchWithPoison(), isolation)).resolves.toBe(1);

    expect(stored).toEqual(['a', 'b', 'c']);
    expect(calls).toEqual([['a', 'b', 'poison', 'c'], ['a'], ['b'], ['poison'], ['c']]);
    expect(deadLettered).toEqual(['poison']);
    expect(sent()).toHaveLength(1);
    const [letter] = sent();
    expect(letter!.topic).toBe(dlqOf(topic));
    expect(letter!.message.key).toEqual(Buffer.from('poison'));
    expect(letter!.message.headers).toMatchObject({
      'x-origin': 'test',
      'dlq-original-topic': topic,
      'dlq-original-partition': '2',
      'dlq-original-offset': '12',
      'dlq-error': 'projection refused: new row violates check constraint "amount_positive"',
    });
  });

  it('when the batch is stored, then it is stored once, whole, and nothing is dead-lettered', async () => {
    const { isolation, calls, sent } = isolationWith(() => null);
    await expect(storeIsolatingDataErrors(batchWithPoison(), isolation)).resolves.toBe(0);
    expect(calls).toHaveLength(1);
    expect(sent()).toEqual([]);
  });

  it('when the batch fails for a reason not its data, then the error is thrown for a redelivery and nothing is dead-lettered', async () => {
    const { isolation, stored, calls, sent } = isolationWith(() => connectionLost());
    await expect(storeIsolatingDataErrors(batchWithPoison(), isolation)).rejects.toMatchObject({ code: '08006' });
    expect(calls).toHaveLength(1);
    expect(stored).toEqual([]);
    expect(sent()).toEqual([]);
  });

  it('when the database goes away while the items are stored one by one, then the error is thrown (the batch comes back) and the poison is not dead-lettered', async () => {
    let down = false;
    const { isolation, stored, sent } = isolationWith((values) => {
      if (values.length === 1 && values[0] === 'b') down = true;
      if (down) return connectionLost();
      return values.includes('poison') ? checkViolation() : null;
    });
    await expect(storeIsolatingDataErrors(batchWithPoison(), isolation)).rejects.toMatchObject({ code: '08006' });
    expect(stored).toEqual(['a']);
    expect(sent()).toEqual([]);
  });
});
