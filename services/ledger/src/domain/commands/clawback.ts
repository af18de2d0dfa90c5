import { clawbackCommand, ledgerResults, minorUnitsToCoins, walletKeyOfUser, type Party } from '@coin/contracts';
import { activeOf } from '../state';
import { accepted } from './rules';
import type { CommandModule } from './types';

/**
 * Takes an affiliate's commission back into the treasury after a refund of the split purchase
 * fronted it to the buyer (docs/CONTRACT.md "Affiliate splits"). The ledger's own command, keyed
 * by the affiliate's wallet: it takes what their active coins cover, never more (a balance never
 * goes negative); the rest is the treasury's loss, shown as the shortfall and in the
 * transaction's reason. It is never refused, so a refund's clawback never stops a partition.
 */
export const clawback: CommandModule<'ledger.clawback'> = {
  type: 'ledger.clawback',
  schema: clawbackCommand,
  result: ledgerResults['ledger.clawback'],
  createsTransaction: true,
  // Sent on ledger.internal only (the contract's route 'ledger'), which only the ledger writes.
  authorRefusal: () => null,
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId)] }),
  decide(command, context) {
    const { purchaseId, refundId, fromUserId, to, amount, reference } = command.data;
    const wallet = context.wallet(walletKeyOfUser(fromUserId));
    const available = wallet && wallet.status === 'OPEN' ? Math.max(0, activeOf(wallet)) : 0;
    const taken = Math.min(amount, available);
    if (!wallet || taken === 0) return accepted({ clawed: { taken: 0, shortfall: amount } });
    const from: Party = wallet.party;
    const shortfall = amount - taken;
    const transaction = context.newTransaction({
      type: 'TRANSFER',
      amount: taken,
      from,
      to,
      reason:
        shortfall === 0
          ? `Clawback of the affiliate commission of purchase ${purchaseId} (refund ${refundId})`
          : `Clawback of the affiliate commission of purchase ${purchaseId} (refund ${refundId}): ${minorUnitsToCoins(shortfall)} not recovered`,
      // The order's reference; its metadata comes with the command's, as every command's does.
      reference: reference ?? null,
      splitOf: purchaseId,
      splitTreasury: to.kind === 'treasury' ? to.code : null,
    });
    return accepted({
      transaction,
      entries: [{ transactionId: transaction.id, walletKey: wallet.key, amount: -taken }],
      creditLegs: [{ transactionId: transaction.id, transactionType: transaction.type, to, amount: taken, returnTo: from }],
      subjectKey: wallet.key,
      clawed: { taken, shortfall },
    });
  },
  reply: ({ command, decision }) => ({
    purchaseId: command.data.purchaseId,
    clawedBack: minorUnitsToCoins(decision.clawed?.taken ?? 0),
    shortfall: minorUnitsToCoins(decision.clawed?.shortfall ?? command.data.amount),
    transactionId: decision.transaction?.id ?? null,
  }),
  audit: () => null,
};
