import { z } from 'zod';
import { commandSchema, eventSchema } from './messaging';
import { coinValue, positiveMinorUnits } from './money';
import { isoDateTime, reasonText, treasuryCode, userId } from './common';

export const transactionTypes = ['MINT', 'BURN', 'TRANSFER', 'PURCHASE', 'REWARD', 'REFUND'] as const;
export const transactionType = z.enum(transactionTypes);
export type TransactionType = z.infer<typeof transactionType>;

/** The seed's Wallet (2.1); amounts in coins. */
export const wallet = z.object({
  id: z.uuid(),
  userId: userId,
  balance: coinValue,
  activeCoins: coinValue,
  totalReceived: coinValue,
  totalSent: coinValue,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  xafValue: z.number().int().optional().describe('balance x COIN_XAF_RATE, when configured'),
});
export type Wallet = z.infer<typeof wallet>;

/** The seed's Transaction (2.2), plus the treasury side when one is involved. */
export const transaction = z.object({
  id: z.number().int().positive(),
  type: transactionType,
  amount: coinValue,
  fromUserId: userId.nullable(),
  toUserId: userId.nullable(),
  fromTreasury: treasuryCode.nullable(),
  toTreasury: treasuryCode.nullable(),
  reason: z.string(),
  reference: z.string().nullable(),
  refundOf: z.number().int().positive().nullable(),
  createdAt: isoDateTime,
});
export type Transaction = z.infer<typeof transaction>;

// ---- Kafka commands on ledger.commands, keyed by the wallet they debit (MINT: credit) ----
export function walletKeyOfUser(id: number): string {
  return `user:${id}`;
}
export function walletKeyOfTreasury(code: string): string {
  return `treasury:${code}`;
}

export const openWalletCommand = commandSchema('ledger.open-wallet', z.object({ userId }));

export const ledgerCommand = z.discriminatedUnion('type', [openWalletCommand]);
export type LedgerCommand = z.infer<typeof ledgerCommand>;

// ---- Events on coin.transactions (SPEC §8) ----
export const transactionRecorded = eventSchema('coin.transaction.recorded', { transaction });
export type TransactionRecorded = z.infer<typeof transactionRecorded>;

export { positiveMinorUnits, reasonText };

// ---- Internal HTTP of the ledger (gateway and operator tools only) ----
/** The ledger's record in id order: what `history:rebuild` replays (not Kafka, whose retention is finite). */
export const internalTransactionPage = z.object({
  transactions: z.array(transaction),
  /** Pass as `afterId` for the next page; null when this page is the last. */
  nextAfterId: z.number().int().nullable(),
});
export type InternalTransactionPage = z.infer<typeof internalTransactionPage>;
