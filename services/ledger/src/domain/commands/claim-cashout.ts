import { claimCashoutCommand, clientMayCashout, ledgerResults, walletKeyOfUser } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { accepted, holdNotFound, holdOf, reject } from './rules';
import type { CommandModule } from './types';
import { holdEffect, holdChangesOf } from '../kinds/holds';

/**
 * A payout provider takes a cash-out to pay (docs/CONTRACT.md "Cash-out"): a REQUESTED cash-out
 * becomes CLAIMED by the client that sent this, which must be granted `cashout` (its verified
 * token's claim, judged in `authorRefusal` before anything is read) and, when the user named a
 * provider, be that one; one above the four-eyes threshold only once its second person approved
 * it (CASHOUT_NOT_APPROVED, recorded as a refusal). Exactly once: a cash-out claimed by another is refused (FORBIDDEN,
 * recorded as a refusal); the same provider claiming again is answered with the cash-out as it
 * stands, changing nothing. From then on the claimer alone settles it (its hold's settler). A
 * cash-out of a frozen wallet is not claimed (WALLET_FROZEN, recorded as a refusal).
 */
export const claimCashout: CommandModule<'ledger.claim-cashout'> = {
  type: 'ledger.claim-cashout',
  schema: claimCashoutCommand,
  result: ledgerResults['ledger.claim-cashout'],
  createsTransaction: false,
  authorRefusal: (_command, author) =>
    author.kind === 'system' && clientMayCashout(author.cashout)
      ? null
      : 'Command refused: only a platform client granted cashout (a payout provider) claims a cash-out',
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)], holdIds: [data.holdId] }),
  decide(command, context) {
    const { now } = context;
    const { holdId, fromUserId } = command.data;
    const hold = holdOf(context.state, holdId, fromUserId);
    if (!hold?.cashout) return holdNotFound(holdId);
    const terms = hold.cashout;
    const provider = command.actor.id;
    if (command.actor.kind !== 'system') return reject('FORBIDDEN', 'Only a payout provider claims a cash-out');
    if (hold.status !== 'PENDING') return reject('HOLD_NOT_PENDING', `The cash-out is already settled or released (hold ${hold.status})`);
    if (now >= hold.expiresAt) return reject('HOLD_NOT_PENDING', `The cash-out was released at ${hold.expiresAt.toISOString()}`);
    if (terms.claimedBy !== null && terms.claimedBy !== provider) {
      return reject('FORBIDDEN', 'This cash-out is already claimed by another provider');
    }
    if (terms.providerClientId !== null && terms.providerClientId !== provider) {
      return reject('FORBIDDEN', 'The user named another provider for this cash-out');
    }
    // Above the four-eyes threshold, no provider takes it before its second person approved it (it is in no queue yet).
    if (terms.secondPerson !== null && terms.secondPerson.approvedBy === null) {
      return reject('CASHOUT_NOT_APPROVED', 'This cash-out is above the four-eyes threshold and no second person approved it yet');
    }
    const subjectKey = walletKeyOfUser(fromUserId);
    // A freeze of the payer's wallet takes its cash-outs out of every queue: nothing is paid out of it (audited).
    if (context.wallet(subjectKey)?.freeze && terms.claimedBy !== provider) {
      return reject('WALLET_FROZEN', "The payer's wallet is frozen: its cash-outs are not claimed until the freeze is lifted");
    }
    // Claimed already by this provider: the answer is the cash-out as it stands, nothing changes.
    if (terms.claimedBy === provider) return accepted({ effects: [holdEffect({ hold, event: null })], subjectKey });
    const claimed = { ...hold, settlerClientId: provider, cashout: { ...terms, claimedBy: provider, claimedAt: now }, updatedAt: now };
    return accepted({ effects: [holdEffect({ hold: claimed, event: null })], subjectKey });
  },
  reply: (input) => {
    const change = holdChangesOf(input.decision)[0];
    if (!change) throw new InvariantViolation('ledger.claim-cashout accepted without its cash-out');
    return { cashout: input.views.cashout(change.hold) };
  },
  audit: () => null,
};
