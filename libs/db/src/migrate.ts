import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { assertIdentifier } from './pool';

/** What a runtime role may do to one table: DML only (never ALTER, DROP, REFERENCES or TRIGGER). */
export type TablePrivilege = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE' | 'TRUNCATE';

/**
 * A service's grants: every table of its schema (bar `schema_migrations`) and what its runtime
 * role may do to it. A table left out is an error at migration time, not a silent "no access".
 * The sequences behind its tables get USAGE (nextval for ids); nothing else is granted.
 */
export type RuntimeGrants = Readonly<Record<string, readonly TablePrivilege[]>>;

/** A role that logs in: its password (used when it is created) and exactly what it may do per table. */
export interface LoginRole {
  role: string;
  password: string;
  grants: RuntimeGrants;
}

export interface MigrationTarget {
  /** A URL of a role that may create roles and schemas (the operator's, never a service's). */
  adminUrl: string;
  schema: string;
  /**
   * The migration role: owns the schema and everything in it, and runs the migrations. NOLOGIN:
   * the migration step assumes it (SET ROLE) from the admin URL, no service ever holds it.
   */
  owner: string;
  /** The role the service connects as: owns nothing, holds only `grants`. */
  runtime: LoginRole;
  /**
   * Further LOGIN roles of the schema, each for one tool (the history rebuild's): created and
   * checked like the runtime role, owning nothing and holding exactly their grants.
   */
  otherRoles?: readonly LoginRole[];
  /**
   * Roles that must hold nothing in this schema: whatever they were granted here is revoked (when
   * they exist). A schema whose runtime role changed (the sandbox's, once run as the live
   * service's role) so keeps no grant of the role it had before.
   */
  revokedRoles?: readonly string[];
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
  return BigInt.asIntN(64, BigInt(`0x${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`)).toString();
}

const rolesLock = 'coin-ledger database roles';

