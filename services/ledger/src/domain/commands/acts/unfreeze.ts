import { ownFreezeDetail, walletKeyOfUser, type UnfreezeApproval } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { freezeChangesOf } from '../../kinds/freezes';
import { liftFreeze, liftRefusal } from '../lift-freeze';
import { requestMembers } from './members';
import type { ApprovalActModule, ApprovalOf } from './types';

/**
 * Lifting a wallet's freeze: it moves nothing, it ends the freeze. Only a frozen wallet is asked
 * for, and never by its owner; the owner is whom the act is about (its row's `wallet-owner`), so
 * its approval treats them as paid: never its approver either.
 */
export const unfreezeAct: ApprovalActModule<'unfreeze'> = {
  commands: { 'ledger.lift-freeze': liftFreeze },
  summary: (command, target) => ({ command: 'LIFT-FREEZE', target, userId: command.data.userId, reason: command.data.reason }),
  requestReads: (command) => ({ walletKeys: [walletKeyOfUser(command.data.userId)] }),
  requestRefusal: (request, command, context) => liftRefusal(context, request.actor, command.data.userId),
  transactions: () => 0,
  // The wallet's owner: the second person's rule refuses them as its approver.
  alsoPays: (applied) => freezeChangesOf(applied).map(({ userId }) => ({ kind: 'user', userId })),
  about: (command) => [command.data.userId],
  wording: {
    requester: { code: 'UNFREEZE_BY_REQUESTER', detail: 'The ADMIN who asked to lift this freeze cannot approve it; another ADMIN+ must' },
    'self-dealing': { detail: ownFreezeDetail },
  },
  view: unfreezeApprovalView,
  reply: ({ decision }, _approval, shown) => {
    const [change] = freezeChangesOf(decision);
    if (!change || change.freeze !== null) throw new InvariantViolation('an approved unfreeze without its lift');
    return { userId: change.userId, frozen: false, freeze: null, approval: shown };
  },
  // No Approval (no command.type value for it; a new one breaks consumers): the admin audit log
  // records its request, approval and rejection.
  messages: () => [],
};

/** The UnfreezeApproval view of a request holding a freeze's lift (API and replies). */
function unfreezeApprovalView(approval: ApprovalOf<'unfreeze'>): UnfreezeApproval {
  const { userId, reason } = approval.command.data;
  const { id, status, ...rest } = requestMembers(approval);
  return { id, status, unfreeze: { userId, reason }, ...rest };
}
