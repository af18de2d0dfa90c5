import type { BalanceChangesPage } from '@coin/contracts';
import type { BalanceChanged } from '@coin/events';
import { BalanceStreamSession, type BalanceReader, type StreamOutput } from './session';

/** A wallet's changes as the ledger holds them: balance +1 coin per change. */
function change(sequence: number, userId = 7): BalanceChanged {
  return {
    eventId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    type: 'coin.balance.changed',
    version: 1,
    occurredAt: '2026-11-23T10:00:00.000Z',
    wallet: { userId, treasury: null },
    sequence,
    balance: sequence,
    previousBalance: sequence - 1,
    transactionId: 1000 + sequence,
    transactionType: 'TRANSFER',
  };
}

/** The ledger's read, in memory: what it holds can grow while a stream runs. */
class LedgerReads implements BalanceReader {
  changes: BalanceChanged[] = [];
  reads: number[] = [];
  snapshots = 0;
  /** Runs inside the next read, after its answer was taken (commits racing the read). */
  duringNextRead: (() => void) | undefined;
  failNext = false;

  commit(upTo: number): BalanceChanged[] {
    const added: BalanceChanged[] = [];
    for (let s = this.changes.length + 1; s <= upTo; s += 1) added.push(change(s));
    this.changes.push(...added);
    return added;
  }

  async changesAfter(afterSequence: number, limit: number): Promise<BalanceChangesPage> {
    this.reads.push(afterSequence);
    if (this.failNext) throw new Error('ledger unreachable');
    const page = { changes: this.changes.filter((c) => c.sequence > afterSequence).slice(0, limit), sequence: this.changes.length };
    const during = this.duringNextRead;
    this.duringNextRead = undefined;
    during?.();
    return page;
  }

  async snapshot() {
    this.snapshots += 1;
    return { balance: this.changes.length, sequence: this.changes.length };
  }
}

function sessionOn(ledger: LedgerReads, limits = { pageSize: 100, replayMax: 1000, pendingMax: 50 }) {
  const out: StreamOutput[] = [];
  const failures: unknown[] = [];
  const session = new BalanceStreamSession(
    ledger,
    (item) => out.push(item),
    limits,
    (err) => failures.push(err),
  );
  const sequences = () => out.map((item) => (item.kind === 'change' ? item.change.sequence : `snapshot@${item.snapshot.sequence}`));
  return { session, out, failures, sequences };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('BalanceStreamSession', () => {
  it('starts with a snapshot, then sends live changes in order and drops copies', async () => {
    const ledger = new LedgerReads();
    ledger.commit(3);
    const { session, sequences } = sessionOn(ledger);
    await session.start(undefined);
    const [fourth, fifth] = ledger.commit(5);
    expect(session.offer(fourth as BalanceChanged)).toBe('sent');
    expect(session.offer(fourth as BalanceChanged)).toBe('duplicate');
    expect(session.offer(change(2))).toBe('duplicate');
    expect(session.offer(fifth as BalanceChanged)).toBe('sent');
    expect(sequences()).toEqual(['snapshot@3', 4, 5]);
    expect(ledger.reads).toEqual([]);
  });

  it('resumes from Last-Event-ID with the missed changes in pages, then goes live', async () => {
    const ledger = new LedgerReads();
    ledger.commit(250);
    const { session, sequences } = sessionOn(ledger);
    await session.start(10);
    expect(ledger.reads).toEqual([10, 110, 210]);
    expect(sequences()).toEqual(Array.from({ length: 240 }, (_, i) => i + 11));
    session.offer(ledger.commit(251)[0] as BalanceChanged);
    expect(session.position).toBe(251);
    expect(ledger.snapshots).toBe(0);
  });

  it('holds live events that arrive during the resume and sends each once, in order', async () => {
    const ledger = new LedgerReads();
    ledger.commit(5);
    const { session, sequences } = sessionOn(ledger);
    // Two commits land while the first page is read, after the ledger answered it.
    ledger.duringNextRead = () => {
      const [sixth, seventh] = ledger.commit(7);
      expect(session.offer(seventh as BalanceChanged)).toBe('held');
      expect(session.offer(sixth as BalanceChanged)).toBe('held');
    };
    await session.start(2);
    await settled();
    expect(sequences()).toEqual([3, 4, 5, 6, 7]);
  });

  it('fills a gap in the live events from the ledger before the later event', async () => {
    const ledger = new LedgerReads();
    ledger.commit(1);
    const { session, sequences } = sessionOn(ledger);
    await session.start(undefined);
    const added = ledger.commit(4);
    expect(session.offer(added[2] as BalanceChanged)).toBe('gap');
    await settled();
    expect(ledger.reads).toEqual([1]);
    expect(sequences()).toEqual(['snapshot@1', 2, 3, 4]);
    // The copies that arrive late change nothing.
    for (const late of added) expect(session.offer(late)).toBe('duplicate');
    expect(sequences()).toHaveLength(4);
  });

  it('drops a live event the ledger does not know of (a forged sequence) after one read', async () => {
    const ledger = new LedgerReads();
    ledger.commit(2);
    const { session, sequences } = sessionOn(ledger);
    await session.start(undefined);
    expect(session.offer(change(1_000_000))).toBe('gap');
    await settled();
    expect(ledger.reads).toEqual([2]);
    expect(sequences()).toEqual(['snapshot@2']);
    session.offer(ledger.commit(3)[0] as BalanceChanged);
    expect(sequences()).toEqual(['snapshot@2', 3]);
  });

  it('answers a resume from an id the wallet never reached with a snapshot', async () => {
    const ledger = new LedgerReads();
    ledger.commit(4);
    const { session, sequences } = sessionOn(ledger);
    await session.start(99);
    expect(sequences()).toEqual(['snapshot@4']);
  });

  it('answers a resume longer than replayMax with a snapshot, not a replay', async () => {
    const ledger = new LedgerReads();
    ledger.commit(500);
    const { session, sequences } = sessionOn(ledger, { pageSize: 100, replayMax: 200, pendingMax: 50 });
    await session.start(0);
    expect(sequences()).toEqual(['snapshot@500']);
    expect(ledger.reads).toEqual([0]);
  });

  it('reads back what it dropped when more live events arrive during a read than it holds', async () => {
    const ledger = new LedgerReads();
    ledger.commit(1);
    const { session, sequences } = sessionOn(ledger, { pageSize: 100, replayMax: 1000, pendingMax: 3 });
    ledger.duringNextRead = () => {
      for (const event of ledger.commit(10)) session.offer(event);
    };
    await session.start(0);
    await settled();
    expect(sequences()).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it('throws a failed start (answered as a problem) and reports a failed read-back later', async () => {
    const ledger = new LedgerReads();
    ledger.failNext = true;
    const { session, failures } = sessionOn(ledger);
    await expect(session.start(0)).rejects.toThrow('ledger unreachable');

    const second = sessionOn(ledger);
    ledger.failNext = false;
    await second.session.start(undefined);
    ledger.failNext = true;
    second.session.offer(change(5));
    await settled();
    expect(second.failures).toHaveLength(1);
    expect(failures).toHaveLength(0);
    expect(second.session.offer(change(6))).toBe('duplicate');
  });
});
