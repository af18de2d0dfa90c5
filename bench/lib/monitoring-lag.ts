/**
 * The monitoring service during the bench's pipeline steps (docs/design/monitoring.md): its lag,
 * the gauge coin_monitoring_last_transaction_age_seconds (the age of the last transaction when it
 * was evaluated), sampled twice a second, of which the report gives the largest, the lag at the
 * peak; and the cases the bench's ordinary traffic opened (coin_monitoring_cases_opened_total,
 * before and after), which should be none. Each is judged against its target (`monitoringTargets`):
 * a lag of 5 s or more, or any case opened, is reported missed.
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

/** The targets for the monitoring service at the bench's peak: its lag under 5 s, and no case opened by ordinary traffic. */
export const monitoringTargets = { lagSecondsBelow: 5, casesOpenedMax: 0 } as const;

/** What the watch measured and whether each target was met (null: not measured). */
export interface MonitoringLag {
  /** The largest lag sampled, seconds; null when the service exposed no gauge. */
  lagMaxSeconds: number | null;
  samples: number;
  /** Cases the measured traffic opened; null when the counter could not be read before and after. */
  casesOpened: number | null;
  lagMet: boolean | null;
  casesMet: boolean | null;
}

/** Judges what was measured against `monitoringTargets`. */
export function judgeMonitoringLag(lagMaxSeconds: number | null, samples: number, casesOpened: number | null): MonitoringLag {
  return {
    lagMaxSeconds,
    samples,
    casesOpened,
    lagMet: lagMaxSeconds === null ? null : lagMaxSeconds < monitoringTargets.lagSecondsBelow,
    casesMet: casesOpened === null ? null : casesOpened <= monitoringTargets.casesOpenedMax,
  };
}

const verdict = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? '**met**' : '**missed**');

/** The report's line, each target with its verdict like the other targets' lines (met / missed / not measured). */
export function describeMonitoringLag(lag: MonitoringLag): string {
  const measured =
    lag.lagMaxSeconds === null
      ? 'not measured (no monitoring service metrics)'
      : `${lag.lagMaxSeconds.toFixed(2)} s behind the ledger at most (${lag.samples} samples)`;
  const cases = lag.casesOpened === null ? 'not measured' : String(lag.casesOpened);
  return (
    `Monitoring lag at the peak: ${measured} → < ${monitoringTargets.lagSecondsBelow} s ${verdict(lag.lagMet)}; ` +
    `cases opened by its traffic: ${cases} → ${monitoringTargets.casesOpenedMax} ${verdict(lag.casesMet)}.`
  );
}

/** Starts sampling `${metricsUrl}/metrics`; `measured()` stops and answers what was measured, judged. */
export function watchMonitoringLag(metricsUrl: string | undefined, intervalMs = 500): { measured(): Promise<MonitoringLag> } {
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
    async measured() {
      clearInterval(timer);
      const last = await sample();
      const [before, after] = [await casesBefore, last === null ? null : casesOpenedOf(last)];
      return judgeMonitoringLag(max, samples, before === null || after === null ? null : after - before);
    },
  };
}

/** Runs `measure` while the lag is watched, and gives `record` what was measured (also when `measure` fails). */
export async function withMonitoringLag<T>(
  metricsUrl: string | undefined,
  record: (lag: MonitoringLag) => void,
  measure: () => Promise<T>,
): Promise<T> {
  const lag = watchMonitoringLag(metricsUrl);
  try {
    return await measure();
  } finally {
    record(await lag.measured());
  }
}
