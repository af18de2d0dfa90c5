import type { ApprovalAct } from '@coin/contracts';
import type { AnyApprovalView, ApprovalState, ApprovalViewOf } from '../domain/approvals';
import { approvalActOf } from '../domain/commands/approvable';
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
