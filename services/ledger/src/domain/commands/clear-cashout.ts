import { clearCashoutCommand, ledgerResults, walletKeyOfUser } from '@coin/contracts';
import { userIdOfActor } from '../approvals';
import { adminRefusal } from '../authors';
import { holdEffect } from '../kinds/holds';
import { cashoutAfter } from './replies';
import { accepted, holdNotFound, holdOf, reject } from './rules';
import type { ApprovableModule } from './types';

/**
 * A cash-out above the four-eyes threshold cleared for its provider (docs/CONTRACT.md "Cash-out"):
 * the command the request its cash-out made holds back, applied only by that request's approval
 * (approve.ts judges the approver from its act's row: an ADMIN+ the row names, never the payer),
 * which it records on the cash-out. Sent alone it is refused. Still PENDING after it: no hold event
 * (coin.holds tells holds' creation and resolution); the Cashout view shows the approval.
 */
export const clearCashout: ApprovableModule<'ledger.clear-cashout'> = {
  type: 'ledger.clear-cashout',
  schema: clearCashoutCommand,
  result: ledgerResults['ledger.clear-cashout'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], holdIds: [data.holdId] }),
  decide(command, context) {
    const { now } = context;
    if (!context.approved) {
      return reject(
        'FORBIDDEN',
        'A cash-out above the four-eyes threshold is cleared by approving its request, by an ADMIN+ other than its payer',
      );
    }
    const { holdId, fromUserId } = command.data;
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold?.cashout) return holdNotFound(holdId);
    const second = hold.cashout.secondPerson;
    if (!second || second.approvedAt !== null) return reject('APPROVAL_NOT_PENDING', 'This cash-out waits for no second person');
    if (hold.status !== 'PENDING' || now >= hold.expiresAt) {
      return reject('HOLD_NOT_PENDING', `The cash-out is already settled or released (hold ${hold.status})`);
    }
    // Its second person: the approval's approver (the approval judged them first).
    const cashout = { ...hold.cashout, secondPerson: { approvedBy: userIdOfActor(context.approved.approver), approvedAt: now } };
    return accepted({
      effects: [holdEffect({ hold: { ...hold, cashout, updatedAt: now }, event: null })],
      subjectKey: walletKeyOfUser(fromUserId),
    });
  },
  reply: (input) => ({ cashout: cashoutAfter(input) }),
  // Recorded by the approval that applies it (approval.approve, naming the cash-out).
  audit: () => null,
  approvable: {
    target: ({ data }) => `hold:${data.holdId}`,
    // Shown as a CashoutApprovalRequest (its act's view, acts/cashout-approval.ts), never as an Approval.
    view: () => null,
    // Only the cash-out asks for it (acts/cashout-approval.ts `requestRefusal` refuses every request sent).
    requestRefusal: () => null,
  },
};
