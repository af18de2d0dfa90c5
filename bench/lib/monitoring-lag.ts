/**
 * The monitoring service during the bench's pipeline steps (docs/design/monitoring.md): its lag,
 * the gauge coin_monitoring_last_transaction_age_seconds (the age of the last transaction when it
 * was evaluated), sampled twice a second, of which the report gives the largest, the lag at the
 * peak; and the cases the bench's ordinary traffic opened (coin_monitoring_cases_opened_total,
 * before and after), which should be none.
 */
const lagMetric = 'coin_monitoring_last_transaction_age_seconds';
const casesMetric = 'coin_monitoring_cases_opened_total';

/** A metric's value in a Prometheus text exposition (its first series), or null when it is absent. */
function metricOf(exposition: string, name: string): number | null {
  const line = exposition.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  const value = line ? Number(line.trim().split(/\s+/).pop()) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

/** The lag gauge's value, or null when it is absent. */
export function lagOf(exposition: string): number | null {
  return metricOf(exposition, lagMetric);
}

/** The cases opened so far, or null when the counter is absent. */
export function casesOpenedOf(exposition: string): number | null {
  return metricOf(exposition, casesMetric);
}

/** Starts sampling `${metricsUrl}/metrics`; `describe()` stops and answers the report's line. */
export function watchMonitoringLag(metricsUrl: string | undefined, intervalMs = 500): { describe(): Promise<string> } {
  let max: number | null = null;
  let samples = 0;
  const read = () =>
    metricsUrl
      ? fetch(`${metricsUrl}/metrics`).then(
          (r) => r.text(),
          () => null,
        )
      : Promise.resolve(null);
  const casesBefore = read().then((text) => (text === null ? null : casesOpenedOf(text)));
  const sample = async () => {
    const text = await read();
    const value = text === null ? null : lagOf(text);
    if (value === null) return text;
    samples++;
    max = Math.max(max ?? 0, value);
    return text;
  };
  const timer = setInterval(() => void sample(), intervalMs);
  return {
    async describe() {
      clearInterval(timer);
      const last = await sample();
      const [before, after] = [await casesBefore, last === null ? null : casesOpenedOf(last)];
      const cases =
        before === null || after === null
          ? 'cases opened by its traffic: not measured'
          : `cases opened by its traffic: ${after - before} (target 0)`;
      return max === null
        ? 'Monitoring lag at the peak: not measured (no monitoring service metrics)'
        : `Monitoring lag at the peak: ${(max as number).toFixed(2)} s behind the ledger at most (${samples} samples; target < 5 s); ${cases}`;
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
