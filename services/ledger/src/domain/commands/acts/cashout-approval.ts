import { minorUnitsToCoins, walletKeyOfUser, type CashoutApprovalRequest } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { holdChangesOf, holdEffect } from '../../kinds/holds';
import { clearCashout } from '../clear-cashout';
import { holdOf, reject } from '../rules';
import { requestMembers } from './members';
import type { ApprovalActModule, ApprovalOf } from './types';

/** The payer deciding their own cash-out, either way: the words the API has always answered with. */
const ownCashoutDetail = 'A person cannot decide their own cash-out; another ADMIN+ must';

/**
 * A cash-out above the four-eyes threshold (docs/CONTRACT.md "Cash-out"): its request is made by
 * the cash-out itself, in its payer's name (ledger.cashout), with the cash-out's id read as a
 * request's (cashoutApprovalIdOf), and lapses with its hold. Its approval clears the cash-out for
 * its provider (ledger.clear-cashout records the approver on it); its rejection releases the coins to the payer. The
 * payer is whom it is about: they decide it neither way (SELF_DEALING). It moves nothing.
 */
export const cashoutApprovalAct: ApprovalActModule<'cashout-approval'> = {
  commands: { 'ledger.clear-cashout': clearCashout },
  summary: (command, target) => ({
    command: 'CLEAR-CASHOUT',
    target,
    amount: minorUnitsToCoins(command.data.amount),
    cashoutId: command.data.holdId,
    userId: command.data.fromUserId,
  }),
  requestReads: (command) => ({ walletKeys: [walletKeyOfUser(command.data.fromUserId)], holdIds: [command.data.holdId] }),
  // Only a cash-out above the threshold asks for it (ledger.cashout); a request sent for it is refused.
  requestRefusal: () =>
    reject('FORBIDDEN', "A cash-out's second person is asked for by the cash-out itself, above the four-eyes threshold"),
  transactions: () => 0,
  // The payer, whom the cash-out pays in XAF: the second person's rule refuses them as its approver.
  alsoPays: (applied) => holdChangesOf(applied).map(({ hold }) => ({ kind: 'user' as const, userId: hold.fromUserId })),
  about: (command) => [command.data.fromUserId],
  wording: {
    requester: { code: 'SELF_DEALING', detail: ownCashoutDetail },
    'self-dealing': { detail: ownCashoutDetail },
  },
  // Rejected, the cash-out's coins are released to its payer (its hold voided, as a provider's FAILED does).
  rejectionEffects: (approval, { state, now }) => {
    const hold = holdOf(state, approval.command.data.holdId, approval.command.data.fromUserId);
    if (hold?.status !== 'PENDING') return [];
    return [holdEffect({ hold: { ...hold, status: 'VOIDED', updatedAt: now }, event: 'voided' })];
  },
  view: cashoutApprovalView,
  reply: ({ decision, views }, _approval, shown) => {
    const cleared = holdChangesOf(decision)[0];
    if (!cleared) throw new InvariantViolation('an approved cash-out without its cash-out');
    return { cashout: views.cashout(cleared.hold), approval: shown };
  },
  // No Approval (no command.type value for it; a new one breaks consumers): the admin audit log
  // records its approval and rejection, coin.holds a rejected cash-out's release.
  messages: () => [],
};

/** The CashoutApprovalRequest view of a cash-out's request for its second person (API and replies). */
function cashoutApprovalView(approval: ApprovalOf<'cashout-approval'>): CashoutApprovalRequest {
  const { holdId, fromUserId, amount } = approval.command.data;
  const { id, status, ...rest } = requestMembers(approval);
  return { id, status, cashout: { cashoutId: holdId, userId: fromUserId, amount: minorUnitsToCoins(amount) }, ...rest };
}
