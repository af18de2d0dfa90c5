import type { PoolClient } from '@coin/db';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * What the other shards hold of transactions one shard finds owing their credit leg (docs/design/ledger.md
 * "Shards"): a leg's debit and transaction are in the payer's shard, its credit entry (or the
 * return naming it) in the recipient's. Per transaction id, the amount credited or returned on
 * every shard but `shard`. With one shard: nothing.
 */
export async function settledElsewhere(dbs: readonly Queryable[], shard: number, ids: readonly number[]): Promise<Map<number, number>> {
  const settled = new Map<number, number>();
  if (ids.length === 0) return settled;
  for (const [other, db] of dbs.entries()) {
    if (other === shard) continue;
    const result = await db.query<{ id: string; settled: string }>(
      `SELECT id::text, sum(amount)::text AS settled FROM (
         SELECT transaction_id AS id, amount FROM entries WHERE amount > 0 AND transaction_id = ANY($1::bigint[])
         UNION ALL
         SELECT returns AS id, amount FROM transactions WHERE returns = ANY($1::bigint[])) s
        GROUP BY id`,
      [ids],
    );
    for (const row of result.rows) settled.set(Number(row.id), (settled.get(Number(row.id)) ?? 0) + Number(row.settled));
  }
  return settled;
}

/** The part of each leg the other shards have not settled; legs settled in full are left out. */
export async function owedOverShards<T extends { transactionId: number; amount: number }>(
  dbs: readonly Queryable[],
  shard: number,
  legs: readonly T[],
): Promise<T[]> {
  const settled = await settledElsewhere(
    dbs,
    shard,
    legs.map((leg) => leg.transactionId),
  );
  return legs.flatMap((leg) => {
    const left = leg.amount - (settled.get(leg.transactionId) ?? 0);
    return left > 0 ? [{ ...leg, amount: left }] : [];
  });
}

/**
 * Purchases refunded beyond their amount over every shard: a purchase lives in its payer's
 * shard, its refunds in its treasury's, so each shard's own check (db/audit.ts) sees only the
 * pairs it holds both halves of.
 */
export async function overRefundedOverShards(dbs: readonly Queryable[]): Promise<number[]> {
  const refunded = new Map<number, number>();
  for (const db of dbs) {
    const result = await db.query<{ id: string; refunded: string }>(
      'SELECT refund_of::text AS id, sum(amount)::text AS refunded FROM transactions WHERE refund_of IS NOT NULL GROUP BY refund_of',
    );
    for (const row of result.rows) refunded.set(Number(row.id), (refunded.get(Number(row.id)) ?? 0) + Number(row.refunded));
  }
  if (refunded.size === 0) return [];
  const over: number[] = [];
  for (const db of dbs) {
    const result = await db.query<{ id: string; amount: string }>(
      'SELECT id::text, amount::text FROM transactions WHERE id = ANY($1::bigint[])',
      [[...refunded.keys()]],
    );
    for (const row of result.rows) if ((refunded.get(Number(row.id)) ?? 0) > Number(row.amount)) over.push(Number(row.id));
  }
  return over.sort((a, b) => a - b);
}
