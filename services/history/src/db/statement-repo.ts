import { type Readable, Transform, type TransformCallback } from 'node:stream';
import type { Pool, PoolClient } from '@coin/db';
import QueryStream from 'pg-query-stream';
import type { CursorPosition } from '../domain/cursor';
import type { PartyKey } from '../domain/projection';
import { statementCsvHeader, statementCsvRow, withRunningBalance, type DeltaRow, type RunningLine } from '../domain/statement';
import { selectColumns, type EntryRow } from './history-repo';

type Queryable = Pool | PoolClient;

/*
 * Balances and statements (docs/design/data.md "Statements and balances as of a time"). Every sum is
 * an index-only range scan of history_entries_party_recent_idx, which carries each entry's signed
 * `delta` (migration 005): Σ delta of a party up to an instant is its balance then.
 */

/** The balance after every transaction of the party with createdAt <= at, in minor units. */
export async function balanceAt(db: Queryable, party: PartyKey, at: string): Promise<number> {
  const result = await db.query<{ balance: number }>(
    `SELECT coalesce(sum(delta), 0)::bigint AS balance FROM history_entries
      WHERE party_kind = $1 AND party_id = $2 AND created_at <= $3::timestamptz`,
    [party.kind, party.id, at],
  );
  return result.rows[0]?.balance ?? 0;
}

/** The balance just before an instant (createdAt < before): a statement's opening and closing balances. */
async function balanceBefore(db: Queryable, party: PartyKey, before: string): Promise<number> {
  const result = await db.query<{ balance: number }>(
    `SELECT coalesce(sum(delta), 0)::bigint AS balance FROM history_entries
      WHERE party_kind = $1 AND party_id = $2 AND created_at < $3::timestamptz`,
    [party.kind, party.id, before],
  );
  return result.rows[0]?.balance ?? 0;
}

/**
 * Σ delta of the party's entries from `from` (inclusive) up to `through` (a line: inclusive) or
 * `before` (an instant: exclusive). Added to the opening balance it gives the balance there,
 * scanning only the period, not everything before it again.
 */
async function sumInPeriod(
  db: Queryable,
  party: PartyKey,
  from: string,
  end: { before: string } | { through: CursorPosition },
): Promise<number> {
  const [endClause, endParams] =
    'before' in end
      ? ['created_at < $4::timestamptz', [end.before]]
      : ['(created_at, transaction_id) <= ($4::timestamptz, $5::bigint)', [end.through.createdAt, end.through.transactionId]];
  const result = await db.query<{ sum: number }>(
    `SELECT coalesce(sum(delta), 0)::bigint AS sum FROM history_entries
      WHERE party_kind = $1 AND party_id = $2 AND created_at >= $3::timestamptz AND ${endClause}`,
    [party.kind, party.id, from, ...endParams],
  );
  return result.rows[0]?.sum ?? 0;
}

export interface Period {
  /** Inclusive. */
  from: string;
  /** Exclusive. */
  to: string;
}

export interface StatementPageRows {
  /** Minor units. */
  opening: number;
  closing: number;
  lines: RunningLine[];
  /** Where the next page starts, or null when this one reached the end of the period. */
  next: CursorPosition | null;
}

const linesOf = (from: string) => `SELECT ${selectColumns('e')}, e.delta FROM history_entries e ${from}`;

/**
 * A page of a statement, oldest first (createdAt, id), after `after`. The sums and the page are
 * read in one REPEATABLE READ snapshot, so a page's numbers agree with each other even while
 * history stores new rows: opening + Σ of every line of the period = closing.
 */
