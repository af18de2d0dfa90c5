import type { CashoutApprovalFilter, CashoutStatus, ReconciliationLine } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import type { HoldState } from '../domain/ledger';
import { holdColumns, holdStateOf, type HoldDbRow } from '../domain/kinds/holds';

/** Reads of cash-outs (holds with terms, docs/CONTRACT.md "Cash-out") for the queue and the reconciliation. */

type Queryable = Pick<PoolClient, 'query'>;

/** A cash-out state as the holds row keeps it: its hold's status and, for a void, the provider's word. */
const statusWhere: Record<CashoutStatus, string> = {
  REQUESTED: "status = 'PENDING' AND cashout->>'claimedBy' IS NULL",
  CLAIMED: "status = 'PENDING' AND cashout->>'claimedBy' IS NOT NULL AND cashout->>'overdueAt' IS NULL",
  CLAIM_OVERDUE: "status = 'PENDING' AND cashout->>'claimedBy' IS NOT NULL AND cashout->>'overdueAt' IS NOT NULL",
  CONFIRMED: "status = 'CAPTURED'",
  FAILED: "status = 'VOIDED' AND cashout->>'outcome' = 'FAILED'",
  RELEASED: "status = 'VOIDED' AND cashout->>'outcome' IS NULL",
  EXPIRED: "status = 'EXPIRED'",
};

/** A cash-out waiting for its second person (above the four-eyes threshold, not approved yet). */
const awaitingSecondPerson =
  "coalesce(jsonb_typeof(cashout->'secondPerson') = 'object' AND cashout->'secondPerson'->'approvedBy' = 'null'::jsonb, false)";
const approvalWhere: Record<CashoutApprovalFilter, string> = {
  PENDING: awaitingSecondPerson,
  CLEARED: `NOT ${awaitingSecondPerson}`,
};

/** The provider a cash-out is counted under: its claimer, else the provider its user named (NULL: none). */
const providerOf = "coalesce(cashout->>'claimedBy', cashout->>'providerClientId')";

/**
 * A provider's queue: the cash-outs it claimed, and the REQUESTED ones it may claim (unclaimed,
 * naming it or no provider, not waiting for their second person: no provider may claim one
 * before an ADMIN+ approved it, and not of a frozen wallet: no provider may claim those either). Whether it is granted `cashout` is the gateway's check, from its token.
 */
const assignedWhere = `($2::text IS NULL OR cashout->>'claimedBy' = $2
  OR (status = 'PENDING' AND cashout->>'claimedBy' IS NULL AND coalesce(cashout->>'providerClientId', $2) = $2
    AND NOT ${awaitingSecondPerson}
    AND NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = holds.from_user_id AND w.freeze_state IS NOT NULL)))`;

export interface CashoutFilter {
  status?: CashoutStatus | undefined;
  /** The claimer, else the provider named. */
  providerClientId?: string | undefined;
  /** A provider's queue (see assignedWhere). */
  assignedTo?: string | undefined;
  /** A payer's own cash-outs. */
  fromUserId?: number | undefined;
  approval?: CashoutApprovalFilter | undefined;
  limit: number;
  offset: number;
}

