import { InvariantViolation } from '@coin/errors';
import { coinsOrNull } from '../replies';
import { paysPeopleBehindKey, paysPeopleBehindKeyDetail, selfDealing } from '../rules';
import { summaryOpening } from './summary';
import type { ApprovalActModule } from './types';

/** A MINT, BURN, REWARD or REFUND past the four-eyes windows: one transaction, answered as the direct command is, with the request. */
export const moneyAct: ApprovalActModule<'money'> = {
  summary: (command) => summaryOpening(command, coinsOrNull(command.data.amount)),
  // A refund's purchase, whose payer it would pay (the people behind the requester's key are never paid).
  requestReads: (command) => (command.type === 'ledger.refund' ? { refundTarget: command.data.transactionId } : {}),
  requestRefusal(request, command, { state }) {
    // A refund whose money would go to the people behind the key it was asked with: the key proof
    // is not kept with the request, so this is the one time it is judged. A refund pays the
    // purchase's payer; the approval judges the purchase itself.
    const payer = command.type === 'ledger.refund' ? (state.refundTargets.get(command.data.transactionId)?.fromUserId ?? null) : null;
    return payer !== null && paysPeopleBehindKey(request, { kind: 'user', userId: payer }) ? selfDealing(paysPeopleBehindKeyDetail) : null;
  },
  transactions: () => 1,
  alsoPays: () => [],
  reply: ({ decision, subject, views, xafRate }, approval, shown) => {
    if (!decision.transaction) throw new InvariantViolation('an approval accepted without its transaction');
    // A split purchase's refund: the commission's part the treasury fronted, as the direct refund names it.
    const commission = approval.command.type === 'ledger.refund' ? decision.lineTransactions[0] : undefined;
    return {
      transaction: views.transaction(decision.transaction),
      wallet: views.wallet(subject, xafRate),
      ...(commission ? { commission: views.transaction(commission) } : {}),
      approval: shown,
    };
  },
};
