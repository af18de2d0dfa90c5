import type { TransactionRow, TransactionType } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';
import { partiesOf, type PartyKey } from '../domain/projection';
import type { CursorPosition } from '../domain/cursor';

type Queryable = Pool | PoolClient;

/** What history stores of a transaction: the shared row, amounts in minor units, and the event it came from. */
export interface ProjectedRow extends TransactionRow {
  /** Null for rows the rebuild re-created from the ledger's record. */
  event_id: string | null;
}

const transactionColumns = `transaction_id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury,
                            reason, reference, refund_of, created_at, event_id, metadata, client_id, split_of`;
const unnestTransactions = `unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[],
                                   $8::text[], $9::text[], $10::bigint[], $11::timestamptz[], $12::uuid[], $13::jsonb[], $14::text[], $15::bigint[])`;

function transactionArrays(rows: ProjectedRow[]): unknown[] {
  const col = <T>(f: (r: ProjectedRow) => T) => rows.map(f);
  return [
    col((r) => r.id),
    col((r) => r.type),
    col((r) => r.amount),
    col((r) => r.from_user_id),
    col((r) => r.to_user_id),
    col((r) => r.from_treasury),
    col((r) => r.to_treasury),
    col((r) => r.reason),
    col((r) => r.reference),
    col((r) => r.refund_of),
    col((r) => r.created_at),
    col((r) => r.event_id),
    col((r) => (r.metadata ? JSON.stringify(r.metadata) : null)),
    col((r) => r.client_id ?? null),
    col((r) => r.split_of ?? null),
  ];
}

function partyArrays(rows: ProjectedRow[]): [string[], string[], number[]] {
  const kinds: string[] = [];
  const ids: string[] = [];
  const transactionIds: number[] = [];
  for (const row of rows) {
    for (const party of partiesOf(row)) {
      kinds.push(party.kind);
      ids.push(party.id);
      transactionIds.push(row.id);
    }
  }
  return [kinds, ids, transactionIds];
}

/**
 * Stores transactions and one entry per party, in one statement (so atomically). A row that is
 * already there is left as it is: a redelivered event changes nothing. With `repair`, used by
 * the rebuild, a stored row that differs from the ledger's record is overwritten instead.
 * Returns how many transactions were new.
 */
