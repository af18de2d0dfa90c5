import { approveCommand, ledgerResults, type Party, type SecondPersonWording } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { approvedCommand, userIdOfActor } from '../approvals';
import { actOf, approvalSummaryOf } from './acts/table';
import { approvalActOf, approvedReads, type ApprovedCommand } from './approvable';
import { transactionIdOf, transactionIdsOf } from './replies';
import {
  approvalNotFound,
  approvalNotPending,
  approvalOf,
  approverKeyRefusal,
  deciderFacts,
  notEligibleWording,
  paysPeopleBehindKeyDetail,
  reject,
  secondPersonRejection,
} from './rules';
import { peopleBehindKeyOf } from '../authors';
import { adminRefusal } from '../authors';
import type { Accepted } from '../state';
import type { ApprovalState } from '../approvals';
import type { CommandModule } from './types';
import { approvalChangesOf, approvalEffect } from '../kinds/approvals';

/** Whom the command an approval applied pays: each transaction's recipient, and whomever its act's approval pays besides (a reversal's payer). */
function beneficiariesOf(approval: ApprovalState, inner: Accepted): Array<Party | null> {
  const applied = inner.transaction ? [inner.transaction] : inner.lineTransactions;
  return [...applied.map((t) => t.to), ...actOf(approval.command).alsoPays(inner)];
}

/** The approval's words for the parts of the second person's rule it names its own way. */
const approverWording: SecondPersonWording = {
  requester: { detail: 'The ADMIN who requested this operation cannot approve it; another ADMIN+ must' },
  'self-dealing': { detail: 'An approver cannot approve a payment to themselves' },
  'people-behind': { detail: paysPeopleBehindKeyDetail },
};

/**
 * Applies a request's command, by an ADMIN+ who did not request it: the stored command is decided
 * as if its requester had sent it, and the request's status commits with the money move.
 */
export const approve: CommandModule<'ledger.approve'> = {
  type: 'ledger.approve',
  schema: approveCommand,
  result: ledgerResults['ledger.approve'],
  createsTransaction: true,
  // A payout's approval applies its lines, one transaction each; a cash-out's reversal and a commission change move nothing.
  transactionsOf: ({ data }) => (data.command === undefined ? 1 : actOf(data.command).transactions(data.command)),
  authorRefusal: adminRefusal,
  reads(command) {
    // The request; and what the command it applies reads (as its requester's; the approval step
    // adds to no window): the stored command, which the apply loads first when the approve names
    // only the request (withStoredRequest). One naming a request not found reads only that.
    const held = command.data.command;
    if (held === undefined) return { approvalIds: [command.data.approvalId] };
    const applied = approvedReads({ ...command, ...held } as ApprovedCommand);
    return {
      approvalIds: [command.data.approvalId],
      walletKeys: applied.walletKeys ?? [],
      ...(applied.holdIds === undefined ? {} : { holdIds: applied.holdIds }),
      ...(applied.refundTarget === undefined ? {} : { refundTarget: applied.refundTarget }),
    };
  },
  decide(command, context) {
    const { now } = context;
    const approval = approvalOf(context.state, command.data.approvalId, command.data.command, command.data.holds);
    if (!approval) return approvalNotFound(command.data.approvalId);
    const notPending = approvalNotPending(approval, now);
    if (notPending) return notPending;
    // The second person's rule from the act's row: not the requester, and a decider the row names
    // who held the role since before the request (the payees are judged once it is decided, below).
    const act = approvalActOf(approval.command);
    const eligible = deciderFacts(command, act, approval.createdAt);
    const wording = { ...approverWording, ...actOf(approval.command).wording, ...notEligibleWording(act) };
    const byRequester = secondPersonRejection({ decider: command.actor, requester: approval.requestedBy, now, ...eligible }, wording);
    if (byRequester) return byRequester;
    // Judged after the load: the approver's key must have the scope the stored command needs.
    const keyRefusal = approverKeyRefusal(command, approval.command);
    if (keyRefusal) return keyRefusal;
    const requestedBy = userIdOfActor(approval.requestedBy);
    const approvedBy = userIdOfActor(command.actor);
    if (requestedBy === null || approvedBy === null) return reject('FORBIDDEN', 'Only users approve and request approvals');
    // The stored command, decided now as if its requester had sent it directly: the same rules,
    // limits and checks; told the request and its approver (a rule and a cash-out record them).
    const inner = context.decideApproved(approvedCommand(approval, now), { request: approval, approver: command.actor });
    if (!inner.ok) return inner;
    // What the command applied: as many transactions as its act applies (a payout's lines all or
    // nothing, as decided), or none for an act that moves no coins (a cash-out's reversal releases
    // its hold to its payer, a commission change sets the rule).
    const applied = inner.transaction ? [inner.transaction] : inner.lineTransactions;
    const first = applied[0];
    if ((!first && actOf(approval.command).transactions(approval.command) > 0) || inner.parked) return inner;
    // Whom it pays is known once it is decided: never the approver, nor (the approval is made with
    // the approver's key) the people behind that key.
    const paid = beneficiariesOf(approval, inner).map((to) => (to?.kind === 'user' ? to.userId : null));
    const paysSecond = secondPersonRejection(
      { decider: command.actor, requester: approval.requestedBy, now, paid, peopleBehind: peopleBehindKeyOf(command), ...eligible },
      wording,
    );
    if (paysSecond) return paysSecond;
    // Every transaction the approval applies names it: the request, who asked, who approved, and
    // its own place among them (a payout's lines, a split refund's commission leg beside the refund).
    const named = (leg: number) => ({ id: approval.id, requestedBy, approvedBy, leg });
    const firstLineLeg = inner.transaction ? 1 : 0;
    return {
      ...inner,
      transaction: inner.transaction ? { ...inner.transaction, approval: named(0) } : null,
      lineTransactions: inner.lineTransactions.map((t, i) => ({ ...t, approval: named(firstLineLeg + i) })),
      // The request last among the effects: its messages follow those of what it applied (a reversal: its hold's release).
      effects: [
        ...inner.effects,
        approvalEffect({
          approval: { ...approval, status: 'APPROVED', decidedBy: command.actor, transactionId: first?.id ?? null, updatedAt: now },
          event: 'approved',
        }),
      ],
    };
  },
  reply(input) {
    const change = approvalChangesOf(input.decision)[0];
    if (!change) throw new InvariantViolation('an approval accepted without its request');
    // Its act's answer, with the request as its act's view shows it (the views are keyed by the same act).
    return actOf(change.approval.command).reply(input, change.approval, input.views.approval(change.approval));
  },
  // One record: the approval, naming the transaction(s) it applied (the money move is the approval's).
  audit: ({ data }, applied) => ({
    action: 'approval.approve',
    target: `approval:${data.approvalId}`,
    summary: { ...approvalSummaryOf(data.command), ...transactionIdOf(applied), ...transactionIdsOf(applied) },
  }),
};
