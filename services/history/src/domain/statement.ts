import { csvRows, minorUnitsToCoins, statementCsvColumns, transactionView, type StatementLine, type TransactionRow } from '@coin/contracts';

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

/** The header row, CRLF-terminated as RFC 4180 has it. */
export const statementCsvHeader = csvRows([statementCsvColumns]);

/**
 * One CSV row of a line, its columns those of `statementCsvColumns`, amounts in coins as the JSON
 * shows them; written by the one CSV writer (csvRows: RFC 4180, text cells starting like a formula defused).
 */
export function statementCsvRow(line: RunningLine): string {
  const { row } = line;
  return csvRows([
    [
      row.created_at.toISOString(),
      row.id,
      row.type,
      minorUnitsToCoins(row.delta),
      minorUnitsToCoins(line.runningBalance),
      row.from_user_id,
      row.to_user_id,
      row.from_treasury,
      row.to_treasury,
      row.reason,
      row.reference,
      row.refund_of,
      row.metadata ? JSON.stringify(row.metadata) : null,
      row.split_of ?? null,
    ],
  ]);
}
