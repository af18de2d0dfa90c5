import { minorUnitsToCoins, statementCsvColumns, transactionView, type StatementLine, type TransactionRow } from '@coin/contracts';

/** A statement line as the store reads it: the transaction and its signed change to the party, in minor units. */
export interface DeltaRow extends TransactionRow {
  /** Minor units: > 0 received, < 0 sent. */
  delta: number;
}

/** A line with the balance just after it, in minor units. */
export interface RunningLine {
  row: DeltaRow;
  runningBalance: number;
}

/**
 * The running balance of each line, oldest first, from the balance just before the first one.
 * Integers all the way (minor units): the coins are rendered only at the edge (`statementLineView`).
 */
export function withRunningBalance(start: number, rows: readonly DeltaRow[]): RunningLine[] {
  let balance = start;
  return rows.map((row) => {
    balance += row.delta;
    return { row, runningBalance: balance };
  });
}

/** A line as the API shows it, amounts in coins. */
export function statementLineView(line: RunningLine): StatementLine {
  return {
    transaction: transactionView(line.row),
    change: minorUnitsToCoins(line.row.delta),
    runningBalance: minorUnitsToCoins(line.runningBalance),
  };
}

/**
 * A spreadsheet takes a cell beginning with one of these as a formula (CSV injection): `=cmd|…`
 * in a reason would run when finance opens the file. Such a text cell gets a leading apostrophe,
 * the form OWASP recommends, which spreadsheets show as text; numbers are ours, never escaped.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** One text cell by RFC 4180: quoted when it holds a quote, comma or line break (quotes doubled). */
export function csvTextCell(text: string | null): string {
  if (text === null) return '';
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvNumberCell(value: number | null): string {
  return value === null ? '' : String(value);
}

/** The header row, CRLF-terminated as RFC 4180 has it. */
export const statementCsvHeader = `${statementCsvColumns.join(',')}\r\n`;

/** One CSV row of a line, its columns those of `statementCsvColumns`, amounts in coins as the JSON shows them. */
export function statementCsvRow(line: RunningLine): string {
  const { row } = line;
  return `${[
    row.created_at.toISOString(),
    csvNumberCell(row.id),
    row.type,
    csvNumberCell(minorUnitsToCoins(row.delta)),
    csvNumberCell(minorUnitsToCoins(line.runningBalance)),
    csvNumberCell(row.from_user_id),
    csvNumberCell(row.to_user_id),
    csvTextCell(row.from_treasury),
    csvTextCell(row.to_treasury),
    csvTextCell(row.reason),
    csvTextCell(row.reference),
    csvNumberCell(row.refund_of),
    csvTextCell(row.metadata ? JSON.stringify(row.metadata) : null),
    csvNumberCell(row.split_of ?? null),
  ].join(',')}\r\n`;
}
