import type { TransactionType } from '@coin/contracts';
import {
  creditLegFigures,
  foldSupply,
  rebaseSupply,
  supplyFigures,
  type SupplyDelta,
  type SupplyEntryRow,
  type SupplyState,
  type SupplyTransactionRow,
} from './supply';

/**
 * A tiny ledger as the tables hold it: what the database adapter would read. Each helper writes
 * what the ledger's apply writes in one statement (a transaction and its debit entry; a credit
 * entry; a return), and `balances` follows the entries as wallets.balance does.
 */
class Tables {
  transactions: SupplyTransactionRow[] = [];
  entries: SupplyEntryRow[] = [];
  private nextId = 1;
  constructor(private readonly clock: () => number) {}

  get balances(): number {
    return this.entries.reduce((sum, e) => sum + e.amount, 0);
  }
  reserveId(): number {
    return this.nextId++;
  }
  private add(type: TransactionType, amount: number, returns: number | null = null, id = this.reserveId()): number {
    this.transactions.push({ id, type, amount, returns, createdAt: new Date(this.clock()) });
    return id;
  }
  mint(amount: number): number {
    const id = this.add('MINT', amount);
    this.entries.push({ transactionId: id, amount });
    return id;
  }
  burn(amount: number, id?: number): number {
    const t = this.add('BURN', amount, null, id);
    this.entries.push({ transactionId: t, amount: -amount });
    return t;
  }
  /** The debit side only: its credit leg travels. */
  debit(type: 'TRANSFER' | 'PURCHASE' | 'REWARD' | 'REFUND', amount: number, id?: number): number {
    const t = this.add(type, amount, null, id);
    this.entries.push({ transactionId: t, amount: -amount });
    return t;
  }
  credit(transactionId: number): void {
    const t = this.transactions.find((x) => x.id === transactionId)!;
    this.entries.push({ transactionId, amount: t.amount });
  }
  /** The leg reached a closed wallet: a TRANSFER back (no debit entry), whose own leg travels. */
  returnLeg(transactionId: number): number {
    const t = this.transactions.find((x) => x.id === transactionId)!;
    return this.add('TRANSFER', t.amount, transactionId);
  }
  /** A return found the sender closed too: burned, no entry. */
  burnReturn(returnId: number): number {
    const t = this.transactions.find((x) => x.id === returnId)!;
    return this.add('BURN', t.amount, returnId);
  }

  /** What a tick reads past the state's cursor (readSupplyDelta). */
  deltaFor(state: SupplyState): SupplyDelta {
    const isNew = (id: number) => id > state.cursorId || state.gaps.has(id);
    return {
      transactions: this.transactions.filter((t) => isNew(t.id)),
      entries: this.entries.filter((e) => isNew(e.transactionId) || (state.open.has(e.transactionId) && e.amount > 0)),
    };
  }
  /** A full read (readSupplySnapshot), from the tables' rows. */
  snapshotState(nowMs: number): SupplyState {
    const empty = rebaseSupply({ cursorId: 0, missingIds: [], entriesSum: 0, minted: 0, burned: 0, open: [] }, nowMs);
    return foldSupply(empty, { transactions: this.transactions, entries: this.entries }, nowMs);
  }
}

