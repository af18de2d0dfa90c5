import { z } from 'zod';
import { digitsParam, email, isoDateTime, type Metadata, metadata, singleLineText, treasuryCode, userIdParam } from './common';
import { coinQuery, coinTextToMinorUnits } from './money';
import { platformClientId } from './user';
import { transaction, transactionType } from './ledger';
import { pageCursorParam, withCursorParam, withPageLinks } from './paging';

/** docs/CONTRACT.md "Paging": page sizes of the two history reads and the admin search. */
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
 * " 5" and out-of-range values are 400s, never coerced or clamped (docs/CONTRACT.md "Paging").
 */
export function queryInt(min: 0 | 1, max: number, fallback: number) {
  return digitsParam(/^(0|[1-9][0-9]{0,15})$/, { min, max })
    .default(fallback)
    .describe(`integer ${min}..${max}, default ${fallback}`);
}

export const historyCursor = pageCursorParam;

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

/** The public API's forms (the history service's internal routes keep the ones above): one paging style, libs/contracts paging.ts. */
export const historyPublicPage = withPageLinks(historyPage);
export const walletTransactionsPublicQuery = withCursorParam(walletTransactionsQuery, 'offset');
export const walletTransactionsPublicPage = withPageLinks(walletTransactionsPage);

const earliestMs = Date.parse('0001-01-01T00:00:00Z');
const latestMs = Date.parse('9999-12-31T23:59:59Z');

/**
 * A time of a query (already a valid RFC 3339 date-time) as the same instant in UTC, its
 * fraction kept digit for digit. RFC 3339 and the document admit offsets up to ±23:59 and the
 * years 0000–9999; PostgreSQL refuses offsets past ±15:59 and the year 0, which once answered a
 * valid query 503. An instant before year 1 or after 9999 is clamped to that end: nothing is
 * recorded outside those years, so every filter gives the same answer.
 */
export function utcQueryTime(text: string): string {
  const match = /^(.*T\d\d:\d\d:\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)$/.exec(text);
  if (!match) return text;
  const [, whole, fraction = '', offset] = match;
  const ms = Date.parse(`${whole}${offset}`);
  if (Number.isNaN(ms)) return text;
  if (ms < earliestMs) return '0001-01-01T00:00:00Z';
  if (ms > latestMs) return '9999-12-31T23:59:59.999999Z';
  return `${new Date(ms).toISOString().slice(0, 19)}${fraction}Z`;
}

/** The filters of the transaction search, public and internal alike. */
const transactionSearchFields = {
  userId: userIdParam.optional().describe('Transactions this user sent or received (not with treasury)'),
  treasury: treasuryCode.optional().describe('Transactions this treasury sent or received (not with userId)'),
  type: transactionType.optional(),
  from: isoDateTime.transform(utcQueryTime).optional().describe('createdAt >= from'),
  to: isoDateTime.transform(utcQueryTime).optional().describe('createdAt < to'),
  reference: singleLineText(1, 100).optional().describe("The transaction's reference, exactly"),
  amount: coinQuery.optional().describe('The amount in coins, exactly (not with amountMin or amountMax)'),
  amountMin: coinQuery.optional().describe('amount >= amountMin, in coins'),
  amountMax: coinQuery.optional().describe('amount <= amountMax, in coins'),
  limit: queryInt(1, historyPaging.cursorPageLimitMax, historyPaging.cursorPageLimitDefault),
  cursor: historyCursor.optional(),
};
const userOrTreasury = {
  check: (q: { userId?: number | undefined; treasury?: string | undefined }) => q.userId === undefined || q.treasury === undefined,
  params: { message: 'give userId or treasury, not both', path: ['treasury'] },
};

type AmountFilter = { amount?: string | undefined; amountMin?: string | undefined; amountMax?: string | undefined };

/** An exact amount and a range do not mix, and a range runs from its lower end up. */
function checkAmounts(q: AmountFilter, ctx: z.RefinementCtx): void {
  if (q.amount !== undefined && (q.amountMin !== undefined || q.amountMax !== undefined)) {
    ctx.addIssue({ code: 'custom', message: 'give amount, or amountMin and/or amountMax, not both', path: ['amount'] });
  }
  if (q.amountMin !== undefined && q.amountMax !== undefined && coinTextToMinorUnits(q.amountMin) > coinTextToMinorUnits(q.amountMax)) {
    ctx.addIssue({ code: 'custom', message: 'must be at least amountMin', path: ['amountMax'] });
  }
}

/**
 * The metadata filter as a query string writes it: `metadata[key]=value`, once per key (every
 * pair must match). The gateway gathers those parameters into this object before validation
 * (routes/history.ts), so the same bounds as a request's metadata apply.
 */
export const metadataQuery = metadata.meta({ style: 'deepObject', explode: true });

/**
 * GET /api/admin/transactions: search over every transaction (ADMIN+), or over the ones its own
 * requests made (a platform client), keyset pages, newest first.
 */
export const adminTransactionsQuery = z
  .strictObject({
    ...transactionSearchFields,
    metadata: metadataQuery.optional().describe('metadata[key]=value: transactions whose metadata has every pair given'),
    clientId: platformClientId
      .optional()
      .describe(
        "Transactions this platform client's requests made (ADMIN+; a platform client's search is always its own, and naming another client is 403)",
      ),
    email: email
      .optional()
      .describe(
        'Transactions of the user with this e-mail (ADMIN+; not with userId or treasury): resolved to the user id, never stored with history',
      ),
  })
  .refine(userOrTreasury.check, userOrTreasury.params)
  .refine((q) => q.email === undefined || (q.userId === undefined && q.treasury === undefined), {
    message: 'give email, or userId or treasury, not both',
    path: ['email'],
  })
  .superRefine(checkAmounts);

/** The longest metadata filter as JSON text on the internal route: 20 keys of 40 and values of 500, escaped. */
const metadataJsonCharsMax = 64 * 1024;

/** A metadata filter as JSON text, or null when the text is not JSON or not metadata. */
export function metadataOfJson(text: string): Metadata | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = metadata.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A metadata filter on an internal route: its JSON text (a query string carries no object). */
const metadataJsonText = z
  .string()
  .max(metadataJsonCharsMax)
  .refine((text) => metadataOfJson(text) !== null, 'must be the JSON text of metadata');

/**
 * GET /api/coins/history: the caller's own transactions, keyset pages, newest first; filtered by
 * metadata like the search (`metadata[key]=value`, every pair must match).
 */
export const historyPublicQuery = z.strictObject({
  ...historyQuery.shape,
  metadata: metadataQuery.optional().describe('metadata[key]=value: transactions whose metadata has every pair given'),
});

/** The history service's form of a user's own keyset history: the metadata filter as its JSON text. */
export const internalHistoryQuery = z.strictObject({ ...historyQuery.shape, metadata: metadataJsonText.optional() });

/**
 * The history service's form of the search: the metadata filter as its JSON text (a query
 * string carries no object; the route reads it with metadataOfJson), and the platform client the
 * gateway narrows a client's search to.
 */
export const internalTransactionsQuery = z
  .strictObject({
    ...transactionSearchFields,
    metadata: metadataJsonText.optional(),
    clientId: platformClientId.optional(),
  })
  .refine(userOrTreasury.check, userOrTreasury.params)
  .superRefine(checkAmounts);
export type InternalTransactionsQuery = z.output<typeof internalTransactionsQuery>;

export const adminTransactionsPage = historyPage;
export const adminTransactionsPublicPage = historyPublicPage;
