/**
 * The equal-rate table: the pipeline, the baseline, the transport floor and the durable floor at the
 * same absolute offered rates — fractions of the baseline's measured peak — in open loop, so
 * their latencies and CPU per transfer compare at the load a platform really runs, not only at
 * saturation. Pure: the rate plan, the rows and their ratios, the markdown and the chart series;
 * bench/run.ts runs the steps.
 */
import type { ChartSeries } from './chart';
import type { CpuUse } from './cpu';
import type { StepResult } from './load';

export type EqualRateSystem = 'pipeline' | 'baseline' | 'floor' | 'durable';
export const equalRateSystems: readonly EqualRateSystem[] = ['pipeline', 'baseline', 'floor', 'durable'];
const systemNames: Record<EqualRateSystem, string> = {
  pipeline: 'pipeline',
  baseline: 'baseline',
  floor: 'transport floor',
  durable: 'durable floor',
};

/** The load generator's own label in the CPU figures (bench/run.ts, bench/lib/transport-floor.ts). */
export const loadGeneratorLabel = 'load generator';

/** The equal-rate targets (docs/PERFORMANCE.md), as ratios. */
export const equalRateTargets = {
  /** Pipeline p99 ÷ baseline p99 at every equal-rate step. */
  p99Ratio: 2,
  p99RatioStretch: 1.5,
  /** Pipeline CPU per transfer ÷ the baseline's at every equal-rate step. */
  cpuRatio: 1,
  /** Pipeline CPU per transfer at 50 % of its own peak ÷ at its peak. */
  halfPeakCpuRatio: 1.2,
  /** Pipeline p50 ÷ the durable floor's p50 at the low rates (`durableP50Fractions`). */
  durableP50Ratio: 2,
} as const;

/** The rates (fractions of the baseline's peak) the p50 ÷ durable floor target is judged at. */
export const durableP50Fractions: readonly number[] = [0.1, 0.25];

export interface RatePlanStep {
  /** Of the reference peak (the baseline's). */
  fraction: number;
  ratePerSec: number;
  /** "25%". */
  label: string;
}

