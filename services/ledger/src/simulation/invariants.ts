import type { Pool } from '@coin/db';
import { createLogger } from '@coin/logger';
import { startSupplyCheck, type SupplyCheck } from '../checks/supply-check';
import { auditLedger } from '../db/audit';
import { inSnapshot, readBalancesSum, readSupplySnapshot } from '../db/supply-reads';
import { kindModule, stateKinds } from '../domain/kinds/table';
import { defaultSupplyLimits, rebaseSupply, supplyFigures, type SupplyFigures } from '../domain/supply';
import type { HandledMessage } from './driver';
import type { Finding } from './findings';

/**
 * The ledger's invariants after every step of the simulation, read from the database with the
 * ledger's own checks rather than a second definition (docs/RELIABILITY.md "The whole-ledger
 * simulation"): the continuous supply check (checks/supply-check.ts, domain/supply.ts: Σ MINT −
 * Σ BURN = Σ entries + the credit legs in flight, Σ balances = Σ entries), whose legs in flight
 * must be the credit legs the driver holds on ledger.internal, and whose incremental totals must
 * be what a full read (the check's own rebase, domain/supply.ts) finds at the same moment; no balance below zero or
 * below what its holds reserve; and every so often, and at the end, `npm run audit`'s
 * auditLedger (every wallet against its entries, holds, captures, refunds, balance chains), and
 * the audit of each kind of the state table that has one (domain/kinds/types.ts `audit`).
 */

/** A leg is never stale in the simulation: its age is the simulated clock's, which jumps. */
const noStaleLegMs = 10 * 365 * 86_400_000;
/**
 * The check rebases on its first tick only: its incremental totals are compared with a full read
 * here, right after a tick, with nothing written in between (its own rebase compares the totals
 * of the tick before with a read of now, which differ by whatever was written since).
 */
const neverMs = Number.MAX_SAFE_INTEGER;
/** Steps between two comparisons of the incremental totals with a full read. */
const fullReadEvery = 10;

export class Invariants {
  private readonly supply: SupplyCheck;
  /** The supply check's warnings and errors (a rebase that found other totals than its incremental path). */
  private readonly complaints: string[] = [];

  constructor(
    private readonly pool: Pool,
    private readonly now: () => Date,
  ) {
    const logger = createLogger('ledger-simulation-supply', 'warn', { write: (line: string) => void this.complaints.push(line) });
    this.supply = startSupplyCheck(
      { pool, now, intervalMs: neverMs, rebaseIntervalMs: neverMs, creditLegMaxAgeMs: noStaleLegMs, logger },
      { timer: false },
    );
  }

  /** The supply, the legs in flight against the driver's, the balances. */
  async afterStep(step: number, legsOnTheirWay: number): Promise<Finding[]> {
    const findings: Finding[] = [];
    const figures = await this.supply.tick();
    if (figures.supplyDiscrepancy !== 0 || figures.balancesDiscrepancy !== 0) {
      findings.push({
        kind: 'supply',
        signature: 'supply',
        detail: `Σ MINT − Σ BURN = ${figures.supply}, Σ entries = ${figures.entriesSum}, Σ balances = ${figures.balances}, legs in flight ${figures.legs.inFlight.amount}: supply discrepancy ${figures.supplyDiscrepancy}, balances discrepancy ${figures.balancesDiscrepancy}`,
        step,
      });
    }
    if (figures.legs.inFlight.amount !== legsOnTheirWay) {
      findings.push({
        kind: 'credit-legs',
        signature: 'credit-legs',
        detail: `the ledger owes ${figures.legs.inFlight.amount} minor units in ${figures.legs.inFlight.count} credit legs, but ${legsOnTheirWay} are on their way on ledger.internal`,
        step,
      });
    }
    for (const line of this.complaints.splice(0)) {
      findings.push({
        kind: 'supply-drift',
        signature: 'supply-drift',
        detail: `the supply check complained: ${line.slice(0, 400)}`,
        step,
      });
    }
    if (step % fullReadEvery === 0 || step < 0) findings.push(...(await this.againstFullRead(step, figures)));
    findings.push(...(await this.negativeBalances(step)));
    return findings;
  }