/** The sha256 (hex) of a migration file's bytes, as `schema_migrations.checksum` records it. */
export function migrationChecksum(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const privileges: ReadonlySet<string> = new Set<TablePrivilege>(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']);

/**
 * Creates the roles and the schema when missing, applies every `NNN_name.sql` not yet recorded
 * in `<schema>.schema_migrations` (file-name order, each in its own transaction, as the owner,
 * recorded with the sha256 of its text; a recorded migration whose file has changed since stops
 * the run before anything is applied: an edit to an applied migration never runs anywhere),
 * then sets the runtime role's privileges to exactly `runtime.grants`. A schema some other role
 * owns (one migrated before the owner/runtime split, when the service's role owned its tables)
 * is handed over to the owner first. An advisory lock keeps two migrators from racing.
 */
export async function migrate(target: MigrationTarget): Promise<string[]> {
  const { schema, owner, runtime } = target;
  const logins = [runtime, ...(target.otherRoles ?? [])];
  const revoked = target.revokedRoles ?? [];
  for (const name of [schema, owner, ...logins.map((l) => l.role), ...revoked]) assertIdentifier(name);
  if (logins.some((l) => l.role === owner)) throw new Error(`the owner of ${schema} (${owner}) must not be a role that logs in`);
  if (revoked.some((r) => r === owner || logins.some((l) => l.role === r)))
    throw new Error(`the roles of ${schema} must not be revoked from it: ${revoked.join(', ')}`);
  if (new Set(logins.map((l) => l.role)).size !== logins.length) throw new Error(`the roles of ${schema} must differ`);
  for (const login of logins) checkGrants(login.grants);
  const log = target.log ?? (() => undefined);
  const files = readdirSync(target.migrationsDir)
    .filter((f) => /^\d+_[\w-]+\.sql$/.test(f))
    .sort();
  const client = new pg.Client({ connectionString: target.adminUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lockIdOf(schema)]);
    // Roles are cluster-wide and shared by every schema (test runs migrate many at once): one
    // migrator at a time creates them, or two would both find a role missing and one would fail.
    await client.query('SELECT pg_advisory_lock($1)', [lockIdOf(rolesLock)]);
    for (const login of logins) await ensureRoles(client, owner, login);
    await client.query('SELECT pg_advisory_unlock($1)', [lockIdOf(rolesLock)]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema} AUTHORIZATION ${owner}`);
    await handOver(client, schema, owner, log);
    await client.query(`SET ROLE ${owner}`);
    await client.query(`SET search_path TO ${schema}`);
    const texts = new Map(files.map((file) => [file, readFileSync(join(target.migrationsDir, file))]));
    const recorded = await checkRecordedMigrations(client, schema, texts);
    for (const [file, bytes] of texts) {
      if (recorded.has(file)) continue;
      await applyMigration(client, schema, file, bytes);
      applied.push(file);
      log(`migrated ${schema}: ${file}`);
    }
    for (const login of logins) await grantRuntime(client, schema, login.role, login.grants);
    await revokeAll(client, schema, revoked);
    await client.query('RESET ROLE');
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await client.end();
  }
  return applied;
}

/**
 * The migrations recorded as applied (the table made on first use), each checked against its
 * text on disk: one applied before checksums were recorded takes the text now on disk as what
 * ran; one changed after it was applied stops the migration.
 */
async function checkRecordedMigrations(client: pg.Client, schema: string, texts: Map<string, Buffer>): Promise<Set<string>> {
  await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
  const recorded = new Map(
    (await client.query<{ name: string; checksum: string | null }>('SELECT name, checksum FROM schema_migrations')).rows.map((r) => [
      r.name,
      r.checksum,
    ]),
  );
  for (const [file, bytes] of texts) {
    if (!recorded.has(file)) continue;
    const was = recorded.get(file);
    const checksum = migrationChecksum(bytes);
    if (was === null || was === undefined) {
      // Applied before checksums were recorded: what is on disk now is taken as what ran.
      await client.query('UPDATE schema_migrations SET checksum = $2 WHERE name = $1 AND checksum IS NULL', [file, checksum]);
    } else if (was !== checksum) {
      throw new Error(
        `migration ${schema}/${file} was changed after it was applied (sha256 ${was.slice(0, 12)}… then, ${checksum.slice(0, 12)}… now): ` +
          'put the applied text back and make the change a new migration',
      );
    }
  }
  return new Set(recorded.keys());
}

/** Applies one migration and records it with its checksum, in one transaction. */
async function applyMigration(client: pg.Client, schema: string, file: string, bytes: Buffer): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(bytes.toString('utf8'));
    await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [file, migrationChecksum(bytes)]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw new Error(`migration ${schema}/${file} failed: ${(err as Error).message}`);
  }
}

function checkGrants(grants: RuntimeGrants): void {
  for (const [table, granted] of Object.entries(grants)) {
    assertIdentifier(table);
    if (table === 'schema_migrations') throw new Error('schema_migrations is the migration role’s own: no runtime grant');
    const unknown = granted.filter((p) => !privileges.has(p));
    if (unknown.length > 0) throw new Error(`grants of ${table}: not a table privilege a runtime role may hold: ${unknown.join(', ')}`);
  }
}

/**
 * The owner: NOLOGIN, created when missing. The runtime role: LOGIN with the configured password,
 * created when missing (an existing role keeps its password: the operator rotates it, see
 * docs/OPERATIONS.md). A runtime role that is a superuser, bypasses row security or is a member of
 * the owner could undo every grant below, so that is refused rather than migrated over.
 */
async function ensureRoles(client: pg.Client, owner: string, runtime: LoginRole): Promise<void> {
  const existing = await client.query<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean }>(
    'SELECT rolname, rolsuper, rolbypassrls FROM pg_roles WHERE rolname = ANY($1)',
    [[owner, runtime.role]],
  );
  const found = new Map(existing.rows.map((r) => [r.rolname, r]));
  if (!found.has(owner)) await client.query(`CREATE ROLE ${owner} NOLOGIN`);
  const rt = found.get(runtime.role);
  if (!rt) {
    await client.query(`CREATE ROLE ${runtime.role} LOGIN PASSWORD ${pg.escapeLiteral(runtime.password)}`);
  } else if (rt.rolsuper || rt.rolbypassrls) {
    throw new Error(`runtime role ${runtime.role} is a superuser or bypasses row security: it must hold only its grants`);
  }
  const member = await client.query<{ member: boolean }>(`SELECT pg_has_role($1, $2, 'MEMBER') AS member`, [runtime.role, owner]);
  if (member.rows[0]?.member)
    throw new Error(`runtime role ${runtime.role} is a member of the owner ${owner}: it could alter or drop its tables`);
  const me = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
  // A non-superuser admin (a managed PostgreSQL's) must be a member of the owner to SET ROLE to it.
  if (!me.rows[0]?.rolsuper) await client.query(`GRANT ${owner} TO current_user`);
}

/**
 * Makes `owner` the owner of the schema and of every table, sequence, view and function in it.
 * A fresh schema already is; one migrated before the split belonged to the service's old role.
 */
async function handOver(client: pg.Client, schema: string, owner: string, log: (message: string) => void): Promise<void> {
  const foreign = await client.query<{ kind: string; name: string; previous: string }>(
    `SELECT 'SCHEMA' AS kind, quote_ident(n.nspname) AS name, pg_get_userbyid(n.nspowner) AS previous
       FROM pg_namespace n WHERE n.nspname = $1 AND pg_get_userbyid(n.nspowner) <> $2
     UNION ALL
     SELECT CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END,
            quote_ident(n.nspname) || '.' || quote_ident(c.relname), pg_get_userbyid(c.relowner)
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'S', 'v', 'm') AND pg_get_userbyid(c.relowner) <> $2
     UNION ALL
     SELECT 'FUNCTION', p.oid::regprocedure::text, pg_get_userbyid(p.proowner)
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = $1 AND pg_get_userbyid(p.proowner) <> $2`,
    [schema, owner],
  );
  if (foreign.rowCount === 0) return;
  const me = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
  // ALTER ... OWNER needs membership of the previous owner too (a superuser needs nothing).
  if (!me.rows[0]?.rolsuper) {
    for (const previous of new Set(foreign.rows.map((r) => r.previous)))
      await client.query(`GRANT ${pg.escapeIdentifier(previous)} TO current_user`);
  }
  // A sequence behind a serial column follows its table (and may not be altered on its own).
  for (const object of foreign.rows.filter((o) => o.kind !== 'SEQUENCE')) {
    await client.query(`ALTER ${object.kind} ${object.name} OWNER TO ${owner}`);
  }
  const sequences = await client.query<{ name: string }>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) <> $2`,
    [schema, owner],
  );
  for (const sequence of sequences.rows) await client.query(`ALTER SEQUENCE ${sequence.name} OWNER TO ${owner}`);
  const previous = [...new Set(foreign.rows.map((r) => r.previous))].join(', ');
  log(`${schema}: ${foreign.rowCount} objects handed over from ${previous} to the owner ${owner}`);
}

