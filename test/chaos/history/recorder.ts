/**
 * The history of what the checker's clients asked and were answered, for the linearizability
 * checker (test/checker, Porcupine) and the history-read checks (./history-reads.ts). Each
 * operation is recorded at its invocation and completed once: with a definitive answer ('ok',
 * 'fail': a 4xx the contract calls definitive) or without one ('info': a timeout, a 5xx, a
 * dropped connection; it may or may not have taken effect). Times are process.hrtime (monotonic)
 * nanoseconds since the recorder began; amounts and balances are integer minor units.
 */
import { writeFileSync } from 'node:fs';

export type OpKind = 'transfer' | 'purchase' | 'hold-place' | 'hold-capture' | 'hold-void' | 'read' | 'history';
export type Outcome = 'ok' | 'fail' | 'info';

export interface OpInput {
  /** transfer: the sender's and receiver's user ids and the amount (minor units). */
  from?: number;
  to?: number;
  amount?: number;
  /** read, history: whose wallet. */
  wallet?: number;
  /** The Idempotency-Key of a write. */
  key?: string;
}

export interface OpOutput {
  status?: number;
  code?: string;
  error?: string;
  transactionId?: number;
  /** transfer ok: the sender's new balance; read ok: the balance read (minor units). */
  balance?: number;
  /** history ok: the transaction ids of the page(s) read, newest first. */
  transactionIds?: number[];
}

export interface RecordedOp {
  id: number;
  client: number;
  kind: OpKind;
  input: OpInput;
  invokeNs: number;
  /** null: never answered definitively (outcome 'info'), or still in flight. */
  completeNs: number | null;
  outcome: Outcome | null;
  output: OpOutput;
  /** Requests sent for it (a write is retried with its key). */
  attempts: number;
}

export interface RecordedHistory {
  wallets: Array<{ id: number; initial: number }>;
  /** How long after a transfer's 201 its credit may land (docs/CONTRACT.md "Read consistency"). */
  creditLagNs: number;
  /** From here no credit leg was in flight; null when the run never got quiet. */
  quietNs: number | null;
  operations: RecordedOp[];
}

export class HistoryRecorder {
  private readonly origin = process.hrtime.bigint();
  readonly operations: RecordedOp[] = [];
  private quietNs: number | null = null;

  constructor(
    private readonly wallets: Array<{ id: number; initial: number }>,
    private readonly creditLagMs: number,
  ) {}

  /** Monotonic nanoseconds since the recorder began. */
  now(): number {
    return Number(process.hrtime.bigint() - this.origin);
  }

  invoke(client: number, kind: OpKind, input: OpInput): RecordedOp {
    const op: RecordedOp = {
      id: this.operations.length + 1,
      client,
      kind,
      input,
      invokeNs: this.now(),
      completeNs: null,
      outcome: null,
      output: {},
      attempts: 0,
    };
    this.operations.push(op);
    return op;
  }

  /** A definitive answer ('ok', 'fail') ends the operation; 'info' leaves it open-ended. */
  complete(op: RecordedOp, outcome: Outcome, output: OpOutput): void {
    op.outcome = outcome;
    op.output = output;
    op.completeNs = outcome === 'info' ? null : this.now();
  }

  /** No credit leg is in flight from now on (every service quiet, the ledger's audit says so). */
  markQuiet(): void {
    this.quietNs = this.now();
  }

  /** Seconds since the recorder began, for reports. */
  seconds(ns: number): number {
    return Number((ns / 1e9).toFixed(3));
  }

  history(): RecordedHistory {
    return {
      wallets: this.wallets,
      creditLagNs: this.creditLagMs * 1e6,
      quietNs: this.quietNs,
      // An operation still without an outcome was never answered.
      operations: this.operations.map((op) => (op.outcome === null ? { ...op, outcome: 'info' as const } : op)),
    };
  }

  write(file: string): void {
    writeFileSync(file, `${JSON.stringify(this.history())}\n`);
  }
}
