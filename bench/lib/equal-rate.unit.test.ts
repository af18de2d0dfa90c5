import { latencyPanelsSvg, throughputLatencySvg } from './chart';
import type { CpuUse } from './cpu';
import {
  cpuAtHalfOverPeak,
  describeEqualRateRatios,
  equalRateMarkdown,
  equalRatePlan,
  equalRateSeries,
  equalRateTable,
  measurementOf,
  ratio,
  systemCpuMs,
  type ObservedLoadStep,
} from './equal-rate';

function step(label: string, over: Partial<ObservedLoadStep> = {}): ObservedLoadStep {
  return {
    label,
    kind: 'open',
    connections: 512,
    offeredPerSec: 100,
    durationSec: 10,
    transfersPerSec: 100,
    requestsPerSec: 100,
    p50Ms: 10,
    p90Ms: 20,
    p99Ms: 30,
    maxMs: 40,
    ok: 1000,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: { 201: 1000 },
    cpu: null,
    ...over,
  };
}

const cpu = (msPerTransfer: Record<string, number>): CpuUse => ({ msPerTransfer, coresBusy: 1 });

describe('equal-rate plan', () => {
  it('when the baseline peaked at 629.4/s, then the default fractions give 63, 157, 315 and 504/s, lowest first', () => {
    expect(equalRatePlan(629.4, [0.5, 0.1, 0.8, 0.25])).toEqual([
      { fraction: 0.1, ratePerSec: 63, label: '10%' },
      { fraction: 0.25, ratePerSec: 157, label: '25%' },
      { fraction: 0.5, ratePerSec: 315, label: '50%' },
      { fraction: 0.8, ratePerSec: 504, label: '80%' },
    ]);
  });

  it('when the 50 % and 80 % rates are computed, then they equal the ladder’s own open steps (same rounding)', () => {
    const peak = 1165.4;
    const plan = equalRatePlan(peak, [0.5, 0.8]);
    expect(plan.map((r) => r.ratePerSec)).toEqual([Math.round(peak * 0.5), Math.round(peak * 0.8)]);
  });

  it('when fractions repeat or are not positive numbers, then they are dropped; a tiny peak still offers 1/s', () => {
    expect(equalRatePlan(100, [0.25, 0.25, 0, -1, Number.NaN, 0.125]).map((r) => [r.label, r.ratePerSec])).toEqual([
      ['12.5%', 13],
      ['25%', 25],
    ]);
    expect(equalRatePlan(2, [0.1])).toEqual([{ fraction: 0.1, ratePerSec: 1, label: '10%' }]);
  });

  it('when there is no baseline peak, then there are no steps', () => {
    expect(equalRatePlan(null, [0.1])).toEqual([]);
    expect(equalRatePlan(undefined, [0.1])).toEqual([]);
    expect(equalRatePlan(0, [0.1])).toEqual([]);
    expect(equalRatePlan(Number.NaN, [0.1])).toEqual([]);
    expect(equalRatePlan(500, [])).toEqual([]);
  });
});