export async function storeTransactions(db: Queryable, rows: ProjectedRow[], options: { repair?: boolean } = {}): Promise<number> {
  if (rows.length === 0) return 0;
  const [kinds, ids, transactionIds] = partyArrays(rows);
  const onTransactionConflict = options.repair
    ? `ON CONFLICT (transaction_id) DO UPDATE SET
         type = EXCLUDED.type, amount = EXCLUDED.amount, from_user_id = EXCLUDED.from_user_id, to_user_id = EXCLUDED.to_user_id,
         from_treasury = EXCLUDED.from_treasury, to_treasury = EXCLUDED.to_treasury, reason = EXCLUDED.reason,
         reference = EXCLUDED.reference, refund_of = EXCLUDED.refund_of, created_at = EXCLUDED.created_at,
         metadata = EXCLUDED.metadata, client_id = EXCLUDED.client_id, split_of = EXCLUDED.split_of
       WHERE (history_transactions.type, history_transactions.amount, history_transactions.from_user_id, history_transactions.to_user_id,
              history_transactions.from_treasury, history_transactions.to_treasury, history_transactions.reason,
              history_transactions.reference, history_transactions.refund_of, history_transactions.created_at,
              history_transactions.metadata, history_transactions.client_id, history_transactions.split_of)
             IS DISTINCT FROM
             (EXCLUDED.type, EXCLUDED.amount, EXCLUDED.from_user_id, EXCLUDED.to_user_id, EXCLUDED.from_treasury, EXCLUDED.to_treasury,
              EXCLUDED.reason, EXCLUDED.reference, EXCLUDED.refund_of, EXCLUDED.created_at, EXCLUDED.metadata, EXCLUDED.client_id, EXCLUDED.split_of)`
    : 'ON CONFLICT (transaction_id) DO NOTHING';
  const onEntryConflict = options.repair
    ? `ON CONFLICT (party_kind, party_id, transaction_id) DO UPDATE SET
         type = EXCLUDED.type, amount = EXCLUDED.amount, from_user_id = EXCLUDED.from_user_id, to_user_id = EXCLUDED.to_user_id,
         from_treasury = EXCLUDED.from_treasury, to_treasury = EXCLUDED.to_treasury, reason = EXCLUDED.reason,
         reference = EXCLUDED.reference, refund_of = EXCLUDED.refund_of, created_at = EXCLUDED.created_at,
         metadata = EXCLUDED.metadata, client_id = EXCLUDED.client_id, split_of = EXCLUDED.split_of
       WHERE history_entries.created_at IS DISTINCT FROM EXCLUDED.created_at OR history_entries.amount IS DISTINCT FROM EXCLUDED.amount
          OR history_entries.type IS DISTINCT FROM EXCLUDED.type OR history_entries.reason IS DISTINCT FROM EXCLUDED.reason
          OR history_entries.reference IS DISTINCT FROM EXCLUDED.reference OR history_entries.refund_of IS DISTINCT FROM EXCLUDED.refund_of
          OR history_entries.metadata IS DISTINCT FROM EXCLUDED.metadata OR history_entries.client_id IS DISTINCT FROM EXCLUDED.client_id
          OR history_entries.split_of IS DISTINCT FROM EXCLUDED.split_of`
    : 'ON CONFLICT (party_kind, party_id, transaction_id) DO NOTHING';
  const txParams = transactionArrays(rows);
  // A named prepared statement per variant: parsed and planned once per connection, not per batch.
  const result = await db.query<{ inserted: number }>({
    name: options.repair ? 'history-store-repair' : 'history-store',
    text: `WITH incoming AS (
       SELECT * FROM ${unnestTransactions}
         AS i(transaction_id, type, amount, from_user_id, to_user_id, from_treasury, to_treasury, reason, reference, refund_of, created_at, event_id,
              metadata, client_id, split_of)
     ),
     stored AS (
       INSERT INTO history_transactions (${transactionColumns})
       SELECT DISTINCT ON (transaction_id) * FROM incoming ORDER BY transaction_id
       ${onTransactionConflict}
       RETURNING (xmax = 0) AS inserted
     ),
     parties AS (
       SELECT * FROM unnest($16::text[], $17::text[], $18::bigint[]) AS p(party_kind, party_id, transaction_id)
     ),
     entries AS (
       INSERT INTO history_entries (party_kind, party_id, ${transactionColumns})
       SELECT DISTINCT ON (p.party_kind, p.party_id, p.transaction_id) p.party_kind, p.party_id, i.*
         FROM parties p JOIN incoming i USING (transaction_id)
        ORDER BY p.party_kind, p.party_id, p.transaction_id
       ${onEntryConflict}
     )
     SELECT count(*) FILTER (WHERE inserted)::int AS inserted FROM stored`,
    values: [...txParams, kinds, ids, transactionIds],
  });
  return result.rows[0]?.inserted ?? 0;
}

/** A row as the reads select it: the transaction, and where a keyset page after it starts. */
export interface EntryRow extends TransactionRow {
  cursor_at: string;
}

/**
 * The columns of a read, from the table or alias `t`, named as `TransactionRow` names them.
 * `cursor_at` keeps PostgreSQL's microseconds, which a JavaScript Date would cut to milliseconds.
 */
export function selectColumns(t: string): string {
  return `${t}.transaction_id AS id, ${t}.type, ${t}.amount, ${t}.from_user_id, ${t}.to_user_id, ${t}.from_treasury, ${t}.to_treasury,
    ${t}.reason, ${t}.reference, ${t}.refund_of, ${t}.created_at, ${t}.metadata, ${t}.client_id, ${t}.split_of,
    to_char(${t}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at`;
}

export interface KeysetPage {
  /** Amounts in minor units: the HTTP routes render them with `transactionView`. */
  rows: TransactionRow[];
  /** Where the next page starts, or null when this one reached the end. */
  next: CursorPosition | null;
}

function keysetPageOf(rows: EntryRow[], limit: number): KeysetPage {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return {
    rows: page,
    next: hasMore && last ? { createdAt: last.cursor_at, transactionId: last.id } : null,
  };
}

export interface HistoryFilter {
  party?: PartyKey;
  type?: TransactionType;
  /** Inclusive. */
  from?: string;
  /** Exclusive. */
  to?: string;
  /** The caller's reference, exactly. */
  reference?: string;
  /** Every pair must be in the transaction's metadata. */
  metadata?: Record<string, string>;
  /** Only transactions this platform client's requests made (a platform client's own search). */
  clientId?: string;
  /** Minor units, inclusive (both the same: an exact amount). */
  amountMin?: number;
  amountMax?: number;
}

