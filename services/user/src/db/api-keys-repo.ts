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

/** The inserted key, or null when its id or hash is taken (a key approved twice cannot be: its request is decided once). */
export async function insertApiKey(
  db: Queryable,
  input: {
    id: string;
    name: string;
    scopes: ApiKeyScopeName[];
    keyHash: string;
    createdBy: number | null;
    ownerUserId: number;
    approvedBy?: number | null;
  },
): Promise<ApiKey | null> {
  const result = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (id, name, scopes, key_hash, created_by, owner_user_id, approved_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT DO NOTHING RETURNING ${columns}`,
    [input.id, input.name, input.scopes, input.keyHash, input.createdBy, input.ownerUserId, input.approvedBy ?? null],
  );
  return result.rows[0] ? toApiKey(result.rows[0]) : null;
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

/** An active key's grant: its id, scopes and owner (null: no one), and the people behind it (no payment made with it goes to them). */
export interface ActiveApiKey {
  id: string;
  scopes: ApiKeyScopeName[];
  ownerUserId: number | null;
  createdBy: number | null;
  approvedBy: number | null;
}

export async function findActiveApiKeyByHash(db: Queryable, keyHash: string): Promise<ActiveApiKey | null> {
  const result = await db.query<{
    id: string;
    scopes: ApiKeyScopeName[];
    owner_user_id: string | number | null;
    created_by: string | null;
    approved_by: string | null;
  }>('SELECT id, scopes, owner_user_id, created_by, approved_by FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL', [keyHash]);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    scopes: row.scopes,
    ownerUserId: row.owner_user_id === null ? null : Number(row.owner_user_id),
    createdBy: row.created_by === null ? null : Number(row.created_by),
    approvedBy: row.approved_by === null ? null : Number(row.approved_by),
  };
}
