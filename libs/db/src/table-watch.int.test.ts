import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { eventuallyHolds as holds } from '../../../test/harness/eventually';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { migrate, schemaName, serviceDatabaseUrl } from './migrate';
import { insertOutbox, OutboxRelay, outboxTable, type OutboxRow } from './outbox';
import { createPool, inTransaction } from './pool';
import { TableWatch } from './table-watch';

/** The webhooks service's own migration: the trigger every service puts on the tables its relays follow. */
const notifyMigration = join(__dirname, '../../../services/webhooks/migrations/006_outbox_written_notify.sql');

describe('TableWatch: committed writes announced by PostgreSQL, against the real server', () => {
  const { databaseUrl } = testInfra();
  const schema = schemaName(uniquePrefix(), 'watchtest');
  const role = 'coin_watchtest_app';
  const password = 'coin_watchtest_dev_password';
  const dir = mkdtempSync(join(tmpdir(), 'watch-migrations-'));
  writeFileSync(
    join(dir, '001_outbox.sql'),
    `CREATE TABLE outbox (id bigserial PRIMARY KEY, topic text NOT NULL, key text NOT NULL, headers jsonb NOT NULL DEFAULT '{}',
       payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), published_at timestamptz);`,
  );
  copyFileSync(notifyMigration, join(dir, '002_outbox_written_notify.sql'));
  let pool: pg.Pool;
  const watches: TableWatch[] = [];
  const watchOf = (): TableWatch => {
    const watch = new TableWatch({ pool, schema, reconnectMs: 100 });
    watches.push(watch);
    return watch;
  };
  const row = (n: number) => ({ topic: 't', key: `k${n}`, payload: { n } });

  beforeAll(async () => {
    await migrate({
      adminUrl: databaseUrl,
      schema,
      owner: 'coin_watchtest_owner',
      runtime: { role, password, grants: { outbox: ['SELECT', 'INSERT', 'UPDATE'] } },
      migrationsDir: dir,
    });
    pool = createPool({ url: serviceDatabaseUrl(databaseUrl, role, password), schema, applicationName: 'table-watch-int' });
  });
  afterAll(async () => {
    for (const watch of watches) await watch.stop();
    await pool?.end();
  });

  it('when rows are inserted, then the worker is woken once the transaction commits, never for one rolled back', async () => {
    const wakes: string[] = [];
    const watch = watchOf();
    await watch.follow('outbox', () => wakes.push('woken'));
    // Once on listening: what was written before is for the worker's first read.
    expect(wakes).toHaveLength(1);

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await insertOutbox(client, [row(1)]);
      await insertOutbox(client, [row(2)]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(wakes).toHaveLength(1);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    // One notification per transaction and channel, however many statements.
    await holds(() => expect(wakes).toHaveLength(2));

    await inTransaction(pool, async (tx) => {
      await insertOutbox(tx, [row(3)]);
      throw new Error('rolled back');
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(wakes).toHaveLength(2);
  });

  it('when the listening connection is killed, then it reconnects, wakes the worker for what it missed, and hears later commits', async () => {
    let wakes = 0;
    const watch = watchOf();
    await watch.follow('outbox', () => (wakes += 1));
    expect(wakes).toBe(1);
    const killed = await pool.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE application_name = 'table-watch-int' AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    expect(killed.rows[0]!.n).toBeGreaterThanOrEqual(1);
    // The reconnect wakes it (a row committed while no one listened would otherwise wait).
    await holds(() => expect(wakes).toBeGreaterThanOrEqual(2));
    await holds(() => expect(watch.listening).toBe(true));
    const before = wakes;
    await inTransaction(pool, (tx) => insertOutbox(tx, [row(4)]));
    await holds(() => expect(wakes).toBe(before + 1));
  });

  it('when a row is written by a writer that never publishes it, then a relay woken by the watch publishes it within the grace period, with no sweep timer running', async () => {
    const published: OutboxRow[] = [];
    const relay = new OutboxRelay({ store: outboxTable(pool), publish: async (rows) => void published.push(...rows), sweepGraceMs: 200 });
    // Not started: its interval sweep never runs; only the watch wakes it.
    const watch = watchOf();
    await watch.follow('outbox', () => relay.wake());
    await holds(() => expect(published.length).toBeGreaterThanOrEqual(3)); // rows 1, 2 and 4 of the tests before
    const id = (await inTransaction(pool, (tx) => insertOutbox(tx, [row(5)])))[0];
    await holds(() => expect(published.map((r) => r.id)).toContain(id), 5000);
    await relay.stop();
    const unpublished = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL');
    expect(unpublished.rows[0]!.n).toBe(0);
  });

  it('when stopped, then the worker is not woken again and the connection is closed', async () => {
    let wakes = 0;
    const watch = watchOf();
    await watch.follow('outbox', () => (wakes += 1));
    await watch.stop();
    expect(watch.listening).toBe(false);
    await inTransaction(pool, (tx) => insertOutbox(tx, [row(6)]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(wakes).toBe(1);
  });
});
