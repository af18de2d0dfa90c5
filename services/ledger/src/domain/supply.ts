import type { TransactionType } from '@coin/contracts';

/**
 * The continuous supply check's running totals (docs/design/ledger.md "Audit"), pure: the database
 * adapter reads rows, this folds them. The invariant it keeps is
 *
 *   Σ entries + Σ in flight == Σ MINT − Σ BURN,   and   Σ balances == Σ entries,
 *
 * where a transaction's in-flight amount is what its credit side still owes: a TRANSFER,
 * PURCHASE, REWARD or REFUND owes its amount from the commit of its debit (or, for a return, from
 * its own commit: a return has no debit entry, the closed wallet never took the coins) until
 * either its credit entry lands or a return names it (`returns`: a TRANSFER back to the sender,
 * or a BURN when the sender has closed too). MINT and BURN owe nothing: their one entry commits
 * with them.
 */

/** Transaction types whose credit side is a leg of its own (docs/design/ledger.md "Credit legs"). */
const typesWithCreditLeg: ReadonlySet<TransactionType> = new Set(['TRANSFER', 'PURCHASE', 'REWARD', 'REFUND']);

export interface SupplyTransactionRow {
  id: number;
  type: TransactionType;
  amount: number;
  /** The transaction this one returns (a closed wallet's return, or the burn of one). */
  returns: number | null;
  createdAt: Date;
}

/** One entry (signed minor units) of a transaction. */
export interface SupplyEntryRow {
  transactionId: number;
  amount: number;
}

/** A transaction whose credit side has not landed yet. */
export interface OpenCreditLeg {
  transactionId: number;
  /** What its credit side still owes (> 0). */
  amount: number;
  createdAt: Date;
}

export interface SupplyState {
  /** Highest transaction id folded. */
  cursorId: number;
  /**
   * Ids at or below the cursor not seen yet, with the time (ms) they were first missed: an id is
   * reserved from the sequence before its transaction commits, so a row can commit after a
   * higher id was folded. Each is looked up again until it shows up or `gapRetentionMs` passes
   * (a rejected or redone command leaves an id that never commits).
   */
  gaps: ReadonlyMap<number, number>;
  entriesSum: number;
  minted: number;
  burned: number;
  /** By transaction id: the credit legs still owed. */
  open: ReadonlyMap<number, OpenCreditLeg>;
  /** Credits or returns beyond what a transaction owed (a leg applied twice): 0 unless the ledger is wrong. */
  overSettled: number;
}

/** What one tick reads past the cursor, in one snapshot. */
export interface SupplyDelta {
  /** Transactions with id > cursor, and those of the gap ids that are now there. */
  transactions: SupplyTransactionRow[];
  /** Every entry of those transactions, and the credit (positive) entries of the open legs. */
  entries: SupplyEntryRow[];
}

/** A full read of the ledger in one snapshot: what a rebase starts from. */
export interface SupplySnapshot {
  /** Highest transaction id in the snapshot. */
  cursorId: number;
  /** Ids missing near the top of the id range (below cursorId), as the delta's gaps. */
  missingIds: number[];
  entriesSum: number;
  minted: number;
  burned: number;
  open: OpenCreditLeg[];
}

export interface SupplyLimits {
  /** A gap id is looked up again for this long; a row committing later than this is found at the next rebase. */
  gapRetentionMs: number;
  /** Gap ids kept at most (the lowest go first): bounds the lookup of each tick. */
  gapsMax: number;
}

export const defaultSupplyLimits: SupplyLimits = {
  // Far above any apply's life (a command times out within seconds; a batch is redone from a
  // fresh read with fresh ids), so only ids that will never commit expire.
  gapRetentionMs: 10 * 60_000,
  gapsMax: 100_000,
};

export function rebaseSupply(snapshot: SupplySnapshot, nowMs: number): SupplyState {
  return {
    cursorId: snapshot.cursorId,
    gaps: new Map(snapshot.missingIds.map((id) => [id, nowMs])),
    entriesSum: snapshot.entriesSum,
    minted: snapshot.minted,
    burned: snapshot.burned,
    open: new Map(snapshot.open.map((leg) => [leg.transactionId, leg])),
    overSettled: 0,
  };
}

