import { expireHoldCommand, ledgerResults, walletKeyOfUser, type LedgerCommandOf } from '@coin/contracts';
import type { HoldState } from '../state';
import { accepted, holdNotFound, holdOf } from './rules';
import type { CommandModule, DecideContext } from './types';
import { holdEffect, holdChangesOf } from '../kinds/holds';

/**
 * The expiry sweep's release of a pending hold past its expiry (the ledger's own command). A
 * cash-out a provider claimed is not released (its provider may have paid the XAF): it is marked
 * overdue, for its provider's callback to end (docs/CONTRACT.md "Cash-out").
 */
export const expireHold: CommandModule<'ledger.expire-hold'> = {
  type: 'ledger.expire-hold',
  schema: expireHoldCommand,
  result: ledgerResults['ledger.expire-hold'],
  createsTransaction: false,
  // The ledger's own commands, and opening a wallet (a stranger who just registered): no author to judge.
  authorRefusal: () => null,
  reads: ({ data }) => ({
    walletKeys: [walletKeyOfUser(data.fromUserId)],
    holdIds: [data.holdId],
    ...(data.clockOf ? { clockClientIds: [data.clockOf] } : {}),
  }),
  decide(command, context) {
    const { holdId, fromUserId } = command.data;
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold) return holdNotFound(holdId);
    // Resolved already (captured, voided, expired) or not yet due: nothing to release.
    if (hold.status !== 'PENDING' || holdTimeOf(command, hold, context) < hold.expiresAt) {
      return accepted({ subjectKey: walletKeyOfUser(fromUserId) });
    }
    // A sandbox test cash-out is its test provider's to settle (settle-test-cashout), never released here.
    if (hold.cashout?.test) return accepted({ subjectKey: walletKeyOfUser(fromUserId) });
    // A claimed cash-out may be paid already: past its window it is overdue (CLAIM_OVERDUE), never released here.
    if (hold.cashout?.claimedBy) {
      if (hold.cashout.overdueAt) return accepted({ subjectKey: walletKeyOfUser(fromUserId) });
      const overdue = { ...hold, cashout: { ...hold.cashout, overdueAt: context.now }, updatedAt: context.now };
      return accepted({ effects: [holdEffect({ hold: overdue, event: null })], subjectKey: walletKeyOfUser(fromUserId) });
    }
    return accepted({
      effects: [holdEffect({ hold: { ...hold, status: 'EXPIRED', updatedAt: context.now }, event: 'expired' })],
      subjectKey: walletKeyOfUser(fromUserId),
    });
  },
  // An expiry that found the hold resolved (or not due) changes nothing; its reply says so.
  reply: ({ decision, views }) => {
    const [change] = holdChangesOf(decision);
    return { hold: change ? views.hold(change.hold) : null, expired: change?.event === 'expired' };
  },
  audit: () => null,
};

/**
 * The time a hold is judged at: wall time, plus, in the sandbox, the stored test clock of the
 * client that settles it (docs/decisions/0018-sandbox.md "The test clock"). Only the hold's own
 * settler's clock counts, whatever clock the command names; the live ledger stores none.
 */
function holdTimeOf(command: LedgerCommandOf<'ledger.expire-hold'>, hold: HoldState, context: DecideContext): Date {
  const { clockOf } = command.data;
  if (!clockOf || hold.settlerClientId !== clockOf) return context.now;
  const offsetSeconds = context.state.clocks?.get(clockOf) ?? 0;
  return new Date(context.now.getTime() + offsetSeconds * 1000);
}
