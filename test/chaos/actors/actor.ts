/**
 * One kind of client of the bank test. The orchestrator (../bank-test.ts) starts every actor
 * together with the nemesis, stops them when the load is over, lets them finish what the faults
 * left unresolved once the services are calm, then asks each for its failures against the
 * ledger's final state. Each actor keeps its own log of what it sent and what it was answered;
 * none trusts the service's own account of it.
 */
import type { LedgerTransaction } from '../client';

/**
 * An actor's concurrent loops: each takes steps while the actor runs (and the run goes on, which
 * the loop itself asks); stop() lets the step in flight finish and waits for every loop.
 */
export class Loops {
  running = false;
  private loops: Promise<void>[] = [];

  start(count: number, loop: (index: number) => Promise<void>): void {
    this.running = true;
    this.loops = Array.from({ length: count }, (_, index) => loop(index));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

export interface EndState {
  /** The ledger's whole record (GET /internal/transactions). */
  record: LedgerTransaction[];
  /** A query on the ledger's own schema (search_path set), for wallet rows. */
  ledgerQuery: <R extends Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;
  /** A query on the user service's schema (search_path set), for account rows. */
  userQuery?: <R extends Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;
}

export interface ChaosActor {
  readonly name: string;
  /** Begins acting in the background; returns at once. */
  start(): void;
  /** Sends nothing new; resolves when what is in flight has a definitive answer or was given up. */
  stop(): Promise<void>;
  /**
   * Whether the cases the run asserts of this actor have each happened once (a refund
   * acknowledged, a verdict of each kind, …): traffic goes on until they have, within the run's
   * cover time, so a slow machine lengthens the run instead of failing it. None: always.
   */
  covered?(): boolean;
  /** Faults over and every service ready: drives each unresolved operation to a definitive answer. */
  settle(): Promise<void>;
  /** After settle(): re-sends a sample with the same keys; the original answers must come back. Returns failures. */
  replay?(): Promise<string[]>;
  /** The end checks against the ledger's final state; an empty list when everything holds. */
  check(end: EndState): Promise<string[]>;
  /** Figures for the report (counts; a nested record for distributions). */
  counts(): Record<string, number | Record<string, number>>;
}
