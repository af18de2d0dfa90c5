import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { migrate, migrationChecksum, type RuntimeGrants, schemaName, serviceDatabaseUrl } from './migrate';
import { insertOutbox, OutboxRelay, outboxTable, type OutboxRow } from './outbox';
import { createPool, inTransaction } from './pool';

describe('per-service migrations and the outbox, against real PostgreSQL', () => {
  const { databaseUrl } = testInfra();
  const schema = schemaName(uniquePrefix(), 'dbtest');
  const owner = 'coin_dbtest_owner';
  const role = 'coin_dbtest_app';
  const password = 'coin_dbtest_dev_password';
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  writeFileSync(
    join(dir, '001_outbox.sql'),
    `CREATE TABLE outbox (id bigserial PRIMARY KEY, topic text NOT NULL, key text NOT NULL, headers jsonb NOT NULL DEFAULT '{}',
       payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), published_at timestamptz);
     CREATE TABLE amounts (id int PRIMARY KEY, minor bigint NOT NULL);`,
  );
  const grants: RuntimeGrants = { outbox: ['SELECT', 'INSERT', 'UPDATE'], amounts: ['SELECT', 'INSERT'] };
  const target = { adminUrl: databaseUrl, schema, owner, runtime: { role, password, grants }, migrationsDir: dir };
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

  it('when a migration adds a table the grants do not name, then migrate stops naming it; with its grant, two migrators at once apply it once', async () => {
    writeFileSync(join(dir, '002_extra.sql'), 'CREATE TABLE extra (id int);');
    await expect(migrate(target)).rejects.toThrow(`${schema}: no runtime grant declared for extra`);
    const withExtra = { ...target, runtime: { ...target.runtime, grants: { ...grants, extra: ['SELECT'] as const } } };
    // The file was applied by the refused run (its transaction committed); the grants were not.
    expect(await migrate(withExtra)).toEqual([]);
    writeFileSync(join(dir, '003_more.sql'), 'CREATE TABLE more (id int);');
    const withMore = { ...withExtra, runtime: { ...withExtra.runtime, grants: { ...withExtra.runtime.grants, more: [] } } };
    const results = await Promise.all([migrate(withMore), migrate(withMore)]);
    expect(results.flat()).toEqual(['003_more.sql']);
    await expect(pool.query('SELECT * FROM more')).rejects.toThrow(/permission denied/);
    expect((await pool.query('SELECT * FROM extra')).rowCount).toBe(0);
  });

  it('when an applied migration is edited, then migrate refuses before applying anything; put back, it goes on; a record without a checksum adopts the file', async () => {
    const original = 'CREATE TABLE more (id int);';
    writeFileSync(join(dir, '003_more.sql'), 'CREATE TABLE more (id int, sneaky text);');
    writeFileSync(join(dir, '000_first.sql'), 'CREATE TABLE first_of_all (id int);');
    const withMore = {
      ...target,
      runtime: { ...target.runtime, grants: { ...grants, extra: ['SELECT'] as const, more: [], first_of_all: [] } },
    };
    await expect(migrate(withMore)).rejects.toThrow(`migration ${schema}/003_more.sql was changed after it was applied`);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const first = await admin.query(`SELECT to_regclass('${schema}.first_of_all') AS t`);
      expect(first.rows[0].t).toBeNull();
      writeFileSync(join(dir, '003_more.sql'), original);
      expect(await migrate(withMore)).toEqual(['000_first.sql']);
      await admin.query(`UPDATE ${schema}.schema_migrations SET checksum = NULL WHERE name = '003_more.sql'`);
      expect(await migrate(withMore)).toEqual([]);
      const adopted = await admin.query(`SELECT checksum FROM ${schema}.schema_migrations WHERE name = '003_more.sql'`);
      expect(adopted.rows[0].checksum).toBe(migrationChecksum(Buffer.from(original)));
    } finally {
      await admin.end();
    }
  });

  it('then the tables belong to the owner, and the runtime role connects with its own credentials and holds exactly its grants', async () => {
    const owners = await pool.query<{ tableowner: string }>('SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = $1', [schema]);
    expect(owners.rows.map((r) => r.tableowner)).toEqual([owner]);
    const me = await pool.query<{ current_user: string }>('SELECT current_user');
    expect(me.rows[0]?.current_user).toBe(role);
    const privileges = await pool.query<{ table: string; privilege: string }>(
      `SELECT t.tablename AS table, p.privilege FROM pg_tables t
         CROSS JOIN unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) AS p(privilege)
        WHERE t.schemaname = $1 AND has_table_privilege(current_user, quote_ident(t.schemaname) || '.' || quote_ident(t.tablename), p.privilege)
        ORDER BY 1, 2`,
      [schema],
    );
    expect(privileges.rows.map((r) => `${r.table} ${r.privilege}`)).toEqual([
      'amounts INSERT',
      'amounts SELECT',
      'extra SELECT',
      'outbox INSERT',
      'outbox SELECT',
      'outbox UPDATE',
    ]);
    for (const sql of [
      'DROP TABLE amounts',
      'ALTER TABLE amounts ADD COLUMN x int',
      'TRUNCATE amounts',
      'DELETE FROM amounts',
      'CREATE TABLE own (id int)',
    ]) {
      await expect(pool.query(sql)).rejects.toThrow(/permission denied|must be owner/);
    }
  });

  it('when a schema was migrated before the split (its tables owned by the service role), then migrate hands everything over to the owner', async () => {
    const legacySchema = schemaName(uniquePrefix(), 'dblegacy');
    const legacy = 'coin_dblegacy';
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(
        `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${legacy}') THEN CREATE ROLE ${legacy} LOGIN; END IF; END $$`,
      );
      await admin.query(`CREATE SCHEMA ${legacySchema} AUTHORIZATION ${legacy}`);
      await admin.query(`SET ROLE ${legacy}`);
      await admin.query(`SET search_path TO ${legacySchema}`);
      await admin.query(`CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      await admin.query(`CREATE TABLE outbox (id bigserial PRIMARY KEY, topic text NOT NULL)`);
      await admin.query(`CREATE FUNCTION legacy_fn() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
      await admin.query(`INSERT INTO schema_migrations (name) VALUES ('001_outbox.sql')`);
      await admin.query('RESET ROLE');
      const only = { ...target, schema: legacySchema, runtime: { ...target.runtime, grants: { outbox: ['SELECT', 'INSERT'] as const } } };
      const dirOf001 = mkdtempSync(join(tmpdir(), 'migrations-'));
      writeFileSync(join(dirOf001, '001_outbox.sql'), 'SELECT 1');
      expect(await migrate({ ...only, migrationsDir: dirOf001 })).toEqual([]);
      const owned = await admin.query<{ owner: string }>(
        `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
         UNION SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = $1
         UNION SELECT pg_get_userbyid(proowner) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1`,
        [legacySchema],
      );
      expect(owned.rows.map((r) => r.owner)).toEqual([owner]);
      const runtime = createPool({
        url: serviceDatabaseUrl(databaseUrl, role, password),
        schema: legacySchema,
        applicationName: 'db-int-legacy',
      });
      try {
        await runtime.query(`INSERT INTO outbox (topic) VALUES ('t')`);
        await expect(runtime.query('DELETE FROM outbox')).rejects.toThrow(/permission denied/);
      } finally {
        await runtime.end();
      }
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${legacySchema} CASCADE`);
      await admin.end();
    }
  });

  it('when two schemas are migrated at once with roles that do not exist yet, then both create them without racing', async () => {
    const suffix = randomBytes(4).toString('hex');
    const roles = { owner: `coin_race_${suffix}_owner`, runtime: `coin_race_${suffix}_app` };
    const schemas = [schemaName(uniquePrefix(), 'race'), schemaName(uniquePrefix(), 'race')];
    const raceDir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(raceDir, '001_amounts.sql'), 'CREATE TABLE amounts (id int PRIMARY KEY);');
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const raced = await Promise.all(
        schemas.map((schema) =>
          migrate({
            ...target,
            schema,
            owner: roles.owner,
            runtime: { role: roles.runtime, password, grants: { amounts: ['SELECT'] } },
            migrationsDir: raceDir,
          }),
        ),
      );
      expect(raced).toEqual([['001_amounts.sql'], ['001_amounts.sql']]);
    } finally {
      try {
        for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        for (const role of [roles.runtime, roles.owner]) {
          await admin.query(`DROP OWNED BY ${role}`).catch(() => undefined);
          await admin.query(`DROP ROLE IF EXISTS ${role}`);
        }
      } finally {
        await admin.end();
      }
    }
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