export async function findStatementPage(
  pool: Pool,
  party: PartyKey,
  period: Period,
  limit: number,
  after: CursorPosition | null,
): Promise<StatementPageRows> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const opening = await balanceBefore(client, party, period.from);
    const closing = opening + (await sumInPeriod(client, party, period.from, { before: period.to }));
    const start = after ? opening + (await sumInPeriod(client, party, period.from, { through: after })) : opening;
    const params: unknown[] = [party.kind, party.id, period.from, period.to, limit + 1];
    const afterClause = after ? 'AND (e.created_at, e.transaction_id) > ($6::timestamptz, $7::bigint)' : '';
    if (after) params.push(after.createdAt, after.transactionId);
    const rows = await client.query<EntryRow & DeltaRow>(
      `${linesOf(`WHERE e.party_kind = $1 AND e.party_id = $2 AND e.created_at >= $3::timestamptz AND e.created_at < $4::timestamptz ${afterClause}`)}
        ORDER BY e.created_at, e.transaction_id LIMIT $5`,
      params,
    );
    await client.query('COMMIT');
    const hasMore = rows.rows.length > limit;
    const page = hasMore ? rows.rows.slice(0, limit) : rows.rows;
    const last = page[page.length - 1];
    return {
      opening,
      closing,
      lines: withRunningBalance(start, page),
      next: hasMore && last ? { createdAt: last.cursor_at, transactionId: last.id } : null,
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Rows a cursor fetches per round trip: bounds the memory of a statement of any length. */
const csvBatchRows = 1000;

/** Turns the lines, oldest first, into CSV rows with their running balance; holds one balance, never the period. */
class StatementCsv extends Transform {
  private balance: number;
  constructor(opening: number) {
    super({ writableObjectMode: true, readableObjectMode: false });
    this.balance = opening;
    this.push(statementCsvHeader);
  }
  override _transform(row: DeltaRow, _encoding: BufferEncoding, done: TransformCallback): void {
    const [line] = withRunningBalance(this.balance, [row]);
    if (line) {
      this.balance = line.runningBalance;
      done(null, statementCsvRow(line));
    } else done();
  }
}

export interface StatementCsvStream {
  /** Minor units, of the same snapshot as the rows. */
  opening: number;
  closing: number;
  csv: Readable;
}

/**
 * The whole period as CSV, streamed from a server-side cursor (pg-query-stream) in one REPEATABLE
 * READ snapshot: rows are fetched csvBatchRows at a time and only as fast as the reader takes
 * them (stream back-pressure), so a year of a million lines uses the memory of one batch. The
 * connection is held until the stream ends, fails or is destroyed (the caller went away).
 */
export async function streamStatementCsv(pool: Pool, party: PartyKey, period: Period): Promise<StatementCsvStream> {
  const client = await pool.connect();
  let released = false;
  let csv: StatementCsv | undefined;
  // A connection lost mid-read (a failover, a killed backend) is reported on the client, not on
  // the cursor: without this the stream never ended (the caller's response hung, looking whole
  // so far) and the unheard 'error' event ended the process.
  const onConnectionError = (err: Error) => {
    if (csv && !csv.destroyed) csv.destroy(err);
    release(err);
  };
  client.on('error', onConnectionError);
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    client.off('error', onConnectionError);
    // A connection whose cursor was cut off mid-read is dropped, not reused.
    client.release(err);
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const opening = await balanceBefore(client, party, period.from);
    const closing = opening + (await sumInPeriod(client, party, period.from, { before: period.to }));
    const rows = client.query(
      new QueryStream(
        `${linesOf('WHERE e.party_kind = $1 AND e.party_id = $2 AND e.created_at >= $3::timestamptz AND e.created_at < $4::timestamptz')}
          ORDER BY e.created_at, e.transaction_id`,
        [party.kind, party.id, period.from, period.to],
        { batchSize: csvBatchRows, highWaterMark: csvBatchRows },
      ),
    );
    const stream = new StatementCsv(opening);
    csv = stream;
    rows.on('error', (err: Error) => stream.destroy(err));
    rows.pipe(stream);
    stream.on('end', () => {
      client.query('COMMIT').then(
        () => release(),
        (err: Error) => release(err),
      );
    });
    stream.on('close', () => {
      if (!stream.readableEnded) {
        rows.destroy();
        release(new Error('statement stream closed before its end'));
      }
    });
    return { opening, closing, csv: stream };
  } catch (err) {
    release(err as Error);
    throw err;
  }
}
