import { randomUUID } from 'node:crypto';
import { topicNames, type UserEventV2 } from '@coin/contracts';
import { BatchingProducer, createKafka, ensureTopics, type SupervisedConsumer } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import type { Admin } from 'kafkajs';
import { eventually } from '../../../../test/harness/eventually';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import { Revocations, type UserState } from './revocations';
import { startRevocationConsumer } from './user-events';

const logger = createLogger('gateway-revocation-consumer-int', 'silent');

/**
 * Each gateway instance's own reader of user.events.v2 (real Kafka): at its start it reads back
 * the revocations of the window (an instance started after a revocation still knows it), passes
 * over registrations and what does not parse, and then learns each new revocation as it comes.
 */
describe('the revocation consumer of one gateway instance', () => {
  const prefix = uniquePrefix();
  const topic = topicNames(prefix).userEventsV2;
  const kafka = createKafka({ brokers: testInfra().kafkaBrokers, clientId: 'gateway-revocation-consumer-int', logger });
  let producer: BatchingProducer;
  let admin: Admin;
  let consumer: SupervisedConsumer | undefined;
  const base = 2_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  const [old, recent, deleted, registered, live] = [base + 1, base + 2, base + 3, base + 4, base + 5];

  beforeAll(async () => {
    await ensureTopics(kafka, [{ topic, numPartitions: 3 }]);
    producer = new BatchingProducer(kafka.producer(), logger);
    await producer.connect();
    admin = kafka.admin();
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await consumer?.stop();
    await producer?.close();
    await admin?.disconnect();
  });

  const event = (type: UserEventV2['type'], id: number, tokenVersion: number): UserEventV2 =>
    ({
      eventId: randomUUID(),
      type,
      version: 2,
      occurredAt: new Date().toISOString(),
      user: { id, role: 'USER', tokenVersion },
      ...(type === 'user.role-changed' ? { previousRole: 'ADMIN' } : {}),
    }) as UserEventV2;
  const produce = (e: UserEventV2, ageMs = 0) =>
    producer.send(topic, {
      key: String(e.user.id),
      value: JSON.stringify(e),
      headers: { type: e.type },
      timestamp: String(Date.now() - ageMs),
    });

  it('when it starts after revocations, then it knows those of the window before it returns, not older ones, nor registrations or garbage; then it learns new ones at once', async () => {
    await produce(event('user.sessions-revoked', old, 5), 2 * 3_600_000);
    await produce(event('user.role-changed', recent, 3), 10 * 60_000);
    await produce(event('user.deleted', deleted, 2), 5 * 60_000);
    await produce(event('user.registered', registered, 1), 60_000);
    await producer.send(topic, { key: String(base), value: 'not json', headers: { type: 'user.role-changed' } });
    await producer.send(topic, { key: String(base), value: JSON.stringify({ type: 'user.deleted', user: { id: 'x' } }) });

    const revocations = new Revocations({ userWindowMs: 3_600_000, usersMax: 1000 });
    const heard: Array<[number, UserState]> = [];
    revocations.onUserChanged((userId, state) => heard.push([userId, state]));
    let dropped = 0;
    consumer = await startRevocationConsumer({
      kafka,
      fetchWaitMs: 500,
      admin,
      topics: [topic],
      instanceId: randomUUID(),
      revocations,
      windowMs: 3_600_000,
      catchUpMs: 20_000,
      logger,
      dropped: () => (dropped += 1),
    });
    const now = Date.now();
    // Read back before the start returned: no waiting.
    expect([revocations.userFloor(recent, now), revocations.userFloor(deleted, now)]).toEqual([3, 'deleted']);
    expect([revocations.userFloor(old, now), revocations.userFloor(registered, now)]).toEqual([undefined, undefined]);
    expect(dropped).toBe(2);
    expect(revocations.userStale(recent, 2, now)).toBe(true);

    await produce(event('user.sessions-revoked', live, 8));
    await eventually(async () => revocations.userFloor(live, Date.now()) === 8, 10_000, 'the live revocation learned');
    expect(heard).toContainEqual([live, 8]);
  }, 60_000);
});
