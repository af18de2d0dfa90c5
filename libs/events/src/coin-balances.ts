import { z } from 'zod';
import { eventSchema } from './envelope';
import { coinValue, transactionType, treasuryCode, userId } from './primitives';

/**
 * The topic (before any deployment prefix). The record key is the wallet key (`user:<id>` or
 * `treasury:<CODE>`), so one wallet's changes stay in order on one partition.
 */
export const coinBalancesTopic = 'coin.balances';

/** A wallet: exactly one of `userId` (a user's wallet) and `treasury` (a treasury) is set. */
export const balanceWallet = z.object({
  userId: userId.nullable(),
  treasury: treasuryCode.nullable(),
});
export type BalanceWallet = z.infer<typeof balanceWallet>;

/**
 * One change of one wallet's balance, published by the ledger through its outbox after the commit
 * that made it: the debit of a transaction in the payer's partition, its credit in the
 * recipient's. `sequence` counts the wallet's balance changes (1 for the first), one by one with no
 * gap, so a consumer keeps the highest it has seen and skips a late or repeated copy; `balance` is
 * after the change and `previousBalance` before it, so whether a threshold was crossed is decided
 * from this event alone. Amounts in coins (2 decimals).
 */
export const balanceChanged = eventSchema('coin.balance.changed', {
  wallet: balanceWallet,
  sequence: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  balance: coinValue.describe('The wallet balance after this change (coins, 2 decimals)'),
  previousBalance: coinValue.describe('The wallet balance before this change (coins, 2 decimals)'),
  transactionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  transactionType,
});
export type BalanceChanged = z.infer<typeof balanceChanged>;

/** Every event type of coin.balances, discriminated by `type`. */
export const coinBalanceEvent = z.discriminatedUnion('type', [balanceChanged]);
export type CoinBalanceEvent = z.infer<typeof coinBalanceEvent>;
export const coinBalanceEventTypes = coinBalanceEvent.options.map((o) => o.shape.type.value);
