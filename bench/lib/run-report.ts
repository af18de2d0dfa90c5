/**
 * The report of `npm run bench` (bench/run.ts): latest.md's sections, and the files written at the
 * end of a run: bench/results/latest.{json,md,svg} and a line appended to history.jsonl.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/stack/services';
import { bestTopologyMarkdown, type BestTopologyResult } from './best-topology';
import { latencyPanelsSvg } from './chart';
import { type CpuUse, describeCpuUse } from './cpu';
import { equalRateMarkdown, equalRateSeries, systemCpuMs, type EqualRateTable } from './equal-rate';
import { breakdownMarkdown, type HopRow } from './hop-breakdown';
import type { StepResult } from './load';
import { describeMonitoringLag, type MonitoringLag } from './monitoring-lag';
import { type LedgerProfileResult, ledgerProfileLine } from './ledger-profile';
import { cpuPerLineMs, payoutMarkdown, payoutRatios, type PayoutResult } from './payouts';
import { say } from './progress';
import { describeStages, type StageFigures } from './stage-metrics';
import type { TransportFloor } from './transport-floor';

export const resultsDir = join(repoRoot, 'bench', 'results');

export interface SystemResult {
  transfersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  peakStep: string;
  at80PercentOfPeak: { offeredPerSec: number; transfersPerSec: number; p50Ms: number; p99Ms: number } | null;
  steps: StepResult[];
  notes: string[];
}

export type ObservedStep = StepResult & { cpu: CpuUse | null; stages: StageFigures | null; breakdown?: HopRow[] | null };

/** latest.md: the summary, the targets, every step, where the CPU went, then the notes. */
export function markdown(result: Record<string, any>): string {
  const observed = reportedSteps(result);
  const floor = result.transportFloor as TransportFloor | undefined;
  return [
    ...summaryLines(result),
    ...targetLines(result, floor),
    ...everyStepLines(observed),
    ...cpuLines(observed, floor),
    ...closingLines(result, observed),
  ].join('\n');
}

/** The steps the report lists one by one: the pipeline's, the baseline's, then the two hot-account steps. */
function reportedSteps(result: Record<string, any>): ObservedStep[] {
  const p = result.pipeline as SystemResult | null;
  const b = result.baseline as SystemResult | null;
  const hot = result.hotAccount;
  return [
    ...(p?.steps ?? []),
    ...(b?.steps ?? []),
    ...(hot ? [hot.step] : []),
    ...(result.baselineHotAccount ? [result.baselineHotAccount.step] : []),
  ] as ObservedStep[];
}

/** The heading, the machine, the two systems' peaks side by side, their ratio and the best topology. */
function summaryLines(result: Record<string, any>): string[] {
  const lines: string[] = [];
  const p = result.pipeline as SystemResult | null;
  const b = result.baseline as SystemResult | null;
  lines.push(`# Benchmark ${result.startedAt}`, '');
  lines.push(
    `Machine: ${result.machine.cpus} × ${result.machine.cpuModel}, ${result.machine.memoryGb} GB, Node ${result.machine.node}; everything on one box.`,
  );
  lines.push(`Users: ${result.settings.users}; steps of ${result.settings.stepSec} s; command: \`npm run bench\`.`, '');
  lines.push('| | transfers/s (peak) | p50 ms | p99 ms | at 80 % of peak: offered → achieved/s, p99 ms |', '|---|---|---|---|---|');
  const row = (name: string, s: SystemResult | null) =>
    s
      ? `| ${name} | ${s.transfersPerSec} | ${s.p50Ms} | ${s.p99Ms} | ${s.at80PercentOfPeak ? `${s.at80PercentOfPeak.offeredPerSec} → ${s.at80PercentOfPeak.transfersPerSec}, p99 ${s.at80PercentOfPeak.p99Ms}` : '—'} |`
      : `| ${name} | not measured | | | |`;
  lines.push(row('pipeline', p), row('baseline', b), '');
  if (result.ratio !== null)
    lines.push(`Pipeline / baseline throughput: **${result.ratio}×** (no regression: ≥ 1.3×, docs/PERFORMANCE.md "Where we stand").`, '');
  if (result.bestTopology) lines.push(...bestTopologyMarkdown(result.bestTopology as BestTopologyResult));
  return lines;
}

