import { coinsToMinorUnits, minorUnitsToCoins, type SupplyReport } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { creditLegFigures, type OpenCreditLeg } from '../domain/supply';
import { auditLedger } from './audit';
import { owedOverShards, overRefundedOverShards } from './settled-elsewhere';
import { inSnapshot, readOpenCreditLegs } from './supply-reads';

/**
 * The audit over every shard (docs/design/ledger.md "Shards"): each shard's audit (its wallets against
 * their entries, its holds, its refunds) and Σ over shards of MINT, BURN and balances. A credit
 * leg crosses shards as it crossed partitions: its debit and transaction are in the payer's shard,
 * its credit entry (or the return naming it) in the recipient's, so a leg a shard finds owed is
 * owed only if no other shard holds its credit or return. With one shard this is auditLedger.
 *
 * Each shard is read in its own snapshot, one after the other: at a quiet moment the figures are
 * exact; under load a leg landing between two shards' snapshots can show as a transient
 * discrepancy of its amount, which the next read clears (`npm run audit --wait-ms` re-reads).
 */
export async function auditShards(pools: readonly Pool[], options: { now: Date; creditLegMaxAgeS: number }): Promise<SupplyReport> {
  const reports: SupplyReport[] = [];
  const candidates: OpenCreditLeg[][] = [];
  for (const pool of pools) {
    const client = await pool.connect();
    try {
      reports.push(await auditLedger(client, options));
      if (pools.length > 1) candidates.push(await inSnapshot(client, () => readOpenCreditLegs(client)));
    } finally {
      client.release();
    }
  }
  if (pools.length === 1) return reports[0]!;
  const legs = await legsOwedOverShards(pools, candidates);
  const minor = (coins: number) => coinsToMinorUnits(coins) ?? 0;
  const sum = (pick: (r: SupplyReport) => number) => reports.reduce((total, r) => total + minor(pick(r)), 0);
  const minted = sum((r) => r.minted);
  const burned = sum((r) => r.burned);
  const balances = sum((r) => r.balances);
  const figures = creditLegFigures(legs, options.now.getTime(), options.creditLegMaxAgeS * 1000);
  const inFlight = minted - burned - balances;
  const discrepancy = figures.inFlight.amount - inFlight;
  const legCount = (c: { count: number; amount: number }) => ({ count: c.count, amount: minorUnitsToCoins(c.amount) });
  const mismatchedWallets = reports.flatMap((r) => r.mismatchedWallets);
  // A purchase and its refunds may be on two shards: summed over all of them.
  const overRefundedPurchases = await overRefundedOverShards(pools);
  const mismatchedHolds = reports.flatMap((r) => r.mismatchedHolds);
  const badCaptures = reports.flatMap((r) => r.badCaptures);
  // A wallet's entries live with it, in its shard: each shard's chains are whole.
  const mismatchedSequences = reports.flatMap((r) => r.mismatchedSequences);
  return {
    minted: minorUnitsToCoins(minted),
    burned: minorUnitsToCoins(burned),
    supply: minorUnitsToCoins(minted - burned),
    balances: minorUnitsToCoins(balances),
    inFlight: minorUnitsToCoins(inFlight),
    creditLegs: {
      maxAgeSeconds: options.creditLegMaxAgeS,
      inFlight: legCount(figures.inFlight),
      young: legCount(figures.young),
      stale: legCount(figures.stale),
      oldestAgeSeconds: figures.oldestAgeSeconds,
      staleTransactionIds: figures.staleTransactionIds,
    },
    discrepancy: minorUnitsToCoins(discrepancy),
    wallets: reports.reduce((n, r) => n + r.wallets, 0),
    transactions: reports.reduce((n, r) => n + r.transactions, 0),
    mismatchedWallets,
    overRefundedPurchases,
    heldCoins: minorUnitsToCoins(sum((r) => r.heldCoins)),
    mismatchedHolds,
    badCaptures,
    mismatchedSequences,
    consistent:
      discrepancy === 0 &&
      mismatchedWallets.length === 0 &&
      overRefundedPurchases.length === 0 &&
      mismatchedHolds.length === 0 &&
      badCaptures.length === 0 &&
      mismatchedSequences.length === 0,
  };
}

/** The legs each shard finds owed, less what the other shards credited or returned of them. */
async function legsOwedOverShards(pools: readonly Pool[], candidates: OpenCreditLeg[][]): Promise<OpenCreditLeg[]> {
  const owed: OpenCreditLeg[] = [];
  for (const [shard, legs] of candidates.entries()) owed.push(...(await owedOverShards(pools, shard, legs)));
  return owed;
}
