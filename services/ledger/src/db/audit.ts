import { minorUnitsToCoins, type SupplyReport } from '@coin/contracts';
import type { PoolClient } from '@coin/db';
import { creditLegFigures } from '../domain/supply';
import { readOpenCreditLegs } from './supply-reads';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * The ledger's own proof of consistency (docs/CONTRACT.md "Amounts"): Σ balances == Σ MINT − Σ BURN, every
 * wallet's balance and totals equal the sum of its entries, no purchase refunded beyond its
 * amount; and for holds: every wallet's `held` is the sum of its PENDING holds and
 * within its balance, every CAPTURED hold has exactly one transaction (hold_id) that matches it,
 * and no transaction names a hold that is not CAPTURED; every wallet's balance changes chain
 * (auditBalanceChains). Read in one REPEATABLE READ snapshot so the figures belong to one moment.
 *
 * Coins debited on one partition and not yet credited on another are `inFlight`; they are 0 at
 * any quiet moment. They are accounted for by the credit legs still owed (`creditLegs`, read in
 * the same snapshot): `discrepancy` = balances + owed − supply is 0 whenever no coin was made or
 * lost, legs in flight or not, so `consistent` holds under load too; a leg owed for longer than
 * `creditLegMaxAgeS` is `stale`, reported but not a mismatch. Holds have no such gap: a hold, its
 * payer's `held` and a capture's transaction are written by the payer's partition in one batch.
 */
