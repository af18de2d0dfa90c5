import { Kafka, logLevel } from 'kafkajs';
import { createLogger } from '@coin/logger';
import { createKafka, ensureTopics } from '@coin/kafka';
import type { TransactionRecorded } from '@coin/contracts';
import { consumeCoinTransactions, inMemorySeenEvents } from '../../docs/examples/consume-coin-transactions';
import { testInfra, uniquePrefix } from '../harness/env';
import { eventually, publishEvents, transactionEvent } from '../harness/history';

describe('the consumer example of docs/EVENTS.md, against a real broker', () => {
  it('when events arrive with a redelivery, an unknown type and an unreadable message, then each event is handled once, in key order', async () => {
    const brokers = testInfra().kafkaBrokers;
    const prefix = uniquePrefix();
    const topic = `${prefix}coin.transactions`;
    await ensureTopics(createKafka({ brokers, clientId: 'example-test', logger: createLogger('example-test', 'error') }), [
      { topic, numPartitions: 3 },
    ]);
    const producer = new Kafka({ clientId: 'example-test', brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();

    // Same transaction id = same key = same partition, so the order is kept for these.
    const first = transactionEvent({ id: 41, createdAt: '2030-01-01T00:00:00.000Z' });
    const second = { ...transactionEvent({ id: 41, createdAt: '2030-01-01T00:00:00.000Z' }), eventId: first.eventId };
    const third = transactionEvent({ id: 42 });
    await publishEvents(producer, topic, [first, second], 0);
    await producer.send({
      topic,
      messages: [
        { key: '43', value: JSON.stringify({ future: true }), headers: { type: 'coin.transaction.annotated' }, partition: 0 },
        { key: '44', value: '{oops', headers: { type: 'coin.transaction.recorded' }, partition: 0 },
      ],
    });
    await publishEvents(producer, topic, [third], 0);

    const handled: TransactionRecorded[] = [];
    const unreadable: string[] = [];
    const consumer = await consumeCoinTransactions({
      brokers,
      groupId: `${prefix}example-consumer`,
      topic,
      seen: inMemorySeenEvents(),
      handle: async (event) => void handled.push(event),
      onUnreadable: (reason) => void unreadable.push(reason),
    });
    try {
      await eventually(async () => (handled.length >= 2 && unreadable.length >= 1 ? true : undefined), 30_000, 'events handled');
      expect(handled.map((e) => e.eventId)).toEqual([first.eventId, third.eventId]);
      expect(handled[0]).toEqual(first);
      expect(unreadable).toEqual(['not JSON']);
    } finally {
      await consumer.stop();
      await producer.disconnect();
    }
  }, 60_000);
});