  /** The incremental totals against the check's full read, at the same moment. */
  private async againstFullRead(step: number, incremental: SupplyFigures): Promise<Finding[]> {
    const client = await this.pool.connect();
    try {
      const nowMs = this.now().getTime();
      const full = await inSnapshot(client, async () =>
        supplyFigures(
          rebaseSupply(await readSupplySnapshot(client, defaultSupplyLimits.gapsMax), nowMs),
          await readBalancesSum(client),
          nowMs,
          noStaleLegMs,
        ),
      );
      const same =
        full.entriesSum === incremental.entriesSum &&
        full.supply === incremental.supply &&
        full.legs.inFlight.amount === incremental.legs.inFlight.amount;
      if (same) return [];
      const totals = (f: SupplyFigures) => ({ entriesSum: f.entriesSum, supply: f.supply, inFlight: f.legs.inFlight.amount });
      return [
        {
          kind: 'supply-drift',
          signature: 'supply-drift',
          detail: `the supply check's incremental totals ${JSON.stringify(totals(incremental))} differ from a full read's ${JSON.stringify(totals(full))}`,
          step,
        },
      ];
    } finally {
      client.release();
    }
  }

  private async negativeBalances(step: number): Promise<Finding[]> {
    const { rows } = await this.pool.query<{ wallet_key: string; balance: string; held: string }>(
      'SELECT wallet_key, balance::text, held::text FROM wallets WHERE balance < 0 OR held < 0 OR held > balance ORDER BY wallet_key LIMIT 5',
    );
    return rows.map((r) => ({
      kind: 'negative-balance' as const,
      signature: 'negative-balance',
      detail: `${r.wallet_key}: balance ${r.balance}, held ${r.held}`,
      step,
    }));
  }

  /**
   * A dry run stores nothing (docs/DESIGN.md "Dry runs"): no outcome under its id, so its
   * Idempotency-Key stays free; the supply, the credit legs and the twin's answer
   * (findings.ts `dryRunFindings`) tell the rest.
   */
  async dryRunsLeftNothing(handled: readonly HandledMessage[], step: number): Promise<Finding[]> {
    const ids = handled.flatMap((h) => (h.command?.dryRun && h.result.kind === 'decided' ? [h.command.commandId] : []));
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<{ command_id: string; type: string }>(
      'SELECT command_id, type FROM processed_commands WHERE command_id = ANY($1::uuid[]) LIMIT 5',
      [ids],
    );
    return rows.map((r) => ({
      kind: 'dry-run' as const,
      signature: 'dry-run',
      detail: `the dry run ${r.type} ${r.command_id} left its outcome stored (processed_commands)`,
      step,
      commandIds: [r.command_id],
    }));
  }

  /** auditLedger's whole-ledger proof; `quiet`: nothing may be in flight any more. */
  async audit(step: number, now: Date, quiet: boolean): Promise<Finding[]> {
    const client = await this.pool.connect();
    try {
      const report = await auditLedger(client, { now, creditLegMaxAgeS: noStaleLegMs / 1000 });
      const findings: Finding[] = [];
      if (!report.consistent) {
        const { discrepancy, mismatchedWallets, overRefundedPurchases, mismatchedHolds, badCaptures, mismatchedSequences } = report;
        findings.push({
          kind: 'audit',
          signature: 'audit',
          detail: `the audit fails: ${JSON.stringify({ discrepancy, mismatchedWallets, overRefundedPurchases, mismatchedHolds, badCaptures, mismatchedSequences }).slice(0, 800)}`,
          step,
        });
      }
      if (quiet && report.creditLegs.inFlight.count > 0) {
        findings.push({
          kind: 'quiescence',
          signature: 'quiescence',
          detail: `every message applied, yet ${report.creditLegs.inFlight.count} credit legs (${report.creditLegs.inFlight.amount} coins) are owed: ${JSON.stringify(report.creditLegs.staleTransactionIds.slice(0, 10))}`,
          step,
        });
      }
      findings.push(...(await this.kindAudits(step)));
      return findings;
    } finally {
      client.release();
    }
  }

  /** Each kind of the state table against the rest of the ledger, by its own audit query. */
  private async kindAudits(step: number): Promise<Finding[]> {
    const findings: Finding[] = [];
    for (const kind of stateKinds) {
      const audit = kindModule(kind).audit;
      if (!audit) continue;
      const { rows } = await this.pool.query<{ key: string; detail: string }>(audit);
      for (const r of rows.slice(0, 5))
        findings.push({ kind: 'state', signature: `state:${kind}`, detail: `${kind} ${r.key}: ${r.detail}`, step });
    }
    return findings;
  }

  async stop(): Promise<void> {
    await this.supply.stop();
  }
}
