/**
 * The project's one CSV writer, for every CSV it hands out: the statement (history), the cash-out
 * reconciliation (gateway) and the admin console's exports. It is csv-stringify's sync API, a
 * maintained writer whose quoting is RFC 4180's (a cell quoted when it holds a quote, the comma or
 * a line break, its quotes doubled), with rows CRLF-terminated as RFC 4180 has them.
 *
 * This file imports nothing of the contracts but types, so the console's bundle takes it alone
 * (`@coin/contracts/csv`), without the schemas of the rest.
 */
import { type Options, stringify } from 'csv-stringify/sync';
import type { ReconciliationLine } from './cashout';

/** What one cell holds: empty for null and undefined, numbers and booleans as written, text defused and quoted as needed. */
export type CsvValue = string | number | boolean | null | undefined;

const options: Options = {
  record_delimiter: 'windows',
  // A line break of any kind inside a cell is quoted, not only CRLF (csv-stringify's default once
  // record_delimiter is set is to quote that delimiter alone).
  quote_record_delimiter: true,
  // A spreadsheet takes a text cell beginning with = + - @ tab or CR (or their full-width forms) as
  // a formula (CSV injection): `=cmd|…` in a reason would run when finance opens the file. Such a
  // cell gets a leading apostrophe, the form OWASP recommends, which spreadsheets show as text.
  // Numbers are ours, never escaped (-12.5 stays a number).
  escape_formulas: true,
  cast: {
    // A number as its shortest decimal text, which for an amount is the very decimal of its JSON
    // (12.5, never 12.499999…); one without such a form (not finite) is an empty cell.
    number: (value) => (Number.isFinite(value) ? String(value) : ''),
    boolean: (value) => String(value),
  },
};

/** Rows as CSV text, each row CRLF-terminated (the last one too); no rows, no text. */
export function csvRows(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return stringify(rows as CsvValue[][], options);
}

/** One cell as a row writes it (quoted, defused): for the tests of what a cell becomes. */
export function csvCell(value: CsvValue): string {
  return csvRows([[value]]).slice(0, -2);
}

/** The cash-out reconciliation's CSV columns, in order: the fields of a line. */
export const reconciliationColumns = [
  'day',
  'providerClientId',
  'requested',
  'requestedXaf',
  'confirmed',
  'confirmedCoins',
  'confirmedXaf',
  'failed',
  'expired',
  'released',
  'pending',
  'claimed',
  'overdue',
  'frozen',
] as const satisfies ReadonlyArray<keyof ReconciliationLine>;

/**
 * The cash-out reconciliation as CSV (GET /api/admin/cashouts/reconciliation?format=csv, and the
 * console's download of the same report): a header, then one line per provider and day. An
 * unclaimed cash-out that named no provider is an empty provider cell.
 */
export function reconciliationCsv(report: {
  lines: ReadonlyArray<Pick<ReconciliationLine, (typeof reconciliationColumns)[number]>>;
}): string {
  return csvRows([reconciliationColumns, ...report.lines.map((line) => reconciliationColumns.map((column) => line[column]))]);
}
