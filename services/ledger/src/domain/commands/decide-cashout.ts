import { decideCashoutCommand, ledgerResults, walletKeyOfUser } from '@coin/contracts';
import { userIdOfActor } from '../approvals';
import { adminRefusal } from '../authors';
import { cashoutAfter } from './replies';
import { accepted, deciderFacts, holdNotFound, holdOf, notEligibleWording, reject, secondPersonRejection } from './rules';
import type { CommandModule } from './types';
import { holdEffect } from '../kinds/holds';

/**
 * The second person of a cash-out above the four-eyes threshold (docs/CONTRACT.md "Cash-out",
 * CASHOUT_FOUR_EYES_COINS): an ADMIN+ who is not its payer approves it, after which its provider
 * may confirm it, or rejects it, which releases its coins (the hold is voided, as a provider's
 * FAILED does). The payer deciding their own cash-out is refused (403 SELF_DEALING, audited).
 */
export const decideCashout: CommandModule<'ledger.decide-cashout'> = {
  type: 'ledger.decide-cashout',
  schema: decideCashoutCommand,
  result: ledgerResults['ledger.decide-cashout'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], holdIds: [data.holdId] }),
  decide(command, context) {
    const { now } = context;
    const { holdId, fromUserId, decision } = command.data;
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold?.cashout) return holdNotFound(holdId);
    const decidedBy = userIdOfActor(command.actor);
    if (decidedBy === null) return reject('FORBIDDEN', 'Only an ADMIN+ decides a cash-out');
    // The cash-out's payer asked for it and is paid by it: deciding it oneself is self-dealing, as the API has always answered.
    const ownCashoutDetail = 'A person cannot decide their own cash-out; another ADMIN+ must';
    const ownCashout = secondPersonRejection(
      { decider: command.actor, requester: { kind: 'user', id: String(hold.fromUserId) }, now, paid: [hold.fromUserId] },
      { requester: { code: 'SELF_DEALING', detail: ownCashoutDetail }, 'self-dealing': { detail: ownCashoutDetail } },
    );
    if (ownCashout) return ownCashout;
    const second = hold.cashout.secondPerson;
    if (!second) return reject('APPROVAL_NOT_PENDING', 'This cash-out is within the four-eyes threshold: it waits for no second person');
    if (second.approvedBy !== null)
      return reject('APPROVAL_NOT_PENDING', `This cash-out was approved already by user ${second.approvedBy}`);
    // Its approver: a decider the act's row names, who held the role since before the cash-out was asked for.
    const requester = { kind: 'user' as const, id: String(hold.fromUserId) };
    const eligible = deciderFacts(command, 'cashout', hold.createdAt);
    const notEligible =
      decision === 'APPROVE'
        ? secondPersonRejection({ decider: command.actor, requester, now, ...eligible }, notEligibleWording('cashout'))
        : null;
    if (notEligible) return notEligible;
    if (hold.status !== 'PENDING' || now >= hold.expiresAt) {
      return reject('HOLD_NOT_PENDING', `The cash-out is already settled or released (hold ${hold.status})`);
    }
    const subjectKey = walletKeyOfUser(fromUserId);
    if (decision === 'REJECT') {
      return accepted({ effects: [holdEffect({ hold: { ...hold, status: 'VOIDED', updatedAt: now }, event: 'voided' })], subjectKey });
    }
    const cashout = { ...hold.cashout, secondPerson: { approvedBy: decidedBy, approvedAt: now } };
    // Still PENDING: no hold event (coin.holds tells holds' creation and resolution); the Cashout view shows the approval.
    return accepted({ effects: [holdEffect({ hold: { ...hold, cashout, updatedAt: now }, event: null })], subjectKey });
  },
  reply: (input) => ({ cashout: cashoutAfter(input) }),
  audit: ({ data }) => ({
    serviceAction: data.decision === 'APPROVE' ? 'cashout.approve' : 'cashout.reject',
    target: `hold:${data.holdId}`,
    summary: { cashoutId: data.holdId, userId: data.fromUserId },
  }),
};
