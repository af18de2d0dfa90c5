import type { ApiKey, ApiKeyScopeName } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';

type Queryable = Pool | PoolClient;

interface ApiKeyRow {
  id: string;
  name: string;
  scopes: ApiKeyScopeName[];
  owner_user_id: number | null;
  created_at: Date;
  revoked_at: Date | null;
}

const columns = 'id, name, scopes, owner_user_id, created_at, revoked_at';

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    ownerUserId: row.owner_user_id,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
  };
}

export async function insertApiKey(
  db: Queryable,
  input: { id: string; name: string; scopes: ApiKeyScopeName[]; keyHash: string; createdBy: number | null; ownerUserId: number },
): Promise<ApiKey> {
  const result = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (id, name, scopes, key_hash, created_by, owner_user_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
    [input.id, input.name, input.scopes, input.keyHash, input.createdBy, input.ownerUserId],
  );
  return toApiKey(result.rows[0]!);
}

export async function listApiKeys(db: Queryable): Promise<ApiKey[]> {
  const result = await db.query<ApiKeyRow>(`SELECT ${columns} FROM api_keys ORDER BY created_at, id`);
  return result.rows.map(toApiKey);
}

/** Revokes a key (idempotently); null when no key has this id. Returns the hash so caches can drop it. */
export async function revokeApiKey(db: Queryable, id: string): Promise<{ keyHash: string } | null> {
  const result = await db.query<{ key_hash: string }>(
    'UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING key_hash',
    [id],
  );
  const row = result.rows[0];
  return row ? { keyHash: row.key_hash } : null;
}

/** An active key's grant: its id, scopes and owner (null: no one). */
export interface ActiveApiKey {
  id: string;
  scopes: ApiKeyScopeName[];
  ownerUserId: number | null;
}

export async function findActiveApiKeyByHash(db: Queryable, keyHash: string): Promise<ActiveApiKey | null> {
  const result = await db.query<{ id: string; scopes: ApiKeyScopeName[]; owner_user_id: number | null }>(
    'SELECT id, scopes, owner_user_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
    [keyHash],
  );
  const row = result.rows[0];
  return row ? { id: row.id, scopes: row.scopes, ownerUserId: row.owner_user_id } : null;
}
