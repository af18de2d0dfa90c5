import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { assertIdentifier } from './pool';

export interface MigrationTarget {
  /** A URL of a role that may create roles and schemas (the operator's, never a service's). */
  adminUrl: string;
  schema: string;
  /** The service's own role: owns the schema and its tables, and nothing else. */
  role: string;
  rolePassword: string;
  migrationsDir: string;
  log?: (message: string) => void;
}

/** `<prefix><service>`: tests use their own prefix per run instead of dropping schemas. */
export function schemaName(prefix: string, service: string): string {
  const name = `${prefix}${service}`;
  assertIdentifier(name);
  return name;
}

/** The URL a service connects with: the admin URL's host and database, the service's role. */
export function serviceDatabaseUrl(adminUrl: string, role: string, password: string): string {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}

function lockIdOf(schema: string): string {
  return BigInt.asIntN(64, BigInt('0x' + createHash('sha256').update(schema).digest('hex').slice(0, 16))).toString();
}

/**
 * Creates the service role and schema when missing and applies, in file-name order, every
 * `NNN_name.sql` not yet recorded in `<schema>.schema_migrations`. Each file runs in its own
 * transaction as the service role, so the tables belong to the service. An advisory lock keeps
 * two migrators (two replicas starting at once) from racing.
 */
export async function migrate(target: MigrationTarget): Promise<string[]> {
  assertIdentifier(target.schema);
  assertIdentifier(target.role);
  const log = target.log ?? (() => undefined);
  const files = readdirSync(target.migrationsDir)
    .filter((f) => /^\d+_[\w-]+\.sql$/.test(f))
    .sort();
  const client = new pg.Client({ connectionString: target.adminUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockIdOf(target.schema)]);
    const roleExists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [target.role]);
    if (roleExists.rowCount === 0) {
      await client.query(`CREATE ROLE ${target.role} LOGIN PASSWORD ${pg.escapeLiteral(target.rolePassword)}`);
    }
    const me = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    if (!me.rows[0]?.rolsuper) await client.query(`GRANT ${target.role} TO current_user`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${target.schema} AUTHORIZATION ${target.role}`);
    await client.query(`SET ROLE ${target.role}`);
    await client.query(`SET search_path TO ${target.schema}`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(join(target.migrationsDir, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${target.schema}/${file} failed: ${(err as Error).message}`);
      }
      applied.push(file);
      log(`migrated ${target.schema}: ${file}`);
    }
    await client.query('RESET ROLE');
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await client.end();
  }
  return applied;
}
