import type { ApprovalState } from '../../approvals';

/** The members every act's view of a request shares, in coins and ISO times. */
export function requestMembers(approval: ApprovalState) {
  return {
    id: approval.id,
    status: approval.status,
    requestedBy: approval.requestedBy,
    createdAt: approval.createdAt.toISOString(),
    expiresAt: approval.expiresAt.toISOString(),
    updatedAt: approval.updatedAt.toISOString(),
    decidedBy: approval.decidedBy,
    rejectionReason: approval.rejectionReason,
    transactionId: approval.transactionId,
  };
}
