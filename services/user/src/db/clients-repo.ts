import type { PlatformClient } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';

type Queryable = Pool | PoolClient;

/** A platform client as an operator may see it: never its secret's hash. */
export interface PlatformClientRow {
  id: string;
  name: string;
  created_at: Date;
  revoked_at: Date | null;
}

export async function insertPlatformClient(db: Queryable, input: { id: string; name: string; secretHash: string }): Promise<void> {
  await db.query('INSERT INTO platform_clients (id, name, secret_hash) VALUES ($1, $2, $3)', [input.id, input.name, input.secretHash]);
}

/** The API's view of a client row (libs/contracts `platformClient`). */
export function platformClientOf(row: PlatformClientRow): PlatformClient {
  return { id: row.id, name: row.name, createdAt: row.created_at.toISOString(), revokedAt: row.revoked_at?.toISOString() ?? null };
}

/** Inserts a client made by the gateway (the user command); null when the id is taken. */
export async function insertNewPlatformClient(
  db: Queryable,
  input: { id: string; name: string; secretHash: string },
): Promise<PlatformClient | null> {
  const result = await db.query<PlatformClientRow>(
    `INSERT INTO platform_clients (id, name, secret_hash) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO NOTHING RETURNING id, name, created_at, revoked_at`,
    [input.id, input.name, input.secretHash],
  );
  const row = result.rows[0];
  return row ? platformClientOf(row) : null;
}

export async function findActivePlatformClient(db: Queryable, id: string): Promise<{ id: string; secret_hash: string } | null> {
  const result = await db.query<{ id: string; secret_hash: string }>(
    'SELECT id, secret_hash FROM platform_clients WHERE id = $1 AND revoked_at IS NULL',
    [id],
  );
  return result.rows[0] ?? null;
}

/** Oldest first; revoked clients included (the listing is an audit too). */
export async function listPlatformClients(db: Queryable): Promise<PlatformClientRow[]> {
  const result = await db.query<PlatformClientRow>('SELECT id, name, created_at, revoked_at FROM platform_clients ORDER BY created_at, id');
  return result.rows;
}

/**
 * Marks the client revoked, keeping the first revocation time when it already was; null for an
 * unknown id. `revoked` tells whether this call revoked it.
 */
export async function revokePlatformClient(
  db: Queryable,
  id: string,
  now: Date,
): Promise<{ row: PlatformClientRow; revoked: boolean } | null> {
  const result = await db.query<PlatformClientRow & { revoked: boolean }>(
    `WITH updated AS (
       UPDATE platform_clients SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL
       RETURNING id, name, created_at, revoked_at
     )
     SELECT id, name, created_at, revoked_at, true AS revoked FROM updated
     UNION ALL
     SELECT id, name, created_at, revoked_at, false AS revoked FROM platform_clients WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM updated)`,
    [id, now],
  );
  const found = result.rows[0];
  if (!found) return null;
  const { revoked, ...row } = found;
  return { row, revoked };
}
