import { freezeWalletCommand, ledgerResults, walletKeyOfUser } from '@coin/contracts';
import { accepted, reject } from './rules';
import { freezeReply, userWalletOf } from './freeze-rules';
import { adminRefusal, isMonitoring } from '../authors';
import type { CommandModule } from './types';

/**
 * Freezes a user wallet's outgoing movements (docs/design/ledger.md "Freezes"): asked by an ADMIN+
 * or by the monitoring service, whose own key the ledger trusts for this command alone.
 */
export const freezeWallet: CommandModule<'ledger.freeze-wallet'> = {
  type: 'ledger.freeze-wallet',
  schema: freezeWalletCommand,
  result: ledgerResults['ledger.freeze-wallet'],
  createsTransaction: false,
  authorRefusal: (command, author) => (isMonitoring(author) ? null : adminRefusal(command, author)),
  reads: ({ data }) => ({ walletKeys: [walletKeyOfUser(data.userId)] }),
  decide(command, context) {
    const { userId, reason, caseId } = command.data;
    const found = userWalletOf(context, userId);
    if (!found.ok) return found;
    const target = found.wallet;
    if (target.freeze) return reject('WALLET_ALREADY_FROZEN', `User ${userId}'s wallet is already frozen`);
    const { kind, id } = command.actor;
    if (kind !== 'user' && kind !== 'service') return reject('FORBIDDEN', 'Only an ADMIN+ or the monitoring service freezes a wallet');
    const freeze = { reason, caseId: caseId ?? null, frozenBy: { kind, id }, frozenAt: context.now };
    return accepted({ effects: [{ kind: 'freezes', walletKey: target.key, userId, freeze, event: 'frozen' }], subjectKey: target.key });
  },
  reply: freezeReply,
  audit: ({ data }) => ({
    serviceAction: 'wallet.freeze',
    target: walletKeyOfUser(data.userId),
    summary: { reason: data.reason, caseId: data.caseId ?? null },
  }),
};