export async function auditLedger(db: Queryable, options: { now: Date; creditLegMaxAgeS: number }): Promise<SupplyReport> {
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const totals = await db.query<{ minted: number; burned: number; balances: number; wallets: number; transactions: number }>(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM transactions WHERE type = 'MINT')::bigint AS minted,
              (SELECT coalesce(sum(amount), 0) FROM transactions WHERE type = 'BURN')::bigint AS burned,
              (SELECT coalesce(sum(balance), 0) FROM wallets)::bigint AS balances,
              (SELECT count(*) FROM wallets)::bigint AS wallets,
              (SELECT count(*) FROM transactions)::bigint AS transactions`,
    );
    const mismatchedWallets = await auditWallets(db);
    const overRefunded = await db.query<{ id: number }>(
      `SELECT p.id FROM transactions p JOIN transactions r ON r.refund_of = p.id
        GROUP BY p.id, p.amount HAVING sum(r.amount) > p.amount ORDER BY p.id`,
    );
    const holds = await auditHolds(db);
    const mismatchedSequences = await auditBalanceChains(db);
    const legs = creditLegFigures(await readOpenCreditLegs(db), options.now.getTime(), options.creditLegMaxAgeS * 1000);
    const t = totals.rows[0]!;
    const inFlight = t.minted - t.burned - t.balances;
    const discrepancy = legs.inFlight.amount - inFlight;
    const legCount = (c: { count: number; amount: number }) => ({ count: c.count, amount: minorUnitsToCoins(c.amount) });
    return {
      minted: minorUnitsToCoins(t.minted),
      burned: minorUnitsToCoins(t.burned),
      supply: minorUnitsToCoins(t.minted - t.burned),
      balances: minorUnitsToCoins(t.balances),
      inFlight: minorUnitsToCoins(inFlight),
      creditLegs: {
        maxAgeSeconds: options.creditLegMaxAgeS,
        inFlight: legCount(legs.inFlight),
        young: legCount(legs.young),
        stale: legCount(legs.stale),
        oldestAgeSeconds: legs.oldestAgeSeconds,
        staleTransactionIds: legs.staleTransactionIds,
      },
      discrepancy: minorUnitsToCoins(discrepancy),
      wallets: t.wallets,
      transactions: t.transactions,
      mismatchedWallets,
      overRefundedPurchases: overRefunded.rows.map((r) => r.id),
      ...holds,
      mismatchedSequences,
      consistent:
        discrepancy === 0 &&
        mismatchedWallets.length === 0 &&
        overRefunded.rows.length === 0 &&
        holds.mismatchedHolds.length === 0 &&
        holds.badCaptures.length === 0 &&
        mismatchedSequences.length === 0,
    };
  } finally {
    await db.query('COMMIT');
  }
}

/**
 * Every wallet whose balance and totals are not what its entries add up to (and entries of no
 * wallet, and a wallet with money but no entries), in coins.
 */
async function auditWallets(db: Queryable): Promise<SupplyReport['mismatchedWallets']> {
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
  return mismatched.rows.map((r) => ({
    walletKey: r.wallet_key,
    balance: minorUnitsToCoins(r.balance),
    entriesSum: minorUnitsToCoins(r.entries_sum),
    totalReceived: minorUnitsToCoins(r.total_received),
    totalSent: minorUnitsToCoins(r.total_sent),
  }));
}

/**
 * Every wallet's balance changes (its entries by sequence, migration 010) chain: numbered 1, 2, 3…
 * with no gap or repeat, each balance after is the one before plus its amount, the last is the
 * wallet's balance and its number the wallet's `balance_sequence`. One pass over entries in
 * (wallet_id, sequence) order, the unique index's; a wallet without a change has sequence 0.
 * (A wallet whose balance is not the sum of its entries is `mismatchedWallets`; one whose entries
 * chain to another balance than its own shows here too.)
 */
async function auditBalanceChains(db: Queryable): Promise<SupplyReport['mismatchedSequences']> {
  const result = await db.query<{
    wallet_key: string;
    sequence: number;
    last_sequence: number;
    changes: number;
    out_of_sequence: number;
    broken: number;
    last_balance: number | null;
    balance: number;
  }>(
    `WITH chain AS (
       SELECT wallet_id, sequence, row_number() OVER w AS position,
              balance_after, amount, lag(balance_after, 1, 0::bigint) OVER w AS before
         FROM entries
       WINDOW w AS (PARTITION BY wallet_id ORDER BY sequence)),
     per_wallet AS (
       SELECT wallet_id, count(*)::bigint AS changes, max(sequence)::bigint AS last_sequence,
              count(*) FILTER (WHERE sequence <> position)::bigint AS out_of_sequence,
              count(*) FILTER (WHERE balance_after <> before + amount)::bigint AS broken,
              (array_agg(balance_after ORDER BY sequence DESC))[1]::bigint AS last_balance
         FROM chain GROUP BY wallet_id)
     SELECT coalesce(w.wallet_key, 'unknown wallet ' || p.wallet_id) AS wallet_key,
            coalesce(w.balance_sequence, 0) AS sequence, coalesce(p.last_sequence, 0) AS last_sequence,
            coalesce(p.changes, 0) AS changes, coalesce(p.out_of_sequence, 0) AS out_of_sequence,
            coalesce(p.broken, 0) AS broken, p.last_balance, coalesce(w.balance, 0) AS balance
       FROM wallets w FULL JOIN per_wallet p ON p.wallet_id = w.id
      WHERE w.id IS NULL OR coalesce(w.balance_sequence, 0) <> coalesce(p.last_sequence, 0)
         OR p.out_of_sequence > 0 OR p.broken > 0 OR p.last_balance <> w.balance
      ORDER BY 1`,
  );
  const plural = (n: number, what: string) => `${n} ${what.replace('change', n === 1 ? 'change' : 'changes')}`;
  return result.rows.map((r) => {
    const problems: string[] = [];
    if (r.sequence !== r.last_sequence) problems.push(`the wallet's sequence ${r.sequence}, its last change is ${r.last_sequence}`);
    if (r.out_of_sequence > 0) problems.push(`${plural(r.out_of_sequence, 'change')} out of sequence (a gap or a repeat)`);
    if (r.broken > 0) problems.push(`${plural(r.broken, 'change')} whose balance after is not the one before plus its amount`);
    if (r.last_balance !== null && r.last_balance !== r.balance) {
      problems.push(`its last change left ${minorUnitsToCoins(r.last_balance)}, the wallet holds ${minorUnitsToCoins(r.balance)}`);
    }
    return {
      walletKey: r.wallet_key,
      sequence: r.sequence,
      lastSequence: r.last_sequence,
      changes: r.changes,
      problem: problems.join('; '),
    };
  });
}

