import type { Party } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { reversalRefusal } from '../reverse-cashout';
import { holdChangesOf } from '../../kinds/holds';
import { summaryOpening } from './summary';
import type { ApprovalActModule } from './types';

/**
 * The reversal of a cash-out its provider claimed: it moves nothing, it releases the cash-out's
 * hold to its payer. Only a claimed, pending cash-out is asked for.
 */
export const cashoutReversalAct: ApprovalActModule<'cashout-reversal'> = {
  summary: (command) => ({ ...summaryOpening(command, null), cashoutId: command.data.holdId, userId: command.data.fromUserId }),
  requestReads: (command) => ({ holdIds: [command.data.holdId] }),
  requestRefusal: (_request, command, { state }) => reversalRefusal(state, command.data),
  transactions: () => 0,
  // The payer its released hold gives the coins back to.
  alsoPays: (applied) => holdChangesOf(applied).map(({ hold }): Party => ({ kind: 'user', userId: hold.fromUserId })),
  reply: ({ decision, subject, views, xafRate }, _approval, shown) => {
    const released = holdChangesOf(decision)[0];
    if (!released || subject.party.kind !== 'user') throw new InvariantViolation('an approved reversal without its cash-out');
    return { cashout: views.cashout(released.hold), wallet: views.userWallet(subject, subject.party.userId, xafRate), approval: shown };
  },
  // No Approval (no command.type value for it; a new one breaks consumers): the admin audit log
  // records its request and approval, coin.holds its hold's release.
  messages: () => [],
};
