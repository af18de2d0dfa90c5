import type { ApprovalAct, TopicNames } from '@coin/contracts';
import type { AnyApprovalView, ApprovalChange, ApprovalState, ApprovalViewOf } from '../domain/approvals';
import { actOf } from '../domain/commands/acts/table';
import { approvalActOf } from '../domain/commands/approvable';
import type { OutboxBatchMessage } from '../domain/outbox-message';
import { cashoutReversalApprovalView } from './acts/cashout-reversal';
import { commissionChangeApprovalView } from './acts/commission-change';
import { approvalView } from './acts/money';
import { payoutApprovalView } from './acts/payout';

export { approvalView, cashoutReversalApprovalView, commissionChangeApprovalView, payoutApprovalView };

/**
 * The one home of the approval requests' views (API, replies and events), in coins: each four-eyes
 * act's view is its module's (views/acts/), keyed by the act the held-back command's row names, as
 * its domain module is (domain/commands/acts/table.ts). An act without its view here is a compile error.
 */
const viewOfAct: { [A in ApprovalAct]: (approval: ApprovalState) => ApprovalViewOf<A> } = {
  money: approvalView,
  payout: payoutApprovalView,
  'cashout-reversal': cashoutReversalApprovalView,
  'commission-change': commissionChangeApprovalView,
};

/** A request as replies and events show it: its act's view (an Approval only for money). */
export function anyApprovalView(approval: ApprovalState): AnyApprovalView {
  return viewOfAct[approvalActOf(approval.command)](approval);
}

/** The events of a request's change, as its act publishes them (its module's `messages`), from the request as its act shows it. */
export function approvalEvents(topics: TopicNames, change: ApprovalChange): OutboxBatchMessage[] {
  return actOf(change.approval.command).messages(topics, change, anyApprovalView(change.approval));
}