/** The other targets: hot account, payouts, monitoring lag, the apply stage, the floor, the invariants, the equal rates. */
function targetLines(result: Record<string, any>, floor: TransportFloor | undefined): string[] {
  const lines: string[] = [];
  lines.push(...hotAccountLines(result), ...payoutLines(result));
  lines.push(
    result.monitoringLag
      ? describeMonitoringLag(result.monitoringLag as MonitoringLag)
      : 'Monitoring lag at the peak: not measured (the pipeline was not run; targets: under 5 s, no case opened).',
  );
  lines.push(`Ledger apply alone: ${result.ledgerApply.commandsPerSec ?? 'n/a'} commands/s (${result.ledgerApply.note}).`);
  lines.push(ledgerProfileLine(result.ledgerProfile as LedgerProfileResult | undefined));
  if (floor) lines.push(transportFloorLine(floor, result.baseline as SystemResult | null, result.pipeline as SystemResult | null));
  lines.push(`Invariants: **${result.invariants.ok ? 'ok' : 'VIOLATED'}**.`, '');
  if (result.equalRate) lines.push(...equalRateMarkdown(result.equalRate as EqualRateTable));
  return lines;
}

/** The "Every step" table. */
function everyStepLines(steps: StepResult[]): string[] {
  const lines = [
    '## Every step',
    '',
    '| step | offered/s | transfers/s | p50 | p90 | p99 | max | codes | errors |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of steps) {
    const codes = Object.entries(s.statusCodes)
      .map(([c, n]) => `${c}:${n}`)
      .join(' ');
    lines.push(
      `| ${s.label} | ${s.offeredPerSec ?? '—'} | ${s.transfersPerSec} | ${s.p50Ms} | ${s.p90Ms} | ${s.p99Ms} | ${s.maxMs} | ${codes} | ${s.errors + s.timeouts} |`,
    );
  }
  return lines;
}

/** Where the CPU went, step by step, and the transport floor's two steps. */
function cpuLines(observed: ObservedStep[], floor: TransportFloor | undefined): string[] {
  const lines = ['', '## Where the CPU went (ms per committed transfer, from /proc) and what the services saw', ''];
  for (const s of observed) {
    lines.push(
      `- **${s.label}**: ${s.cpu ? describeCpuUse(s.cpu) : 'no CPU figures (no /proc)'}${s.stages ? `; ${describeStages(s.stages)}` : ''}`,
    );
  }
  if (floor) {
    for (const step of [floor.httpOnly, floor.kafkaRoundTrip]) {
      lines.push(
        `- **${step.label}**: ${step.requestsPerSec} requests/s, p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms, ${step.errors} failed; ${step.cpu ? describeCpuUse(step.cpu).replace('per transfer', 'per request') : 'no CPU figures'}`,
      );
    }
  }
  return lines;
}

/** PostgreSQL's commits, the CPU profiles, the notes, the hop breakdown and the chart. */
function closingLines(result: Record<string, any>, observed: ObservedStep[]): string[] {
  const lines: string[] = [];
  if (result.commits) {
    lines.push('', `PostgreSQL commits (whole server, includes other clients): ${JSON.stringify(result.commits)}`);
  }
  if (result.profiles) lines.push('', '## CPU profiles (self time, top functions)', '', '```', result.profiles, '```');
  if ((result.notes as string[]).length > 0) lines.push('');
  for (const note of result.notes as string[]) lines.push(`- ${note}`);
  lines.push(...breakdownMarkdown(observed), '', '![throughput/latency](latest.svg)', '');
  return lines;
}

