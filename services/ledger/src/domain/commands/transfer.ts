import { ledgerResults, transferCommand, walletKeyOf, walletKeyOfUser, type Party } from '@coin/contracts';
import { activeOf } from '../state';
import { moneyReply } from './replies';
import { accepted, beyondLimit, canCredit, canDebit, insufficient, limitBreachOf, missingParty, reject } from './rules';
import { isUser } from '../authors';
import type { CommandModule } from './types';

/**
 * A user pays another user (TRANSFER) or a treasury (PURCHASE): debited here, in the payer's
 * partition, and credited by a credit leg keyed by the recipient's wallet.
 */
export const transfer: CommandModule<'ledger.transfer'> = {
  type: 'ledger.transfer',
  schema: transferCommand,
  result: ledgerResults['ledger.transfer'],
  createsTransaction: true,
  authorRefusal: ({ data }, author) =>
    isUser(author, data.fromUserId) ? null : "Command refused: only the payer moves or reserves their wallet's coins",
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.fromUserId), walletKeyOf(data.to)] }),
  decide(command, context) {
    const { kind, fromUserId, to, amount, reason, reference } = command.data;
    const from: Party = { kind: 'user', userId: fromUserId };
    if (kind === 'PURCHASE' && to.kind !== 'treasury') return reject('VALIDATION_FAILED', 'A purchase pays a treasury');
    if (to.kind === 'user' && to.userId === fromUserId) return reject('SELF_TRANSFER', 'Sender and recipient are the same user');
    const source = context.wallet(walletKeyOf(from));
    if (!source) return reject('WALLET_NOT_FOUND', 'The sender has no wallet');
    const target = context.wallet(walletKeyOf(to));
    if (!target) return missingParty(to);
    if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed');
    if (activeOf(source) < amount) return insufficient(source, amount);
    if (!canDebit(source, amount)) return beyondLimit(source);
    if (!canCredit(target, amount)) return beyondLimit(target);
    const overLimit = limitBreachOf(command, source, amount, context.now, context.policy);
    if (overLimit) return overLimit;
    const transaction = context.newTransaction({ type: kind, amount, from, to, reason, reference: reference ?? null });
    return accepted({
      transaction,
      entries: [{ transactionId: transaction.id, walletKey: source.key, amount: -amount }],
      creditLegs: [{ transactionId: transaction.id, transactionType: transaction.type, to, amount, returnTo: from }],
      spend: { walletKey: source.key, amount, count: 1 },
      subjectKey: source.key,
    });
  },
  reply: moneyReply,
  audit: () => null,
};
