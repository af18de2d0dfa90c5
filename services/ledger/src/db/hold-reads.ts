import type { HoldStatus } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import type { HoldState } from '../domain/ledger';
import { holdColumns, holdStateOf, type HoldDbRow } from '../domain/kinds/holds';

/** Reads of holds for the internal API and the expiry sweep; writes are the batch write's. */

type Queryable = Pick<PoolClient, 'query'>;

export async function findHold(db: Queryable, id: string): Promise<HoldState | null> {
  const result = await db.query<HoldDbRow>(`SELECT ${holdColumns} FROM holds WHERE id = $1`, [id]);
  return result.rows[0] ? holdStateOf(result.rows[0]) : null;
}

export interface HoldFilter {
  fromUserId?: number | undefined;
  status?: HoldStatus | undefined;
  /** The holds this platform client settles (the settler their payer named, or its sandbox holds). */
  settlerClientId?: string | undefined;
  limit: number;
  offset: number;
}

/** A page of holds, newest first, with the total matching the filter. */
export async function listHolds(db: Queryable, filter: HoldFilter): Promise<{ holds: HoldState[]; total: number }> {
  const matching = `($1::bigint IS NULL OR from_user_id = $1) AND ($2::text IS NULL OR status = $2)
    AND ($3::text IS NULL OR settler_client_id = $3)`;
  const params = [filter.fromUserId ?? null, filter.status ?? null, filter.settlerClientId ?? null];
  const result = await db.query<HoldDbRow & { total: number }>(
    `SELECT ${holdColumns}, count(*) OVER () AS total FROM holds WHERE ${matching}
      ORDER BY created_at DESC, id DESC
      LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  let total = result.rows[0]?.total;
  if (total === undefined) {
    // An offset past the end returns no row to carry the count.
    const counted = await db.query<{ total: number }>(`SELECT count(*)::bigint AS total FROM holds WHERE ${matching}`, params);
    total = counted.rows[0]?.total ?? 0;
  }
  return { holds: result.rows.map(holdStateOf), total: Number(total) };
}

/** A claimed cash-out the sweep already marked overdue (CLAIM_OVERDUE) is left for its provider and an operator, not swept again. */
const notOverdue = `(cashout IS NULL OR cashout->>'overdueAt' IS NULL)`;

/** Pending holds past their expiry, oldest first: what the expiry sweep turns into commands. */
export async function dueHolds(db: Queryable, now: Date, limit: number): Promise<Array<{ id: string; fromUserId: number }>> {
  const result = await db.query<{ id: string; from_user_id: number }>(
    `SELECT id, from_user_id FROM holds WHERE status = 'PENDING' AND expires_at <= $1 AND ${notOverdue} ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return result.rows.map((r) => ({ id: r.id, fromUserId: r.from_user_id }));
}

/**
 * The sandbox's due holds (docs/decisions/0018-sandbox.md "The test clock"): a hold is judged at
 * wall time plus the test clock of the client that settles it (none: wall time), and names that
 * clock so its expiry command reads the same offset when the partition decides it.
 */
export async function dueHoldsByTestClock(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; fromUserId: number; clockOf?: string }>> {
  const result = await db.query<{ id: string; from_user_id: number; clock_of: string | null }>(
    `SELECT h.id, h.from_user_id, c.client_id AS clock_of
       FROM holds h LEFT JOIN test_clocks c ON c.client_id = h.settler_client_id
      WHERE h.status = 'PENDING' AND h.expires_at <= $1::timestamptz + make_interval(secs => coalesce(c.offset_seconds, 0))
        AND (h.cashout IS NULL OR (h.cashout->>'overdueAt' IS NULL AND NOT h.cashout ? 'test'))
      ORDER BY h.expires_at LIMIT $2`,
    [now, limit],
  );
  return result.rows.map((r) => ({ id: r.id, fromUserId: r.from_user_id, ...(r.clock_of ? { clockOf: r.clock_of } : {}) }));
}

/**
 * The sandbox's test cash-outs due to be settled (docs/decisions/0018-sandbox.md "Cash-outs in the
 * sandbox"): pending, their settle time passed on the test clock of the client that settles them,
 * which each names so its settle command reads the same offset when the partition decides it.
 */
export async function dueTestCashouts(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; fromUserId: number; clockOf?: string }>> {
  const result = await db.query<{ id: string; from_user_id: number; clock_of: string | null }>(
    `SELECT h.id, h.from_user_id, c.client_id AS clock_of
       FROM holds h LEFT JOIN test_clocks c ON c.client_id = h.settler_client_id
      WHERE h.status = 'PENDING' AND h.cashout ? 'test'
        AND (h.cashout->'test'->>'settleAt')::timestamptz <= $1::timestamptz + make_interval(secs => coalesce(c.offset_seconds, 0))
      ORDER BY h.created_at LIMIT $2`,
    [now, limit],
  );
  return result.rows.map((r) => ({ id: r.id, fromUserId: r.from_user_id, ...(r.clock_of ? { clockOf: r.clock_of } : {}) }));
}