/** Folds the rows of one tick into the totals; rows already folded must not be given again. */
export function foldSupply(state: SupplyState, delta: SupplyDelta, nowMs: number, limits: SupplyLimits = defaultSupplyLimits): SupplyState {
  const open = new Map(state.open);
  const gaps = new Map(state.gaps);
  let { cursorId, entriesSum, minted, burned, overSettled } = state;
  const seen = new Set<number>();
  // The transactions whose credits this delta may hold: the legs owed before it and its own.
  const settleable = new Set(state.open.keys());
  const settle = (transactionId: number, amount: number) => {
    const leg = open.get(transactionId);
    if (!leg) {
      overSettled += amount;
      return;
    }
    const owed = leg.amount - amount;
    if (owed > 0) {
      open.set(transactionId, { ...leg, amount: owed });
      return;
    }
    open.delete(transactionId);
    overSettled += -owed;
  };
  const transactions = [...delta.transactions].sort((a, b) => a.id - b.id);
  for (const t of transactions) {
    if (seen.has(t.id) || (t.id <= state.cursorId && !state.gaps.has(t.id))) {
      throw new Error(`supply check: transaction ${t.id} folded twice`);
    }
    seen.add(t.id);
    gaps.delete(t.id);
    if (t.type === 'MINT') minted += t.amount;
    if (t.type === 'BURN') burned += t.amount;
    // A return settles the leg it returns, whatever its own type (a TRANSFER back, or a BURN).
    if (t.returns !== null) settle(t.returns, t.amount);
    if (typesWithCreditLeg.has(t.type)) {
      open.set(t.id, { transactionId: t.id, amount: t.amount, createdAt: t.createdAt });
      settleable.add(t.id);
    }
  }
  for (const e of delta.entries) {
    entriesSum += e.amount;
    // A credit settles its transaction's leg; a MINT's entry is its own and owes nothing.
    if (e.amount > 0 && settleable.has(e.transactionId)) settle(e.transactionId, e.amount);
  }
  const top = transactions.length > 0 ? transactions[transactions.length - 1]!.id : cursorId;
  if (top > cursorId) {
    // Every id between the old cursor and the new top that this snapshot lacks is a gap, unless
    // there are more than can be kept: then only the highest.
    for (let id = Math.max(cursorId + 1, top - limits.gapsMax); id < top; id += 1) if (!seen.has(id)) gaps.set(id, nowMs);
    cursorId = top;
  }
  for (const [id, since] of gaps) if (nowMs - since > limits.gapRetentionMs) gaps.delete(id);
  if (gaps.size > limits.gapsMax) {
    for (const id of [...gaps.keys()].sort((a, b) => a - b).slice(0, gaps.size - limits.gapsMax)) gaps.delete(id);
  }
  return { cursorId, gaps, entriesSum, minted, burned, open, overSettled };
}

export interface CreditLegAges {
  count: number;
  amount: number;
}

export interface CreditLegFigures {
  /** All legs owed. */
  inFlight: CreditLegAges;
  /** Owed for less than the limit: normal traffic. */
  young: CreditLegAges;
  /** Owed for longer than the limit: a leg that is stuck or lost. */
  stale: CreditLegAges;
  oldestAgeSeconds: number | null;
  /** The stale legs' transactions, oldest first, at most `staleIdsMax`. */
  staleTransactionIds: number[];
}

/** How many stale transaction ids a report names: enough to start from, bounded. */
export const staleIdsMax = 100;

/** The legs owed, split at `maxAgeMs` by age (now − the transaction's createdAt). */
export function creditLegFigures(open: Iterable<OpenCreditLeg>, nowMs: number, maxAgeMs: number): CreditLegFigures {
  const inFlight = { count: 0, amount: 0 };
  const young = { count: 0, amount: 0 };
  const stale = { count: 0, amount: 0 };
  let oldestMs: number | null = null;
  const staleLegs: OpenCreditLeg[] = [];
  for (const leg of open) {
    const ageMs = Math.max(0, nowMs - leg.createdAt.getTime());
    inFlight.count += 1;
    inFlight.amount += leg.amount;
    const bucket = ageMs > maxAgeMs ? stale : young;
    bucket.count += 1;
    bucket.amount += leg.amount;
    if (ageMs > maxAgeMs) staleLegs.push(leg);
    if (oldestMs === null || ageMs > oldestMs) oldestMs = ageMs;
  }
  staleLegs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.transactionId - b.transactionId);
  return {
    inFlight,
    young,
    stale,
    oldestAgeSeconds: oldestMs === null ? null : oldestMs / 1000,
    staleTransactionIds: staleLegs.slice(0, staleIdsMax).map((l) => l.transactionId),
  };
}

export interface SupplyFigures {
  supply: number;
  entriesSum: number;
  balances: number;
  legs: CreditLegFigures;
  /** Σ entries + Σ in flight − (Σ MINT − Σ BURN): 0 when no coin was made or lost. */
  supplyDiscrepancy: number;
  /** Σ balances − Σ entries: 0 when no balance was written without its entry (or the reverse). */
  balancesDiscrepancy: number;
}

/** The check's verdict for the totals and Σ balances read in the snapshot of the last tick. */
export function supplyFigures(state: SupplyState, balances: number, nowMs: number, maxAgeMs: number): SupplyFigures {
  const legs = creditLegFigures(state.open.values(), nowMs, maxAgeMs);
  const supply = state.minted - state.burned;
  return {
    supply,
    entriesSum: state.entriesSum,
    balances,
    legs,
    supplyDiscrepancy: state.entriesSum + legs.inFlight.amount - supply,
    balancesDiscrepancy: balances - state.entriesSum,
  };
}
