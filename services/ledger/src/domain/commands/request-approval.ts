import { ledgerResults, requestApprovalCommand, walletKeyOfTreasury } from '@coin/contracts';
import { approvalSummary, approvedTarget, holdsCommissionChange, holdsReversal, requestRefusal } from './approvable';
import { approvalAfter } from './replies';
import { accepted, paysPeopleBehindKey, paysPeopleBehindKeyDetail, pendingRequest, selfDealing } from './rules';
import { reversalRefusal } from './reverse-cashout';
import { commissionChangeRefusal } from './set-commission';
import { adminRefusal } from '../authors';
import { approvalChangesOf, approvalEffect } from '../kinds/approvals';
import type { CommandModule } from './types';

/** Stores a money command as an approval request for a second ADMIN+ (docs/design/ledger.md "Approvals"). */
export const requestApproval: CommandModule<'ledger.request-approval'> = {
  type: 'ledger.request-approval',
  schema: requestApprovalCommand,
  result: ledgerResults['ledger.request-approval'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  // A refund's purchase, whose payer it would pay (the people behind the requester's key are never paid).
  // A cash-out's reversal reads the cash-out: only a claimed, pending one is asked for. A
  // commission change reads the treasury: only one that can keep the rule is asked for.
  reads: ({ data }) => {
    if (data.command.type === 'ledger.refund') return { refundTarget: data.command.data.transactionId };
    if (holdsCommissionChange(data.command)) return { walletKeys: [walletKeyOfTreasury(data.command.data.treasury)] };
    return holdsReversal(data.command) ? { holdIds: [data.command.data.holdId] } : {};
  },
  decide(command, context) {
    // A request whose money would go to its requester is refused now, not parked for a second person.
    const refusal = requestRefusal(command, command.data.command);
    if (refusal) return refusal;
    if (holdsReversal(command.data.command)) {
      const notClaimed = reversalRefusal(context.state, command.data.command.data);
      if (notClaimed) return notClaimed;
    }
    if (holdsCommissionChange(command.data.command)) {
      const cannotKeep = commissionChangeRefusal(context, command.data.command.data);
      if (cannotKeep) return cannotKeep;
    }
    // So is one whose money would go to the people behind the key it was asked with: the key
    // proof is not kept with the request, so this is the one time it is judged. A refund pays
    // the purchase's payer; the approval judges the purchase itself.
    const asked = command.data.command;
    const payer = asked.type === 'ledger.refund' ? (context.state.refundTargets.get(asked.data.transactionId)?.fromUserId ?? null) : null;
    if (payer !== null && paysPeopleBehindKey(command, { kind: 'user', userId: payer })) return selfDealing(paysPeopleBehindKeyDetail);
    return accepted({
      effects: [
        approvalEffect({ approval: pendingRequest(command, command.data.command, context.now, context.policy), event: 'requested' }),
      ],
    });
  },
  reply: (input) => ({ approval: approvalAfter(input) }),
  audit(command, applied) {
    const approval = applied ? approvalChangesOf(applied)[0]?.approval : undefined;
    return {
      action: 'approval.request',
      target: approval ? `approval:${approval.id}` : approvedTarget(command.data.command),
      summary: approvalSummary(command.data.command),
    };
  },
};
