import { z } from 'zod';
import { isoDateTime, treasuryCode, userIdParam } from './common';
import { transaction, transactionType } from './ledger';

/** SPEC §6: page sizes of the two history reads and the admin search. */
export const historyPaging = {
  /** GET /api/wallets/me/transactions */
  walletPageLimitDefault: 20,
  walletPageLimitMax: 100,
  /** GET /api/coins/history and GET /api/admin/transactions */
  cursorPageLimitDefault: 100,
  cursorPageLimitMax: 1000,
  /** Deep offsets cost a walk over the skipped rows; the cursor read is the one for long histories. */
  offsetMax: 1_000_000,
  /** A cursor is a short opaque token; anything longer is not one of ours. */
  cursorCharsMax: 200,
} as const;

/**
 * A paging value in a query string: digits only, then range-checked. "1.5", "1e3", "0x10",
 * " 5" and out-of-range values are 400s, never coerced or clamped (SPEC §6).
 */
export function queryInt(min: number, max: number, fallback: number) {
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'must be an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback)
    .describe(`integer ${min}..${max}, default ${fallback}`);
}

export const historyCursor = z
  .string()
  .min(1)
  .max(historyPaging.cursorCharsMax)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor returned by a previous page')
  .describe('Opaque; pass the nextCursor of the previous page');

/** GET /api/coins/history: keyset pages, newest first. */
export const historyQuery = z.strictObject({
  limit: queryInt(1, historyPaging.cursorPageLimitMax, historyPaging.cursorPageLimitDefault),
  cursor: historyCursor.optional(),
});

export const historyPage = z.object({
  transactions: z.array(transaction),
  nextCursor: z.string().nullable().describe('null on the last page'),
});
export type HistoryPage = z.infer<typeof historyPage>;

/** GET /api/wallets/me/transactions: offset pages with the total, newest first. */
export const walletTransactionsQuery = z.strictObject({
  limit: queryInt(1, historyPaging.walletPageLimitMax, historyPaging.walletPageLimitDefault),
  offset: queryInt(0, historyPaging.offsetMax, 0),
});

export const walletTransactionsPage = z.object({
  transactions: z.array(transaction),
  pagination: z.object({
    limit: z.number().int(),
    offset: z.number().int(),
    total: z.number().int().describe('Transactions of the caller in all'),
  }),
});
export type WalletTransactionsPage = z.infer<typeof walletTransactionsPage>;

/** GET /api/admin/transactions: search over every transaction, keyset pages, newest first. */
export const adminTransactionsQuery = z
  .strictObject({
    userId: userIdParam.optional().describe('Transactions this user sent or received'),
    treasury: treasuryCode.optional().describe('Transactions this treasury sent or received'),
    type: transactionType.optional(),
    from: isoDateTime.optional().describe('createdAt >= from'),
    to: isoDateTime.optional().describe('createdAt < to'),
    limit: queryInt(1, historyPaging.cursorPageLimitMax, historyPaging.cursorPageLimitDefault),
    cursor: historyCursor.optional(),
  })
  .refine((q) => q.userId === undefined || q.treasury === undefined, {
    message: 'give userId or treasury, not both',
    path: ['treasury'],
  });

export const adminTransactionsPage = historyPage;
