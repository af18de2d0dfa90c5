import {
  ledgerResults,
  metadataLimits,
  minorUnitsToCoins,
  refundCommand,
  walletKeyOf,
  walletKeyOfTreasury,
  treasuryOf,
  type Party,
} from '@coin/contracts';
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
import type { ApprovableModule, DecideContext } from './types';
import { clawbackOf } from '../commission';
import type { NewTransaction, RefundTarget } from '../state';
import { refundEffect } from '../kinds/refund-targets';

/** What every transaction of a refund carries of its order: the purchase's reference, and its metadata with the refund's own over it. */
interface OrderMarks {
  reference: string | null;
  metadata: Record<string, string> | null;
}

/**
 * The order a refund's transactions belong to (docs/CONTRACT.md "Transaction types"): the
 * purchase's reference, and its metadata with the refund's own added (a key in both: the
 * refund's value). When the two together hold more keys than a transaction's metadata may, the
 * refund's own stand alone, as before refunds carried the purchase's: a refund the ledger
 * accepted then is never refused for it now.
 */
function orderMarksOf(purchase: RefundTarget, own: Record<string, string> | undefined): OrderMarks {
  const merged = { ...purchase.metadata, ...own };
  const metadata = Object.keys(merged).length > metadataLimits.keysMax ? (own ?? {}) : merged;
  return { reference: purchase.reference ?? null, metadata: Object.keys(metadata).length > 0 ? metadata : null };
}

/**
 * The commission's part of a split purchase's refund (docs/CONTRACT.md "Affiliate splits"): the
 * treasury pays it to the buyer now (a TRANSFER `splitOf` the purchase), so the buyer is whole at
 * once, and a clawback takes it from the affiliate back into the treasury in their partition.
 */
function frontedPart(
  context: DecideContext,
  purchaseId: number,
  commission: { affiliateUserId: number },
  refund: NewTransaction,
  amount: number,
) {
  const from = refund.from as Party;
  const to = refund.to as Party;
  const { reference, metadata } = refund;
  const transaction = context.newTransaction({
    type: 'TRANSFER',
    amount,
    from,
    to,
    reason: `Refund of the affiliate commission's part of purchase ${purchaseId}`,
    reference,
    metadata,
    splitOf: purchaseId,
    splitTreasury: from.kind === 'treasury' ? from.code : null,
  });
  return {
    transaction,
    entry: (walletKey: string) => ({ transactionId: transaction.id, walletKey, amount: -amount, transactionType: transaction.type }),
    leg: { transactionId: transaction.id, transactionType: transaction.type, to, amount, returnTo: from },
    clawback: {
      purchaseId,
      refundId: refund.id,
      fromUserId: commission.affiliateUserId,
      to: from,
      amount,
      ...(reference !== null ? { reference } : {}),
      ...(metadata !== null ? { metadata } : {}),
    },
  };
}

/**
 * Pays (part of) a purchase back from the treasury it paid (ADMIN+; in the sandbox, the test-mode
 * client whose purchase it was); decided in the treasury's partition, the payer credited by a
 * credit leg. A person's refund past a window waits.
 */
export const refund: ApprovableModule<'ledger.refund'> = {
  type: 'ledger.refund',
  schema: refundCommand,
  result: ledgerResults['ledger.refund'],
  createsTransaction: true,
  authorRefusal: adminRefusal,
  // The purchase's payer (its wallet and its recipient window) is read with the purchase, by the store.
  reads: ({ actor, data }) => ({
    walletKeys: [walletKeyOfTreasury(data.treasury, data.treasuryClientId)],
    refundTarget: data.transactionId,
    windowScopes: isPerson(actor) ? [actorScope(actor)] : [],
  }),
  decide(command, context) {
    const { transactionId, treasury, reason } = command.data;
    const purchase = context.state.refundTargets.get(transactionId);
    if (!purchase) return reject('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} does not exist`);
    // A platform client refunds (the sandbox's rule alone lets it) only what its own requests bought:
    // another's purchase answers as if it did not exist.
    if (command.actor.kind === 'system' && purchase.clientId !== command.actor.id) {
      return reject('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} does not exist`);
    }
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
    // In the sandbox, the test-mode client's own treasury, which its purchase paid ("Treasuries of each test client's own").
    const from: Party = treasuryOf(treasury, command.data.treasuryClientId);
    const to: Party = { kind: 'user', userId: purchase.fromUserId };
    if (paysActor(command, to)) return selfDealing('An admin cannot refund their own purchase');
    if (paysPeopleBehindKey(command, to)) return selfDealing(paysPeopleBehindKeyDetail);
    const source = context.wallet(walletKeyOf(from));
    if (!source) return missingParty(from);
    const target = context.wallet(walletKeyOf(to));
    if (!target || target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', "The payer's wallet is closed");
    // A split purchase: the commission's part comes back too, fronted by the treasury and clawed back from the affiliate.
    const fronted = purchase.commission
      ? clawbackOf({
          treasuryPart: purchase.amount,
          commission: purchase.commission.amount,
          refundedBefore: purchase.refunded,
          refund: amount,
        })
      : 0;
    const total = amount + fronted;
    if (source.balance < total) return insufficient(source, total);
    if (!canDebit(source, total)) return beyondLimit(source);
    if (!canCredit(target, total)) return beyondLimit(target);
    // The four-eyes windows count what the buyer gets back: the refund and the commission's part.
    return fourEyes(context, command, personCharges(command.actor, total, to), (counted) => {
      const order = orderMarksOf(purchase, command.data.metadata);
      const transaction = context.newTransaction({ type: 'REFUND', amount, from, to, reason, refundOf: purchase.id, ...order });
      const split =
        fronted > 0 && purchase.commission ? frontedPart(context, purchase.id, purchase.commission, transaction, fronted) : null;
      return accepted({
        transaction,
        lineTransactions: split ? [split.transaction] : [],
        entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }, ...(split ? [split.entry(source.key)] : [])],
        creditLegs: [
          { transactionId: transaction.id, transactionType: transaction.type, to, amount, returnTo: from },
          ...(split ? [split.leg] : []),
        ],
        clawbacks: split ? [split.clawback] : [],
        subjectKey: source.key,
        effects: [refundEffect(purchase.id, amount), ...counted],
      });
    });
  },
  reply: (input) => {
    const commission = input.decision.lineTransactions[0];
    return { ...moneyReply(input), ...(commission ? { commission: input.views.transaction(commission) } : {}) };
  },
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
