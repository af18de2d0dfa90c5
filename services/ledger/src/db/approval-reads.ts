import { ledgerCommandContracts, type ApprovableCommand, type ApprovalAct, type ApprovalStatus } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import type { ApprovalState } from '../domain/approvals';
import { approvalColumns, approvalStateOf, type ApprovalDbRow } from '../domain/kinds/approvals';

/** Reads of approval requests for the internal API and the expiry sweep; writes are the batch write's. */

type Queryable = Pick<PoolClient, 'query'>;

export async function findApproval(db: Queryable, id: string): Promise<ApprovalState | null> {
  const result = await db.query<ApprovalDbRow>(`SELECT ${approvalColumns} FROM approval_requests WHERE id = $1`, [id]);
  return result.rows[0] ? approvalStateOf(result.rows[0]) : null;
}

/** The types of the commands whose contract rows name `act`: what its requests hold. */
function typesHeldBy(act: ApprovalAct): string[] {
  return Object.entries(ledgerCommandContracts).flatMap(([type, row]) => (row.approvable && row.act === act ? [type] : []));
}

/**
 * A page of one four-eyes act's requests, newest first, with the total matching the filter: those
 * whose held command's contract row names the act (each shown as its act's view: money's as
 * Approvals, a payout's as PayoutApprovals, each other act's as its own).
 */
export async function listApprovals(
  db: Queryable,
  filter: { status?: ApprovalStatus | undefined; act: ApprovalAct; limit: number; offset: number },
): Promise<{ approvals: ApprovalState[]; total: number }> {
  const status = filter.status ?? null;
  const types = typesHeldBy(filter.act);
  const where = `($1::text IS NULL OR status = $1) AND (command->>'type') = ANY($2::text[])`;
  const [rows, counted] = await Promise.all([
    db.query<ApprovalDbRow>(
      `SELECT ${approvalColumns} FROM approval_requests WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [status, types, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::bigint AS total FROM approval_requests WHERE ${where}`, [status, types]),
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
