import type { Pool, PoolClient } from '@coin/db';

type Queryable = Pool | PoolClient;

export async function insertPlatformClient(db: Queryable, input: { id: string; name: string; secretHash: string }): Promise<void> {
  await db.query('INSERT INTO platform_clients (id, name, secret_hash) VALUES ($1, $2, $3)', [input.id, input.name, input.secretHash]);
}

export async function findActivePlatformClient(db: Queryable, id: string): Promise<{ id: string; secret_hash: string } | null> {
  const result = await db.query<{ id: string; secret_hash: string }>(
    'SELECT id, secret_hash FROM platform_clients WHERE id = $1 AND revoked_at IS NULL',
    [id],
  );
  return result.rows[0] ?? null;
}