/**
 * Sets the runtime role's privileges in the schema to exactly the grants, in one transaction (the
 * running service never sees them missing): everything revoked, then USAGE on the schema, each
 * table's privileges and USAGE on the sequences. Run as the owner, after every migration.
 */
async function grantRuntime(client: pg.Client, schema: string, role: string, grants: RuntimeGrants): Promise<void> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm') AND c.relname <> 'schema_migrations' ORDER BY 1`,
      [schema],
    )
  ).rows.map((r) => r.name);
  const ungranted = tables.filter((t) => !(t in grants));
  if (ungranted.length > 0) {
    throw new Error(`${schema}: no runtime grant declared for ${ungranted.join(', ')} (the roles and grants table, docs/OPERATIONS.md)`);
  }
  const missing = Object.keys(grants).filter((t) => !tables.includes(t));
  if (missing.length > 0) throw new Error(`${schema}: grants declared for tables that do not exist: ${missing.join(', ')}`);
  await client.query('BEGIN');
  try {
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${role}`);
    await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${schema} FROM ${role}`);
    await client.query(`REVOKE ALL ON SCHEMA ${schema} FROM ${role}`);
    await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
    for (const table of tables) {
      // own-key: the tables are the grants table's own keys, from the migrations
      const granted = grants[table]!;
      if (granted.length > 0) await client.query(`GRANT ${granted.join(', ')} ON ${schema}.${table} TO ${role}`);
    }
    await client.query(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
}

/** Takes every privilege in the schema from each of `roles` that exists (run as the owner, who granted them). */
async function revokeAll(client: pg.Client, schema: string, roles: readonly string[]): Promise<void> {
  if (roles.length === 0) return;
  const existing = await client.query<{ rolname: string }>('SELECT rolname FROM pg_roles WHERE rolname = ANY($1)', [[...roles]]);
  for (const { rolname: role } of existing.rows) {
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${role}`);
    await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${schema} FROM ${role}`);
    await client.query(`REVOKE ALL ON SCHEMA ${schema} FROM ${role}`);
  }
}
