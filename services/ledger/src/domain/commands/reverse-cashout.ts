import { ledgerResults, reverseCashoutCommand, walletKeyOfUser } from '@coin/contracts';
import type { Rejected } from '@coin/errors';
import type { LedgerState } from '../state';
import { cashoutAfter, payerWallet } from './replies';
import { accepted, holdNotFound, holdOf, reject, selfDealing } from './rules';
import { adminRefusal } from '../authors';
import type { ApprovableModule, RequestOfApproval } from './types';
import { holdEffect } from '../kinds/holds';

type ReversalData = { holdId: string; fromUserId: number };

/** Why a person may not take part in the reversal of a cash-out of `fromUserId`: it is their own. */
export function reversalSelfDealing(actor: RequestOfApproval['actor'], { fromUserId }: ReversalData): Rejected | null {
  return actor.kind === 'user' && actor.id === String(fromUserId)
    ? selfDealing('No one asks for or approves the reversal of their own cash-out')
    : null;
}

/**
 * Why the cash-out cannot be reversed as it stands, or null: only a pending cash-out a provider
 * claimed is (one no provider claimed is released through the hold routes; a settled or released
 * one is over).
 */
export function reversalRefusal(state: LedgerState, { holdId, fromUserId }: ReversalData): Rejected | null {
  const hold = holdOf(state, holdId, fromUserId);
  if (!hold?.cashout) return holdNotFound(holdId);
  if (hold.status !== 'PENDING') return reject('HOLD_NOT_PENDING', `The cash-out is already settled or released (hold ${hold.status})`);
  if (hold.cashout.claimedBy === null) {
    return reject('FORBIDDEN', 'This cash-out is not claimed: it is released through the hold routes, not reversed');
  }
  return null;
}

/**
 * The reversal of a cash-out its provider claimed (docs/CONTRACT.md "Cash-out"): its hold is
 * voided, the coins go back to the payer, and the hold's voided event names the provider (its
 * settler), so the provider's platform sees it. Applied only by an approval: one ADMIN+ asks, a
 * different ADMIN+ approves, and neither is the payer (SELF_DEALING); sent directly it is refused.
 */
export const reverseCashout: ApprovableModule<'ledger.reverse-cashout'> = {
  type: 'ledger.reverse-cashout',
  schema: reverseCashoutCommand,
  result: ledgerResults['ledger.reverse-cashout'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], holdIds: [data.holdId] }),
  decide(command, context) {
    if (!context.approved) {
      return reject('FORBIDDEN', 'A claimed cash-out is reversed by two people: ask for an approval, another ADMIN+ approves it');
    }
    const refused = reversalSelfDealing(command.actor, command.data) ?? reversalRefusal(context.state, command.data);
    if (refused) return refused;
    const { holdId, fromUserId } = command.data;
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold) return holdNotFound(holdId);
    return accepted({
      effects: [holdEffect({ hold: { ...hold, status: 'VOIDED', updatedAt: context.now }, event: 'voided' })],
      subjectKey: walletKeyOfUser(fromUserId),
    });
  },
  reply: (input) => ({ cashout: cashoutAfter(input), wallet: payerWallet(input) }),
  // Recorded by the approval that applies it (approval.approve, naming the cash-out).
  audit: () => null,
  approvable: {
    target: ({ data }) => `hold:${data.holdId}`,
    // Shown as a CashoutReversalApproval (its act's view, acts/cashout-reversal.ts), never as an Approval.
    view: () => null,
    requestRefusal: (request, { data }) => reversalSelfDealing(request.actor, data),
  },
};