/**
 * A page newest first (createdAt desc, id desc), starting after `after`. Reads one row more than
 * asked to know whether another page follows. With a party, the per-party index serves it;
 * without, the transactions table (by type when filtered by type).
 */
export async function findKeysetPage(
  db: Queryable,
  filter: HistoryFilter,
  limit: number,
  after: CursorPosition | null,
): Promise<KeysetPage> {
  const params: unknown[] = [];
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const table = filter.party ? 'history_entries' : 'history_transactions';
  if (filter.party) where.push(`party_kind = ${param(filter.party.kind)}`, `party_id = ${param(filter.party.id)}`);
  if (filter.type) where.push(`type = ${param(filter.type)}`);
  if (filter.from) where.push(`created_at >= ${param(filter.from)}::timestamptz`);
  if (filter.to) where.push(`created_at < ${param(filter.to)}::timestamptz`);
  if (filter.reference !== undefined) where.push(`reference = ${param(filter.reference)}`);
  if (filter.metadata && Object.keys(filter.metadata).length > 0)
    where.push(`metadata @> ${param(JSON.stringify(filter.metadata))}::jsonb`);
  if (filter.clientId !== undefined) where.push(`client_id = ${param(filter.clientId)}`);
  if (filter.amountMin !== undefined) where.push(`amount >= ${param(filter.amountMin)}::bigint`);
  if (filter.amountMax !== undefined) where.push(`amount <= ${param(filter.amountMax)}::bigint`);
  if (after) where.push(`(created_at, transaction_id) < (${param(after.createdAt)}::timestamptz, ${param(after.transactionId)}::bigint)`);
  const result = await db.query<EntryRow>(
    `SELECT ${selectColumns(table)} FROM ${table}
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY created_at DESC, transaction_id DESC
      LIMIT ${param(limit + 1)}`,
    params,
  );
  return keysetPageOf(result.rows, limit);
}

/**
 * An offset page of one user's history newest first, with the user's total: one statement, so both
 * are read in one snapshot. Two statements (in parallel, on two connections) could count a row
 * committed after the page was read: a total of 3 beside the 2 rows that were all there were.
 */
export async function findOffsetPage(
  pool: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: TransactionRow[]; total: number }> {
  // The offset is walked on the index alone (an index-only scan: every column it needs is in
  // history_entries_party_recent_idx); only the rows of the page are then read from the table.
  // The total comes on every row, and alone (the columns null) on a page past the end.
  const result = await pool.query<(EntryRow | NullColumns<EntryRow>) & { total: number }>(
    `WITH counted AS (
       SELECT count(*)::bigint AS total FROM history_entries WHERE party_kind = $1 AND party_id = $2
     ), page AS (
       SELECT party_kind, party_id, transaction_id, created_at FROM history_entries
        WHERE party_kind = $1 AND party_id = $2
        ORDER BY created_at DESC, transaction_id DESC
        LIMIT $3 OFFSET $4
     )
     SELECT counted.total, ${selectColumns('e')} FROM counted
       LEFT JOIN (page JOIN history_entries e USING (party_kind, party_id, transaction_id)) ON true
      ORDER BY page.created_at DESC, page.transaction_id DESC`,
    ['user', String(userId), limit, offset],
  );
  const rows = result.rows.filter((row): row is EntryRow & { total: number } => row.id !== null).map(({ total: _total, ...row }) => row);
  return { rows, total: result.rows[0]?.total ?? 0 };
}

/** A row of a LEFT JOIN that found nothing: every column null. */
type NullColumns<T> = { [K in keyof T]: null };

/** Distinct transactions in the projection, up to an id (the rebuild's count check). */
export async function countTransactions(db: Queryable, upToId?: number): Promise<number> {
  const result = await db.query<{ n: number }>(
    upToId === undefined
      ? 'SELECT count(*)::bigint AS n FROM history_transactions'
      : 'SELECT count(*)::bigint AS n FROM history_transactions WHERE transaction_id <= $1',
    upToId === undefined ? [] : [upToId],
  );
  return result.rows[0]?.n ?? 0;
}
