import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * The ledger's own metric names, shared with deploy/prometheus, deploy/grafana, the docs and the
 * benchmarks: `coin_<subsystem>_<name>_<unit>` (test/deploy checks the prefix and the unit suffix).
 */
export const ledgerMetricNames = {
  batchSize: 'coin_ledger_batch_size_commands',
  batchApplyDuration: 'coin_ledger_batch_apply_duration_seconds',
  commandsApplied: 'coin_ledger_commands_applied_total',
  holdExpiriesSent: 'coin_ledger_hold_expiries_sent_total',
  creditsInPlace: 'coin_ledger_credits_in_place_total',
  supplyDiscrepancy: 'coin_ledger_supply_discrepancy_minor',
  supplyCheckLastSuccess: 'coin_ledger_supply_check_last_success_timestamp_seconds',
  supplyRebaseLastSuccess: 'coin_ledger_supply_rebase_last_success_timestamp_seconds',
  creditLegsInFlight: 'coin_ledger_credit_legs_in_flight_transactions',
  creditLegsInFlightAmount: 'coin_ledger_credit_legs_in_flight_minor',
  creditLegOldestAge: 'coin_ledger_credit_leg_oldest_age_seconds',
} as const;

export interface LedgerMetrics {
  batchSize: Histogram;
  batchApplyDuration: Histogram;
  commandsApplied: Counter;
  holdExpiriesSent: Counter;
  creditsInPlace: Counter;
}

/** The continuous supply check's gauges (checks/supply-check.ts), set after every successful tick. */
export interface SupplyCheckMetrics {
  /** check="supply": Σ entries + in flight − (Σ MINT − Σ BURN); check="balances": Σ balances − Σ entries. */
  discrepancy: Gauge<'check'>;
  lastSuccess: Gauge;
  rebaseLastSuccess: Gauge;
  /** age="young" | "stale" (older than CREDIT_LEG_MAX_AGE_S). */
  legsInFlight: Gauge<'age'>;
  legsInFlightAmount: Gauge<'age'>;
  oldestAge: Gauge;
}

/** Registers the ledger's apply metrics on the service's registry. */
export function registerLedgerMetrics(registry: Registry): LedgerMetrics {
  return {
    batchSize: new Histogram({
      name: ledgerMetricNames.batchSize,
      help: 'Commands per apply: the partition batches merged into one database transaction',
      buckets: [1, 5, 20, 100, 500, 2000, 5000],
      registers: [registry],
    }),
    batchApplyDuration: new Histogram({
      name: ledgerMetricNames.batchApplyDuration,
      help: 'Time to apply, commit and publish one apply (merged partition batches)',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    commandsApplied: new Counter({
      name: ledgerMetricNames.commandsApplied,
      help: 'Commands whose outcome was stored',
      registers: [registry],
    }),
    holdExpiriesSent: new Counter({
      name: ledgerMetricNames.holdExpiriesSent,
      help: 'Expiry commands the expiry sweep sent for holds and approval requests (one found twice before its expiry applied counts twice)',
      registers: [registry],
    }),
    creditsInPlace: new Counter({
      name: ledgerMetricNames.creditsInPlace,
      help: 'Credit legs applied in the database transaction of their debit instead of travelling as commands',
      registers: [registry],
    }),
  };
}

/** Registers the continuous supply check's gauges (docs/OPERATIONS.md "Supply check"). */
export function registerSupplyCheckMetrics(registry: Registry): SupplyCheckMetrics {
  return {
    discrepancy: new Gauge({
      name: ledgerMetricNames.supplyDiscrepancy,
      help: 'Minor units the supply check cannot account for: check="supply" is Σ entries + in flight − (Σ MINT − Σ BURN), check="balances" is Σ balances − Σ entries; 0 when consistent',
      labelNames: ['check'],
      registers: [registry],
    }),
    lastSuccess: new Gauge({
      name: ledgerMetricNames.supplyCheckLastSuccess,
      help: 'Unix time of the last supply check tick that completed',
      registers: [registry],
    }),
    rebaseLastSuccess: new Gauge({
      name: ledgerMetricNames.supplyRebaseLastSuccess,
      help: 'Unix time of the last full re-read (rebase) of the supply check',
      registers: [registry],
    }),
    legsInFlight: new Gauge({
      name: ledgerMetricNames.creditLegsInFlight,
      help: 'Transactions whose credit leg has not landed yet, by age: young (within CREDIT_LEG_MAX_AGE_S) or stale',
      labelNames: ['age'],
      registers: [registry],
    }),
    legsInFlightAmount: new Gauge({
      name: ledgerMetricNames.creditLegsInFlightAmount,
      help: 'Minor units owed by credit legs that have not landed yet, by age: young or stale',
      labelNames: ['age'],
      registers: [registry],
    }),
    oldestAge: new Gauge({
      name: ledgerMetricNames.creditLegOldestAge,
      help: 'Age of the oldest credit leg in flight (now − its transaction created_at); 0 when none',
      registers: [registry],
    }),
  };
}
