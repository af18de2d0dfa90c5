import { ledgerResults, paysPerson, rejectApprovalCommand } from '@coin/contracts';
import { actOf, approvalSummaryOf } from './acts/table';
import { requestRefusal } from './approvable';
import { approvalAfter } from './replies';
import { accepted, approvalNotFound, approvalNotPending, approvalOf, selfDealing } from './rules';
import { adminRefusal } from '../authors';
import { approvalEffect } from '../kinds/approvals';
import { holdChangesOf } from '../kinds/holds';
import type { CommandModule } from './types';

/**
 * Refuses a pending request (ADMIN+, its requester included): its command is never applied. The
 * people its act says it is about decide it neither way: an unfreeze's wallet owner, and whoever
 * could not have asked for it because it pays them (a mint's, a reward's or a payout line's payee,
 * a reversed cash-out's payer, or, the rejection made with an API key, the people behind that key).
 */
export const rejectApproval: CommandModule<'ledger.reject-approval'> = {
  type: 'ledger.reject-approval',
  schema: rejectApprovalCommand,
  result: ledgerResults['ledger.reject-approval'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  // The request; and what asking for its command reads (a refund's purchase, a cash-out's hold),
  // to judge the rejecter as its asker would be: its stored command, loaded first (withStoredRequest).
  reads: ({ data }) => ({ approvalIds: [data.approvalId], ...(data.command ? actOf(data.command).requestReads(data.command) : {}) }),
  decide(command, context) {
    const approval = approvalOf(context.state, command.data.approvalId, command.data.command, command.data.holds);
    if (!approval) return approvalNotFound(command.data.approvalId);
    const notPending = approvalNotPending(approval, context.now);
    if (notPending) return notPending;
    const act = actOf(approval.command);
    if (paysPerson(command.actor, act.about?.(approval.command) ?? [])) {
      return selfDealing(act.wording?.['self-dealing']?.detail ?? 'No one decides a request about themselves');
    }
    // Asking for it would pay the rejecter: the same refusal (its other refusals judged the requester, when it was asked).
    const asAsker = requestRefusal(command, approval.command) ?? act.requestRefusal(command, approval.command, context);
    if (asAsker?.code === 'SELF_DEALING') return asAsker;
    return accepted({
      // What its act's rejection changes first (a cash-out's release), then the request: its events follow.
      effects: [
        ...(act.rejectionEffects?.(approval, context) ?? []),
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
  // The request; and the cash-out its rejection released, where it released one.
  reply: (input) => {
    const released = holdChangesOf(input.decision)[0];
    return { approval: approvalAfter(input), ...(released ? { cashout: input.views.cashout(released.hold) } : {}) };
  },
  audit: ({ data }) => ({
    action: 'approval.reject',
    target: `approval:${data.approvalId}`,
    summary: { ...approvalSummaryOf(data.command), rejectionReason: data.reason },
  }),
};
