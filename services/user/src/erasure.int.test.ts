import { randomUUID } from 'node:crypto';
import { topicNames, userCommand, userCommandMessage, type Actor, type UserCommand } from '@coin/contracts';
import { newPersonalDataKey, sealPersonalData } from '@coin/security';
import { createPool, OutboxRelay, outboxTable, schemaName, type OutboxRow, type Pool } from '@coin/db';
import { BatchingProducer, createKafka, ensureTopics, outboxPublisher, topicSpecs } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import type { Kafka } from 'kafkajs';
import { devServiceDatabaseUrl, serviceDatabases } from '../../../scripts/stack/services';
import { migrateServiceDatabase } from '../../../scripts/stack/provision';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { readTopicToEnd, recordsNaming, withoutRepeats } from '../../../test/harness/topic-read';
import { erasePersonalData } from './admin/erasure';
import { applyUserCommand } from './apply/apply-user-command';
import { insertPersonalDataKey } from './db/personal-data-keys-repo';
import { userCommandStore } from './db/user-command-store';
import { erasureRecordId } from './domain/erasure';

/**
 * Erasure in the user service against real PostgreSQL and Kafka (docs/DESIGN.md "Erasure"): the
 * events it sends name no one, the stored replies neither, and `erasePersonalData` removes what an
 * older version stored (user.events version 1 named the e-mail), records the erasure once, and
 * refuses a live account.
 */

const passwordHash = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';
const operator: Actor = { kind: 'operator', id: 'int-test' };
const clock = { now: () => new Date(), newId: randomUUID };
const meta = { grants: { expirySeconds: 3600, dailyRewardCapMaxMinor: 10_000_000, testClientsPerOwnerMax: 5 } };

function command<T extends UserCommand['type']>(type: T, data: Extract<UserCommand, { type: T }>['data']): UserCommand {
  return { commandId: randomUUID(), type, issuedAt: new Date().toISOString(), actor: operator, data } as UserCommand;
}

