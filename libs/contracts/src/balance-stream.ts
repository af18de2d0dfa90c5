import { type BalanceChanged, transactionType } from '@coin/events';
import { z } from 'zod';
import { isoDateTime } from './common';
import { coinValue, minorUnitsPerCoin, minorUnitsToCoins } from './money';

/*
 * The live balance stream (`GET /api/wallets/me/stream`, docs/DESIGN.md "Live balance"): Server-Sent
 * Events whose `id` is the wallet's balance-change sequence, so that a client that reconnects with
 * `Last-Event-ID` gets exactly the changes it missed. Two event names: `snapshot` (the balance as
 * the stream starts, or when it had to start over) and `balance` (one change).
 */

export const balanceStreamMediaType = 'text/event-stream';

/** The SSE `event:` names of the stream. */
export const balanceStreamEvents = { snapshot: 'snapshot', balance: 'balance' } as const;

/** `snapshot`: the wallet's balance now and the sequence of the last change it includes (0: none yet). */
export const balanceStreamSnapshot = z.object({
  balance: coinValue.describe('The wallet balance (coins, 2 decimals)'),
  sequence: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('The last balance change this balance includes'),
});
export type BalanceStreamSnapshot = z.infer<typeof balanceStreamSnapshot>;

/** `balance`: one change of the wallet's balance, in the order of `sequence` (one by one, no gap). */
export const balanceStreamChange = z.object({
  sequence: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  balance: coinValue.describe('The wallet balance after this change (coins, 2 decimals)'),
  previousBalance: coinValue.describe('The wallet balance before this change (coins, 2 decimals)'),
  amount: z.number().describe('balance − previousBalance: positive for a credit, negative for a debit (coins, 2 decimals)'),
  transactionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  transactionType,
  occurredAt: isoDateTime,
});
export type BalanceStreamChange = z.infer<typeof balanceStreamChange>;

/** A coin.balance.changed event as the stream shows it; the delta is computed in minor units, so it is exact. */
export function balanceStreamChangeOf(event: BalanceChanged): BalanceStreamChange {
  const minor = (coins: number) => Math.round(coins * minorUnitsPerCoin);
  return {
    sequence: event.sequence,
    balance: event.balance,
    previousBalance: event.previousBalance,
    amount: minorUnitsToCoins(minor(event.balance) - minor(event.previousBalance)),
    transactionId: event.transactionId,
    transactionType: event.transactionType,
    occurredAt: event.occurredAt,
  };
}
