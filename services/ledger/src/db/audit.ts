import { minorUnitsToCoins, type SupplyReport } from '@coin/contracts';
import type { PoolClient } from '@coin/db';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * The ledger's own proof of consistency (SPEC §1): Σ balances == Σ MINT − Σ BURN, every
 * wallet's balance and totals equal the sum of its entries, no purchase refunded beyond its
 * amount. Read in one REPEATABLE READ snapshot so the figures belong to one moment.
 *
 * Coins debited on one partition and not yet credited on another are `inFlight`; they are 0 at
 * any quiet moment, and a negative figure is always an error.
 */
export async function auditLedger(db: Queryable): Promise<SupplyReport> {
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const totals = await db.query<{ minted: number; burned: number; balances: number; wallets: number; transactions: number }>(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM transactions WHERE type = 'MINT')::bigint AS minted,
              (SELECT coalesce(sum(amount), 0) FROM transactions WHERE type = 'BURN')::bigint AS burned,
              (SELECT coalesce(sum(balance), 0) FROM wallets)::bigint AS balances,
              (SELECT count(*) FROM wallets)::bigint AS wallets,
              (SELECT count(*) FROM transactions)::bigint AS transactions`,
    );
    const mismatched = await db.query<{
      wallet_key: string;
      balance: number;
      entries_sum: number;
      total_received: number;
      total_sent: number;
    }>(
      `WITH sums AS (
         SELECT wallet_id, sum(amount)::bigint AS total,
                coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::bigint AS received,
                coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)::bigint AS sent
           FROM entries GROUP BY wallet_id)
       SELECT coalesce(w.wallet_key, 'unknown wallet ' || s.wallet_id) AS wallet_key,
              coalesce(w.balance, 0) AS balance, coalesce(s.total, 0) AS entries_sum,
              coalesce(w.total_received, 0) AS total_received, coalesce(w.total_sent, 0) AS total_sent
         FROM wallets w FULL JOIN sums s ON s.wallet_id = w.id
        WHERE w.id IS NULL OR s.wallet_id IS NULL AND (w.balance <> 0 OR w.total_received <> 0 OR w.total_sent <> 0)
           OR w.balance <> s.total OR w.total_received <> s.received OR w.total_sent <> s.sent
        ORDER BY 1`,
    );
    const overRefunded = await db.query<{ id: number }>(
      `SELECT p.id FROM transactions p JOIN transactions r ON r.refund_of = p.id
        GROUP BY p.id, p.amount HAVING sum(r.amount) > p.amount ORDER BY p.id`,
    );
    const t = totals.rows[0]!;
    const inFlight = t.minted - t.burned - t.balances;
    return {
      minted: minorUnitsToCoins(t.minted),
      burned: minorUnitsToCoins(t.burned),
      supply: minorUnitsToCoins(t.minted - t.burned),
      balances: minorUnitsToCoins(t.balances),
      inFlight: minorUnitsToCoins(inFlight),
      wallets: t.wallets,
      transactions: t.transactions,
      mismatchedWallets: mismatched.rows.map((r) => ({
        walletKey: r.wallet_key,
        balance: minorUnitsToCoins(r.balance),
        entriesSum: minorUnitsToCoins(r.entries_sum),
        totalReceived: minorUnitsToCoins(r.total_received),
        totalSent: minorUnitsToCoins(r.total_sent),
      })),
      overRefundedPurchases: overRefunded.rows.map((r) => r.id),
      consistent: inFlight === 0 && mismatched.rows.length === 0 && overRefunded.rows.length === 0,
    };
  } finally {
    await db.query('COMMIT');
  }
}