type HoldFigures = Pick<SupplyReport, 'heldCoins' | 'mismatchedHolds' | 'badCaptures'>;
type BadCapture = SupplyReport['badCaptures'][number];

/**
 * The holds' part of the audit, in the caller's snapshot:
 *  - `heldCoins`: Σ wallets.held;
 *  - `mismatchedHolds`: wallets whose `held` differs from Σ of their PENDING holds or passes their
 *    balance (the CHECK forbids the latter; a restore without it would not), and PENDING holds of
 *    a payer that has no wallet;
 *  - `badCaptures`: CAPTURED holds without exactly one transaction naming them, or whose
 *    transaction is not the one the hold records or differs from it (amount ≠ captured_amount,
 *    type, payer or recipient), and transactions naming a hold that is not CAPTURED or does not
 *    exist.
 */
async function auditHolds(db: Queryable): Promise<HoldFigures> {
  const held = await db.query<{ held: number }>('SELECT coalesce(sum(held), 0)::bigint AS held FROM wallets');
  const mismatched = await db.query<{ wallet_key: string; held: number; pending_sum: number; balance: number }>(
    `WITH pending AS (
       SELECT from_user_id, sum(amount)::bigint AS total FROM holds WHERE status = 'PENDING' GROUP BY from_user_id)
     SELECT coalesce(w.wallet_key, 'unknown wallet user:' || p.from_user_id) AS wallet_key,
            coalesce(w.held, 0) AS held, coalesce(p.total, 0) AS pending_sum, coalesce(w.balance, 0) AS balance
       FROM wallets w FULL JOIN pending p ON p.from_user_id = w.user_id
      WHERE w.id IS NULL OR w.held <> coalesce(p.total, 0) OR w.held > w.balance
      ORDER BY 1`,
  );
  // Every CAPTURED hold with the transactions that name it (the unique index allows one at most).
  const captured = await db.query<CapturedHoldRow>(
    `SELECT h.id::text AS hold_id, h.from_user_id, h.to_user_id, h.to_treasury, h.captured_amount, h.transaction_id,
            h.cashout IS NOT NULL AS cashout,
            coalesce(json_agg(json_build_object('id', t.id::text, 'type', t.type, 'amount', t.amount::text,
                                                'from_user_id', t.from_user_id::text, 'from_treasury', t.from_treasury,
                                                'to_user_id', t.to_user_id::text, 'to_treasury', t.to_treasury)
                              ORDER BY t.id) FILTER (WHERE t.id IS NOT NULL), '[]') AS transactions
       FROM holds h LEFT JOIN transactions t ON t.hold_id = h.id
      WHERE h.status = 'CAPTURED'
      GROUP BY h.id
     HAVING count(t.id) <> 1
         OR bool_or(t.id IS DISTINCT FROM h.transaction_id
                    OR t.amount IS DISTINCT FROM h.captured_amount
                    OR t.type <> CASE WHEN h.cashout IS NOT NULL THEN 'BURN' WHEN h.to_treasury IS NULL THEN 'TRANSFER' ELSE 'PURCHASE' END
                    OR t.from_user_id IS DISTINCT FROM h.from_user_id OR t.from_treasury IS NOT NULL
                    -- A confirmed cash-out pays no one: its coins are burned (docs/CONTRACT.md "Cash-out").
                    OR t.to_user_id IS DISTINCT FROM CASE WHEN h.cashout IS NOT NULL THEN NULL ELSE h.to_user_id END
                    OR t.to_treasury IS DISTINCT FROM h.to_treasury)
      ORDER BY 1`,
  );
  const unCaptured = await db.query<{ hold_id: string; status: string | null; transaction_ids: string[] }>(
    `SELECT t.hold_id::text AS hold_id, h.status, array_agg(t.id::text ORDER BY t.id) AS transaction_ids
       FROM transactions t LEFT JOIN holds h ON h.id = t.hold_id
      WHERE t.hold_id IS NOT NULL AND (h.id IS NULL OR h.status <> 'CAPTURED')
      GROUP BY t.hold_id, h.status
      ORDER BY 1`,
  );
  const badCaptures: BadCapture[] = [
    ...captured.rows.map(capturedHoldProblem),
    ...unCaptured.rows.map(
      (r): BadCapture => ({
        holdId: r.hold_id,
        status: r.status,
        transactionIds: r.transaction_ids.map(Number),
        problem:
          r.status === null ? 'transactions name a hold that does not exist' : `transactions name a hold that is ${r.status}, not CAPTURED`,
      }),
    ),
  ].sort((a, b) => (a.holdId < b.holdId ? -1 : a.holdId > b.holdId ? 1 : 0));
  return {
    heldCoins: minorUnitsToCoins(held.rows[0]!.held),
    mismatchedHolds: mismatched.rows.map((r) => ({
      walletKey: r.wallet_key,
      held: minorUnitsToCoins(r.held),
      pendingSum: minorUnitsToCoins(r.pending_sum),
      balance: minorUnitsToCoins(r.balance),
    })),
    badCaptures,
  };
}

