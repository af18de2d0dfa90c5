import type { Pool, PoolClient } from '@coin/db';
import type { Role } from '@coin/contracts';
import type { NewAccount, UserRow } from '../domain/users';

const userColumns = 'id, email, full_name, role, is_verified, token_version, created_at, role_since';

type Queryable = Pool | PoolClient;

/** The inserted account, or null when its normalised email is taken. */
export async function insertUser(db: Queryable, input: NewAccount): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `INSERT INTO users (email, email_normalized, full_name, password_hash, role)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email_normalized) DO NOTHING
     RETURNING ${userColumns}`,
    [input.email, input.emailNormalized, input.fullName, input.passwordHash, input.role],
  );
  return result.rows[0] ?? null;
}

/** When an account was deleted (null: it is live), deleted or not; undefined for an id never issued. */
export async function findDeletionOf(db: Queryable, id: number): Promise<{ deletedAt: Date | null } | undefined> {
  const result = await db.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM users WHERE id = $1', [id]);
  const row = result.rows[0];
  return row ? { deletedAt: row.deleted_at } : undefined;
}

/** A live (not deleted) user. */
export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const result = await db.query<UserRow>(`SELECT ${userColumns} FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return result.rows[0] ?? null;
}

/** Locks a live user's row for the rest of the transaction. */
export async function lockUser(client: PoolClient, id: number): Promise<UserRow | null> {
  const result = await client.query<UserRow>(`SELECT ${userColumns} FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id]);
  return result.rows[0] ?? null;
}

export async function findCredentialsByEmail(
  db: Queryable,
  emailNormalized: string,
): Promise<(UserRow & { password_hash: string }) | null> {
  const result = await db.query<UserRow & { password_hash: string }>(
    `SELECT ${userColumns}, password_hash FROM users WHERE email_normalized = $1 AND deleted_at IS NULL`,
    [emailNormalized],
  );
  return result.rows[0] ?? null;
}

/**
 * Replaces a user's password hash by one of the same password at a higher cost, only if the hash
 * is still the one that was verified (a concurrent change wins). True when it was replaced.
 */
export async function replacePasswordHash(db: Queryable, userId: number, verifiedHash: string, nextHash: string): Promise<boolean> {
  const result = await db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
    userId,
    verifiedHash,
    nextHash,
  ]);
  return (result.rowCount ?? 0) === 1;
}

/** A live account's password hash (a password change checks the current one). */
export async function findPasswordHash(db: Queryable, id: number): Promise<string | null> {
  const result = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL', [id]);
  return result.rows[0]?.password_hash ?? null;
}

/** LIKE metacharacters in a search term match themselves. */
export function escapeLikePattern(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listUsers(
  db: Queryable,
  query: { page: number; pageSize: number; role?: Role | undefined; q?: string | undefined },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions = ['deleted_at IS NULL'];
  const params: unknown[] = [];
  if (query.role) {
    params.push(query.role);
    conditions.push(`role = $${params.length}`);
  }
  if (query.q) {
    params.push(`%${escapeLikePattern(query.q)}%`);
    conditions.push(`(email ILIKE $${params.length} ESCAPE '\\' OR full_name ILIKE $${params.length} ESCAPE '\\')`);
  }
  const where = conditions.join(' AND ');
  const total = await db.query<{ total: string }>(`SELECT count(*) AS total FROM users WHERE ${where}`, params);
  const rows = await db.query<UserRow>(
    `SELECT ${userColumns} FROM users WHERE ${where} ORDER BY id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return { rows: rows.rows, total: Number(total.rows[0]?.total ?? 0) };
}

/**
 * Serialises every change that can remove a SUPERADMIN (demotion, deletion) so two concurrent
 * ones cannot both see "another SUPERADMIN remains" and leave none.
 */
export async function lockSuperadminSet(client: PoolClient): Promise<number> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('superadmin-set'))");
  const result = await client.query<{ n: string }>("SELECT count(*) AS n FROM users WHERE role = 'SUPERADMIN' AND deleted_at IS NULL");
  return Number(result.rows[0]?.n ?? 0);
}

/** Serialises bootstraps of the first SUPERADMIN (two replicas starting at once). */
export async function lockSuperadminBootstrap(client: PoolClient): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('bootstrap-superadmin'))");
}

/** Whether any row has the SUPERADMIN role; tombstones count, as a deleted account keeps its role. */
export async function hasSuperadminRow(client: PoolClient): Promise<boolean> {
  const existing = await client.query("SELECT 1 FROM users WHERE role = 'SUPERADMIN' LIMIT 1");
  return (existing.rowCount ?? 0) > 0;
}

/** A new role, held from `at` (the deciding service's clock, which also times the requests an approver is judged against). */
export async function setRole(client: PoolClient, id: number, role: Role, at: Date): Promise<UserRow> {
  const result = await client.query<UserRow>(
    `UPDATE users SET role = $2, role_since = $3, token_version = token_version + 1, updated_at = now() WHERE id = $1 RETURNING ${userColumns}`,
    [id, role, at],
  );
  return result.rows[0]!;
}

/** Verifies the account or takes its verification away; its token version rises with it (older tokens carry the old claim). */
export async function setVerified(client: PoolClient, id: number, verified: boolean): Promise<UserRow> {
  const result = await client.query<UserRow>(
    `UPDATE users SET is_verified = $2, token_version = token_version + 1, updated_at = now() WHERE id = $1 RETURNING ${userColumns}`,
    [id, verified],
  );
  return result.rows[0]!;
}

export async function bumpTokenVersion(client: PoolClient, id: number): Promise<UserRow> {
  const result = await client.query<UserRow>(
    `UPDATE users SET token_version = token_version + 1, updated_at = now() WHERE id = $1 RETURNING ${userColumns}`,
    [id],
  );
  return result.rows[0]!;
}

/** Deletion: every personal field and credential erased, the row kept as a tombstone (docs/DESIGN.md). */
export async function eraseUser(client: PoolClient, id: number): Promise<UserRow> {
  await client.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [id]);
  await client.query('DELETE FROM mfa_challenges WHERE user_id = $1', [id]);
  await client.query('DELETE FROM password_reset_codes WHERE user_id = $1', [id]);
  const result = await client.query<UserRow>(
    `UPDATE users SET email = NULL, email_normalized = NULL, full_name = NULL, password_hash = NULL,
            mfa_secret_sealed = NULL, mfa_pending_secret_sealed = NULL, mfa_enrolled_at = NULL,
            token_version = token_version + 1, deleted_at = now(), updated_at = now()
      WHERE id = $1 RETURNING ${userColumns}`,
    [id],
  );
  return result.rows[0]!;
}
