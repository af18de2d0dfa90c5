import type { TransactionType } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import type { OpenCreditLeg, SupplyDelta, SupplySnapshot } from '../domain/supply';

/** Reads of the continuous supply check (checks/supply-check.ts); each runs in the caller's snapshot. */

type Queryable = Pick<PoolClient, 'query'>;

/** Runs `read` in one REPEATABLE READ READ ONLY transaction: every figure it reads belongs to one moment. */
export async function inSnapshot<T>(db: Queryable, read: () => Promise<T>): Promise<T> {
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    return await read();
  } finally {
    await db.query('COMMIT');
  }
}

/**
 * The one selection of the transactions whose credit side is still owed (`owed`, with `t.id` and
 * the `columns` of `transactions t` the caller wants), oldest first: the audit's legs in flight
 * and the credits a restore sends again (db/owed-credit-legs.ts) read the same rows.
 */
export function owedTransactionsSql(columns: string): string {
  return `SELECT t.id, (t.amount - coalesce(c.credited, 0) - coalesce(r.returned, 0))::bigint AS owed, ${columns}
       FROM transactions t
       LEFT JOIN (SELECT transaction_id, sum(amount)::bigint AS credited FROM entries WHERE amount > 0 GROUP BY transaction_id) c
              ON c.transaction_id = t.id
       LEFT JOIN (SELECT returns, sum(amount)::bigint AS returned FROM transactions WHERE returns IS NOT NULL GROUP BY returns) r
              ON r.returns = t.id
      WHERE t.type IN ('TRANSFER', 'PURCHASE', 'REWARD', 'REFUND')
        AND t.amount - coalesce(c.credited, 0) - coalesce(r.returned, 0) > 0
      ORDER BY t.id`;
}

/**
 * The transactions whose credit side is still owed: a TRANSFER, PURCHASE, REWARD or REFUND
 * (returns included) minus its credit entries and the returns naming it, when something is left.
 * A full pass over entries: for the audit and a rebase, not for every tick.
 */
export async function readOpenCreditLegs(db: Queryable): Promise<OpenCreditLeg[]> {
  const result = await db.query<{ id: number; owed: number; created_at: Date }>(owedTransactionsSql('t.created_at'));
  return result.rows.map((r) => ({ transactionId: r.id, amount: r.owed, createdAt: r.created_at }));
}

/** Σ balances of every wallet: read each tick (wallets are updated in place, so they have no cursor). */
export async function readBalancesSum(db: Queryable): Promise<number> {
  const result = await db.query<{ balances: number }>('SELECT coalesce(sum(balance), 0)::bigint AS balances FROM wallets');
  return result.rows[0]!.balances;
}

/** The whole ledger, in the caller's snapshot, as a rebase starts from; `gapWindow` ids below the top are checked for gaps. */
export async function readSupplySnapshot(db: Queryable, gapWindow: number): Promise<SupplySnapshot> {
  const totals = await db.query<{ cursor_id: number; minted: number; burned: number; entries_sum: number }>(
    `SELECT coalesce(max(id), 0)::bigint AS cursor_id,
            coalesce(sum(amount) FILTER (WHERE type = 'MINT'), 0)::bigint AS minted,
            coalesce(sum(amount) FILTER (WHERE type = 'BURN'), 0)::bigint AS burned,
            (SELECT coalesce(sum(amount), 0) FROM entries)::bigint AS entries_sum
       FROM transactions`,
  );
  const t = totals.rows[0]!;
  const missing = await db.query<{ id: number }>(
    `SELECT g::bigint AS id FROM generate_series(greatest($1::bigint - $2::bigint, 0) + 1, $1::bigint - 1) AS g
       LEFT JOIN transactions t ON t.id = g
      WHERE t.id IS NULL
      ORDER BY g`,
    [t.cursor_id, gapWindow],
  );
  return {
    cursorId: t.cursor_id,
    missingIds: missing.rows.map((r) => r.id),
    entriesSum: t.entries_sum,
    minted: t.minted,
    burned: t.burned,
    open: await readOpenCreditLegs(db),
  };
}

/**
 * The rows past the cursor, in the caller's snapshot: transactions above it or among the gap ids,
 * their entries, and the credit entries that landed for the legs still open. Index range scans
 * and lookups on the primary keys only.
 */
export async function readSupplyDelta(
  db: Queryable,
  cursor: { cursorId: number; gapIds: number[]; openIds: number[] },
): Promise<SupplyDelta> {
  const transactions = await db.query<{ id: number; type: TransactionType; amount: number; returns: number | null; created_at: Date }>(
    `SELECT id, type, amount, returns, created_at FROM transactions WHERE id > $1 OR id = ANY($2::bigint[]) ORDER BY id`,
    [cursor.cursorId, cursor.gapIds],
  );
  const entries = await db.query<{ transaction_id: number; amount: number }>(
    `SELECT transaction_id, amount FROM entries
      WHERE transaction_id > $1 OR transaction_id = ANY($2::bigint[]) OR (transaction_id = ANY($3::bigint[]) AND amount > 0)`,
    [cursor.cursorId, cursor.gapIds, cursor.openIds],
  );
  return {
    transactions: transactions.rows.map((r) => ({ id: r.id, type: r.type, amount: r.amount, returns: r.returns, createdAt: r.created_at })),
    entries: entries.rows.map((r) => ({ transactionId: r.transaction_id, amount: r.amount })),
  };
}