/** A CAPTURED hold with the transactions that name it (json_agg gives bigints as text). */
interface CapturedHoldRow {
  hold_id: string;
  from_user_id: number;
  to_user_id: number | null;
  to_treasury: string | null;
  captured_amount: number | null;
  transaction_id: number | null;
  /** Whether the hold is a cash-out, whose capture is a BURN paying no one. */
  cashout: boolean;
  transactions: Array<Record<string, string | null>>;
}

/** What is wrong with a CAPTURED hold and the transactions that name it. */
function capturedHoldProblem(h: CapturedHoldRow): BadCapture {
  const ids = h.transactions.map((t) => Number(t.id));
  const problems: string[] = [];
  if (h.transactions.length !== 1) {
    problems.push(`${h.transactions.length} transactions name it (exactly 1 expected)`);
  } else {
    const t = h.transactions[0]!;
    const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
    if (num(t.id) !== h.transaction_id) problems.push(`its transaction_id is ${h.transaction_id}, the transaction naming it is ${t.id}`);
    if (num(t.amount) !== h.captured_amount)
      problems.push(
        `transaction amount ${minorUnitsToCoins(num(t.amount) ?? 0)} ≠ captured amount ${minorUnitsToCoins(h.captured_amount ?? 0)}`,
      );
    const expectedType = h.cashout ? 'BURN' : h.to_treasury === null ? 'TRANSFER' : 'PURCHASE';
    const expectedUser = h.cashout ? null : h.to_user_id;
    if (t.type !== expectedType) problems.push(`transaction type ${t.type}, ${expectedType} expected`);
    if (num(t.from_user_id) !== h.from_user_id || t.from_treasury !== null) {
      problems.push(`transaction paid by ${t.from_treasury ?? `user ${t.from_user_id}`}, the hold's payer is user ${h.from_user_id}`);
    }
    if (num(t.to_user_id) !== expectedUser || t.to_treasury !== h.to_treasury) {
      const party = (userId: string | number | null, treasury: string | null) => (treasury !== null ? treasury : `user ${userId}`);
      problems.push(
        `transaction pays ${party(t.to_user_id ?? null, t.to_treasury ?? null)}, the hold is for ${h.cashout ? 'no one (a cash-out, burned)' : party(h.to_user_id, h.to_treasury)}`,
      );
    }
  }
  return { holdId: h.hold_id, status: 'CAPTURED', transactionIds: ids, problem: problems.join('; ') };
}
