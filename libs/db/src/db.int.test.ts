import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { migrate, schemaName, serviceDatabaseUrl } from './migrate';
import { insertOutbox, OutboxRelay, outboxTable, type OutboxRow } from './outbox';
import { createPool, inTransaction } from './pool';

describe('per-service migrations and the outbox, against real PostgreSQL', () => {
  const { databaseUrl } = testInfra();
  const schema = schemaName(uniquePrefix(), 'dbtest');
  const role = 'coin_dbtest';
  const password = 'coin_dbtest_dev_password';
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  writeFileSync(
    join(dir, '001_outbox.sql'),
    `CREATE TABLE outbox (id bigserial PRIMARY KEY, topic text NOT NULL, key text NOT NULL, headers jsonb NOT NULL DEFAULT '{}',
       payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), published_at timestamptz);
     CREATE TABLE amounts (id int PRIMARY KEY, minor bigint NOT NULL);`,
  );
  const target = { adminUrl: databaseUrl, schema, role, rolePassword: password, migrationsDir: dir };
  let pool: pg.Pool;

  beforeAll(async () => {
    expect(await migrate(target)).toEqual(['001_outbox.sql']);
    pool = createPool({ url: serviceDatabaseUrl(databaseUrl, role, password), schema, applicationName: 'db-int' });
  });
  afterAll(async () => {
    await pool?.end();
  });

  it('when migrations run again, then nothing is re-applied', async () => {
    expect(await migrate(target)).toEqual([]);
  });

  it('when two migrators start at once, then the advisory lock serialises them and each file applies once', async () => {
    writeFileSync(join(dir, '002_extra.sql'), 'CREATE TABLE extra (id int);');
    const results = await Promise.all([migrate(target), migrate(target)]);
    expect(results.flat()).toEqual(['002_extra.sql']);
  });

  it('then the tables belong to the service role, which connects with its own credentials', async () => {
    const owners = await pool.query<{ tableowner: string }>('SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = $1', [schema]);
    expect(owners.rows.map((r) => r.tableowner)).toEqual([role]);
    const me = await pool.query<{ current_user: string }>('SELECT current_user');
    expect(me.rows[0]?.current_user).toBe(role);
  });

  it('when a BIGINT is read, then it is a number, and one beyond 2^53 fails loudly', async () => {
    await pool.query('INSERT INTO amounts VALUES (1, 9007199254740991), (2, 9007199254740993)');
    const safe = await pool.query<{ minor: number }>('SELECT minor FROM amounts WHERE id = 1');
    expect(safe.rows[0]?.minor).toBe(Number.MAX_SAFE_INTEGER);
    await expect(pool.query('SELECT minor FROM amounts WHERE id = 2')).rejects.toThrow('safe integer');
  });

  it('when a writer crashes between commit and publish, then the sweeper publishes its rows once the grace period passed', async () => {
    const published: OutboxRow[] = [];
    const relay = new OutboxRelay({ store: outboxTable(pool), publish: async (rows) => void published.push(...rows), sweepGraceMs: 0 });
    // Committed, never published: what a crash right after COMMIT leaves behind.
    await inTransaction(pool, (client) => insertOutbox(client, [{ topic: 't', key: 'k1', payload: { n: 1 } }]));
    // Committed and published by its writer at once.
    const ids = await inTransaction(pool, (client) => insertOutbox(client, [{ topic: 't', key: 'k2', payload: { n: 2 } }]));
    await relay.publishCommitted([{ id: ids[0]!, topic: 't', key: 'k2', payload: { n: 2 } }]);
    await relay.flushMarks(); // marks follow the publish in the background
    expect(await relay.backlog()).toBe(1);

    expect(await relay.sweep()).toBe(1);
    expect(published.map((r) => r.key)).toEqual(['k2', 'k1']);
    expect(await relay.backlog()).toBe(0);
    expect(await relay.sweep()).toBe(0);
  });

  it('when a transaction fails, then its outbox rows are gone with it', async () => {
    await expect(
      inTransaction(pool, async (client) => {
        await insertOutbox(client, [{ topic: 't', key: 'lost', payload: {} }]);
        throw new Error('domain rejected');
      }),
    ).rejects.toThrow('domain rejected');
    const rows = await pool.query("SELECT 1 FROM outbox WHERE key = 'lost'");
    expect(rows.rowCount).toBe(0);
  });
});
