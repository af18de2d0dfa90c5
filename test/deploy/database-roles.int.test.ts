import pg from 'pg';
import { provision } from '../../scripts/stack/provision';
import { type DatabaseService, devRoleDatabaseUrl, devServiceDatabaseUrl, serviceDatabases } from '../../scripts/stack/services';
import { testInfra, uniquePrefix } from '../harness/env';

/**
 * The roles and grants table (scripts/stack/services.ts, docs/OPERATIONS.md) as PostgreSQL
 * enforces it after `npm run migrate`: what each service's runtime role may and may not do.
 */
describe('database roles: each service connects as a runtime role that owns nothing and holds only its grants (real PostgreSQL)', () => {
  const infra = testInfra();
  const prefix = uniquePrefix();
  const clients = {} as Record<DatabaseService, pg.Client>;
  const admin = new pg.Client({ connectionString: infra.databaseUrl });

  beforeAll(async () => {
    await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
    await admin.connect();
    for (const service of Object.keys(serviceDatabases) as DatabaseService[]) {
      const client = new pg.Client({ connectionString: devServiceDatabaseUrl(infra.databaseUrl, service) });
      await client.connect();
      await client.query(`SET search_path TO ${prefix}${serviceDatabases[service].schema}`);
      clients[service] = client;
    }
    const ledger = clients.ledger;
    await ledger.query(
      `INSERT INTO transactions (id, type, amount, to_treasury, reason, command_id, created_at)
       VALUES (1, 'MINT', 100, 'REWARDS', 'seed', gen_random_uuid(), now())`,
    );
    await ledger.query(
      `INSERT INTO entries (transaction_id, wallet_id, amount, created_at, sequence, balance_after) SELECT 1, id, 100, now(), 1, 100 FROM wallets LIMIT 1`,
    );
  }, 90_000);
  afterAll(async () => {
    for (const client of Object.values(clients)) await client.end();
    await admin.end();
  });

  it('then every object of each schema belongs to its migration role, and each runtime role holds exactly the privileges of its row', async () => {
    for (const [service, db] of Object.entries(serviceDatabases)) {
      const schema = `${prefix}${db.schema}`;
      const owners = await admin.query<{ owner: string }>(
        `SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = $1
         UNION SELECT pg_get_userbyid(c.relowner) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
         UNION SELECT pg_get_userbyid(p.proowner) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1`,
        [schema],
      );
      expect({ service, owners: owners.rows.map((r) => r.owner) }).toEqual({ service, owners: [db.owner] });
      // The runtime role, and the history rebuild's role beside it: each holds exactly its row.
      const logins: Array<[string, Readonly<Record<string, readonly string[]>>]> = [
        [db.runtime, db.grants],
        ...('rebuild' in db ? [[db.rebuild.role, db.rebuild.grants] as [string, Readonly<Record<string, readonly string[]>>]] : []),
      ];
      for (const [role, grants] of logins) {
        const held = await admin.query<{ table: string; privilege: string }>(
          `SELECT t.tablename AS table, p.privilege FROM pg_tables t
             CROSS JOIN unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) AS p(privilege)
            WHERE t.schemaname = $1 AND has_table_privilege($2, quote_ident(t.schemaname) || '.' || quote_ident(t.tablename), p.privilege)`,
          [schema, role],
        );
        const actual: Record<string, string[]> = {};
        for (const row of held.rows) actual[row.table] = [...(actual[row.table] ?? []), row.privilege];
        const expected = Object.fromEntries(
          Object.entries(grants)
            .filter(([, p]) => p.length > 0)
            .map(([t, p]) => [t, [...p].sort()]),
        );
        for (const table of Object.keys(actual)) actual[table]!.sort();
        expect({ service, role, grants: actual }).toEqual({ service, role, grants: expected });
      }
      const login = await admin.query<{ rolcanlogin: boolean }>('SELECT rolcanlogin FROM pg_roles WHERE rolname = $1', [db.owner]);
      expect({ service, ownerCanLogIn: login.rows[0]?.rolcanlogin }).toEqual({ service, ownerCanLogIn: false });
    }
  });

  it('when the ledger runtime role updates, deletes or truncates a transaction or an entry, or alters or drops their tables, then PostgreSQL refuses', async () => {
    for (const sql of [
      'UPDATE transactions SET amount = 1 WHERE id = 1',
      'DELETE FROM transactions WHERE id = 1',
      'TRUNCATE transactions',
      'UPDATE entries SET amount = 1',
      'DELETE FROM entries',
      'TRUNCATE entries',
      'ALTER TABLE entries DISABLE TRIGGER USER',
      'DROP TRIGGER entries_no_update_delete ON entries',
      'DROP TABLE entries',
    ]) {
      await expect(clients.ledger.query(sql)).rejects.toThrow(/permission denied|must be owner/);
    }
    // Not the owner, it cannot grant itself more: PostgreSQL grants nothing (a warning, not an error).
    await clients.ledger.query('GRANT UPDATE, DELETE ON transactions TO CURRENT_USER');
    await expect(clients.ledger.query('UPDATE transactions SET amount = 1 WHERE id = 1')).rejects.toThrow(/permission denied/);
    // The balance it keeps moving stays writable.
    await clients.ledger.query('UPDATE wallets SET updated_at = now() WHERE id = (SELECT id FROM wallets LIMIT 1)');
  });

  it("when the ledger's migration role changes a transaction or an entry, then the append-only triggers refuse it", async () => {
    await admin.query(`SET ROLE ${serviceDatabases.ledger.owner}`);
    try {
      await admin.query(`SET search_path TO ${prefix}ledger`);
      for (const [sql, op] of [
        ['UPDATE transactions SET amount = 1 WHERE id = 1', 'transactions is append-only: UPDATE refused'],
        ['DELETE FROM transactions WHERE id = 1', 'transactions is append-only: DELETE refused'],
        ['TRUNCATE transactions CASCADE', 'is append-only: TRUNCATE refused'],
        ['UPDATE entries SET amount = 1', 'entries is append-only: UPDATE refused'],
        ['DELETE FROM entries', 'entries is append-only: DELETE refused'],
        ['TRUNCATE entries', 'entries is append-only: TRUNCATE refused'],
      ] as const) {
        await expect(admin.query(sql)).rejects.toThrow(op);
      }
    } finally {
      await admin.query('RESET ROLE');
    }
    const rows = await clients.ledger.query<{ amount: string }>('SELECT amount FROM transactions WHERE id = 1');
    expect(rows.rows.map((r) => Number(r.amount))).toEqual([100]);
  });

  it('when the history runtime role changes the audit log or its checkpoints, then PostgreSQL refuses', async () => {
    for (const table of ['admin_audit_log', 'admin_audit_checkpoints']) {
      for (const sql of [
        `UPDATE ${table} SET seq = 1`,
        `DELETE FROM ${table}`,
        `TRUNCATE ${table}`,
        `ALTER TABLE ${table} DISABLE TRIGGER USER`,
        `DROP TABLE ${table}`,
      ]) {
        await expect(clients.history.query(sql)).rejects.toThrow(/permission denied|must be owner/);
      }
    }
  });

  /** One projected transfer of 5 from user 7 to user 8 (transaction `id`), as the history consumer stores it: INSERTs only. */
  const projectTransfer = async (client: pg.Client, id: number) => {
    const row = `${id}, 'TRANSFER', 5, 7, 8, NULL, NULL, 'seed', NULL, NULL, now(), gen_random_uuid()`;
    const columns =
      'transaction_id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury, reason, reference, refund_of, created_at, event_id';
    await client.query(`INSERT INTO history_transactions (${columns}) VALUES (${row})`);
    await client.query(
      `INSERT INTO history_entries (party_kind, party_id, ${columns}) VALUES ('user', '7', ${row}), ('user', '8', ${row})`,
    );
  };

  it('when the history runtime role updates, deletes or truncates the tables statements are read from, or the rebuild checkpoint, then PostgreSQL refuses; it still inserts', async () => {
    await projectTransfer(clients.history, 1);
    for (const sql of [
      'UPDATE history_entries SET amount = 1',
      'DELETE FROM history_entries',
      'TRUNCATE history_entries',
      'UPDATE history_transactions SET amount = 1',
      'DELETE FROM history_transactions',
      'TRUNCATE history_transactions',
      'UPDATE history_rebuild_checkpoint SET after_id = 0',
      'TRUNCATE history_rebuild_checkpoint',
      'ALTER TABLE history_entries DISABLE TRIGGER USER',
      'DROP TABLE history_transactions',
    ]) {
      await expect(clients.history.query(sql)).rejects.toThrow(/permission denied|must be owner/);
    }
    // Not the owner, it cannot grant itself more.
    await clients.history.query('GRANT UPDATE, TRUNCATE ON history_entries TO CURRENT_USER');
    await expect(clients.history.query('TRUNCATE history_entries')).rejects.toThrow(/permission denied/);
    const kept = await admin.query<{ amount: string }>(`SELECT amount FROM ${prefix}history.history_entries WHERE transaction_id = 1`);
    expect(kept.rows.map((r) => Number(r.amount))).toEqual([5, 5]);
  });

  it("when the history migration role changes a projected row, then the projection's triggers refuse it", async () => {
    await admin.query(`SET ROLE ${serviceDatabases.history.owner}`);
    try {
      await admin.query(`SET search_path TO ${prefix}history`);
      for (const table of ['history_entries', 'history_transactions']) {
        for (const [sql, op] of [
          [`UPDATE ${table} SET amount = 1`, 'UPDATE'],
          [`DELETE FROM ${table}`, 'DELETE'],
          [`TRUNCATE ${table}`, 'TRUNCATE'],
        ] as const) {
          await expect(admin.query(sql)).rejects.toThrow(
            `${table} is written by the history projection and its rebuild only: ${op} refused`,
          );
        }
      }
    } finally {
      await admin.query('RESET ROLE');
    }
  });

  it('when the rebuild role repairs and resets the projection, then it may update and truncate it, never delete a row, and it cannot touch the audit log', async () => {
    const rebuild = new pg.Client({ connectionString: devRoleDatabaseUrl(infra.databaseUrl, serviceDatabases.history.rebuild.role) });
    await rebuild.connect();
    try {
      await rebuild.query(`SET search_path TO ${prefix}history`);
      await projectTransfer(rebuild, 2);
      await rebuild.query('UPDATE history_entries SET amount = 6 WHERE transaction_id = 2');
      await rebuild.query('UPDATE history_transactions SET amount = 6 WHERE transaction_id = 2');
      await expect(rebuild.query('DELETE FROM history_entries WHERE transaction_id = 2')).rejects.toThrow(/permission denied/);
      for (const sql of [
        'SELECT 1 FROM admin_audit_log',
        'INSERT INTO admin_audit_checkpoints SELECT * FROM admin_audit_checkpoints',
        'CREATE TABLE smuggled (id int)',
      ]) {
        await expect(rebuild.query(sql)).rejects.toThrow(/permission denied/);
      }
      await rebuild.query('TRUNCATE history_entries, history_transactions, history_rebuild_checkpoint');
      expect((await rebuild.query('SELECT 1 FROM history_transactions')).rowCount).toBe(0);
    } finally {
      await rebuild.end();
    }
  });

  it('when a runtime role tries to create a table in its schema, then PostgreSQL refuses', async () => {
    for (const client of Object.values(clients)) {
      await expect(client.query('CREATE TABLE smuggled (id int)')).rejects.toThrow(/permission denied/);
    }
  });
});
