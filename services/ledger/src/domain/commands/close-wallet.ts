import { closeWalletCommand, ledgerResults, walletKeyOfUser, type Party } from '@coin/contracts';
import { accepted, beyondLimit, canDebit } from './rules';
import { userAtLeast } from '../authors';
import { withoutCashoutAccount } from '../state';
import type { CommandModule } from './types';
import { holdEffect } from '../kinds/holds';

/**
 * Closes a deleted user's wallet (SUPERADMIN, or the user service): its pending holds are voided
 * (a pending cash-out is released like any other) and its coins burned. Every close, the first and
 * any later one, erases the user's mobile money number from their cash-outs and the stored replies
 * of their cash-out commands (docs/design/data.md "Erasure"), keeping everything else.
 */
export const closeWallet: CommandModule<'ledger.close-wallet'> = {
  type: 'ledger.close-wallet',
  schema: closeWalletCommand,
  result: ledgerResults['ledger.close-wallet'],
  createsTransaction: true,
  authorRefusal: (_command, author) => (userAtLeast(author, 'SUPERADMIN') ? null : 'Command refused: only a SUPERADMIN closes a wallet'),
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.userId)], pendingHoldOwners: [data.userId] }),
  decide(command, context) {
    const { userId, reason } = command.data;
    const { now } = context;
    const target = context.wallet(walletKeyOfUser(userId));
    const erasesCashoutAccountsOf = userId;
    if (!target || target.status === 'CLOSED') return accepted({ erasesCashoutAccountsOf });
    // Its pending holds are voided first: a closed wallet reserves nothing, and its coins are burned.
    const voided = [...(context.state.holds?.values() ?? [])]
      .filter((h) => h.fromUserId === userId && h.status === 'PENDING')
      .map((h) => holdEffect({ hold: withoutCashoutAccount({ ...h, status: 'VOIDED' as const, updatedAt: now }), event: 'voided' }));
    if (target.balance === 0) return accepted({ closes: [target.key], effects: voided, subjectKey: target.key, erasesCashoutAccountsOf });
    if (!canDebit(target, target.balance)) return beyondLimit(target);
    const party: Party = { kind: 'user', userId };
    const transaction = context.newTransaction({ type: 'BURN', amount: target.balance, from: party, to: null, reason });
    return accepted({
      transaction,
      entries: [{ transactionId: transaction.id, walletKey: target.key, amount: -target.balance }],
      closes: [target.key],
      effects: voided,
      subjectKey: target.key,
      erasesCashoutAccountsOf,
    });
  },
  reply: ({ decision }) => ({ closed: decision.closes.length > 0, burnTransactionId: decision.transaction?.id ?? null }),
  audit: () => null,
};
