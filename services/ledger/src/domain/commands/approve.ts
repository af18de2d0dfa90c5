import { approveCommand, ledgerResults } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { approvedCommand, sameActor, userIdOfActor } from '../approvals';
import { approvalSummary, approvedReads, type ApprovedCommand } from './approvable';
import { transactionIdOf } from './replies';
import { approvalNotFound, approvalNotPending, approvalOf, paysActor, reject, selfDealing } from './rules';
import { adminRefusal } from '../authors';
import type { CommandModule } from './types';

/**
 * Applies a request's command, by an ADMIN+ who did not request it: the stored command is decided
 * as if its requester had sent it, and the request's status commits with the money move.
 */
export const approve: CommandModule<'ledger.approve'> = {
  type: 'ledger.approve',
  schema: approveCommand,
  result: ledgerResults['ledger.approve'],
  createsTransaction: true,
  authorRefusal: adminRefusal,
  reads(command) {
    // What the command it applies reads (as its requester's; the approval step adds to no window), and the request.
    const applied = approvedReads({ ...command, ...command.data.command } as ApprovedCommand);
    return {
      approvalIds: [command.data.approvalId],
      walletKeys: applied.walletKeys ?? [],
      ...(applied.refundTarget === undefined ? {} : { refundTarget: applied.refundTarget }),
    };
  },
  decide(command, context) {
    const { now } = context;
    const approval = approvalOf(context.state, command.data.approvalId, command.data.command);
    if (!approval) return approvalNotFound(command.data.approvalId);
    const notPending = approvalNotPending(approval, now);
    if (notPending) return notPending;
    if (sameActor(approval.requestedBy, command.actor)) {
      return reject('APPROVAL_BY_REQUESTER', 'The ADMIN who requested this operation cannot approve it; another ADMIN+ must');
    }
    const requestedBy = userIdOfActor(approval.requestedBy);
    const approvedBy = userIdOfActor(command.actor);
    if (requestedBy === null || approvedBy === null) return reject('FORBIDDEN', 'Only users approve and request approvals');
    // The stored command, decided now as if its requester had sent it directly: the same rules, limits and checks.
    const inner = context.decideApproved(approvedCommand(approval, now));
    if (!inner.ok || !inner.transaction) return inner;
    if (paysActor(command, inner.transaction.to)) return selfDealing('An approver cannot approve a payment to themselves');
    const transaction = { ...inner.transaction, approval: { id: approval.id, requestedBy, approvedBy } };
    return {
      ...inner,
      transaction,
      approvals: [
        {
          approval: { ...approval, status: 'APPROVED', decidedBy: command.actor, transactionId: transaction.id, updatedAt: now },
          event: 'approved',
        },
      ],
    };
  },
  reply({ decision, subject, views, xafRate }) {
    const change = decision.approvals[0];
    if (!decision.transaction || !subject || !change) throw new InvariantViolation('an approval accepted without its transaction');
    return {
      transaction: views.transaction(decision.transaction),
      wallet: views.wallet(subject, xafRate),
      approval: views.approval(change.approval),
    };
  },
  // One record: the approval, naming the transaction it applied (the money move is the approval's).
  audit: ({ data }, applied) => ({
    action: 'approval.approve',
    target: `approval:${data.approvalId}`,
    summary: { ...approvalSummary(data.command), ...transactionIdOf(applied) },
  }),
};
