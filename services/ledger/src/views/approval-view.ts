import type { TopicNames } from '@coin/contracts';
import type { AnyApprovalView, ApprovalChange, ApprovalState } from '../domain/approvals';
import { actOf, actView } from '../domain/commands/acts/table';
import type { OutboxBatchMessage } from '../domain/outbox-message';

/**
 * The one home of the approval requests' views (API, replies and events), in coins: each four-eyes
 * act's view is its module's (`view`, domain/commands/acts/<act>.ts), found by the act the
 * held-back command's row names in the acts' table, so no act is listed here.
 */

/** A request as replies and events show it: its act's view (an Approval only for money). */
export function anyApprovalView(approval: ApprovalState): AnyApprovalView {
  return actOf(approval.command).view(approval);
}

/** The events of a request's change, as its act publishes them (its module's `messages`), from the request as its act shows it. */
export function approvalEvents(topics: TopicNames, change: ApprovalChange): OutboxBatchMessage[] {
  return actOf(change.approval.command).messages(topics, change, anyApprovalView(change.approval));
}

/**
 * The views of the money and payout requests, whose internal routes are written by hand (a request
 * of another act is a bug); an act decided on routes of its own is listed on a route drawn from its
 * row, with its module's view (http/internal-routes.ts).
 */
export const approvalView = actView('money');
export const payoutApprovalView = actView('payout');