describe('equal-rate ratios', () => {
  it('when either side is missing or the divisor is not positive, then the ratio is null; else two decimals', () => {
    expect(ratio(100, 26)).toBe(3.85);
    expect(ratio(1, 3)).toBe(0.33);
    expect(ratio(null, 3)).toBeNull();
    expect(ratio(3, undefined)).toBeNull();
    expect(ratio(3, 0)).toBeNull();
  });

  it('when CPU is summed for the system, then the load generator is left out', () => {
    expect(systemCpuMs(cpu({ gateway: 1.2, ledger: 0.6, 'load generator': 0.5, postgres: 0.3 }))).toBe(2.1);
    expect(systemCpuMs(null)).toBeNull();
  });

  it('when a step fell behind or failed, then its measurement says it did not keep up', () => {
    expect(measurementOf(step('ok')).keptUp).toBe(true);
    expect(measurementOf(step('slow', { transfersPerSec: 90 })).keptUp).toBe(false);
    const failed = measurementOf(step('failed', { non2xx: 2, timeouts: 1, errors: 1 }));
    expect(failed.errors).toBe(4);
    expect(failed.keptUp).toBe(false);
  });

  it('when the pipeline’s ladder has a peak and an open 50 % step, then its half-peak CPU ÷ peak CPU is their system figures’ ratio', () => {
    const ladder = {
      transfersPerSec: 1165.4,
      peakStep: 'pipeline closed c=512',
      steps: [
        step('pipeline closed c=512', {
          kind: 'closed',
          offeredPerSec: null,
          transfersPerSec: 1165.4,
          cpu: cpu({ gateway: 0.58, ledger: 0.27, 'load generator': 0.18 }),
        }),
        step('pipeline open 50% = 583/s', { offeredPerSec: 583, cpu: cpu({ gateway: 0.94, ledger: 0.61, 'load generator': 0.45 }) }),
        step('pipeline open 80% = 932/s', { offeredPerSec: 932, cpu: cpu({ gateway: 0.69, ledger: 0.36 }) }),
      ],
    };
    expect(cpuAtHalfOverPeak(ladder)).toEqual({
      peakStep: 'pipeline closed c=512',
      peakPerSec: 1165.4,
      peakMs: 0.85,
      halfStep: 'pipeline open 50% = 583/s',
      halfOfferedPerSec: 583,
      halfMs: 1.55,
      ratio: 1.82,
    });
    expect(cpuAtHalfOverPeak({ ...ladder, steps: ladder.steps.filter((s) => s.offeredPerSec !== 583) })).toBeNull();
    expect(cpuAtHalfOverPeak(null)).toBeNull();
  });
});

