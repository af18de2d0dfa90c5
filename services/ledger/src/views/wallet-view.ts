import { minorUnitsToCoins, treasuryNames, xafValueOf, type Treasury, type TreasuryCode, type Wallet } from '@coin/contracts';
import { activeOf, type WalletState } from '../domain/ledger';

/**
 * The one home of the wallet views, in coins, from the ledger's state of a wallet, whether a
 * reply renders it or a read loads it: a user's wallet (the Wallet of docs/CONTRACT.md "Resources") or a treasury
 * (docs/CONTRACT.md "Treasuries").
 */

function amountsOf(wallet: WalletState) {
  return {
    balance: minorUnitsToCoins(wallet.balance),
    totalReceived: minorUnitsToCoins(wallet.totalReceived),
    totalSent: minorUnitsToCoins(wallet.totalSent),
    createdAt: wallet.createdAt.toISOString(),
    updatedAt: wallet.updatedAt.toISOString(),
  };
}

export function userWalletView(wallet: WalletState, userId: number, xafRate?: number): Wallet {
  const amounts = amountsOf(wallet);
  return {
    id: wallet.id,
    userId,
    // What pending holds reserve stays in the balance but is not active (docs/design/ledger.md "Holds").
    activeCoins: minorUnitsToCoins(activeOf(wallet)),
    ...amounts,
    frozen: wallet.freeze !== null,
    ...(xafRate !== undefined ? { xafValue: xafValueOf(wallet.balance, xafRate) } : {}),
  };
}

export function treasuryView(wallet: WalletState, code: TreasuryCode): Treasury {
  return { code, name: treasuryNames[code], walletId: wallet.id, ...amountsOf(wallet) };
}

/** Whichever the wallet is. */
export function walletView(wallet: WalletState, xafRate?: number): Wallet | Treasury {
  return wallet.party.kind === 'treasury' ? treasuryView(wallet, wallet.party.code) : userWalletView(wallet, wallet.party.userId, xafRate);
}
