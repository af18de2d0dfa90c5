import type { ApprovalStatus, UnfreezeStatus } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';
import type { UnfreezeStanding } from '../domain/freezes';
import { freezeOf, type FreezeState } from '../domain/kinds/freezes';

type Queryable = Pool | PoolClient;

export interface FreezeFilter {
  userId?: number | undefined;
  unfreezeStatus?: UnfreezeStatus | undefined;
  /** The ledger's clock: a pending request whose expiry is at or before it has lapsed. */
  now: Date;
  limit: number;
  offset: number;
}

export interface FrozenWallet {
  userId: number;
  freeze: FreezeState;
  /** Its standing request to lift it (domain/freezes.ts), or null. */
  request: UnfreezeStanding | null;
}

/**
 * A frozen wallet's standing request to lift it: the newest request of the unfreeze act asked
 * since it was frozen and not decided (PENDING, or lapsed). A rejected one stands no more; an
 * approved one lifted the freeze. The requests are approval requests, kept in the wallet's own
 * shard like every step of them (migrations/032 indexes them by wallet).
 */
const standingRequest = `LEFT JOIN LATERAL (
    SELECT a.id, a.requested_by, a.command->'data'->>'reason' AS reason, a.created_at, a.expires_at, a.status
      FROM approval_requests a
     WHERE a.command->>'type' = 'ledger.lift-freeze'
       AND (a.command->'data'->>'userId')::bigint = w.user_id
       AND a.created_at >= (w.freeze_state->>'frozenAt')::timestamptz
       AND a.status IN ('PENDING', 'EXPIRED')
     ORDER BY a.created_at DESC, a.id DESC
     LIMIT 1) r ON true`;
const pending = `(r.status = 'PENDING' AND r.expires_at > $2)`;
const matches = `w.freeze_state IS NOT NULL AND w.user_id IS NOT NULL
      AND ($3::bigint IS NULL OR w.user_id = $3)
      AND ($1::text IS NULL
        OR ($1 = 'NONE' AND r.id IS NULL)
        OR ($1 = 'PENDING' AND ${pending})
        OR ($1 = 'EXPIRED' AND r.id IS NOT NULL AND NOT ${pending}))`;

interface FrozenRow {
  user_id: string;
  freeze_state: unknown;
  request_id: string | null;
  requested_by: { id: string } | null;
  reason: string | null;
  created_at: Date | null;
  expires_at: Date | null;
  pending: boolean | null;
}

function standingOf(row: FrozenRow): UnfreezeStanding | null {
  if (row.request_id === null || !row.requested_by || row.reason === null || !row.created_at || !row.expires_at) return null;
  return {
    id: row.request_id,
    requestedBy: Number(row.requested_by.id),
    reason: row.reason,
    requestedAt: row.created_at,
    expiresAt: row.expires_at,
    status: row.pending ? 'PENDING' : 'EXPIRED',
  };
}

/** One shard's frozen wallets, newest freeze first, and how many match: the list an ADMIN+ finds unfreezes to approve in. */
export async function listFrozenWallets(db: Queryable, filter: FreezeFilter): Promise<{ wallets: FrozenWallet[]; total: number }> {
  const params = [filter.unfreezeStatus ?? null, filter.now, filter.userId ?? null];
  const result = await db.query<FrozenRow>(
    `SELECT w.user_id, w.freeze_state, r.id AS request_id, r.requested_by, r.reason, r.created_at, r.expires_at,
            ${pending} AS pending
       FROM wallets w ${standingRequest}
      WHERE ${matches}
      ORDER BY (w.freeze_state->>'frozenAt')::timestamptz DESC, w.user_id DESC
      LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  const counted = await db.query<{ total: string }>(`SELECT count(*) AS total FROM wallets w ${standingRequest} WHERE ${matches}`, params);
  const wallets = result.rows.map((row) => ({
    userId: Number(row.user_id),
    freeze: freezeOf(row.freeze_state) as FreezeState,
    request: standingOf(row),
  }));
  return { wallets, total: Number(counted.rows[0]?.total ?? 0) };
}

/**
 * The request a decision on `userId`'s unfreeze names, in its wallet's shard: its standing request
 * (the newest pending one not expired at `now`), else its newest of any status; null: none was
 * ever asked. A decision naming a decided one is refused as not pending, or, sent again with the
 * same Idempotency-Key, answered from its stored outcome.
 */
export async function findUnfreezeToDecide(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<{ id: string; status: ApprovalStatus } | null> {
  const result = await db.query<{ id: string; status: ApprovalStatus }>(
    `SELECT id, status FROM approval_requests
      WHERE command->>'type' = 'ledger.lift-freeze' AND (command->'data'->>'userId')::bigint = $1
      ORDER BY (status = 'PENDING' AND expires_at > $2) DESC, created_at DESC, id DESC
      LIMIT 1`,
    [userId, now],
  );
  return result.rows[0] ?? null;
}
