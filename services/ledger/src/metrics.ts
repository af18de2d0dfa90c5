import { Counter, Histogram, type Registry } from 'prom-client';

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
} as const;

export interface LedgerMetrics {
  batchSize: Histogram;
  batchApplyDuration: Histogram;
  commandsApplied: Counter;
  holdExpiriesSent: Counter;
  creditsInPlace: Counter;
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
