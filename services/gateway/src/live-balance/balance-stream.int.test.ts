import { randomUUID } from 'node:crypto';
import { topicName, walletKeyOfUser, type BalanceChangesPage } from '@coin/contracts';
import { coinBalancesTopic, type BalanceChanged } from '@coin/events';
import { createKafka, ensureTopics, type SupervisedConsumer } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import type { Producer } from 'kafkajs';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import { startBalanceConsumer } from './consumer';
import { BalanceFanout, type DropReason } from './fanout';
import { BalanceStreamSession, type StreamOutput } from './session';

const logger = createLogger('gateway-balance-stream-int', 'silent');

function changed(userId: number, sequence: number): BalanceChanged {
  return {
    eventId: randomUUID(),
    type: 'coin.balance.changed',
    version: 1,
    occurredAt: new Date().toISOString(),
    wallet: { userId, treasury: null },
    sequence,
    balance: sequence * 10,
    previousBalance: (sequence - 1) * 10,
    transactionId: 500 + sequence,
    transactionType: 'TRANSFER',
  };
}

async function until(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One gateway instance's live path, wired as service.ts wires it: its own consumer feeding its own fan-out. */
async function instance(kafka: ReturnType<typeof createKafka>, topic: string) {
  const dropped: DropReason[] = [];
  const fanout = new BalanceFanout(
    { connectionsMax: 10, connectionsPerCallerMax: 5 },
    { dropped: (r) => dropped.push(r), delivered: () => undefined },
  );
  const consumer = await startBalanceConsumer({ kafka, topics: [topic], instanceId: randomUUID(), fanout, logger });
  return { fanout, consumer, dropped };
}

/** A stream of one wallet on an instance, as the route opens it; the ledger's reads answer from `ledger`. */
async function stream(fanout: BalanceFanout, userId: number, ledger: BalanceChanged[]) {
  const out: StreamOutput[] = [];
  const reader = {
    changesAfter: async (after: number, limit: number): Promise<BalanceChangesPage> => ({
      changes: ledger.filter((c) => c.sequence > after).slice(0, limit),
      sequence: ledger.length,
    }),
    snapshot: async () => ({ balance: ledger.length * 10, sequence: ledger.length }),
  };
  const session = new BalanceStreamSession(
    reader,
    (item) => out.push(item),
    { pageSize: 100, replayMax: 1000, pendingMax: 100 },
    () => undefined,
  );
  const subscription = fanout.subscribe(walletKeyOfUser(userId), `user:${userId}`, {
    deliver: (event) => session.offer(event),
    heartbeat: () => undefined,
    end: () => session.close(),
  });
  await session.start(undefined);
  const sequences = () => out.flatMap((item) => (item.kind === 'change' ? [item.change.sequence] : []));
  return { out, sequences, close: () => subscription.close() };
}

describe('live balance: coin.balances → consumer → fan-out → stream (real Kafka)', () => {
  const prefix = uniquePrefix();
  const topic = topicName(prefix, coinBalancesTopic);
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'gateway-balance-stream-int', logger });
  let producer: Producer;
  const consumers: SupervisedConsumer[] = [];

  beforeAll(async () => {
    await ensureTopics(kafka, [{ topic, numPartitions: 3 }]);
    producer = kafka.producer();
    await producer.connect();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    await producer?.disconnect();
  });

  it("brings each wallet's changes to that wallet's streams on every instance, in order, and drops hostile records", async () => {
    const first = await instance(kafka, topic);
    const second = await instance(kafka, topic);
    consumers.push(first.consumer, second.consumer);
    const ledgerOf7: BalanceChanged[] = [];
    const sevenOnFirst = await stream(first.fanout, 7, ledgerOf7);
    const sevenOnSecond = await stream(second.fanout, 7, ledgerOf7);
    const eightOnFirst = await stream(first.fanout, 8, []);

    const hostile = [Buffer.from('not json'), Buffer.from(JSON.stringify({ ...changed(7, 1), balance: 'lots' })), null];
    for (const value of hostile) await producer.send({ topic, messages: [{ key: walletKeyOfUser(7), value }] });
    for (let sequence = 1; sequence <= 5; sequence += 1) {
      const event = changed(7, sequence);
      ledgerOf7.push(event);
      await producer.send({ topic, messages: [{ key: walletKeyOfUser(7), value: JSON.stringify(event) }] });
    }

    await until('five changes on both instances', () => sevenOnFirst.sequences().length === 5 && sevenOnSecond.sequences().length === 5);
    expect(sevenOnFirst.sequences()).toEqual([1, 2, 3, 4, 5]);
    expect(sevenOnSecond.sequences()).toEqual([1, 2, 3, 4, 5]);
    expect(eightOnFirst.sequences()).toEqual([]);
    await until('the hostile records counted', () => first.dropped.length === 3 && second.dropped.length === 3);
    expect(first.dropped.sort()).toEqual(['empty', 'invalid', 'invalid-json']);
  }, 60_000);
});
