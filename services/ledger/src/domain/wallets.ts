import { minorUnitsToCoins, xafValueOf, type Wallet } from '@coin/contracts';

export interface WalletRow {
  id: string;
  wallet_key: string;
  user_id: number | null;
  treasury_code: string | null;
  balance: number;
  total_received: number;
  total_sent: number;
  status: 'OPEN' | 'CLOSED';
  created_at: Date;
  updated_at: Date;
}

/** The seed's wallet shape, in coins. Holds do not exist yet, so activeCoins == balance. */
export function toWallet(row: WalletRow, xafRate?: number): Wallet {
  return {
    id: row.id,
    userId: row.user_id ?? 0,
    balance: minorUnitsToCoins(row.balance),
    activeCoins: minorUnitsToCoins(row.balance),
    totalReceived: minorUnitsToCoins(row.total_received),
    totalSent: minorUnitsToCoins(row.total_sent),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...(xafRate !== undefined ? { xafValue: xafValueOf(row.balance, xafRate) } : {}),
  };
}
