import type { ApprovableCommand, ApprovalStatus } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import type { ApprovalState } from '../domain/approvals';
import { approvalColumns, approvalStateOf, type ApprovalDbRow } from './approval-rows';

/** Reads of approval requests for the internal API and the expiry sweep; writes are the batch write's. */

type Queryable = Pick<PoolClient, 'query'>;

export async function findApproval(db: Queryable, id: string): Promise<ApprovalState | null> {
  const result = await db.query<ApprovalDbRow>(`SELECT ${approvalColumns} FROM approval_requests WHERE id = $1`, [id]);
  return result.rows[0] ? approvalStateOf(result.rows[0]) : null;
}

/**
 * A page of requests, newest first, with the total matching the filter: those holding a payout
 * (`payouts`, shown as PayoutApprovals) or all the others but a cash-out's reversal and a
 * commission change, which are no Approvals (`approvals`, shown as Approvals).
 */
export async function listApprovals(
  db: Queryable,
  filter: { status?: ApprovalStatus | undefined; kind: 'approvals' | 'payouts'; limit: number; offset: number },
): Promise<{ approvals: ApprovalState[]; total: number }> {
  const status = filter.status ?? null;
  const payouts = filter.kind === 'payouts';
  const where = `($1::text IS NULL OR status = $1) AND ((command->>'type') = 'ledger.payout') = $2
    AND (command->>'type') IS DISTINCT FROM 'ledger.reverse-cashout' AND (command->>'type') IS DISTINCT FROM 'ledger.set-commission'`;
  const [rows, counted] = await Promise.all([
    db.query<ApprovalDbRow>(
      `SELECT ${approvalColumns} FROM approval_requests WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [status, payouts, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::bigint AS total FROM approval_requests WHERE ${where}`, [status, payouts]),
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
