import { randomBytes, randomUUID } from 'node:crypto';
import { topicName, walletKeyOfUser, type BalanceChangesPage } from '@coin/contracts';
import { coinBalancesTopic, type BalanceChanged } from '@coin/events';
import { createKafka, ensureTopics } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { createRedis, subscriberConnection } from '@coin/redis';
import type { Producer } from 'kafkajs';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import { gatewayRedisPrefix } from '../plugins/platform-clients';
import { BalanceFanout, type DropReason } from './fanout';
import { BalanceRelay, type RelayRefusal } from './relay';
import { RelaySeal } from './relay-seal';
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

/** One gateway instance's live path, wired as service.ts wires it: its share of the relay feeding its own fan-out over Redis. */
async function instance(kafka: ReturnType<typeof createKafka>, topic: string, prefix: string, secret: Buffer) {
  const dropped: DropReason[] = [];
  const refused: RelayRefusal[] = [];
  let relayed = 0;
  const fanout = new BalanceFanout(
    { connectionsMax: 10, connectionsPerCallerMax: 5 },
    { dropped: (r) => dropped.push(r), delivered: () => undefined },
  );
  const redis = createRedis(testInfra().redisUrl, gatewayRedisPrefix(prefix));
  await redis.connect();
  const subscriber = subscriberConnection(redis);
  await subscriber.connect();
  const relay = new BalanceRelay({
    kafka,
    fetchWaitMs: 500,
    topics: [topic],
    groupId: `${prefix}gateway-balances`,
    redis,
    subscriber,
    channelPrefix: gatewayRedisPrefix(prefix),
    seal: new RelaySeal(secret),
    instanceId: randomUUID(),
    fanout,
    logger,
    counters: {
      relayed: () => {
        relayed += 1;
      },
      publishFailed: () => undefined,
      refused: (r) => void refused.push(r),
    },
  });
  fanout.feedFrom(relay);
  await relay.start();
  return {
    fanout,
    relay,
    redis,
    subscriber,
    dropped,
    refused,
    relayed: () => relayed,
    stop: async () => {
      await relay.stop();
      redis.disconnect();
    },
  };
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

describe('live balance: coin.balances → shared relay → Redis → the watching instances → stream (real Kafka and Redis)', () => {
  const prefix = uniquePrefix();
  const topic = topicName(prefix, coinBalancesTopic);
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'gateway-balance-stream-int', logger });
  const secret = randomBytes(32);
  let producer: Producer;
  const instances: Array<Awaited<ReturnType<typeof instance>>> = [];
  const send = async (userId: number, value: string | Buffer | null) =>
    void (await producer.send({ topic, messages: [{ key: walletKeyOfUser(userId), value }] }));

  beforeAll(async () => {
    await ensureTopics(kafka, [{ topic, numPartitions: 3 }]);
    producer = kafka.producer();
    await producer.connect();
    instances.push(await instance(kafka, topic, prefix, secret), await instance(kafka, topic, prefix, secret));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await producer?.disconnect();
  });

  it("brings each watched wallet's changes to its streams on every instance, in order, once for all instances, and drops hostile records", async () => {
    const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const ledgerOf7: BalanceChanged[] = [];
    const sevenOnFirst = await stream(first.fanout, 7, ledgerOf7);
    const sevenOnSecond = await stream(second.fanout, 7, ledgerOf7);
    const eightOnFirst = await stream(first.fanout, 8, []);
    // Both instances' words about wallet 7 reach both relays before the changes are produced.
    await new Promise((resolve) => setTimeout(resolve, 500));

    // Wallet 9 is watched by nobody: its changes are read once and carried nowhere.
    for (let sequence = 1; sequence <= 20; sequence += 1) await send(9, JSON.stringify(changed(9, sequence)));
    for (const value of ['not json', JSON.stringify({ ...changed(7, 1), balance: 'lots' })]) await send(7, value);
    await send(7, null);
    for (let sequence = 1; sequence <= 5; sequence += 1) {
      const event = changed(7, sequence);
      ledgerOf7.push(event);
      await send(7, JSON.stringify(event));
    }

    await until('five changes on both instances', () => sevenOnFirst.sequences().length === 5 && sevenOnSecond.sequences().length === 5);
    expect(sevenOnFirst.sequences()).toEqual([1, 2, 3, 4, 5]);
    expect(sevenOnSecond.sequences()).toEqual([1, 2, 3, 4, 5]);
    expect(eightOnFirst.sequences()).toEqual([]);
    await until('the hostile records counted', () => first.dropped.length === 2 && second.dropped.length === 2);
    expect(first.dropped.sort()).toEqual(['invalid', 'invalid-json']);
    // Seven records of wallet 7 had a value: relayed once each by whichever instance reads their
    // partition, not once per instance; none of wallet 9's.
    await until('the relays counted', () => first.relayed() + second.relayed() === 7);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(first.relayed() + second.relayed()).toBe(7);
  }, 60_000);

  it("when the subscriber's connection fails, then the relay hears it (ioredis does not print it unhandled)", () => {
    for (const started of instances) expect(started.subscriber.listenerCount('error')).toBeGreaterThan(0);
  });

  it("when the subscriber's connection is lost, and lost again while the relay subscribes again, then no rejection is left unhandled and, once back, the instance's stream of a wallet gets its changes again", async () => {
    const [first] = instances as [(typeof instances)[0]];
    const ledgerOf15: BalanceChanged[] = [];
    const onFirst = await stream(first.fanout, 15, ledgerOf15);
    const channel = `${gatewayRedisPrefix(prefix)}balances:${walletKeyOfUser(15)}`;
    const subscribers = async () => Number(((await first.redis.pubsub('NUMSUB', channel)) as [string, number])[1]);
    // The first time the connection is ready again it is cut once more, while the SUBSCRIBE sent
    // on that ready waits for its answer: it fails at once (maxRetriesPerRequest 0). ioredis's own
    // resubscription held no handler for it, an unhandled rejection that fails this test (and ends
    // a gateway's process), and it did not subscribe again after (Redis counted 0 subscribers).
    let readies = 0;
    const countReady = () => {
      readies += 1;
    };
    first.subscriber.on('ready', countReady);
    // A hard cut (the socket destroyed, as a socket timeout does), not a FIN Redis would answer first.
    const socket = () => (first.subscriber as unknown as { stream: { destroy(): void } }).stream;
    first.subscriber.once('ready', () => socket().destroy());
    first.subscriber.disconnect(true);
    // Ready twice since (the cut one, then the one that stays), and wallet 15's channel subscribed on it.
    await until('the subscriber ready twice again', () => readies >= 2);
    first.subscriber.off('ready', countReady);
    const deadline = Date.now() + 15_000;
    while ((await subscribers().catch(() => 0)) !== 1) {
      if (Date.now() > deadline) throw new Error(`wallet 15's channel not subscribed again: ${await subscribers()} subscribers`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const event = changed(15, 1);
    ledgerOf15.push(event);
    await send(15, JSON.stringify(event));
    await until("the change of 15 streamed after the connection's return", () => onFirst.sequences().length === 1);
    expect(onFirst.sequences()).toEqual([1]);
    onFirst.close();
  }, 60_000);

  it('when the last stream of a wallet closes everywhere, then its changes are no longer relayed', async () => {
    const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const ledgerOf11: BalanceChanged[] = [];
    const onFirst = await stream(first.fanout, 11, ledgerOf11);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = first.relayed() + second.relayed();
    const event = changed(11, 1);
    ledgerOf11.push(event);
    await send(11, JSON.stringify(event));
    await until('the change of 11 streamed', () => onFirst.sequences().length === 1);
    onFirst.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (let sequence = 2; sequence <= 6; sequence += 1) await send(11, JSON.stringify(changed(11, sequence)));
    // A watched wallet's change after them shows the relays have read past wallet 11's.
    const ledgerOf12: BalanceChanged[] = [changed(12, 1)];
    const twelve = await stream(second.fanout, 12, []);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await send(12, JSON.stringify(ledgerOf12[0]));
    await until('the change of 12 relayed', () => first.relayed() + second.relayed() === before + 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(first.relayed() + second.relayed()).toBe(before + 2);
    twelve.close();
  }, 60_000);

  it('when someone who can write Redis publishes on the relay channels, then nothing they wrote reaches a stream or the watch set', async () => {
    const [first] = instances as [(typeof instances)[0]];
    const ledgerOf13: BalanceChanged[] = [];
    const thirteen = await stream(first.fanout, 13, ledgerOf13);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const channel = `${gatewayRedisPrefix(prefix)}balances:${walletKeyOfUser(13)}`;
    const control = `${gatewayRedisPrefix(prefix)}balance-watch`;
    const forged = JSON.stringify(changed(13, 1));
    // Unsealed, sealed under another key, and a real seal moved to another wallet's channel.
    await first.redis.publish(channel, forged);
    await first.redis.publish(channel, new RelaySeal(randomBytes(32)).seal(channel, forged));
    await first.redis.publish(channel, new RelaySeal(secret).seal(`${gatewayRedisPrefix(prefix)}balances:${walletKeyOfUser(14)}`, forged));
    await first.redis.publish(control, JSON.stringify({ instance: randomUUID(), at: Date.now(), op: 'watch', wallets: ['user:99'] }));
    await until('four refusals', () => first.refused.filter((r) => r === 'unsealed').length >= 4);
    expect(thirteen.sequences()).toEqual([]);
    // A sealed copy of an old announcement written back later is stale.
    await first.redis.publish(
      control,
      new RelaySeal(secret).seal(
        control,
        JSON.stringify({ instance: randomUUID(), at: Date.now() - 3_600_000, op: 'watch', wallets: ['user:99'] }),
      ),
    );
    await until('the stale one refused', () => first.refused.includes('stale'));
    thirteen.close();
  }, 60_000);
});
