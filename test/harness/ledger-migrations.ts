import { copyFileSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, schemaName } from '@coin/db';
import pg from 'pg';
import { devRolePassword, serviceDatabases } from '../../scripts/stack/services';
import { testInfra, uniquePrefix } from './env';

/**
 * A ledger schema of its own, migrated up to (not including) migration `first`, for a test of that
 * migration against real PostgreSQL: the test writes the rows the migration finds, then `migrateRest`
 * runs it and every later one. Before `first` the tables later migrations create are not there yet,
 * so no grant of theirs is made either. `db` is a connection as the schema's admin; `drop` removes
 * the schema and closes it.
 */
export interface LedgerSchemaBefore {
  schema: string;
  db: pg.Client;
  drop(): Promise<void>;
  /** Runs `first` and every later migration; answers the migrations it ran. */
  migrateRest(): Promise<string[]>;
}

export async function ledgerSchemaBefore(first: string): Promise<LedgerSchemaBefore> {
  const { databaseUrl } = testInfra();
  const schema = schemaName(uniquePrefix(), 'ledger');
  const ledger = serviceDatabases.ledger;
  const all = readdirSync(ledger.migrationsDir).filter((f) => /^\d+_[\w-]+\.sql$/.test(f));
  const dir = mkdtempSync(join(tmpdir(), 'ledger-migrations-'));
  const target = {
    adminUrl: databaseUrl,
    schema,
    owner: ledger.owner,
    // The role's password as every test stack sets it: the roles are shared by every schema.
    runtime: { role: ledger.runtime, password: devRolePassword(databaseUrl, ledger.runtime), grants: ledger.grants },
    migrationsDir: dir,
  };
  const copy = (files: string[]) => {
    for (const file of files) copyFileSync(join(ledger.migrationsDir, file), join(dir, file));
  };
  const later = all.filter((f) => f >= first);
  copy(all.filter((f) => f < first));
  const created = new Set(
    later.flatMap((f) => [...readFileSync(join(ledger.migrationsDir, f), 'utf8').matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1]!)),
  );
  const grants = Object.fromEntries(Object.entries(ledger.grants).filter(([table]) => !created.has(table)));
  await migrate({ ...target, runtime: { ...target.runtime, grants } });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  return {
    schema,
    db,
    drop: async () => {
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.end();
    },
    migrateRest: () => {
      copy(later);
      return migrate(target);
    },
  };
}