/** A page of cash-outs, newest first, with the total matching the filter. */
export async function listCashouts(db: Queryable, filter: CashoutFilter): Promise<{ cashouts: HoldState[]; total: number }> {
  const where = `cashout IS NOT NULL AND ($1::text IS NULL OR ${providerOf} = $1) AND ${assignedWhere}
    AND ($3::bigint IS NULL OR from_user_id = $3)${
      filter.status ? ` AND ${statusWhere[filter.status]}` : ''
    }${filter.approval ? ` AND ${approvalWhere[filter.approval]}` : ''}`;
  const named = [filter.providerClientId ?? null, filter.assignedTo ?? null, filter.fromUserId ?? null];
  const rows = await db.query<HoldDbRow>(
    `SELECT ${holdColumns} FROM holds WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
    [...named, filter.limit, filter.offset],
  );
  const counted = await db.query<{ total: string }>(`SELECT count(*)::bigint AS total FROM holds WHERE ${where}`, named);
  return { cashouts: rows.rows.map(holdStateOf), total: Number(counted.rows[0]?.total ?? 0) };
}

/**
 * A claimed cash-out whose payer's wallet was frozen before it was claimed (or whose claim time is
 * unknown): its provider's CONFIRMED is refused. The payer's wallet is on the cash-out's shard.
 */
const claimedOnceFrozen = `cashout->>'claimedBy' IS NOT NULL AND EXISTS (
  SELECT 1 FROM wallets w WHERE w.user_id = holds.from_user_id AND w.freeze_state IS NOT NULL
    AND (holds.cashout->>'claimedAt' IS NULL OR (holds.cashout->>'claimedAt')::timestamptz >= (w.freeze_state->>'frozenAt')::timestamptz))`;

interface ReconciliationRow {
  day: string;
  provider: string | null;
  requested: string;
  requested_xaf: string;
  confirmed: string;
  confirmed_minor: string;
  confirmed_xaf: string;
  failed: string;
  expired: string;
  released: string;
  pending: string;
  claimed: string;
  overdue: string;
  frozen: string;
}

/**
 * One shard's cash-outs asked for from `from` to `to` (UTC days, both included), by provider (the
 * claimer, else the provider named, else NULL) and day: how many, and what became of them. Counts and sums are exact integers (bigint as text).
 */
export async function reconcileCashouts(
  db: Queryable,
  range: { from: string; to: string; providerClientId?: string | undefined },
): Promise<Array<Omit<ReconciliationLine, 'confirmedCoins'> & { confirmedMinor: number }>> {
  const result = await db.query<ReconciliationRow>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            ${providerOf} AS provider,
            count(*) AS requested,
            sum((cashout->>'xafAmount')::bigint) AS requested_xaf,
            count(*) FILTER (WHERE status = 'CAPTURED') AS confirmed,
            coalesce(sum(amount) FILTER (WHERE status = 'CAPTURED'), 0) AS confirmed_minor,
            coalesce(sum((cashout->>'xafAmount')::bigint) FILTER (WHERE status = 'CAPTURED'), 0) AS confirmed_xaf,
            count(*) FILTER (WHERE status = 'VOIDED' AND cashout->>'outcome' = 'FAILED') AS failed,
            count(*) FILTER (WHERE status = 'EXPIRED') AS expired,
            count(*) FILTER (WHERE status = 'VOIDED' AND cashout->>'outcome' IS NULL) AS released,
            count(*) FILTER (WHERE status = 'PENDING') AS pending,
            count(*) FILTER (WHERE status = 'PENDING' AND cashout->>'claimedBy' IS NOT NULL) AS claimed,
            count(*) FILTER (WHERE status = 'PENDING' AND cashout->>'overdueAt' IS NOT NULL) AS overdue,
            count(*) FILTER (WHERE status = 'PENDING' AND ${claimedOnceFrozen}) AS frozen
       FROM holds
      WHERE cashout IS NOT NULL
        AND created_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
        AND created_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
        AND ($3::text IS NULL OR ${providerOf} = $3)
      GROUP BY 1, 2`,
    [range.from, range.to, range.providerClientId ?? null],
  );
  return result.rows.map((r) => ({
    day: r.day,
    providerClientId: r.provider,
    requested: Number(r.requested),
    requestedXaf: Number(r.requested_xaf),
    confirmed: Number(r.confirmed),
    confirmedMinor: Number(r.confirmed_minor),
    confirmedXaf: Number(r.confirmed_xaf),
    failed: Number(r.failed),
    expired: Number(r.expired),
    released: Number(r.released),
    pending: Number(r.pending),
    claimed: Number(r.claimed),
    overdue: Number(r.overdue),
    frozen: Number(r.frozen),
  }));
}
