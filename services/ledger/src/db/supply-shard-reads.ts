import type { PoolClient } from '@coin/db';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * The credits and returns a shard holds of transactions it does not hold (docs/design/ledger.md
 * "Shards": a leg's credit lands in the recipient's shard), by transaction id. A full pass over
 * entries: for a rebase of the continuous supply check, not for every tick.
 */
export async function readForeignSettlements(db: Queryable): Promise<Array<{ transactionId: number; amount: number }>> {
  const result = await db.query<{ id: string; amount: string }>(
    `SELECT id::text, sum(amount)::text AS amount FROM (
       SELECT e.transaction_id AS id, e.amount FROM entries e
        WHERE e.amount > 0 AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = e.transaction_id)
       UNION ALL
       SELECT r.returns AS id, r.amount FROM transactions r
        WHERE r.returns IS NOT NULL AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = r.returns)) s
      GROUP BY id`,
  );
  return result.rows.map((r) => ({ transactionId: Number(r.id), amount: Number(r.amount) }));
}

/**
 * The ids this shard holds among the `window` below its highest: over every shard these cover the
 * window below the highest id of all, where the supply check looks for gaps.
 */
export async function readIdsNearTop(db: Queryable, window: number): Promise<number[]> {
  const result = await db.query<{ id: string }>(
    'SELECT id::text FROM transactions WHERE id > (SELECT coalesce(max(id), 0) FROM transactions) - $1::bigint',
    [window],
  );
  return result.rows.map((r) => Number(r.id));
}