describe('equal-rate table', () => {
  const plan = equalRatePlan(600, [0.1, 0.5]);
  const table = equalRateTable({
    referencePeakPerSec: 600,
    referenceSource: 'measured in this run',
    connections: 512,
    stepSec: 10,
    plan,
    steps: {
      pipeline: [
        step('pipeline equal-rate 10% = 60/s', {
          offeredPerSec: 60,
          transfersPerSec: 60,
          p99Ms: 45,
          cpu: cpu({ gateway: 2, 'load generator': 1 }),
        }),
        step('pipeline equal-rate 50% = 300/s', { offeredPerSec: 300, transfersPerSec: 300, p99Ms: 120, cpu: cpu({ gateway: 3 }) }),
      ],
      baseline: [
        step('baseline equal-rate 10% = 60/s', {
          offeredPerSec: 60,
          transfersPerSec: 60,
          p99Ms: 30,
          cpu: cpu({ baseline: 2.5, 'load generator': 1 }),
        }),
        step('baseline equal-rate 50% = 300/s', { offeredPerSec: 300, transfersPerSec: 250, p99Ms: 40, cpu: cpu({ baseline: 2 }) }),
      ],
      floor: [step('floor HTTP + Kafka round trip open 10% = 60/s', { offeredPerSec: 60, transfersPerSec: 60, p99Ms: 15 })],
      durable: [step('durable floor open 10% = 60/s', { offeredPerSec: 60, transfersPerSec: 60, p50Ms: 8, p99Ms: 20 })],
    },
    pipelineLadder: null,
  });

  it('when each system ran each rate, then the rows pair them by offered rate with the ratios to the baseline', () => {
    expect(table.rows.map((r) => [r.label, r.offeredPerSec, r.pipeline?.p99Ms, r.baseline?.p99Ms, r.floor?.p99Ms ?? null])).toEqual([
      ['10%', 60, 45, 30, 15],
      ['50%', 300, 120, 40, null],
    ]);
    expect(table.rows.map((r) => r.pipelineOverBaseline)).toEqual([
      { p99: 1.5, cpu: 0.8 },
      { p99: 3, cpu: 1.5 },
    ]);
    expect(table.rows[0]!.floorOverBaseline).toEqual({ p99: 0.5, cpu: null });
    expect(table.rows.map((r) => [r.durable?.p50Ms ?? null, r.pipelineP50OverDurable])).toEqual([
      [8, 1.25],
      [null, null],
    ]);
    expect(table.rows[0]!.durableOverBaseline).toEqual({ p99: 0.67, cpu: null });
  });

  it('when the pipeline p50 is within 2× the durable floor’s at 10 % and 25 %, then that target is met; over it, missed', () => {
    expect(table.targets.p50OverDurable).toBe(true);
    const slow = equalRateTable({
      ...table,
      plan,
      steps: { pipeline: [step('p', { offeredPerSec: 60, p50Ms: 17 })], durable: [step('d', { offeredPerSec: 60, p50Ms: 8 })] },
    });
    expect(slow.rows[0]!.pipelineP50OverDurable).toBe(2.13);
    expect(slow.targets.p50OverDurable).toBe(false);
    expect(describeEqualRateRatios(slow)[3]).toBe(
      'pipeline p50 ÷ durable floor p50 at equal rate: 10% 2.13×, 50% — → ≤ 2× at 10% and 25% **missed**',
    );
  });

  it('when one step misses a target, then the target is missed; with no figures it is not measured', () => {
    expect(table.targets).toEqual({ p99: false, p99Stretch: false, cpu: false, halfPeakCpu: null, p50OverDurable: true });
    const within = equalRateTable({ ...table, plan: plan.slice(0, 1), steps: { pipeline: [], baseline: [] }, pipelineLadder: null });
    expect(within.targets).toEqual({ p99: null, p99Stretch: null, cpu: null, halfPeakCpu: null, p50OverDurable: null });
  });

  it('when the pipeline kept within every limit, then the targets are met; when it fell behind at one rate, then they are missed even without its CPU figures', () => {
    const at60 = (system: string, p99Ms: number, over: Partial<ObservedLoadStep> = {}) =>
      step(`${system} equal-rate 10% = 60/s`, { offeredPerSec: 60, transfersPerSec: 60, p99Ms, ...over });
    const base = {
      ...table,
      plan: plan.slice(0, 1),
      pipelineLadder: null,
    };
    const met = equalRateTable({
      ...base,
      steps: {
        pipeline: [at60('pipeline', 42, { cpu: cpu({ gateway: 2 }) })],
        baseline: [at60('baseline', 30, { cpu: cpu({ baseline: 2 }) })],
      },
    });
    expect(met.targets).toEqual({ p99: true, p99Stretch: true, cpu: true, halfPeakCpu: null, p50OverDurable: null });
    const behind = equalRateTable({
      ...base,
      steps: {
        pipeline: [at60('pipeline', 9000, { transfersPerSec: 0, ok: 0, timeouts: 600, cpu: null })],
        baseline: [at60('baseline', 30, { cpu: cpu({ baseline: 2 }) })],
      },
    });
    expect(behind.rows[0]!.pipelineOverBaseline.cpu).toBeNull();
    expect(behind.targets).toEqual({ p99: false, p99Stretch: false, cpu: false, halfPeakCpu: null, p50OverDurable: null });
  });

  it('when rendered, then one markdown table holds the four systems per rate, with what fell behind and the targets', () => {
    const md = equalRateMarkdown(table).join('\n');
    expect(md).toContain("## Equal offered rate (open loop at % of the baseline's peak, 600/s, measured in this run)");
    expect(md).toContain(
      '| rate | offered/s | system | achieved/s | p50 ms | p99 ms | max ms | errors | CPU ms/transfer (system) | by process | p99 ÷ baseline | CPU ÷ baseline |',
    );
    expect(md).toContain('| 10% | 60 | pipeline | 60 | 10 | 45 | 40 | 0 | 2.00 | gateway 2.00, load generator 1.00 | 1.50× | 0.80× |');
    expect(md).toContain('| | | baseline | 60 | 10 | 30 | 40 | 0 | 2.50 | baseline 2.50, load generator 1.00 | — | — |');
    expect(md).toContain('| | | transport floor | 60 | 10 | 15 | 40 | 0 | — | no CPU figures | 0.50× | — |');
    expect(md).toContain('| | | baseline | 250 (fell behind) |');
    expect(md).toContain('| | | transport floor | not measured | | | | | | | — | — |');
    expect(md).toContain('| | | durable floor | 60 | 8 | 20 | 40 | 0 | — | no CPU figures | 0.67× | — |');
    expect(md).toContain('pipeline p99 ÷ baseline p99 at equal rate: 10% 1.50×, 50% 3.00× → ≤ 2× **missed** (stretch ≤ 1.5× **missed**)');
    expect(md).toContain("pipeline CPU per transfer ÷ baseline's at equal rate: 10% 0.80×, 50% 1.50× → ≤ 1× **missed**");
    expect(md).toContain('at its peak: not measured');
    // Every table line has the header's number of cells.
    const rows = md.split('\n').filter((l) => l.startsWith('|'));
    expect(new Set(rows.map((l) => l.split('|').length))).toEqual(new Set([14]));
  });

  it('when there are no rows, then the section says so and still gives the half-peak CPU line', () => {
    const empty = equalRateTable({ ...table, referencePeakPerSec: null, plan: [], steps: {} });
    const md = equalRateMarkdown(empty);
    expect(md.join('\n')).toContain('No equal-rate steps in this run');
    expect(md.filter((l) => l.startsWith('- '))).toHaveLength(2);
    expect(describeEqualRateRatios(empty)).toHaveLength(4);
  });

  it('when charted, then each system gets p99 and p50 at the offered rates, the steps named once', () => {
    const series = equalRateSeries(table);
    expect(series.map((s) => [s.name, s.points.map((p) => [p.label, p.x, p.p99])])).toEqual([
      [
        'pipeline',
        [
          ['10%', 60, 45],
          ['50%', 300, 120],
        ],
      ],
      [
        'baseline',
        [
          ['', 60, 30],
          ['', 300, 40],
        ],
      ],
      ['transport floor', [['', 60, 15]]],
      ['durable floor', [['', 60, 20]]],
    ]);
  });
});

