import { ledgerResults, minorUnitsToCoins, refundCommand, walletKeyOf, walletKeyOfTreasury, type Party } from '@coin/contracts';
import { actorScope, isPerson, personCharges } from '../four-eyes';
import { coinsOrNull, moneyReply } from './replies';
import {
  accepted,
  beyondLimit,
  canCredit,
  canDebit,
  coins,
  fourEyes,
  insufficient,
  missingParty,
  paysActor,
  paysPeopleBehindKey,
  paysPeopleBehindKeyDetail,
  reject,
  selfDealing,
} from './rules';
import { adminRefusal } from '../authors';
import type { ApprovableModule } from './types';

/**
 * Pays (part of) a purchase back from the treasury it paid (ADMIN+); decided in the treasury's
 * partition, the payer credited by a credit leg. A person's refund past a window waits.
 */
export const refund: ApprovableModule<'ledger.refund'> = {
  type: 'ledger.refund',
  schema: refundCommand,
  result: ledgerResults['ledger.refund'],
  createsTransaction: true,
  authorRefusal: adminRefusal,
  // The purchase's payer (its wallet and its recipient window) is read with the purchase, by the store.
  reads: ({ actor, data }) => ({
    walletKeys: [walletKeyOfTreasury(data.treasury)],
    refundTarget: data.transactionId,
    windowScopes: isPerson(actor) ? [actorScope(actor)] : [],
  }),
  decide(command, context) {
    const { transactionId, treasury, reason } = command.data;
    const purchase = context.state.refundTargets.get(transactionId);
    if (!purchase) return reject('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} does not exist`);
    if (purchase.type !== 'PURCHASE' || purchase.fromUserId === null || purchase.toTreasury === null) {
      return reject('NOT_REFUNDABLE', 'Only a purchase can be refunded');
    }
    if (purchase.toTreasury !== treasury) return reject('NOT_REFUNDABLE', `The purchase did not pay ${treasury}`);
    const remaining = purchase.amount - purchase.refunded;
    if (remaining === 0) return reject('REFUND_EXCEEDS_PURCHASE', 'The purchase is already refunded in full');
    const amount = command.data.amount ?? remaining;
    if (amount > remaining) {
      return reject('REFUND_EXCEEDS_PURCHASE', `At most ${coins(remaining)} of this purchase can still be refunded`);
    }
    const from: Party = { kind: 'treasury', code: treasury };
    const to: Party = { kind: 'user', userId: purchase.fromUserId };
    if (paysActor(command, to)) return selfDealing('An admin cannot refund their own purchase');
    if (paysPeopleBehindKey(command, to)) return selfDealing(paysPeopleBehindKeyDetail);
    const source = context.wallet(walletKeyOf(from));
    if (!source) return missingParty(from);
    const target = context.wallet(walletKeyOf(to));
    if (!target || target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', "The payer's wallet is closed");
    if (source.balance < amount) return insufficient(source, amount);
    if (!canDebit(source, amount)) return beyondLimit(source);
    if (!canCredit(target, amount)) return beyondLimit(target);
    return fourEyes(context, command, personCharges(command.actor, amount, to), (windows) => {
      const transaction = context.newTransaction({ type: 'REFUND', amount, from, to, reason, refundOf: purchase.id });
      return accepted({
        transaction,
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
        creditLegs: [{ transactionId: transaction.id, transactionType: transaction.type, to, amount, returnTo: from }],
        refund: { of: purchase.id, amount },
        subjectKey: source.key,
        windows,
      });
    });
  },
  reply: moneyReply,
  audit: ({ data }, applied) => ({
    action: 'money.refund',
    target: `transaction:${data.transactionId}`,
    summary: {
      treasury: data.treasury,
      amount: coinsOrNull(data.amount ?? applied?.transaction?.amount),
      reason: data.reason,
      ...(applied?.transaction ? { refundTransactionId: applied.transaction.id } : {}),
    },
  }),
  approvable: {
    target: ({ data }) => `transaction:${data.transactionId}`,
    // The payer is known from the purchase only: a refund to its requester is refused when it is
    // decided, and one to the people behind the requester's key when it is asked for
    // (request-approval reads the purchase).
    requestRefusal: () => null,
    view: ({ data }) => ({
      type: 'REFUND',
      userId: null,
      treasury: data.treasury,
      transactionId: data.transactionId,
      amount: data.amount === undefined ? null : minorUnitsToCoins(data.amount),
      reason: data.reason,
    }),
  },
};