/** The hot account's figures (pipeline and baseline) for the summary. */
function hotAccountLines(result: Record<string, any>): string[] {
  const hot = result.hotAccount;
  const lines = [
    `Hot account (many users paying COURSE_FEES at once): ${hot ? `${hot.purchasesPerSec} purchases/s, p99 ${hot.p99Ms} ms` : 'not measured'} (target ≥ 2,000/s).`,
  ];
  if (result.baselineHotAccount)
    lines.push(
      `Baseline hot account (everyone paying one row): ${result.baselineHotAccount.purchasesPerSec}/s, p99 ${result.baselineHotAccount.p99Ms} ms${hot ? `; the pipeline's ÷ the baseline's: ${(hot.purchasesPerSec / result.baselineHotAccount.purchasesPerSec).toFixed(2)}× (no regression: ≥ 3×)` : ''}.`,
    );
  return lines;
}

/** The pipeline's CPU per transfer (every process but the load generator) at its open step at 80 % of its peak. */
function pipelineCpuAt80(pipeline: SystemResult | null): number | null {
  const at80 = pipeline?.at80PercentOfPeak;
  if (!pipeline || !at80) return null;
  const step = pipeline.steps.find((s) => s.kind === 'open' && s.offeredPerSec === at80.offeredPerSec) as ObservedStep | undefined;
  return systemCpuMs(step?.cpu ?? null);
}

/** Bulk payouts beside the apply stage alone and the transfer peak of the same run, with the ratios the targets are. */
function payoutLines(result: Record<string, any>): string[] {
  const payouts = result.payouts as PayoutResult | null | undefined;
  if (!payouts)
    return ['Bulk payouts: not measured (BENCH_SKIP_PAYOUTS=1, no funded pipeline, or no POST /api/coins/payouts in this build).'];
  const ratios = payoutRatios(
    payouts.linesPerSec,
    result.ledgerApply.commandsPerSec ?? null,
    result.pipeline?.transfersPerSec ?? null,
    payouts.ledgerPath?.linesPerSec ?? null,
    { perLineMs: cpuPerLineMs(payouts), perTransferAt80Ms: pipelineCpuAt80(result.pipeline as SystemResult | null) },
  );
  const settled = result.creditsSettledSec === null ? 'not within 180 s' : `${result.creditsSettledSec} s after`;
  return [
    '',
    ...payoutMarkdown(payouts, ratios, 'this run', result.invariants.ok),
    '',
    `Credit legs settled ${settled} the last step; the invariants are checked after that. The apply stage alone counts commands; the ratios count transfers (a transfer is two commands, its debit and its credit leg; a payout line is one transfer).`,
    '',
  ];
}

/** The transport floor's line of the report, beside the pipeline's and the baseline's peaks. */
function transportFloorLine(floor: TransportFloor, b: SystemResult | null, p: SystemResult | null): string {
  const times = (x: number, of: SystemResult | null) => (of ? ` = ${(x / of.transfersPerSec).toFixed(2)}× the baseline` : '');
  return (
    `Transport floor (HTTP → Kafka command → consumer answering at once → Kafka reply → HTTP, nothing else; same connections as the pipeline's peak): ` +
    `**${floor.kafkaRoundTrip.requestsPerSec}/s**${times(floor.kafkaRoundTrip.requestsPerSec, b)}; HTTP alone ${floor.httpOnly.requestsPerSec}/s${times(floor.httpOnly.requestsPerSec, b)}` +
    `${p ? `; the pipeline reaches ${((p.transfersPerSec / floor.kafkaRoundTrip.requestsPerSec) * 100).toFixed(0)} % of the transport floor` : ''}.`
  );
}

/** The largest of the known values, or null when none is known. */
function maxOf(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.max(...known) : null;
}