describe('chart', () => {
  const series = [{ name: 'pipeline', colour: '#1f77b4', points: [{ label: 'c=16', x: 300, p50: 40, p99: 90 }] }];

  it('when one panel is drawn, then it is the picture it was (one plot, the title, the label)', () => {
    const svg = throughputLatencySvg('T', series);
    expect(svg).toContain('height="460"');
    expect(svg.match(/<rect x=/g)).toHaveLength(1);
    expect(svg).toContain('>c=16</text>');
    expect(svg).toContain('committed transfers per second');
  });

  it('when a second, logarithmic panel is added, then the picture grows and its axis has decades, and unnamed points have no caption', () => {
    const svg = latencyPanelsSvg('T', [
      { xLabel: 'x1', series },
      {
        subtitle: 'Equal <rates>',
        xLabel: 'offered requests per second',
        logY: true,
        series: [{ name: 'baseline', colour: '#d62728', points: [{ label: '', x: 60, p50: 0, p99: 350 }] }],
      },
    ]);
    expect(svg).toContain('height="920"');
    expect(svg.match(/<rect x=/g)).toHaveLength(2);
    expect(svg).toContain('Equal &lt;rates&gt;');
    expect(svg).toContain('latency ms, log scale');
    for (const tick of ['>1<', '>10<', '>100<', '>1000<']) expect(svg).toContain(tick);
    expect(svg).not.toContain('fill="#d62728"></text>');
    expect(svg).not.toContain('NaN');
  });
});
