import type { BalanceChangesPage, BalanceStreamSnapshot } from '@coin/contracts';
import type { BalanceChanged } from '@coin/events';

/** What a stream reads from the ledger: never per live event, only to start, resume or fill a gap. */
export interface BalanceReader {
  /** Up to `limit` changes after `afterSequence`, oldest first, and the wallet's latest sequence. */
  changesAfter(afterSequence: number, limit: number): Promise<BalanceChangesPage>;
  /** The balance now and the last sequence it includes. */
  snapshot(): Promise<BalanceStreamSnapshot>;
}

export interface SessionLimits {
  /** Changes per read of the ledger (its route allows at most 100). */
  pageSize: number;
  /** A resume or gap of more changes than this is answered by a snapshot instead of a replay. */
  replayMax: number;
  /** Live events held while a read is under way; past it they are dropped and read back after. */
  pendingMax: number;
}

/** What the session hands to its connection, in the order the client must see it. */
export type StreamOutput = { kind: 'snapshot'; snapshot: BalanceStreamSnapshot } | { kind: 'change'; change: BalanceChanged };

/** Why a live event was not sent as it came (each counted by the caller). */
export type LiveOutcome = 'sent' | 'duplicate' | 'held' | 'gap';

/**
 * One stream's order: every change of the wallet once, by sequence, with no gap. Live events come
 * from the fan-out; what the client missed (before it reconnected, or a live event lost or late)
 * is read from the ledger by sequence and sent first. `lastSent` is the client's position: a live
 * event at or below it is a copy and dropped; one past `lastSent + 1` means a gap, filled by a read
 * before it goes out. Live events that arrive during a read wait in `pending`.
 */
export class BalanceStreamSession {
  private lastSent = 0;
  private reading = false;
  private readAgain = false;
  private closed = false;
  private readonly pending = new Map<number, BalanceChanged>();

  constructor(
    private readonly reader: BalanceReader,
    private readonly output: (item: StreamOutput) => void,
    private readonly limits: SessionLimits,
    /** A read failed after the stream started: the connection ends, the client resumes by Last-Event-ID. */
    private readonly onFailure: (err: unknown) => void,
  ) {}

  /** The sequence of the last change the client has (what a reconnect would send as Last-Event-ID). */
  get position(): number {
    return this.lastSent;
  }

  /**
   * The stream's start: a snapshot, or, with the client's Last-Event-ID, the changes after it. A
   * failure is thrown (the request is answered with a problem, nothing was streamed yet).
   */
  async start(lastEventId: number | undefined): Promise<void> {
    this.reading = true;
    try {
      if (lastEventId === undefined) await this.sendSnapshot();
      else {
        this.lastSent = lastEventId;
        await this.readBack();
      }
    } finally {
      this.reading = false;
    }
    await this.drainPending();
  }

  /** A live coin.balance.changed of this wallet (already validated by the fan-out). */
  offer(event: BalanceChanged): LiveOutcome {
    if (this.closed) return 'duplicate';
    if (event.sequence <= this.lastSent) return 'duplicate';
    if (this.reading) {
      this.hold(event);
      return 'held';
    }
    if (event.sequence === this.lastSent + 1) {
      this.sendChange(event);
      return 'sent';
    }
    this.hold(event);
    void this.drainPending();
    return 'gap';
  }

  close(): void {
    this.closed = true;
    this.pending.clear();
  }

  private hold(event: BalanceChanged): void {
    if (this.pending.size >= this.limits.pendingMax) {
      // Dropped here, read back from the ledger once the read under way is done.
      this.pending.clear();
      this.readAgain = true;
    }
    this.pending.set(event.sequence, event);
  }

  /** Sends what is held in order; a gap before the next one, or events dropped meanwhile, mean another read. */
  private async drainPending(): Promise<void> {
    if (this.reading || this.closed) return;
    this.reading = true;
    try {
      for (;;) {
        if (this.closed) return;
        for (const sequence of [...this.pending.keys()].sort((a, b) => a - b)) {
          const event = this.pending.get(sequence) as BalanceChanged;
          if (sequence <= this.lastSent) this.pending.delete(sequence);
          else if (sequence === this.lastSent + 1) {
            this.pending.delete(sequence);
            this.sendChange(event);
          } else break;
        }
        if (this.pending.size === 0 && !this.readAgain) return;
        this.readAgain = false;
        const latest = await this.readBack();
        // Held events the ledger does not know of were not its own (coin.balances is read, not trusted).
        for (const sequence of this.pending.keys()) if (sequence > latest) this.pending.delete(sequence);
      }
    } catch (err) {
      this.closed = true;
      this.onFailure(err);
    } finally {
      this.reading = false;
    }
  }

  /** Sends the changes after `lastSent` up to the ledger's latest; returns that latest. */
  private async readBack(): Promise<number> {
    let replayed = 0;
    for (;;) {
      const page = await this.reader.changesAfter(this.lastSent, this.limits.pageSize);
      if (this.closed) return page.sequence;
      if (page.sequence < this.lastSent || page.sequence - this.lastSent + replayed > this.limits.replayMax) {
        // An id the wallet never reached (not ours, or from before a restore), or more to replay
        // than a stream carries: the client starts over from a snapshot.
        await this.sendSnapshot();
        return Math.max(page.sequence, this.lastSent);
      }
      for (const change of page.changes) {
        if (change.sequence <= this.lastSent) continue;
        this.sendChange(change);
        replayed += 1;
      }
      if (page.changes.length === 0 && this.lastSent < page.sequence) {
        // The ledger names a later change it does not return: start over rather than wait on it.
        await this.sendSnapshot();
        return Math.max(page.sequence, this.lastSent);
      }
      if (page.changes.length === 0 || this.lastSent >= page.sequence) return page.sequence;
    }
  }

  private async sendSnapshot(): Promise<void> {
    const snapshot = await this.reader.snapshot();
    if (this.closed) return;
    this.lastSent = snapshot.sequence;
    this.output({ kind: 'snapshot', snapshot });
  }

  private sendChange(change: BalanceChanged): void {
    this.lastSent = change.sequence;
    this.output({ kind: 'change', change });
  }
}
