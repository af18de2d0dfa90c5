import { z } from 'zod';
import { transaction, transactionType } from '@coin/events';
import { isoDateTime } from './common';
import { adminHoldsQuery } from './holds';
import { treasury } from './ledger';
import { coinValue } from './money';
import { withPageLinks } from './paging';
import { type CsvValue, csvRows } from './csv';
import { internalStatementQuery, statementCsvColumns, statementPage, statementQuery } from './statements';
import { platformClientId } from './user';

/*
 * What a platform client reads of its own money (docs/CONTRACT.md "A platform's own money"), live
 * or, with test-mode credentials, in the sandbox: the treasuries it was granted, their balances
 * and statements, the holds it settles and, in the sandbox, its test users' balances and
 * statements. A treasury's balance names no person, so the client sees it whole; a movement it did
 * not make (a person's, an operator's, another platform's) shows only as the change it made to the
 * balance, never its parties, reason or metadata (clientIsParty, platform-grants.ts).
 */

/** GET /api/platform/treasuries: the treasuries the client was granted, and the instant their figures are for. */
export const platformTreasuryList = z.object({
  treasuries: z.array(treasury).describe('The treasuries this client was granted, in the order GET /api/admin/treasuries lists them'),
  asOf: isoDateTime.describe('When the ledger read these balances and totals'),
});
export type PlatformTreasuryList = z.infer<typeof platformTreasuryList>;

/** One line of a statement a platform client reads: the whole transaction when it made it, else the change alone. */
export const platformStatementLine = z.object({
  transactionId: z.number().int().positive(),
  type: transactionType,
  createdAt: isoDateTime,
  change: coinValue.describe('Coins this transaction moved into (> 0) or out of (< 0) the balance'),
  runningBalance: coinValue.describe('The balance just after this line'),
  transaction: transaction
    .nullable()
    .describe(
      "The whole transaction when this client made it (its clientId); null for any other (a person's, an operator's, another platform's): those show as their change to the balance alone",
    ),
});
export type PlatformStatementLine = z.infer<typeof platformStatementLine>;

export const platformStatementPage = withPageLinks(
  statementPage.omit({ lines: true }).extend({
    lines: z.array(platformStatementLine).describe('Oldest first (createdAt, then id)'),
    asOf: isoDateTime.describe(
      'When this page was read: with `to` still ahead, a later read may add lines before `to` (history follows the ledger by about a second)',
    ),
  }),
);
export type PlatformStatementPage = z.infer<typeof platformStatementPage>;

/** The statement's query the gateway reads history with: the period and its keyset page (JSON only). */
export const platformStatementQuery = internalStatementQuery;

/**
 * The statement's query on the platform's routes: the period and its keyset page, or with
 * format=csv (or Accept: text/csv) the whole period as CSV, as the history statements take it.
 */
export const platformStatementPublicQuery = statementQuery;

/** The ledger's internal holds list, narrowed to the holds one platform client settles (`settlerClientId`). */
export const internalHoldsQuery = adminHoldsQuery.extend({ settlerClientId: platformClientId.optional() });

/** The redacted statement line of `line` for `clientId`. */
export function platformLineOf(
  clientId: string,
  line: { transaction: z.infer<typeof transaction>; change: number; runningBalance: number },
): PlatformStatementLine {
  const { transaction: tx, change, runningBalance } = line;
  const own = tx.clientId !== undefined && tx.clientId !== null && tx.clientId === clientId;
  return { transactionId: tx.id, type: tx.type, createdAt: tx.createdAt, change, runningBalance, transaction: own ? tx : null };
}

/** The header row of a platform statement's CSV: the columns of every statement's CSV (statementCsvColumns). */
export const platformStatementCsvHeader = csvRows([statementCsvColumns]);

/**
 * One CSV row of a platform statement's line, in the columns of every statement's CSV: the
 * client's own transaction whole, any other (`transaction: null`) its time, id, type, change and
 * running balance alone, the rest of its row empty, as its JSON line shows it.
 */
export function platformStatementCsvRow(line: PlatformStatementLine): string {
  const tx = line.transaction;
  const row: CsvValue[] = [line.createdAt, line.transactionId, line.type, line.change, line.runningBalance];
  if (tx) {
    row.push(tx.fromUserId, tx.toUserId, tx.fromTreasury, tx.toTreasury, tx.reason, tx.reference, tx.refundOf);
    row.push(tx.metadata ? JSON.stringify(tx.metadata) : null, tx.splitOf ?? null);
  } else {
    row.push(...Array<CsvValue>(statementCsvColumns.length - row.length).fill(null));
  }
  return csvRows([row]);
}
