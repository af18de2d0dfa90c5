import { balanceChanged } from '@coin/events';
import { z } from 'zod';

export { balanceChanged, coinBalancesTopic, type BalanceChanged } from '@coin/events';

/*
 * The ledger's record of one wallet's balance changes, read back by sequence: what a live balance
 * stream (`GET /api/wallets/me/stream`) replays when a client resumes from its `Last-Event-ID`,
 * and how a consumer of coin.balances fills a gap. One change is the coin.balance.changed event
 * the ledger published for it (same eventId, same fields).
 */

/** `afterSequence`: the last sequence the caller holds (0: from the first change). */
export const balanceChangesQuery = z.strictObject({
  afterSequence: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type BalanceChangesQuery = z.infer<typeof balanceChangesQuery>;

/** At most `limit` changes after `afterSequence`, oldest first; `sequence` is the wallet's latest (0: it never changed). */
export const balanceChangesPage = z.object({
  changes: z.array(balanceChanged),
  sequence: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type BalanceChangesPage = z.infer<typeof balanceChangesPage>;
