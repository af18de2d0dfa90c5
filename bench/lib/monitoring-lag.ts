/**
 * The monitoring service's lag during the bench's pipeline steps (docs/design/monitoring.md): its
 * gauge coin_monitoring_last_transaction_age_seconds (the age of the last transaction when it was
 * evaluated), sampled twice a second; the report gives the largest, the lag at the peak.
 */
const lagMetric = 'coin_monitoring_last_transaction_age_seconds';

/** The gauge's value in a Prometheus text exposition, or null when it is absent. */
export function lagOf(exposition: string): number | null {
  const line = exposition.split('\n').find((l) => l.startsWith(`${lagMetric} `) || l.startsWith(`${lagMetric}{`));
  const value = line ? Number(line.trim().split(/\s+/).pop()) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

/** Starts sampling `${metricsUrl}/metrics`; `describe()` stops and answers the report's line. */
export function watchMonitoringLag(metricsUrl: string | undefined, intervalMs = 500): { describe(): Promise<string> } {
  let max: number | null = null;
  let samples = 0;
  const sample = async () => {
    if (!metricsUrl) return;
    const value = await fetch(`${metricsUrl}/metrics`)
      .then((r) => r.text())
      .then(lagOf, () => null);
    if (value === null) return;
    samples++;
    max = Math.max(max ?? 0, value);
  };
  const timer = setInterval(() => void sample(), intervalMs);
  return {
    async describe() {
      clearInterval(timer);
      await sample();
      return max === null
        ? 'Monitoring lag at the peak: not measured (no monitoring service metrics)'
        : `Monitoring lag at the peak: ${max.toFixed(2)} s behind the ledger at most (${samples} samples; target < 5 s)`;
    },
  };
}

/** Runs `measure` while the lag is watched, and adds the report's line to `notes`. */
export async function withMonitoringLag<T>(metricsUrl: string | undefined, notes: string[], measure: () => Promise<T>): Promise<T> {
  const lag = watchMonitoringLag(metricsUrl);
  try {
    return await measure();
  } finally {
    notes.push(await lag.describe());
  }
}
