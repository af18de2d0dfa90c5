import { ledgerResults, requestApprovalCommand } from '@coin/contracts';
import { actOf, approvalSummary } from './acts/table';
import { approvedTarget, requestRefusal } from './approvable';
import { approvalAfter } from './replies';
import { accepted, pendingRequest } from './rules';
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
  // What its act's request reads: a refund's purchase, whose payer it would pay; a cash-out's
  // reversal, the cash-out; a commission change, the treasury.
  reads: ({ data }) => actOf(data.command).requestReads(data.command),
  decide(command, context) {
    // A request whose money would go to its requester is refused now, not parked for a second person;
    // so is one its act refuses from what it read (a cash-out not claimed, a treasury that cannot
    // keep the rule, a refund paying the people behind the key it was asked with).
    const held = command.data.command;
    const act = actOf(held);
    const refusal = requestRefusal(command, held) ?? act.requestRefusal(command, held, context);
    if (refusal) return refusal;
    return accepted({
      effects: [
        approvalEffect({
          approval: pendingRequest(command, held, context.now, context.policy, act.expiresAt?.(held, context.now, context.policy)),
          event: 'requested',
        }),
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
