import type { CashoutReversalApproval, Party } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import { reverseCashout, reversalRefusal } from '../reverse-cashout';
import { holdChangesOf } from '../../kinds/holds';
import { requestMembers } from './members';
import { summaryOpening } from './summary';
import type { ApprovalActModule, ApprovalOf } from './types';

/**
 * The reversal of a cash-out its provider claimed: it moves nothing, it releases the cash-out's
 * hold to its payer. Only a claimed, pending cash-out is asked for.
 */
export const cashoutReversalAct: ApprovalActModule<'cashout-reversal'> = {
  commands: { 'ledger.reverse-cashout': reverseCashout },
  summary: (command, target) => ({
    ...summaryOpening(command, target, null),
    cashoutId: command.data.holdId,
    userId: command.data.fromUserId,
  }),
  requestReads: (command) => ({ holdIds: [command.data.holdId] }),
  requestRefusal: (_request, command, { state }) => reversalRefusal(state, command.data),
  transactions: () => 0,
  // The payer its released hold gives the coins back to.
  alsoPays: (applied) => holdChangesOf(applied).map(({ hold }): Party => ({ kind: 'user', userId: hold.fromUserId })),
  view: cashoutReversalApprovalView,
  reply: ({ decision, subject, views, xafRate }, _approval, shown) => {
    const released = holdChangesOf(decision)[0];
    if (!released || subject?.party.kind !== 'user') throw new InvariantViolation('an approved reversal without its cash-out');
    return { cashout: views.cashout(released.hold), wallet: views.userWallet(subject, subject.party.userId, xafRate), approval: shown };
  },
  // No Approval (no command.type value for it; a new one breaks consumers): the admin audit log
  // records its request and approval, coin.holds its hold's release.
  messages: () => [],
};

/** The CashoutReversalApproval view of a request holding a cash-out's reversal (API and replies). */
function cashoutReversalApprovalView(approval: ApprovalOf<'cashout-reversal'>): CashoutReversalApproval {
  const { command } = approval;
  const { id, status, ...rest } = requestMembers(approval);
  return {
    id,
    status,
    reversal: { cashoutId: command.data.holdId, userId: command.data.fromUserId, reason: command.data.reason },
    ...rest,
  };
}
