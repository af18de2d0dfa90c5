import type { CommissionChangeApproval } from '@coin/contracts';
import type { ApprovalState } from '../../domain/approvals';
import { heldBy } from '../../domain/commands/acts/table';
import { commissionRuleShown } from '../../domain/commands/set-commission';
import { requestMembers } from './members';

/** The CommissionChangeApproval view of a request holding a commission rule's change (API and replies). */
export function commissionChangeApprovalView(approval: ApprovalState): CommissionChangeApproval {
  const { treasury, clientId, rule, reason } = heldBy('commission-change', approval).data;
  const { id, status, ...rest } = requestMembers(approval);
  return { id, status, change: { treasury, clientId, rule: commissionRuleShown(rule), reason: reason ?? null }, ...rest };
}
