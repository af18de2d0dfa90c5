import { expireApprovalCommand, ledgerResults } from '@coin/contracts';
import { approvalChangesOf, approvalEffect } from '../kinds/approvals';
import { decidedKindOf } from './decided-kinds';
import { accepted, approvalNotFound, approvalOf } from './rules';
import type { CommandModule } from './types';

/** The expiry sweep's end of a pending request past its expiry (the ledger's own command). */
export const expireApproval: CommandModule<'ledger.expire-approval'> = {
  type: 'ledger.expire-approval',
  schema: expireApprovalCommand,
  result: ledgerResults['ledger.expire-approval'],
  createsTransaction: false,
  // The ledger's own commands, and opening a wallet (a stranger who just registered): no author to judge.
  authorRefusal: () => null,
  reads: ({ data }) => ({ approvalIds: [data.approvalId] }),
  decide(command, context) {
    // The sweep expires every kind of request, a cash-out's reversal and a commission change included.
    const approval = approvalOf(context.state, command.data.approvalId, command.data.command, decidedKindOf(command.data.command));
    if (!approval) return approvalNotFound(command.data.approvalId);
    if (approval.status !== 'PENDING' || context.now < approval.expiresAt) return accepted({});
    return accepted({
      effects: [approvalEffect({ approval: { ...approval, status: 'EXPIRED', updatedAt: context.now }, event: 'expired' })],
    });
  },
  reply: ({ decision, views }) => {
    const [expired] = approvalChangesOf(decision);
    return { approval: expired ? views.approval(expired.approval) : null, expired: expired !== undefined };
  },
  audit: () => null,
};
