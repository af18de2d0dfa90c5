import { approveUnfreezeCommand, ledgerResults, ownFreezeDetail, walletKeyOfUser } from '@coin/contracts';
import { userIdOfActor } from '../approvals';
import { adminRefusal } from '../authors';
import { freezeReply, frozenWalletOf } from './freeze-rules';
import { accepted, deciderFacts, notEligibleWording, reject, secondPersonRejection } from './rules';
import type { CommandModule } from './types';

/**
 * The second of the two people who lift a freeze (docs/design/ledger.md "Freezes"): an ADMIN+ who
 * did not ask for it approves the pending request, which lives as long as an approval request
 * does. The requester approving is refused (UNFREEZE_BY_REQUESTER), and so is the wallet's owner,
 * whoever asked (SELF_DEALING: no one decides about their own wallet); each refusal is audited.
 */
export const approveUnfreeze: CommandModule<'ledger.approve-unfreeze'> = {
  type: 'ledger.approve-unfreeze',
  schema: approveUnfreezeCommand,
  result: ledgerResults['ledger.approve-unfreeze'],
  createsTransaction: false,
  authorRefusal: adminRefusal,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.userId)] }),
  decide(command, context) {
    const { userId } = command.data;
    const found = frozenWalletOf(context, userId);
    if (!found.ok) return found;
    const { wallet } = found;
    const request = wallet.freeze?.unfreezeRequest;
    if (!request) return reject('UNFREEZE_NOT_REQUESTED', `No request to lift the freeze of user ${userId}'s wallet is pending`);
    const expiresAt = new Date(request.requestedAt.getTime() + context.policy.approvalExpirySeconds * 1000);
    // The second person's rule, the wallet's owner the one it is about; a decider who is not a
    // person is never the requester nor the owner, and is refused next.
    const refusal = secondPersonRejection(
      {
        decider: command.actor,
        now: context.now,
        expiresAt,
        requester: { kind: 'user', id: String(request.requestedBy) },
        paid: [userId],
        ...deciderFacts(command, 'unfreeze', request.requestedAt),
      },
      {
        expired: {
          code: 'UNFREEZE_NOT_REQUESTED',
          detail: `The request to lift the freeze expired at ${expiresAt.toISOString()}; ask again`,
        },
        requester: {
          code: 'UNFREEZE_BY_REQUESTER',
          detail: 'The ADMIN who asked to lift this freeze cannot approve it; another ADMIN+ must',
        },
        'self-dealing': { detail: ownFreezeDetail },
        ...notEligibleWording('unfreeze'),
      },
    );
    if (refusal) return refusal;
    if (userIdOfActor(command.actor) === null) return reject('FORBIDDEN', 'Only an ADMIN+ approves lifting a freeze');
    return accepted({
      effects: [{ kind: 'freezes', walletKey: wallet.key, userId, freeze: null, event: 'unfrozen' }],
      subjectKey: wallet.key,
    });
  },
  reply: freezeReply,
  audit: ({ data }, applied) => ({
    serviceAction: 'wallet.unfreeze',
    target: walletKeyOfUser(data.userId),
    summary: { lifted: applied !== null },
  }),
};
