import {
  ledgerResults,
  transferCommand,
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  type LedgerCommandOf,
  type Party,
} from '@coin/contracts';
import { activeOf, type NewTransaction, type WalletState } from '../state';
import { moneyReply } from './replies';
import { accepted, beyondLimit, canCredit, canDebit, insufficient, limitBreachOf, missingParty, reject } from './rules';
import { affiliateClaimOf, splitOf, type Split } from './split';
import { isUser } from '../authors';
import type { CommandModule, DecideContext } from './types';
import { spentFrom } from '../kinds/limits';

/**
 * A user pays another user (TRANSFER) or a treasury (PURCHASE): debited here, in the payer's
 * partition, and credited by a credit leg keyed by the recipient's wallet. A purchase naming an
 * affiliate is split in the same apply (docs/CONTRACT.md "Affiliate splits"): the PURCHASE pays
 * the treasury its part, and a TRANSFER to the affiliate (`splitOf` the purchase) the commission.
 */
export const transfer: CommandModule<'ledger.transfer'> = {
  type: 'ledger.transfer',
  schema: transferCommand,
  result: ledgerResults['ledger.transfer'],
  createsTransaction: true,
  transactionsOf: ({ data }) => (data.affiliate ? 2 : 1),
  authorRefusal: ({ data }, author) => {
    if (!isUser(author, data.fromUserId)) return "Command refused: only the payer moves or reserves their wallet's coins";
    // The live ledger: an affiliate only by a platform's referral, never named by whoever sends.
    return data.affiliate && !('referral' in data.affiliate)
      ? 'Command refused: a live purchase names its affiliate by a platform client’s referral only'
      : null;
  },
  reads: (command) => {
    const { data } = command;
    const claim = affiliateClaimOf(command);
    return {
      walletKeys: [
        walletKeyOfUser(data.fromUserId),
        walletKeyOf(data.to),
        // A test-mode client's own treasury keeps no rules: they are the shared treasury's, one per client.
        ...(data.to.kind === 'treasury' && data.to.clientId !== undefined && data.affiliate ? [walletKeyOfTreasury(data.to.code)] : []),
        // The affiliate the referral names (its claims; the consumer verified it before any apply).
        ...(claim ? [walletKeyOfUser(claim.affiliate)] : []),
      ],
    };
  },
  decide(command, context) {
    const { kind, fromUserId, to, amount } = command.data;
    const from: Party = { kind: 'user', userId: fromUserId };
    if (kind === 'PURCHASE' && to.kind !== 'treasury') return reject('VALIDATION_FAILED', 'A purchase pays a treasury');
    if (to.kind === 'user' && to.userId === fromUserId) return reject('SELF_TRANSFER', 'Sender and recipient are the same user');
    const source = context.wallet(walletKeyOf(from));
    if (!source) return reject('WALLET_NOT_FOUND', 'The sender has no wallet');
    const target = context.wallet(walletKeyOf(to));
    if (!target) return missingParty(to);
    if (target.status === 'CLOSED') return reject('RECIPIENT_CLOSED', 'The recipient wallet is closed');
    const rulesHolder = to.kind === 'treasury' && to.clientId !== undefined ? context.wallet(walletKeyOfTreasury(to.code)) : target;
    const split = command.data.affiliate ? splitOf(command, target, context, rulesHolder) : null;
    if (split && 'ok' in split) return split;
    if (activeOf(source) < amount) return insufficient(source, amount);
    if (!canDebit(source, amount)) return beyondLimit(source);
    if (!canCredit(target, amount)) return beyondLimit(target);
    // The limits count the whole amount, once: the buyer makes one debit, however it is split.
    const overLimit = limitBreachOf(command, source, amount, context.now, context.policy);
    if (overLimit) return overLimit;
    return paid(command, context, source, split);
  },
  reply: (input) => {
    const commission = input.decision.lineTransactions[0];
    return { ...moneyReply(input), ...(commission ? { commission: input.views.transaction(commission) } : {}) };
  },
  audit: () => null,
};

/** The accepted payment: one debit of the payer, the recipient's credit leg, and the affiliate's when split. */
function paid(command: LedgerCommandOf<'ledger.transfer'>, context: DecideContext, source: WalletState, split: Split | null) {
  const { kind, to, amount, reason, reference } = command.data;
  const from = source.party;
  const part = amount - (split?.commission ?? 0);
  const transaction = context.newTransaction({ type: kind, amount: part, from, to, reason, reference: reference ?? null });
  const commission: NewTransaction | null = split
    ? context.newTransaction({
        type: 'TRANSFER',
        amount: split.commission,
        from,
        to: split.affiliate,
        reason,
        reference: reference ?? null,
        splitOf: transaction.id,
        splitTreasury: to.kind === 'treasury' ? to.code : null,
      })
    : null;
  return accepted({
    transaction,
    lineTransactions: commission ? [commission] : [],
    entries: [
      { transactionId: transaction.id, walletKey: source.key, amount: -part },
      ...(commission
        ? [{ transactionId: commission.id, walletKey: source.key, amount: -commission.amount, transactionType: commission.type }]
        : []),
    ],
    creditLegs: [
      { transactionId: transaction.id, transactionType: transaction.type, to, amount: part, returnTo: from },
      ...(commission
        ? [
            {
              transactionId: commission.id,
              transactionType: commission.type,
              to: commission.to as Party,
              amount: commission.amount,
              returnTo: from,
            },
          ]
        : []),
    ],
    effects: [spentFrom(source.key, amount)],
    subjectKey: source.key,
  });
}
