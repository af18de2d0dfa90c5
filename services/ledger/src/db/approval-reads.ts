import type { ApprovableCommand, ApprovalStatus } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import type { ApprovalState } from '../domain/approvals';
import { approvalColumns, approvalStateOf, type ApprovalDbRow } from '../domain/kinds/approvals';

/** Reads of approval requests for the internal API and the expiry sweep; writes are the batch write's. */

type Queryable = Pick<PoolClient, 'query'>;

export async function findApproval(db: Queryable, id: string): Promise<ApprovalState | null> {
  const result = await db.query<ApprovalDbRow>(`SELECT ${approvalColumns} FROM approval_requests WHERE id = $1`, [id]);
  return result.rows[0] ? approvalStateOf(result.rows[0]) : null;
}

/** The kinds of request listed apart, by the type of the command each holds; `approvals` are all the others (shown as Approvals). */
const listedApart = {
  payouts: 'ledger.payout',
  'commission-changes': 'ledger.set-commission',
  'cashout-reversals': 'ledger.reverse-cashout',
} as const;
export type RequestKind = 'approvals' | keyof typeof listedApart;

/**
 * A page of requests of one kind, newest first, with the total matching the filter: those holding
 * a payout (`payouts`, shown as PayoutApprovals), a commission rule's change or a cash-out's
 * reversal (each shown as its own view), or all the others (`approvals`, shown as Approvals).
 */
export async function listApprovals(
  db: Queryable,
  filter: { status?: ApprovalStatus | undefined; kind: RequestKind; limit: number; offset: number },
): Promise<{ approvals: ApprovalState[]; total: number }> {
  const status = filter.status ?? null;
  const apart = Object.values(listedApart);
  const [ofKind, types] = filter.kind === 'approvals' ? [false, apart] : [true, [listedApart[filter.kind]]];
  // $2: whether the command's type is one of $3 (a kind listed apart) or none of them (the Approvals).
  const where = `($1::text IS NULL OR status = $1) AND coalesce((command->>'type') = ANY($3::text[]), false) = $2`;
  const [rows, counted] = await Promise.all([
    db.query<ApprovalDbRow>(
      `SELECT ${approvalColumns} FROM approval_requests WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [status, ofKind, types, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::bigint AS total FROM approval_requests WHERE ${where}`, [status, ofKind, types]),
  ]);
  return { approvals: rows.rows.map(approvalStateOf), total: Number(counted.rows[0]?.total ?? 0) };
}

/** Pending requests past their expiry, oldest first, with the command each is keyed by. */
export async function dueApprovals(db: Queryable, now: Date, limit: number): Promise<Array<{ id: string; command: ApprovableCommand }>> {
  const result = await db.query<ApprovalDbRow>(
    `SELECT ${approvalColumns} FROM approval_requests WHERE status = 'PENDING' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return result.rows.map(approvalStateOf).map((a) => ({ id: a.id, command: a.command }));
}
