import { ledgerResults, requestApprovalCommand } from '@coin/contracts';
import { approvalSummary, approvedTarget, requestRefusal } from './approvable';
import { approvalAfter } from './replies';
import { accepted, pendingRequest } from './rules';
import { adminRefusal } from '../authors';
import type { CommandModule } from './types';

/** Stores a money command as an approval request for a second ADMIN+ (docs/DESIGN.md "Approvals"). */
export const requestApproval: CommandModule<'ledger.request-approval'> = {
  type: 'ledger.request-approval',
  schema: requestApprovalCommand,
  result: ledgerResults['ledger.request-approval'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: () => ({}),
  decide(command, context) {
    // A request whose money would go to its requester is refused now, not parked for a second person.
    const refusal = requestRefusal(command, command.data.command);
    if (refusal) return refusal;
    return accepted({
      approvals: [{ approval: pendingRequest(command, command.data.command, context.now, context.policy), event: 'requested' }],
    });
  },
  reply: (input) => ({ approval: approvalAfter(input) }),
  audit(command, applied) {
    const approval = applied?.approvals[0]?.approval;
    return {
      action: 'approval.request',
      target: approval ? `approval:${approval.id}` : approvedTarget(command.data.command),
      summary: approvalSummary(command.data.command),
    };
  },
};
