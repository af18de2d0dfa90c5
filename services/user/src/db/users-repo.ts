import type { Pool, PoolClient } from '@coin/db';
import type { UserRow } from '../domain/users';

const userColumns = 'id, email, full_name, role, is_verified, token_version, created_at';

type Queryable = Pool | PoolClient;

export async function insertUser(
  db: Queryable,
  input: { email: string; emailNormalized: string; fullName: string; passwordHash: string; role?: string },
): Promise<UserRow | null> {
  const result = await db.query<UserRow>(
    `INSERT INTO users (email, email_normalized, full_name, password_hash, role)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email_normalized) DO NOTHING
     RETURNING ${userColumns}`,
    [input.email, input.emailNormalized, input.fullName, input.passwordHash, input.role ?? 'USER'],
  );
  return result.rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | null> {
  const result = await db.query<UserRow>(`SELECT ${userColumns} FROM users WHERE id = $1`, [id]);
  return result.rows[0] ?? null;
}

export async function findCredentialsByEmail(
  db: Queryable,
  emailNormalized: string,
): Promise<(UserRow & { password_hash: string }) | null> {
  const result = await db.query<UserRow & { password_hash: string }>(
    `SELECT ${userColumns}, password_hash FROM users WHERE email_normalized = $1`,
    [emailNormalized],
  );
  return result.rows[0] ?? null;
}