export function percentLabel(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10}%`;
}

/**
 * The offered rates: each fraction of the reference peak, rounded to whole requests per second
 * (at least 1), lowest first; fractions that are not positive numbers, and repeats, are dropped.
 * No reference peak (the baseline was not measured and none was given): no steps.
 */
export function equalRatePlan(referencePeakPerSec: number | null | undefined, fractions: number[]): RatePlanStep[] {
  if (referencePeakPerSec === null || referencePeakPerSec === undefined) return [];
  if (!Number.isFinite(referencePeakPerSec) || referencePeakPerSec <= 0) return [];
  const kept = [...new Set(fractions.filter((f) => Number.isFinite(f) && f > 0))].sort((a, b) => a - b);
  return kept.map((fraction) => ({
    fraction,
    ratePerSec: Math.max(1, Math.round(referencePeakPerSec * fraction)),
    label: percentLabel(fraction),
  }));
}

/** A load step with the CPU it cost, as every bench step is observed (stage figures optional). */
export type ObservedLoadStep = StepResult & { cpu: CpuUse | null; stages?: unknown };

export interface EqualRateMeasurement {
  step: string;
  offeredPerSec: number;
  /** Committed (2xx) per second. */
  achievedPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Non-2xx answers, connection errors and timeouts. */
  errors: number;
  /** Achieved within 1 % of offered and no error. */
  keptUp: boolean;
  /** CPU ms per committed transfer by process (from /proc), the load generator included. */
  cpuMsPerTransfer: Record<string, number> | null;
  /** Every process but the load generator: what the system itself spent per transfer. */
  systemCpuMsPerTransfer: number | null;
  coresBusy: number | null;
  /** The services' own stage figures for the step (pipeline only). */
  stages?: unknown;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** CPU ms per transfer summed over every process but the load generator; null without figures. */
export function systemCpuMs(cpu: CpuUse | null): number | null {
  if (!cpu) return null;
  return round3(
    Object.entries(cpu.msPerTransfer)
      .filter(([label]) => label !== loadGeneratorLabel)
      .reduce((sum, [, ms]) => sum + ms, 0),
  );
}

export function measurementOf(step: ObservedLoadStep): EqualRateMeasurement {
  const offered = step.offeredPerSec ?? 0;
  const errors = step.non2xx + step.errors + step.timeouts;
  return {
    step: step.label,
    offeredPerSec: offered,
    achievedPerSec: step.transfersPerSec,
    p50Ms: step.p50Ms,
    p90Ms: step.p90Ms,
    p99Ms: step.p99Ms,
    maxMs: step.maxMs,
    errors,
    keptUp: errors === 0 && step.transfersPerSec >= offered * 0.99,
    cpuMsPerTransfer: step.cpu?.msPerTransfer ?? null,
    systemCpuMsPerTransfer: systemCpuMs(step.cpu),
    coresBusy: step.cpu?.coresBusy ?? null,
    ...(step.stages !== undefined ? { stages: step.stages } : {}),
  };
}

/** a ÷ b to two decimals; null when either is missing or b is not positive. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a === null || a === undefined || b === null || b === undefined) return null;
  if (!Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return null;
  return round2(a / b);
}

export interface EqualRateRow {
  fraction: number;
  label: string;
  offeredPerSec: number;
  pipeline: EqualRateMeasurement | null;
  baseline: EqualRateMeasurement | null;
  floor: EqualRateMeasurement | null;
  /** The durable floor: the transport floor's echo making one committed INSERT per batch. */
  durable: EqualRateMeasurement | null;
  /** Pipeline ÷ baseline at this rate: p99, and the system's CPU per transfer. */
  pipelineOverBaseline: { p99: number | null; cpu: number | null };
  /** Transport floor ÷ baseline at this rate, for scale. */
  floorOverBaseline: { p99: number | null; cpu: number | null };
  /** Durable floor ÷ baseline at this rate, for scale. */
  durableOverBaseline: { p99: number | null; cpu: number | null };
  /** Pipeline p50 ÷ the durable floor's p50 at this rate. */
  pipelineP50OverDurable: number | null;
}

export interface OwnPeakCpu {
  peakStep: string;
  peakPerSec: number;
  peakMs: number;
  halfStep: string;
  halfOfferedPerSec: number;
  halfMs: number;
  /** halfMs ÷ peakMs. */
  ratio: number;
}

/**
 * The pipeline's CPU per transfer (every process but the load generator) at 50 % of its own peak
 * ÷ at its peak: the peak step by label, the 50 % step as the open-loop step offered
 * round(peak × 0.5) — the ladder's own "open 50%" step. Null when either is missing or has no CPU
 * figures (e.g. BENCH_OPEN_FRACTIONS without 0.5).
 */
export function cpuAtHalfOverPeak(
  system: { transfersPerSec: number; peakStep: string; steps: ObservedLoadStep[] } | null | undefined,
): OwnPeakCpu | null {
  if (!system) return null;
  const peak = system.steps.find((s) => s.label === system.peakStep);
  const halfRate = Math.max(1, Math.round(system.transfersPerSec * 0.5));
  const half = system.steps.find((s) => s.kind === 'open' && s.offeredPerSec === halfRate);
  const peakMs = systemCpuMs(peak?.cpu ?? null);
  const halfMs = systemCpuMs(half?.cpu ?? null);
  const r = ratio(halfMs, peakMs);
  if (!peak || !half || peakMs === null || halfMs === null || r === null) return null;
  return {
    peakStep: peak.label,
    peakPerSec: peak.transfersPerSec,
    peakMs,
    halfStep: half.label,
    halfOfferedPerSec: halfRate,
    halfMs,
    ratio: r,
  };
}

export interface EqualRateTargets {
  /** Every step with both figures: pipeline p99 ≤ 2× the baseline's; null when no step has both. */
  p99: boolean | null;
  p99Stretch: boolean | null;
  /** Every step with both figures: pipeline CPU per transfer ≤ the baseline's. */
  cpu: boolean | null;
  /** Pipeline CPU per transfer at 50 % of its peak ≤ 1.2× at its peak. */
  halfPeakCpu: boolean | null;
  /** At the rates of `durableP50Fractions`: pipeline p50 ≤ 2× the durable floor's. */
  p50OverDurable: boolean | null;
}

export interface EqualRateTable {
  /** The baseline's peak the rates are fractions of (transfers/s; null: unknown, no rows), and where it came from. */
  referencePeakPerSec: number | null;
  referenceSource: string;
  connections: number;
  stepSec: number;
  rows: EqualRateRow[];
  pipelineCpuHalfOverPeak: OwnPeakCpu | null;
  targets: EqualRateTargets;
  notes: string[];
}

/**
 * Whether every step where both the pipeline and the baseline ran is within the limit: a step
 * where the pipeline fell behind misses it whatever its figures (it may have none); a ratio that
 * cannot be computed otherwise (no CPU figures) is left out; no step to judge gives null.
 */
function everyWithin(rows: EqualRateRow[], key: 'p99' | 'cpu', limit: number): boolean | null {
  let judged = 0;
  for (const row of rows) {
    if (!row.pipeline || !row.baseline) continue;
    if (!row.pipeline.keptUp) return false;
    const value = row.pipelineOverBaseline[key];
    if (value === null) continue;
    if (value > limit) return false;
    judged += 1;
  }
  return judged === 0 ? null : true;
}

/**
 * Whether the pipeline's p50 is within 2× the durable floor's at every low rate where both ran (a
 * step where the pipeline fell behind misses it); null when no such step has both.
 */
function p50WithinDurable(rows: EqualRateRow[]): boolean | null {
  const judged = rows.filter((r) => durableP50Fractions.includes(r.fraction) && r.pipeline && r.durable);
  if (judged.length === 0) return null;
  return judged.every(
    (r) => r.pipeline!.keptUp && r.pipelineP50OverDurable !== null && r.pipelineP50OverDurable <= equalRateTargets.durableP50Ratio,
  );
}

/**
 * The table from the plan and each system's steps (one per planned rate, matched by offered
 * rate; a system not measured gives null cells), with the ratios the targets use.
 */
export function equalRateTable(input: {
  referencePeakPerSec: number | null;
  referenceSource: string;
  connections: number;
  stepSec: number;
  plan: RatePlanStep[];
  steps: Partial<Record<EqualRateSystem, ObservedLoadStep[]>>;
  pipelineLadder?: { transfersPerSec: number; peakStep: string; steps: ObservedLoadStep[] } | null;
  notes?: string[];
}): EqualRateTable {
  const find = (system: EqualRateSystem, rate: number) => {
    const step = input.steps[system]?.find((s) => s.offeredPerSec === rate);
    return step ? measurementOf(step) : null;
  };
  const rows = input.plan.map((p): EqualRateRow => {
    const pipeline = find('pipeline', p.ratePerSec);
    const baseline = find('baseline', p.ratePerSec);
    const floor = find('floor', p.ratePerSec);
    const durable = find('durable', p.ratePerSec);
    return {
      fraction: p.fraction,
      label: p.label,
      offeredPerSec: p.ratePerSec,
      pipeline,
      baseline,
      floor,
      durable,
      pipelineOverBaseline: {
        p99: ratio(pipeline?.p99Ms, baseline?.p99Ms),
        cpu: ratio(pipeline?.systemCpuMsPerTransfer, baseline?.systemCpuMsPerTransfer),
      },
      floorOverBaseline: {
        p99: ratio(floor?.p99Ms, baseline?.p99Ms),
        cpu: ratio(floor?.systemCpuMsPerTransfer, baseline?.systemCpuMsPerTransfer),
      },
      durableOverBaseline: {
        p99: ratio(durable?.p99Ms, baseline?.p99Ms),
        cpu: ratio(durable?.systemCpuMsPerTransfer, baseline?.systemCpuMsPerTransfer),
      },
      pipelineP50OverDurable: ratio(pipeline?.p50Ms, durable?.p50Ms),
    };
  });
  const half = cpuAtHalfOverPeak(input.pipelineLadder);
  return {
    referencePeakPerSec: input.referencePeakPerSec,
    referenceSource: input.referenceSource,
    connections: input.connections,
    stepSec: input.stepSec,
    rows,
    pipelineCpuHalfOverPeak: half,
    targets: {
      p99: everyWithin(rows, 'p99', equalRateTargets.p99Ratio),
      p99Stretch: everyWithin(rows, 'p99', equalRateTargets.p99RatioStretch),
      cpu: everyWithin(rows, 'cpu', equalRateTargets.cpuRatio),
      halfPeakCpu: half ? half.ratio <= equalRateTargets.halfPeakCpuRatio : null,
      p50OverDurable: p50WithinDurable(rows),
    },
    notes: input.notes ?? [],
  };
}

const times = (r: number | null) => (r === null ? '—' : `${r.toFixed(2)}×`);
const verdict = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? '**met**' : '**missed**');

/** The ratios the targets use, one line each (for the progress output and latest.md). */
export function describeEqualRateRatios(table: EqualRateTable): string[] {
  const perStep = (key: 'p99' | 'cpu') => table.rows.map((r) => `${r.label} ${times(r.pipelineOverBaseline[key])}`).join(', ');
  const half = table.pipelineCpuHalfOverPeak;
  return [
    `pipeline p99 ÷ baseline p99 at equal rate: ${perStep('p99')} → ≤ ${equalRateTargets.p99Ratio}× ${verdict(table.targets.p99)} (stretch ≤ ${equalRateTargets.p99RatioStretch}× ${verdict(table.targets.p99Stretch)})`,
    `pipeline CPU per transfer ÷ baseline's at equal rate: ${perStep('cpu')} → ≤ ${equalRateTargets.cpuRatio}× ${verdict(table.targets.cpu)}`,
    half
      ? `pipeline CPU per transfer at 50 % of its own peak (${half.halfStep}: ${half.halfMs.toFixed(2)} ms) ÷ at its peak (${half.peakStep}: ${half.peakMs.toFixed(2)} ms): ${times(half.ratio)} → ≤ ${equalRateTargets.halfPeakCpuRatio}× ${verdict(table.targets.halfPeakCpu)}`
      : 'pipeline CPU per transfer at 50 % of its own peak ÷ at its peak: not measured (needs the pipeline ladder with BENCH_OPEN_FRACTIONS including 0.5)',
    `pipeline p50 ÷ durable floor p50 at equal rate: ${table.rows.map((r) => `${r.label} ${times(r.pipelineP50OverDurable)}`).join(', ')} → ≤ ${equalRateTargets.durableP50Ratio}× at ${durableP50Fractions.map(percentLabel).join(' and ')} ${verdict(table.targets.p50OverDurable)}`,
  ];
}

