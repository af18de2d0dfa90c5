import { ledgerResults, openWalletCommand, walletKeyOf, walletKeyOfUser, type Party } from '@coin/contracts';
import { accepted } from './rules';
import type { CommandModule } from './types';

/** Opens a user's wallet (docs/CONTRACT.md "Resources"): sent as a user registers, by the gateway and on user.registered. */
export const openWallet: CommandModule<'ledger.open-wallet'> = {
  type: 'ledger.open-wallet',
  schema: openWalletCommand,
  result: ledgerResults['ledger.open-wallet'],
  createsTransaction: false,
  // The ledger's own commands, and opening a wallet (a stranger who just registered): no author to judge.
  authorRefusal: () => null,
  reads: (command) => ({ walletKeys: [walletKeyOfUser(command.data.userId)] }),
  decide(command, { wallet }) {
    // Every registered user gets a wallet; one that exists, open or closed, stays as it is.
    const party: Party = { kind: 'user', userId: command.data.userId };
    const key = walletKeyOf(party);
    return accepted({ opens: wallet(key) ? [] : [party], subjectKey: key });
  },
  reply: ({ command, subject, views, xafRate }) => ({
    wallet: subject ? views.userWallet(subject, command.data.userId, xafRate) : null,
  }),
  audit: () => null,
};
