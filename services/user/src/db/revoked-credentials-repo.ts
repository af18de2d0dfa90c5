import type { Pool } from '@coin/db';

type Queryable = Pick<Pool, 'query'>;

/** One kind of revoked credential as GET /internal/revocations answers it. */
export interface RevokedOfKind {
  revoked: number;
  ids: string[] | null;
}

/**
 * The revoked API keys and platform clients, for the gateways' in-memory revocation sets
 * (docs/DESIGN.md "A cache cannot grant"). A revocation is final and no row is ever deleted, so
 * the count of revoked rows only grows: a caller that says the count it holds gets the ids only
 * when the count moved (one cheap query per poll otherwise). The counts are read before the ids, so
 * ids read a moment later may hold one more, never one fewer. At most `idsMax` ids, the latest
 * revoked first: a cached grant lives seconds, so a revocation that many revocations ago needs no
 * set to be refused.
 */
export async function revokedCredentials(
  db: Queryable,
  known: { apiKeys: number; platformClients: number },
  idsMax: number,
): Promise<{ apiKeys: RevokedOfKind; platformClients: RevokedOfKind }> {
  const counts = await db.query<{ api_keys: number; platform_clients: number }>(
    `SELECT (SELECT count(*) FROM api_keys WHERE revoked_at IS NOT NULL)::int AS api_keys,
            (SELECT count(*) FROM platform_clients WHERE revoked_at IS NOT NULL)::int AS platform_clients`,
  );
  const { api_keys: apiKeys, platform_clients: platformClients } = counts.rows[0]!;
  const idsOf = async (table: 'api_keys' | 'platform_clients') => {
    const rows = await db.query<{ id: string }>(
      `SELECT id::text AS id FROM ${table} WHERE revoked_at IS NOT NULL ORDER BY revoked_at DESC, id LIMIT $1`,
      [idsMax],
    );
    return rows.rows.map((row) => row.id);
  };
  return {
    apiKeys: { revoked: apiKeys, ids: apiKeys === known.apiKeys ? null : await idsOf('api_keys') },
    platformClients: { revoked: platformClients, ids: platformClients === known.platformClients ? null : await idsOf('platform_clients') },
  };
}
