import { ledgerResults, rejectApprovalCommand } from '@coin/contracts';
import { approvalSummaryOf } from './acts/table';
import { approvalAfter } from './replies';
import { accepted, approvalNotFound, approvalNotPending, approvalOf } from './rules';
import { adminRefusal } from '../authors';
import { approvalEffect } from '../kinds/approvals';
import type { CommandModule } from './types';

/** Refuses a pending request (ADMIN+, its requester included): its command is never applied. */
export const rejectApproval: CommandModule<'ledger.reject-approval'> = {
  type: 'ledger.reject-approval',
  schema: rejectApprovalCommand,
  result: ledgerResults['ledger.reject-approval'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ approvalIds: [data.approvalId] }),
  decide(command, context) {
    const approval = approvalOf(context.state, command.data.approvalId, command.data.command, command.data.holds);
    if (!approval) return approvalNotFound(command.data.approvalId);
    const notPending = approvalNotPending(approval, context.now);
    if (notPending) return notPending;
    return accepted({
      effects: [
        approvalEffect({
          approval: {
            ...approval,
            status: 'REJECTED',
            decidedBy: command.actor,
            rejectionReason: command.data.reason,
            updatedAt: context.now,
          },
          event: 'rejected',
        }),
      ],
    });
  },
  reply: (input) => ({ approval: approvalAfter(input) }),
  audit: ({ data }) => ({
    action: 'approval.reject',
    target: `approval:${data.approvalId}`,
    summary: { ...approvalSummaryOf(data.command), rejectionReason: data.reason },
  }),
};
