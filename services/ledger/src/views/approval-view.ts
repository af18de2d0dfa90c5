import type { Approval } from '@coin/contracts';
import type { ApprovalState } from '../domain/approvals';
import { approvedCommandView } from '../domain/commands/approvable';

/** The one home of the Approval view (API, replies and coin.approvals events), in coins; the held-back command is shown by its module. */
export function approvalView(approval: ApprovalState): Approval {
  return {
    id: approval.id,
    status: approval.status,
    command: approvedCommandView(approval.command),
    requestedBy: approval.requestedBy,
    createdAt: approval.createdAt.toISOString(),
    expiresAt: approval.expiresAt.toISOString(),
    updatedAt: approval.updatedAt.toISOString(),
    decidedBy: approval.decidedBy,
    rejectionReason: approval.rejectionReason,
    transactionId: approval.transactionId,
  };
}
