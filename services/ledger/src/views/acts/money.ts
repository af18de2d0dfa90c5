import type { Approval } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { ApprovalState } from '../../domain/approvals';
import { heldBy } from '../../domain/commands/acts/table';
import { approvedCommandView } from '../../domain/commands/approvable';
import { requestMembers } from './members';

/** The Approval view of a request holding a MINT, BURN, REWARD or REFUND: the held-back command shown by its module. */
export function approvalView(approval: ApprovalState): Approval {
  const command = approvedCommandView(heldBy('money', approval));
  if (!command) throw new InvariantViolation(`approval ${approval.id} holds a command without its Approval view`);
  const { id, status, ...rest } = requestMembers(approval);
  return { id, status, command, ...rest };
}
