import { z } from 'zod';
import { coinValue } from './money';
import { isoDateTime, treasuryCode, userIdParam } from './common';
import { historyCursor, queryInt, utcQueryTime } from './history';
import { ownTreasuryOfKey, transaction } from './ledger';
import { withPageLinks } from './paging';

/*
 * Balances as of a time and statements over a period (docs/CONTRACT.md "Statements and balances
 * as of a time"), read from the history projection. A balance at `at` counts every transaction
 * whose createdAt is at or before `at`; a statement covers createdAt in [from, to): its opening
 * balance is the balance just before `from`, its closing balance the one just before `to`.
 */

export const statementLimits = {
  /** A statement covers at most this many days: a year, leap day included. */
  periodDaysMax: 366,
  pageLimitDefault: 100,
  pageLimitMax: 1000,
} as const;

const dayMs = 86_400_000;

/** Whether `id` names a treasury's entries in history: a shared treasury's code, or a test-mode client's own treasury. */
function isTreasuryEntryId(id: string): boolean {
  return treasuryCode.safeParse(id).success || ownTreasuryOfKey(`treasury:${id}`) !== null;
}

/** Whose balance: a user's wallet or a treasury (as the history entries key them). */
export const statementPartyKind = z.enum(['user', 'treasury']);
export type StatementPartyKind = z.infer<typeof statementPartyKind>;

/**
 * The internal routes' path: the party kind and its id (a user id, or a treasury's entry id: its
 * code, or in the sandbox a test-mode client's own `<CODE>@<clientId>`, treasuryEntryIdOf), each
 * checked against its kind.
 */
export const statementPartyParams = z
  .object({ kind: statementPartyKind, id: z.string().min(1).max(160) })
  .refine((p) => (p.kind === 'user' ? userIdParam.safeParse(p.id).success : isTreasuryEntryId(p.id)), {
    message: 'a user id for kind user, a treasury code (or a test-mode client’s own CODE@clientId) for kind treasury',
    path: ['id'],
  });

/** GET …/balance?at: the instant, now when absent. */
export const balanceAtQuery = z.strictObject({
  at: isoDateTime
    .transform(utcQueryTime)
    .optional()
    .describe('The instant (RFC 3339); the balance after every transaction with createdAt <= at. Default: now'),
});

export const balanceAt = z.object({
  at: isoDateTime.describe('The instant the balance is for'),
  balance: coinValue.describe('Coins: Σ received − Σ sent of the transactions with createdAt <= at'),
});
export type BalanceAt = z.infer<typeof balanceAt>;

/** How a statement is asked for as CSV without an Accept header. */
export const statementFormat = z.enum(['json', 'csv']);

const periodQuery = z.strictObject({
  from: isoDateTime.transform(utcQueryTime).describe('The period starts here (inclusive, createdAt >= from)'),
  to: isoDateTime
    .transform(utcQueryTime)
    .describe(`The period ends here (exclusive, createdAt < to); at most ${statementLimits.periodDaysMax} days after from`),
  limit: queryInt(1, statementLimits.pageLimitMax, statementLimits.pageLimitDefault),
  cursor: historyCursor.optional(),
});

/** from < to, and the period at most periodDaysMax long (an explicit bound on one statement's work). */
function checkPeriod(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const from = Date.parse(q.from);
  const to = Date.parse(q.to);
  if (!(from < to)) ctx.addIssue({ code: 'custom', message: 'must be after from', path: ['to'] });
  else if (to - from > statementLimits.periodDaysMax * dayMs) {
    ctx.addIssue({ code: 'custom', message: `must be at most ${statementLimits.periodDaysMax} days after from`, path: ['to'] });
  }
}

/** The public query: JSON pages by default, the whole period as CSV with format=csv (or Accept: text/csv). */
export const statementQuery = periodQuery
  .extend({
    format: statementFormat
      .optional()
      .describe('csv: the whole period as text/csv, streamed (as with Accept: text/csv); default JSON pages'),
  })
  .superRefine(checkPeriod);
export type StatementQuery = z.infer<typeof statementQuery>;

/** The history service's query (JSON pages; the CSV is a route of its own, which ignores limit and cursor). */
export const internalStatementQuery = periodQuery.superRefine(checkPeriod);

export const statementLine = z.object({
  transaction,
  change: coinValue.describe("Coins this transaction moved into (> 0) or out of (< 0) the party's balance"),
  runningBalance: coinValue.describe('The balance just after this line'),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementPage = z.object({
  from: isoDateTime,
  to: isoDateTime,
  openingBalance: coinValue.describe('The balance just before from'),
  closingBalance: coinValue.describe('The balance just before to: openingBalance + Σ change of every line of the period'),
  lines: z.array(statementLine).describe('Oldest first (createdAt, then id)'),
  nextCursor: z.string().nullable().describe('null on the last page'),
});
export type StatementPage = z.infer<typeof statementPage>;

export const statementPublicPage = withPageLinks(statementPage);

/** The CSV's columns, in order (a header row names them). */
export const statementCsvColumns = [
  'createdAt',
  'transactionId',
  'type',
  'change',
  'runningBalance',
  'fromUserId',
  'toUserId',
  'fromTreasury',
  'toTreasury',
  'reason',
  'reference',
  'refundOf',
  /** The transaction's metadata as compact JSON (empty without any). */
  'metadata',
  /** The PURCHASE an affiliate's commission, its refund or its clawback was split from (empty otherwise). */
  'splitOf',
] as const;

export const statementCsvMediaType = 'text/csv';
