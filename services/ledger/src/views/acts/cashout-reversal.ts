import type { CashoutReversalApproval } from '@coin/contracts';
import type { ApprovalState } from '../../domain/approvals';
import { heldBy } from '../../domain/commands/acts/table';
import { requestMembers } from './members';

/** The CashoutReversalApproval view of a request holding a cash-out's reversal (API and replies). */
export function cashoutReversalApprovalView(approval: ApprovalState): CashoutReversalApproval {
  const command = heldBy('cashout-reversal', approval);
  const { id, status, ...rest } = requestMembers(approval);
  return {
    id,
    status,
    reversal: { cashoutId: command.data.holdId, userId: command.data.fromUserId, reason: command.data.reason },
    ...rest,
  };
}