/** Writes latest.json, latest.md, latest.svg and appends to history.jsonl, then says the headline figures. */
export function writeResults(result: Record<string, any>, settings: unknown): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(resultJson(result, settings), null, 2)}\n`);
  writeFileSync(join(resultsDir, 'latest.md'), markdown(result));
  const equalTable = result.equalRate as EqualRateTable | null;
  writeFileSync(join(resultsDir, 'latest.svg'), resultSvg(result, equalTable));
  appendFileSync(join(resultsDir, 'history.jsonl'), `${JSON.stringify(historyLine(result, equalTable))}\n`);
  say(`results: bench/results/latest.json, latest.md, latest.svg`);
  say(
    `pipeline ${result.pipeline?.transfersPerSec ?? 'n/a'}/s, baseline ${result.baseline?.transfersPerSec ?? 'n/a'}/s, ratio ${result.ratio ?? 'n/a'}, hot ${result.hotAccount?.purchasesPerSec ?? 'n/a'}/s, invariants ${result.invariants.ok ? 'ok' : 'VIOLATED'}`,
  );
}

/** latest.json: the result's figures in a fixed order. */
function resultJson(result: Record<string, any>, settings: unknown): Record<string, unknown> {
  return {
    pipeline: result.pipeline,
    baseline: result.baseline,
    hotAccount: result.hotAccount,
    payouts: result.payouts ?? null,
    ledgerApply: result.ledgerApply,
    invariants: result.invariants,
    ratio: result.ratio,
    bestTopology: result.bestTopology ?? null,
    baselineHotAccount: result.baselineHotAccount,
    transportFloor: result.transportFloor ?? null,
    equalRate: result.equalRate,
    commits: result.commits ?? null,
    monitoringLag: result.monitoringLag ?? null,
    startedAt: result.startedAt,
    machine: result.machine,
    settings,
    notes: result.notes,
  };
}

/** latest.svg: the closed-loop ladders, and the equal-rate steps when there are any. */
function resultSvg(result: Record<string, any>, equalTable: EqualRateTable | null): string {
  const closed = (s: SystemResult | null) =>
    (s?.steps ?? [])
      .filter((x) => x.kind === 'closed')
      .map((x) => ({ label: `c=${x.connections}`, x: x.transfersPerSec, p50: x.p50Ms, p99: x.p99Ms }));
  return latencyPanelsSvg(`Transfers: pipeline vs naive baseline (${(result.startedAt as string).slice(0, 10)})`, [
    {
      xLabel: 'committed transfers per second (closed loop)',
      series: [
        { name: 'pipeline', colour: '#1f77b4', points: closed(result.pipeline) },
        { name: 'baseline', colour: '#d62728', points: closed(result.baseline) },
      ],
    },
    ...(equalTable && equalTable.rows.length > 0
      ? [
          {
            subtitle: `Equal offered rates (open loop, % of the baseline's peak of ${equalTable.referencePeakPerSec}/s)`,
            xLabel: 'offered requests per second',
            series: equalRateSeries(equalTable),
            logY: true,
          },
        ]
      : []),
  ]);
}

/** The run's line of history.jsonl. */
function historyLine(result: Record<string, any>, equalTable: EqualRateTable | null): Record<string, unknown> {
  return {
    startedAt: result.startedAt,
    pipeline: result.pipeline?.transfersPerSec ?? null,
    baseline: result.baseline?.transfersPerSec ?? null,
    ratio: result.ratio,
    ratioBest: result.bestTopology?.ratioBest ?? null,
    hot: result.hotAccount?.purchasesPerSec ?? null,
    p99At80: result.pipeline?.at80PercentOfPeak?.p99Ms ?? null,
    transportFloor: result.transportFloor?.kafkaRoundTrip.requestsPerSec ?? null,
    invariants: result.invariants.ok,
    monitoringLagS: result.monitoringLag?.lagMaxSeconds ?? null,
    equalRate: equalTable
      ? {
          p99RatioMax: maxOf(equalTable.rows.map((r) => r.pipelineOverBaseline.p99)),
          cpuRatioMax: maxOf(equalTable.rows.map((r) => r.pipelineOverBaseline.cpu)),
          cpuHalfOverPeak: equalTable.pipelineCpuHalfOverPeak?.ratio ?? null,
        }
      : null,
  };
}