describe('erasure of a deleted account in the user service', () => {
  const prefix = uniquePrefix();
  const topics = topicNames(prefix);
  const run = randomUUID().slice(0, 8);
  let pool: Pool;
  let kafka: Kafka;
  let producer: BatchingProducer;
  let relay: OutboxRelay;
  let nextPerson = 0;

  beforeAll(async () => {
    const { databaseUrl, kafkaBrokers } = testInfra();
    const schema = schemaName(prefix, serviceDatabases.user.schema);
    await migrateServiceDatabase({ databaseUrl, schema, service: 'user' });
    pool = createPool({ url: devServiceDatabaseUrl(databaseUrl, 'user'), schema, applicationName: 'erasure-int-test', connectionsMax: 4 });
    const logger = createLogger('erasure-int-test', 'warn');
    kafka = createKafka({ brokers: kafkaBrokers, clientId: 'erasure-int-test', logger });
    await ensureTopics(kafka, topicSpecs(prefix));
    producer = new BatchingProducer(kafka.producer(), logger);
    await producer.connect();
    relay = new OutboxRelay({ store: outboxTable(pool), publish: outboxPublisher(producer) });
  }, 60_000);
  afterAll(async () => {
    await producer?.close();
    await pool?.end();
  });

  /** Applies a command as the consumer does, and sends its outbox rows as the relay does after the commit. */
  async function apply(cmd: UserCommand, send = true) {
    const applied = await applyUserCommand(userCommandStore(pool, topics), cmd, clock, meta);
    if (send) await relay.publishCommitted(applied.outbox as OutboxRow[]);
    return applied;
  }

  async function person(send = true) {
    nextPerson += 1;
    const email = `Erasable.${run}.${nextPerson}@Int.Test`;
    const fullName = `Person ${run}x${nextPerson}`;
    const registered = await apply(command('user.register', { email, passwordHash, fullName }), send);
    const id = (registered.outcome.reply as { user: { id: number } }).user.id;
    return { id, email, fullName };
  }

  /** Erases as an operator does: again while the account's last events are still being marked sent (the relay marks after publishing). */
  async function eraseOnceSent(userId: number, now = new Date()) {
    for (let attempt = 1; ; attempt++) {
      const result = await erasePersonalData(pool, { userId, topicPrefix: prefix, now });
      if (result.ok || result.code !== 'EVENTS_UNSENT' || attempt >= 50) return result;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Every row of every table of the schema whose text holds one of the texts, as `table: row`. */
  async function rowsNaming(texts: string[]): Promise<string[]> {
    const tables = await pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    const found: string[] = [];
    for (const { table_name } of tables.rows) {
      if (table_name === 'schema_migrations') continue;
      const rows = await pool.query<{ row: string }>(
        `SELECT t::text AS row FROM "${table_name}" t WHERE ${texts.map((_, i) => `t::text ILIKE $${i + 1}`).join(' OR ')}`,
        texts.map((t) => `%${t}%`),
      );
      found.push(...rows.rows.map((r) => `${table_name}: ${r.row}`));
    }
    return found;
  }

  it('when an account is registered and deleted, then neither its events on user.events.v2 nor its stored replies name it', async () => {
    const { id, email, fullName } = await person();
    await apply(command('user.delete', { userId: id }));
    const events = withoutRepeats(await readTopicToEnd(kafka, topics.userEventsV2)).filter((r) => r.key?.toString() === String(id));
    expect(events.map((r) => JSON.parse(r.value!.toString()).type)).toEqual(['user.registered', 'user.deleted']);
    expect(recordsNaming(events, [email, fullName])).toEqual([]);
    // The row lost them at deletion; the stored reply of the registration never had them.
    expect(await rowsNaming([email, fullName])).toEqual([]);
  }, 60_000);

  it('when a deleted account is erased, then the e-mail an older version stored in its events is gone, the erasure is recorded once, and a second run answers the first', async () => {
    const { id, email } = await person();
    await apply(command('user.delete', { userId: id }));
    // What a user service before user.events.v2 left in the outbox: version 1 events with the address.
    await pool.query(`INSERT INTO outbox (topic, key, headers, payload, published_at) VALUES ($1, $2, $3, $4, now())`, [
      topics.userEvents,
      String(id),
      JSON.stringify({ type: 'user.registered' }),
      JSON.stringify({
        eventId: randomUUID(),
        type: 'user.registered',
        version: 1,
        occurredAt: new Date().toISOString(),
        user: { id, email, role: 'USER', tokenVersion: 0 },
      }),
    ]);
    expect(await rowsNaming([email])).toHaveLength(1);

    const first = await eraseOnceSent(id);
    expect(first).toMatchObject({ ok: true, outcome: 'erased' });
    expect(await rowsNaming([email])).toEqual([]);
    const legacy = await pool.query('SELECT payload FROM outbox WHERE topic = $1 AND key = $2', [topics.userEvents, String(id)]);
    expect(legacy.rows[0].payload.user).toEqual({ id, role: 'USER', tokenVersion: 0 });
    const records = await pool.query("SELECT payload FROM outbox WHERE topic = $1 AND payload -> 'record' ->> 'target' = $2", [
      topics.adminAudit,
      `user:${id}`,
    ]);
    const erasures = records.rows.map((r) => r.payload.record).filter((r) => r.summary.erasure);
    expect(erasures).toEqual([
      expect.objectContaining({
        id: erasureRecordId(id),
        action: 'user.delete',
        actor: expect.objectContaining({ kind: 'operator' }),
        result: 'applied',
      }),
    ]);
    expect(erasures[0].summary).toMatchObject({ erasure: 'personal-data', eventPayloadsScrubbed: 1, keysDestroyed: 0 });
    expect((await pool.query('SELECT erased_at IS NOT NULL AS erased FROM users WHERE id = $1', [id])).rows[0].erased).toBe(true);

    const second = await erasePersonalData(pool, { userId: id, topicPrefix: prefix, now: new Date(Date.now() + 60_000) });
    expect(second).toMatchObject({ ok: true, outcome: 'already-erased' });
    if (!first.ok || !second.ok) throw new Error('unreachable');
    expect(second.receipt.slice(1)).toEqual(first.receipt.slice(1));
    expect(second.receipt[0]).toBe(first.receipt[0]!.replace(' erased at ', ' was already erased at '));
    const after = await pool.query("SELECT count(*)::int AS n FROM outbox WHERE topic = $1 AND payload -> 'record' ->> 'id' = $2", [
      topics.adminAudit,
      erasureRecordId(id),
    ]);
    expect(after.rows[0].n).toBe(1);
  }, 60_000);

  it('when a sealed registration is on user.commands, then its bytes name no one, it opens while the account exists, and after the erasure its key is gone and nothing opens it', async () => {
    nextPerson += 1;
    const email = `Sealed.${run}.${nextPerson}@Int.Test`;
    const fullName = `Sealed Person ${run}x${nextPerson}`;
    // What POST /internal/registration-keys does, then what the gateway sends.
    const keyId = randomUUID();
    const key = newPersonalDataKey();
    await insertPersonalDataKey(pool, keyId, key);
    const sent = command('user.register', { sealed: sealPersonalData(keyId, key, { email, passwordHash, fullName }) });
    await producer.send(topics.userCommands, userCommandMessage(sent));
    const onTopic = withoutRepeats(await readTopicToEnd(kafka, topics.userCommands)).filter((r) => r.key?.toString() === keyId);
    expect(onTopic).toHaveLength(1);
    expect(recordsNaming(onTopic, [email, fullName, 'scrypt$'])).toEqual([]);

    // The consumer applies what it read from the topic.
    const received = userCommand.parse(JSON.parse(onTopic[0]!.value!.toString()));
    const applied = await apply(received);
    const id = (applied.outcome.reply as { user: { id: number } }).user.id;
    expect((await pool.query('SELECT email, full_name FROM users WHERE id = $1', [id])).rows[0]).toEqual({ email, full_name: fullName });
    expect((await pool.query('SELECT user_id FROM personal_data_keys WHERE id = $1', [keyId])).rows).toEqual([{ user_id: id }]);

    await apply(command('user.delete', { userId: id }));
    const erased = await eraseOnceSent(id);
    expect(erased).toMatchObject({ ok: true, outcome: 'erased' });
    expect((await pool.query('SELECT 1 FROM personal_data_keys WHERE id = $1', [keyId])).rowCount).toBe(0);
    expect(await rowsNaming([email, fullName])).toEqual([]);
    // The bytes are still on the topic; the service that alone held their key cannot read them any more.
    const replayed = await apply({ ...received, commandId: randomUUID() });
    expect(replayed.outcome).toEqual({ ok: false, reply: { code: 'VALIDATION_FAILED', detail: 'The registration data cannot be read' } });
  }, 60_000);

  it('when the account is live, unknown, or its deletion not sent yet, then the erasure is refused and changes nothing', async () => {
    const live = await person();
    expect(await erasePersonalData(pool, { userId: live.id, topicPrefix: prefix, now: new Date() })).toMatchObject({
      ok: false,
      code: 'USER_NOT_DELETED',
    });
    expect(await erasePersonalData(pool, { userId: 987_654_321, topicPrefix: prefix, now: new Date() })).toMatchObject({
      ok: false,
      code: 'USER_NOT_FOUND',
    });
    const unsent = await person(false);
    await apply(command('user.delete', { userId: unsent.id }), false);
    expect(await erasePersonalData(pool, { userId: unsent.id, topicPrefix: prefix, now: new Date() })).toMatchObject({
      ok: false,
      code: 'EVENTS_UNSENT',
    });
    const marks = await pool.query('SELECT count(*)::int AS n FROM users WHERE id = ANY($1::bigint[]) AND erased_at IS NOT NULL', [
      [live.id, unsent.id],
    ]);
    expect(marks.rows[0].n).toBe(0);
  }, 60_000);
});
