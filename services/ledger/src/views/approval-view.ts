import {
  minorUnitsToCoins,
  type Approval,
  type ApprovalAct,
  type CashoutReversalApproval,
  type CommissionChangeApproval,
  type PayoutApproval,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { ApprovalState } from '../domain/approvals';
import { approvalActOf, approvedCommandView, holdsCommissionChange, holdsPayout, holdsReversal } from '../domain/commands/approvable';
import { commissionRuleShown } from '../domain/commands/set-commission';

/** The members an Approval and a PayoutApproval share. */
function requestMembers(approval: ApprovalState) {
  return {
    id: approval.id,
    status: approval.status,
    requestedBy: approval.requestedBy,
    createdAt: approval.createdAt.toISOString(),
    expiresAt: approval.expiresAt.toISOString(),
    updatedAt: approval.updatedAt.toISOString(),
    decidedBy: approval.decidedBy,
    rejectionReason: approval.rejectionReason,
    transactionId: approval.transactionId,
  };
}

/**
 * The one home of the Approval view (API, replies and coin.approvals events), in coins; the
 * held-back command is shown by its module. A request holding a payout is never an Approval (its
 * view shows one recipient): asking for one is a bug.
 */
export function approvalView(approval: ApprovalState): Approval {
  const command = approvedCommandView(approval.command);
  if (!command) throw new InvariantViolation(`approval ${approval.id} holds a payout: it is shown as a PayoutApproval`);
  const { id, status, ...rest } = requestMembers(approval);
  return { id, status, command, ...rest };
}

/** The PayoutApproval view of a request holding a person's payout (API, replies and coin.payout-approvals events), in coins. */
export function payoutApprovalView(approval: ApprovalState): PayoutApproval {
  const { command } = approval;
  if (!holdsPayout(command) || command.data.from.kind !== 'treasury') {
    throw new InvariantViolation(`approval ${approval.id} holds no payout from REWARDS`);
  }
  const { from, lines, reason, reference } = command.data;
  const { id, status, ...rest } = requestMembers(approval);
  return {
    id,
    status,
    payout: {
      from: { treasury: from.code },
      // Stored by the payout that parked it; a request sent directly without one names its command's.
      reference: reference ?? '',
      reason,
      total: minorUnitsToCoins(lines.reduce((sum, line) => sum + line.amount, 0)),
      lines: lines.map((line, index) => ({
        index,
        toUserId: line.toUserId,
        amount: minorUnitsToCoins(line.amount),
        reason: line.reason ?? null,
      })),
    },
    ...rest,
  };
}

/** The CashoutReversalApproval view of a request holding a cash-out's reversal (API and replies). */
export function cashoutReversalApprovalView(approval: ApprovalState): CashoutReversalApproval {
  const { command } = approval;
  if (!holdsReversal(command)) throw new InvariantViolation(`approval ${approval.id} holds no cash-out reversal`);
  const { id, status, ...rest } = requestMembers(approval);
  return {
    id,
    status,
    reversal: { cashoutId: command.data.holdId, userId: command.data.fromUserId, reason: command.data.reason },
    ...rest,
  };
}

/** The CommissionChangeApproval view of a request holding a commission rule's change (API and replies). */
export function commissionChangeApprovalView(approval: ApprovalState): CommissionChangeApproval {
  const { command } = approval;
  if (!holdsCommissionChange(command)) throw new InvariantViolation(`approval ${approval.id} holds no commission change`);
  const { treasury, clientId, rule, reason } = command.data;
  const { id, status, ...rest } = requestMembers(approval);
  return { id, status, change: { treasury, clientId, rule: commissionRuleShown(rule), reason: reason ?? null }, ...rest };
}

/** Each four-eyes act's view of its requests. */
const viewOfAct: { [A in ApprovalAct]: (approval: ApprovalState) => AnyApproval } = {
  money: approvalView,
  payout: payoutApprovalView,
  'cashout-reversal': cashoutReversalApprovalView,
  'commission-change': commissionChangeApprovalView,
};

/** A request as replies show it: its act's view (an Approval, a PayoutApproval, a CashoutReversalApproval or a CommissionChangeApproval). */
export function anyApprovalView(approval: ApprovalState): AnyApproval {
  return viewOfAct[approvalActOf(approval.command)](approval);
}

/** Every view a request has, by what it holds. */
export type AnyApproval = Approval | PayoutApproval | CashoutReversalApproval | CommissionChangeApproval;
