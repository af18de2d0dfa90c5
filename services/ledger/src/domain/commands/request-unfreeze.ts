import { ledgerResults, ownFreezeDetail, paysPerson, requestUnfreezeCommand, walletKeyOfUser } from '@coin/contracts';
import { userIdOfActor } from '../approvals';
import { adminRefusal } from '../authors';
import { freezeReply, frozenWalletOf } from './freeze-rules';
import { accepted, reject, selfDealing } from './rules';
import type { CommandModule } from './types';

/**
 * The first of the two people who lift a freeze (docs/design/ledger.md "Freezes"): an ADMIN+ asks,
 * with a reason; a different ADMIN+ approves (approve-unfreeze.ts). A new request replaces a pending
 * one, so whoever asked last is the one who may not approve. The wallet's owner asks for nothing
 * (SELF_DEALING, audited): the two people are both someone else.
 */
export const requestUnfreeze: CommandModule<'ledger.request-unfreeze'> = {
  type: 'ledger.request-unfreeze',
  schema: requestUnfreezeCommand,
  result: ledgerResults['ledger.request-unfreeze'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.userId)] }),
  decide(command, context) {
    const { userId, reason } = command.data;
    const found = frozenWalletOf(context, userId);
    if (!found.ok) return found;
    const { wallet } = found;
    const requestedBy = userIdOfActor(command.actor);
    if (requestedBy === null || !wallet.freeze) return reject('FORBIDDEN', 'Only an ADMIN+ asks to lift a freeze');
    if (paysPerson(command.actor, [userId])) return selfDealing(ownFreezeDetail);
    const freeze = { ...wallet.freeze, unfreezeRequest: { requestedBy, reason, requestedAt: context.now } };
    return accepted({
      effects: [{ kind: 'freezes', walletKey: wallet.key, userId, freeze, event: 'unfreeze-requested' }],
      subjectKey: wallet.key,
    });
  },
  reply: freezeReply,
  audit: ({ data }) => ({
    serviceAction: 'wallet.unfreeze-request',
    target: walletKeyOfUser(data.userId),
    summary: { reason: data.reason },
  }),
};
