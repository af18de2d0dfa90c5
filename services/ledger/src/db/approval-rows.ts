import { approvableCommand, type Actor, type ApprovalStatus } from '@coin/contracts';
import type { ApprovalState } from '../domain/approvals';

/** An approval_requests row as the ledger reads it (timestamps may arrive as ISO text inside JSON). */
export interface ApprovalDbRow {
  id: string;
  command: unknown;
  requested_by: Actor;
  status: ApprovalStatus;
  created_at: Date | string;
  expires_at: Date | string;
  updated_at: Date | string;
  decided_by: Actor | null;
  rejection_reason: string | null;
  transaction_id: number | null;
}

export const approvalColumns =
  'id, command, requested_by, status, created_at, expires_at, updated_at, decided_by, rejection_reason, transaction_id';

/** The one mapping from a row to the ledger's state of a request; the stored command is parsed again, never trusted. */
export function approvalStateOf(row: ApprovalDbRow): ApprovalState {
  return {
    id: row.id,
    command: approvableCommand.parse(row.command),
    requestedBy: row.requested_by,
    status: row.status,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    updatedAt: new Date(row.updated_at),
    decidedBy: row.decided_by,
    rejectionReason: row.rejection_reason,
    transactionId: row.transaction_id,
  };
}
