import type { Pool } from '@coin/db';
import { inSnapshot, readBalancesSum, readSupplyDelta, readSupplySnapshot } from '../db/supply-reads';
import { readForeignSettlements, readIdsNearTop } from '../db/supply-shard-reads';
import type { OpenCreditLeg, SupplyDelta, SupplySnapshot, SupplyState } from '../domain/supply';

/**
 * The continuous supply check's reads over several shards (docs/design/ledger.md "Shards"), folded as
 * one ledger: transaction ids are one series (the home shard hands them out), so one cursor, one
 * set of gaps and one set of open legs serve every shard. Each shard is read in a snapshot of its
 * own, one after the other, and a credit leg crosses shards: its transaction and debit in the
 * payer's shard, its credit entry (or the return naming it) in the recipient's. A cut is
 * consistent when every credit or return read names a transaction the fold knows (folded before,
 * or in the cut); a leg that landed between two shards' snapshots breaks that, and the cut is
 * read again (a window of milliseconds, so one retry almost always suffices).
 */

export type Shards = readonly Pick<Pool, 'connect'>[];

/** Cuts read again before folding a torn one anyway (the next rebase then repairs what it got wrong). */
export const cutAttemptsMax = 5;

/** One shard's read, in its snapshot. */
async function inShardSnapshot<T>(shard: Pick<Pool, 'connect'>, read: (db: Parameters<typeof inSnapshot>[0]) => Promise<T>): Promise<T> {
  const client = await shard.connect();
  try {
    return await inSnapshot(client, () => read(client));
  } finally {
    client.release();
  }
}

/** The rows past the cursor over every shard, and Σ balances, as one delta. */
export async function readShardedDelta(
  shards: Shards,
  state: SupplyState,
): Promise<{ delta: SupplyDelta; balances: number; consistent: boolean }> {
  const cursor = { cursorId: state.cursorId, gapIds: [...state.gaps.keys()], openIds: [...state.open.keys()] };
  const parts = [];
  for (const shard of shards) {
    parts.push(
      await inShardSnapshot(shard, async (db) => ({ delta: await readSupplyDelta(db, cursor), balances: await readBalancesSum(db) })),
    );
  }
  const delta: SupplyDelta = { transactions: parts.flatMap((p) => p.delta.transactions), entries: parts.flatMap((p) => p.delta.entries) };
  const inCut = new Set(delta.transactions.map((t) => t.id));
  const known = (id: number) => inCut.has(id) || (id <= state.cursorId && !state.gaps.has(id));
  const consistent =
    delta.entries.every((e) => known(e.transactionId)) && delta.transactions.every((t) => t.returns === null || known(t.returns));
  return { delta, balances: parts.reduce((sum, p) => sum + Number(p.balances), 0), consistent };
}

/**
 * A rebase over every shard: each shard's totals and open legs as one ledger's, less the credits
 * and returns that other shards hold of them; the gaps are the ids near the top that no shard has.
 */
export async function readShardedSnapshot(
  shards: Shards,
  gapWindow: number,
): Promise<{ snapshot: SupplySnapshot; balances: number; consistent: boolean }> {
  const parts: Array<{
    snapshot: SupplySnapshot;
    balances: number;
    foreign: Array<{ transactionId: number; amount: number }>;
    idsNearTop: number[];
  }> = [];
  for (const shard of shards) {
    parts.push(
      await inShardSnapshot(shard, async (db) => ({
        snapshot: await readSupplySnapshot(db, gapWindow),
        balances: await readBalancesSum(db),
        foreign: await readForeignSettlements(db),
        idsNearTop: await readIdsNearTop(db, gapWindow),
      })),
    );
  }
  const cursorId = Math.max(0, ...parts.map((p) => Number(p.snapshot.cursorId)));
  const present = new Set(parts.flatMap((p) => p.idsNearTop));
  const missingIds: number[] = [];
  for (let id = Math.max(cursorId - gapWindow, 0) + 1; id < cursorId; id += 1) if (!present.has(id)) missingIds.push(id);
  const open = new Map<number, OpenCreditLeg>(parts.flatMap((p) => p.snapshot.open.map((leg) => [leg.transactionId, leg] as const)));
  let consistent = true;
  for (const { transactionId, amount } of parts.flatMap((p) => p.foreign)) {
    const leg = open.get(transactionId);
    // A credit for a transaction no shard showed: it committed after its shard's snapshot.
    if (!leg) {
      consistent = false;
      continue;
    }
    if (leg.amount - amount > 0) open.set(transactionId, { ...leg, amount: leg.amount - amount });
    else open.delete(transactionId);
  }
  const sum = (pick: (s: SupplySnapshot) => number) => parts.reduce((total, p) => total + Number(pick(p.snapshot)), 0);
  return {
    snapshot: {
      cursorId,
      missingIds,
      entriesSum: sum((s) => s.entriesSum),
      minted: sum((s) => s.minted),
      burned: sum((s) => s.burned),
      open: [...open.values()],
    },
    balances: parts.reduce((total, p) => total + Number(p.balances), 0),
    consistent,
  };
}
