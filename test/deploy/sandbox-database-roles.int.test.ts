import pg from 'pg';
import { migrateServiceDatabase } from '../../scripts/stack/provision';
import { provisionSandbox } from '../../scripts/stack/sandbox';
import { devRoleDatabaseUrl, sandboxRuntimeRoles, serviceDatabases } from '../../scripts/stack/services';
import { testInfra, uniquePrefix } from '../harness/env';

/**
 * The sandbox's database roles (docs/operations/deployment.md "Database roles and grants"): the sandbox ledger
 * and history connect as roles of their own, so a compromised sandbox pod, which serves test-mode
 * clients, holds no credential that reads or writes a live wallet, and the live roles hold nothing
 * of the sandbox's schemas: not even after an upgrade from the layout where the sandbox ran as the
 * live roles.
 */
describe('sandbox database roles: the sandbox instances’ own runtime roles, apart from the live ones (real PostgreSQL)', () => {
  const infra = testInfra();
  const prefix = uniquePrefix();
  const live = { ledger: `${prefix}ledger`, history: `${prefix}history`, webhooks: `${prefix}webhooks` };
  const sandbox = { ledger: `${prefix}sandbox_ledger`, history: `${prefix}sandbox_history`, webhooks: `${prefix}sandbox_webhooks` };
  const connect = async (role: string) => {
    const client = new pg.Client({ connectionString: devRoleDatabaseUrl(infra.databaseUrl, role) });
    await client.connect();
    return client;
  };
  let admin: pg.Client;
  let clients: { liveLedger: pg.Client; sandboxLedger: pg.Client; liveHistory: pg.Client; sandboxHistory: pg.Client };

  beforeAll(async () => {
    for (const service of ['ledger', 'history', 'webhooks'] as const) {
      await migrateServiceDatabase({ databaseUrl: infra.databaseUrl, schema: live[service], service });
      // The layout before the sandbox had roles of its own: its schemas granted to the live runtime roles.
      await migrateServiceDatabase({ databaseUrl: infra.databaseUrl, schema: sandbox[service], service });
    }
    await provisionSandbox({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, livePrefix: prefix });
    admin = new pg.Client({ connectionString: infra.databaseUrl });
    await admin.connect();
    for (const schema of [live.ledger, sandbox.ledger])
      await admin.query(
        `INSERT INTO ${schema}.wallets (id, wallet_key, user_id, balance, total_received) VALUES (gen_random_uuid(), 'user:1', 1, 500, 500)`,
      );
    clients = {
      liveLedger: await connect(serviceDatabases.ledger.runtime),
      sandboxLedger: await connect(sandboxRuntimeRoles.ledger),
      liveHistory: await connect(serviceDatabases.history.runtime),
      sandboxHistory: await connect(sandboxRuntimeRoles.history),
    };
  }, 120_000);
  afterAll(async () => {
    for (const client of Object.values(clients ?? {})) await client.end();
    await admin?.end();
  });

  it('when the sandbox ledger’s role reads or moves a live wallet, then PostgreSQL refuses, and its own schema’s wallets it reads and moves', async () => {
    for (const sql of [
      `SELECT balance FROM ${live.ledger}.wallets`,
      `UPDATE ${live.ledger}.wallets SET balance = 1000000 WHERE wallet_key = 'user:1'`,
      `INSERT INTO ${live.ledger}.wallets (id, wallet_key, user_id, balance, total_received) VALUES (gen_random_uuid(), 'user:2', 2, 9, 9)`,
      `SELECT count(*) FROM ${live.ledger}.transactions`,
      `SELECT count(*) FROM ${live.history}.history_transactions`,
    ]) {
      await expect(clients.sandboxLedger.query(sql)).rejects.toThrow(/permission denied/);
    }
    await clients.sandboxLedger.query(
      `UPDATE ${sandbox.ledger}.wallets SET balance = 600, total_received = 600 WHERE wallet_key = 'user:1'`,
    );
    const own = await clients.sandboxLedger.query<{ balance: string }>(
      `SELECT balance FROM ${sandbox.ledger}.wallets WHERE wallet_key = 'user:1'`,
    );
    expect(own.rows.map((r) => Number(r.balance))).toEqual([600]);
    const liveWallet = await admin.query<{ balance: string }>(`SELECT balance FROM ${live.ledger}.wallets WHERE wallet_key = 'user:1'`);
    expect(liveWallet.rows.map((r) => Number(r.balance))).toEqual([500]);
  });

  it('when the live roles touch the sandbox’s schemas (granted to them before the sandbox had roles of its own), then PostgreSQL refuses', async () => {
    for (const sql of [`SELECT balance FROM ${sandbox.ledger}.wallets`, `UPDATE ${sandbox.ledger}.wallets SET balance = 0`]) {
      await expect(clients.liveLedger.query(sql)).rejects.toThrow(/permission denied/);
    }
    await expect(clients.liveHistory.query(`SELECT count(*) FROM ${sandbox.history}.history_transactions`)).rejects.toThrow(
      /permission denied/,
    );
    await expect(clients.sandboxHistory.query(`SELECT count(*) FROM ${live.history}.history_transactions`)).rejects.toThrow(
      /permission denied/,
    );
    // The live role still reads its own.
    const own = await clients.liveLedger.query<{ balance: string }>(
      `SELECT balance FROM ${live.ledger}.wallets WHERE wallet_key = 'user:1'`,
    );
    expect(own.rows.map((r) => Number(r.balance))).toEqual([500]);
  });

  it('then each sandbox role holds exactly its service’s row of grants on its own schema, and nothing on any live one', async () => {
    const held = async (role: string, schema: string) => {
      const rows = await admin.query<{ table: string; privilege: string }>(
        `SELECT t.tablename AS table, p.privilege FROM pg_tables t
           CROSS JOIN unnest(ARRAY['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) AS p(privilege)
          WHERE t.schemaname = $1 AND has_table_privilege($2, quote_ident(t.schemaname) || '.' || quote_ident(t.tablename), p.privilege)
          ORDER BY 1, 2`,
        [schema, role],
      );
      const out: Record<string, string[]> = {};
      for (const row of rows.rows) out[row.table] = [...(out[row.table] ?? []), row.privilege];
      return out;
    };
    const rowOf = (grants: Readonly<Record<string, readonly string[]>>) =>
      Object.fromEntries(
        Object.entries(grants)
          .filter(([, p]) => p.length > 0)
          .map(([t, p]) => [t, [...p].sort()]),
      );
    for (const service of ['ledger', 'history', 'webhooks'] as const) {
      expect({ service, own: await held(sandboxRuntimeRoles[service], sandbox[service]) }).toEqual({
        service,
        own: rowOf(serviceDatabases[service].grants),
      });
      for (const schema of Object.values(live)) expect(await held(sandboxRuntimeRoles[service], schema)).toEqual({});
      expect(await held(serviceDatabases[service].runtime, sandbox[service])).toEqual({});
    }
  });
});
