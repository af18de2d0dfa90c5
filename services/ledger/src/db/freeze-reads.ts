import type { UnfreezeStatus } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';
import { freezeOf, type FreezeState } from '../domain/kinds/freezes';

type Queryable = Pool | PoolClient;

export interface FreezeFilter {
  unfreezeStatus?: UnfreezeStatus | undefined;
  /** Requests asked at or before this time have expired (now less the approval expiry): domain/freezes.ts unfreezeStanding. */
  expiredAtOrBefore: Date;
  limit: number;
  offset: number;
}

export interface FrozenWallet {
  userId: number;
  freeze: FreezeState;
}

const requestedAt = `(freeze_state->'unfreezeRequest'->>'requestedAt')::timestamptz`;
const matches = `freeze_state IS NOT NULL AND user_id IS NOT NULL AND (
      $1::text IS NULL
      OR ($1 = 'NONE' AND coalesce(jsonb_typeof(freeze_state->'unfreezeRequest'), 'null') = 'null')
      OR ($1 = 'PENDING' AND ${requestedAt} > $2)
      OR ($1 = 'EXPIRED' AND ${requestedAt} <= $2))`;

/** One shard's frozen wallets, newest freeze first, and how many match: the list an ADMIN+ finds unfreezes to approve in. */
export async function listFrozenWallets(db: Queryable, filter: FreezeFilter): Promise<{ wallets: FrozenWallet[]; total: number }> {
  const params = [filter.unfreezeStatus ?? null, filter.expiredAtOrBefore];
  const result = await db.query<{ user_id: string; freeze_state: unknown }>(
    `SELECT user_id, freeze_state FROM wallets WHERE ${matches}
      ORDER BY (freeze_state->>'frozenAt')::timestamptz DESC, user_id DESC
      LIMIT $3 OFFSET $4`,
    [...params, filter.limit, filter.offset],
  );
  const counted = await db.query<{ total: string }>(`SELECT count(*) AS total FROM wallets WHERE ${matches}`, params);
  const wallets = result.rows.map((row) => ({ userId: Number(row.user_id), freeze: freezeOf(row.freeze_state) as FreezeState }));
  return { wallets, total: Number(counted.rows[0]?.total ?? 0) };
}
