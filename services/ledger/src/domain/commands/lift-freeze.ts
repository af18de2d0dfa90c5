import { ledgerResults, liftFreezeCommand, ownFreezeDetail, paysPerson, walletKeyOfUser, type LedgerCommand } from '@coin/contracts';
import type { Rejected } from '@coin/errors';
import { adminRefusal } from '../authors';
import { freezeReply, frozenWalletOf } from './freeze-rules';
import { accepted, reject, selfDealing } from './rules';
import type { ApprovableModule, DecideContext } from './types';

/** The wallet's owner neither asks for nor approves the lift of its freeze: the two people are both someone else. */
export function ownFreezeRefusal(actor: LedgerCommand['actor'], userId: number): Rejected | null {
  return paysPerson(actor, [userId]) ? selfDealing(ownFreezeDetail) : null;
}

/** Why a freeze cannot be lifted as asked (no open wallet, not frozen, its owner asking), or null. */
export function liftRefusal(context: DecideContext, actor: LedgerCommand['actor'], userId: number): Rejected | null {
  const found = frozenWalletOf(context, userId);
  if (!found.ok) return found;
  return ownFreezeRefusal(actor, userId);
}

/**
 * Lifts a wallet's freeze (docs/design/ledger.md "Freezes"). Applied only by an approval: one
 * ADMIN+ asks, with a reason (an approval request of the unfreeze act holding this command,
 * acts/unfreeze.ts), a different ADMIN+ who is not the wallet's owner approves. Sent directly it
 * is refused. The approval decides it as if its requester had sent it, so the owner asking is
 * refused here again, and the approver being the owner by the approval (the act's `alsoPays`).
 */
export const liftFreeze: ApprovableModule<'ledger.lift-freeze'> = {
  type: 'ledger.lift-freeze',
  schema: liftFreezeCommand,
  result: ledgerResults['ledger.lift-freeze'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.userId)] }),
  decide(command, context) {
    if (!context.approved) return reject('FORBIDDEN', 'A freeze is lifted by two people: one ADMIN+ asks, another approves');
    const refusal = liftRefusal(context, command.actor, command.data.userId);
    if (refusal) return refusal;
    const key = walletKeyOfUser(command.data.userId);
    return accepted({
      effects: [{ kind: 'freezes', walletKey: key, userId: command.data.userId, freeze: null, event: 'unfrozen' }],
      subjectKey: key,
    });
  },
  reply: freezeReply,
  // Recorded by the approval that applies it (approval.approve, naming the wallet).
  audit: () => null,
  approvable: {
    target: ({ data }) => walletKeyOfUser(data.userId),
    // Shown as an UnfreezeApproval (its act's view, acts/unfreeze.ts), never as an Approval.
    view: () => null,
    requestRefusal: (request, { data }) => ownFreezeRefusal(request.actor, data.userId),
  },
};