function byProcess(m: EqualRateMeasurement): string {
  if (!m.cpuMsPerTransfer) return 'no CPU figures';
  return Object.entries(m.cpuMsPerTransfer)
    .filter(([, ms]) => ms >= 0.005)
    .map(([label, ms]) => `${label} ${ms.toFixed(2)}`)
    .join(', ');
}

function overBaselineOf(row: EqualRateRow, system: EqualRateSystem): { p99: number | null; cpu: number | null } | null {
  if (system === 'pipeline') return row.pipelineOverBaseline;
  if (system === 'floor') return row.floorOverBaseline;
  if (system === 'durable') return row.durableOverBaseline;
  return null;
}

/** The "Equal offered rate" section of latest.md: one table, four systems side by side per rate. */
export function equalRateMarkdown(table: EqualRateTable): string[] {
  const lines: string[] = [];
  if (table.rows.length === 0) {
    lines.push(
      '## Equal offered rate',
      '',
      "No equal-rate steps in this run (they need fractions in BENCH_EQUAL_FRACTIONS and the baseline's peak).",
      '',
    );
    for (const line of describeEqualRateRatios(table).slice(2)) lines.push(`- ${line}`);
    for (const note of table.notes) lines.push(`- ${note}`);
    lines.push('');
    return lines;
  }
  lines.push(
    `## Equal offered rate (open loop at % of the baseline's peak, ${table.referencePeakPerSec}/s, ${table.referenceSource})`,
    '',
    `The same absolute offered rates for the four systems, ${table.stepSec} s each, at most ${table.connections} connections: ` +
      'request *i* due at start + *i*/rate, latency from when it was due. CPU in ms per committed transfer from /proc; ' +
      '"system" is every process but the load generator (the ratios use it); "by process" includes the load generator. ' +
      'Ratios are ÷ the baseline at the same rate.',
    '',
    '| rate | offered/s | system | achieved/s | p50 ms | p99 ms | max ms | errors | CPU ms/transfer (system) | by process | p99 ÷ baseline | CPU ÷ baseline |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const row of table.rows) {
    equalRateSystems.forEach((system, index) => {
      const m = row[system];
      const first = index === 0 ? `| ${row.label} | ${row.offeredPerSec} ` : '| | ';
      const over = overBaselineOf(row, system);
      const ratios = over ? `${times(over.p99)} | ${times(over.cpu)}` : '— | —';
      if (!m) {
        lines.push(`${first}| ${systemNames[system]} | not measured | | | | | | | ${ratios} |`);
        return;
      }
      const achieved = m.keptUp ? `${m.achievedPerSec}` : `${m.achievedPerSec} (fell behind)`;
      const cpu = m.systemCpuMsPerTransfer === null ? '—' : m.systemCpuMsPerTransfer.toFixed(2);
      lines.push(
        `${first}| ${systemNames[system]} | ${achieved} | ${m.p50Ms} | ${m.p99Ms} | ${m.maxMs} | ${m.errors} | ${cpu} | ${byProcess(m)} | ${ratios} |`,
      );
    });
  }
  lines.push('', 'Equal-rate targets, as ratios from this run:', '');
  for (const line of describeEqualRateRatios(table)) lines.push(`- ${line}`);
  for (const note of table.notes) lines.push(`- ${note}`);
  lines.push('');
  return lines;
}

/** The chart's equal-rate panel: p99 and p50 against the offered rate, one series per system. */
export function equalRateSeries(table: EqualRateTable): ChartSeries[] {
  const colours: Record<EqualRateSystem, string> = { pipeline: '#1f77b4', baseline: '#d62728', floor: '#2ca02c', durable: '#9467bd' };
  // The systems share each x: only the first measured one names the step, so labels do not overlap.
  const labelled = equalRateSystems.find((system) => table.rows.some((row) => row[system]));
  return equalRateSystems.map((system) => ({
    name: systemNames[system],
    colour: colours[system],
    points: table.rows.flatMap((row) => {
      const m = row[system];
      return m ? [{ label: system === labelled ? row.label : '', x: row.offeredPerSec, p50: m.p50Ms, p99: m.p99Ms }] : [];
    }),
  }));
}