describe('the continuous supply check (pure accumulator)', () => {
  let nowMs = Date.parse('2026-11-23T00:00:00Z');
  const clock = () => nowMs;
  const maxAgeMs = 300_000;
  let db: Tables;
  let state: SupplyState;

  const tick = () => {
    state = foldSupply(state, db.deltaFor(state), nowMs);
    return supplyFigures(state, db.balances, nowMs, maxAgeMs);
  };

  beforeEach(() => {
    nowMs = Date.parse('2026-11-23T00:00:00Z');
    db = new Tables(clock);
    state = rebaseSupply({ cursorId: 0, missingIds: [], entriesSum: 0, minted: 0, burned: 0, open: [] }, nowMs);
  });

  it('when coins are minted, transferred (debit first, credit a tick later), refunded, rewarded and burned, then every tick is consistent and the legs in flight account for the gap', () => {
    db.mint(10_000);
    expect(tick()).toMatchObject({ supplyDiscrepancy: 0, balancesDiscrepancy: 0, supply: 10_000, legs: { inFlight: { count: 0 } } });
    const transfer = db.debit('TRANSFER', 400);
    const purchase = db.debit('PURCHASE', 250);
    const first = tick();
    // Σ balances is 350 short of the supply: exactly the two legs owed.
    expect(db.balances).toBe(9_350);
    expect(first).toMatchObject({ supplyDiscrepancy: 0, balancesDiscrepancy: 0, legs: { inFlight: { count: 2, amount: 650 } } });
    db.credit(transfer);
    const refund = db.debit('REFUND', 100);
    db.credit(purchase);
    const reward = db.debit('REWARD', 50);
    db.credit(reward);
    expect(tick()).toMatchObject({ supplyDiscrepancy: 0, balancesDiscrepancy: 0, legs: { inFlight: { count: 1, amount: 100 } } });
    db.credit(refund);
    db.burn(1_000);
    expect(tick()).toMatchObject({
      supplyDiscrepancy: 0,
      balancesDiscrepancy: 0,
      supply: 9_000,
      legs: { inFlight: { count: 0, amount: 0 } },
    });
    expect(state.open.size).toBe(0);
    // The running totals equal a full read of the same rows.
    expect(supplyFigures(db.snapshotState(nowMs), db.balances, nowMs, maxAgeMs)).toEqual(
      supplyFigures(state, db.balances, nowMs, maxAgeMs),
    );
  });

  it('when a credit leg reaches a closed wallet, then its return settles it and travels itself; a return to a closed sender is burned; every tick stays consistent', () => {
    db.mint(1_000);
    const transfer = db.debit('TRANSFER', 300);
    const other = db.debit('TRANSFER', 200);
    expect(tick()).toMatchObject({ supplyDiscrepancy: 0, legs: { inFlight: { count: 2, amount: 500 } } });
    const back = db.returnLeg(transfer);
    expect(tick()).toMatchObject({ supplyDiscrepancy: 0, legs: { inFlight: { count: 2, amount: 500 } } });
    expect([...state.open.keys()]).toEqual([other, back]);
    db.credit(back);
    const otherBack = db.returnLeg(other);
    db.burnReturn(otherBack);
    const figures = tick();
    expect(figures).toMatchObject({ supplyDiscrepancy: 0, balancesDiscrepancy: 0, supply: 800, legs: { inFlight: { count: 0 } } });
    expect(db.balances).toBe(800);
  });

  it('when a transaction commits after one with a higher id was folded, then the gap id is read again and the row is counted once', () => {
    db.mint(1_000);
    tick();
    const late = db.reserveId(); // reserved by one partition's apply, committed after the next
    db.debit('TRANSFER', 100);
    expect(tick()).toMatchObject({ supplyDiscrepancy: 0, legs: { inFlight: { count: 1 } } });
    expect([...state.gaps.keys()]).toEqual([late]);
    db.burn(50, late);
    expect(tick()).toMatchObject({ supplyDiscrepancy: 0, balancesDiscrepancy: 0, supply: 950 });
    expect(state.gaps.size).toBe(0);
    expect(tick()).toMatchObject({ supplyDiscrepancy: 0, supply: 950 });
  });

  it('when an id never commits (a rejected command), then its gap is forgotten after the retention', () => {
    db.mint(1_000);
    db.reserveId();
    db.mint(1);
    tick();
    expect(state.gaps.size).toBe(1);
    nowMs += 11 * 60_000;
    tick();
    expect(state.gaps.size).toBe(0);
  });

  it('when a balance is written without its entry, then the balances discrepancy is that amount', () => {
    db.mint(1_000);
    tick();
    const tampered = db.balances + 7; // UPDATE wallets SET balance = balance + 7
    state = foldSupply(state, db.deltaFor(state), nowMs);
    expect(supplyFigures(state, tampered, nowMs, maxAgeMs)).toMatchObject({ balancesDiscrepancy: 7, supplyDiscrepancy: 0 });
  });

  it('when an entry is written behind the ledger (coins from nowhere) or a leg credits twice, then the supply discrepancy shows it', () => {
    db.mint(1_000);
    const t = db.debit('TRANSFER', 100);
    tick();
    db.entries.push({ transactionId: t, amount: 100 });
    db.entries.push({ transactionId: t, amount: 100 }); // a second credit, to another wallet
    expect(tick()).toMatchObject({ supplyDiscrepancy: 100, balancesDiscrepancy: 0 });
    expect(state.overSettled).toBe(100);
  });

  it('when a tampered old entry is below the cursor, then the rebase (a full read) shows it', () => {
    db.mint(1_000);
    const t = db.debit('TRANSFER', 100);
    db.credit(t);
    tick();
    const balances = db.balances; // wallets.balance is not touched by the DELETE below
    db.entries = db.entries.filter((e) => !(e.transactionId === t && e.amount < 0)); // DELETE the debit entry
    // The incremental path read that row already, and Σ balances still matches its totals.
    state = foldSupply(state, db.deltaFor(state), nowMs);
    expect(supplyFigures(state, balances, nowMs, maxAgeMs)).toMatchObject({ supplyDiscrepancy: 0, balancesDiscrepancy: 0 });
    const rebased = db.snapshotState(nowMs);
    expect(supplyFigures(rebased, balances, nowMs, maxAgeMs)).toMatchObject({ supplyDiscrepancy: 100, balancesDiscrepancy: -100 });
  });

  it('when a credit leg never lands, then it is young until the age limit and stale after it; Σ balances alone (the old check) would call that a mismatch', () => {
    db.mint(1_000);
    const lost = db.debit('PURCHASE', 120);
    const young = tick();
    expect(young.legs).toMatchObject({ young: { count: 1, amount: 120 }, stale: { count: 0 }, oldestAgeSeconds: 0 });
    expect(young.supplyDiscrepancy).toBe(0);
    expect(db.balances - young.supply).toBe(-120);
    nowMs += maxAgeMs + 1_000;
    const stale = tick();
    expect(stale.legs).toMatchObject({
      young: { count: 0 },
      stale: { count: 1, amount: 120 },
      oldestAgeSeconds: 301,
      staleTransactionIds: [lost],
    });
    expect(stale.supplyDiscrepancy).toBe(0);
  });

  it('when legs are split by age, then the oldest come first among the stale ids and the counts add up', () => {
    const at = (s: number) => new Date(nowMs - s * 1000);
    const figures = creditLegFigures(
      [
        { transactionId: 5, amount: 10, createdAt: at(10) },
        { transactionId: 3, amount: 20, createdAt: at(400) },
        { transactionId: 4, amount: 30, createdAt: at(900) },
      ],
      nowMs,
      maxAgeMs,
    );
    expect(figures).toEqual({
      inFlight: { count: 3, amount: 60 },
      young: { count: 1, amount: 10 },
      stale: { count: 2, amount: 50 },
      oldestAgeSeconds: 900,
      staleTransactionIds: [4, 3],
    });
    expect(creditLegFigures([], nowMs, maxAgeMs).oldestAgeSeconds).toBeNull();
  });

  it('when the same rows are given twice (a bug of the adapter), then the fold refuses instead of counting them twice', () => {
    db.mint(1);
    const delta = db.deltaFor(state);
    state = foldSupply(state, delta, nowMs);
    expect(() => foldSupply(state, delta, nowMs)).toThrow(/folded twice/);
  });
});
