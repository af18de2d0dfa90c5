/**
 * `npm run bench`: the pipeline (gateway → Kafka → ledger) against a naive one-process baseline
 * (one transaction with SELECT … FOR UPDATE per transfer), same PostgreSQL, same machine, same
 * load generator. Writes bench/results/latest.{json,md,svg} and appends to history.jsonl.
 *
 * Settings (environment): BENCH_USERS (10000), BENCH_STEP_S (10), BENCH_CONCURRENCY (16,64,256,512),
 * BENCH_OPEN_FRACTIONS (0.5,0.8), BENCH_HOT_CONNECTIONS (the largest concurrency), BENCH_CPU_PROF (e.g.
 * "gateway,ledger": profiles written to .run/bench/<prefix>/profiles and summarised),
 * BENCH_KEEP=1 keeps the run's schemas and topics, BENCH_SKIP_PAYOUTS=1 (no bulk payout step: ./lib/payouts.ts,
 * settings BENCH_PAYOUT_LINES, BENCH_PAYOUT_CONNECTIONS, BENCH_PAYOUT_STEP_S), BENCH_SKIP_BASELINE=1 / BENCH_SKIP_PIPELINE=1 /
 * BENCH_SKIP_FLOOR=1 (no transport floor, ./lib/transport-floor.ts) / BENCH_SKIP_LEDGER_APPLY=1 (no
 * `bench:ledger` figure), BENCH_EQUAL_FRACTIONS (0.1,0.25,0.5,0.8: the equal-rate steps, as
 * fractions of the baseline's peak; empty skips them, ./lib/equal-rate.ts), BENCH_EQUAL_RATE_PEAK
 * (transfers/s: the peak those fractions are of, instead of this run's baseline peak — e.g. with
 * BENCH_SKIP_BASELINE=1), BENCH_SKIP_BEST=1 (no best-topology step, ./lib/best-topology.ts),
 * BENCH_BEST_TOPOLOGY ("<gateways>x<ledgers>:<baseline processes>", e.g. "2x1:2": that topology
 * instead of the one the cores give), BENCH_BREAKDOWN=1 (the pipeline's services trace to the bench,
 * and each pipeline step gets its hop breakdown, ./lib/hop-breakdown.ts: a slower, traced run).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { argsOrExit, parseCliArgs } from '../scripts/cli-args';
import { ensureInfra } from '../scripts/infra';
import { removeTopicsAndSchemas } from '../scripts/stack/cleanup';
import { runAb } from './ab';
import { generateJwtKey } from '../scripts/stack/keys';
import { freePort, ProcessStack, waitForReady } from '../scripts/stack/processes';
import { provision } from '../scripts/stack/provision';
import { seedUsers } from '../scripts/stack/seed';
import { repoRoot, serviceNames, type ServiceName } from '../scripts/stack/services';
import { createOperator, fundUsers, type Operator } from './lib/admin';
import { creditsSettled, measurePayouts, payoutMarkdown, payoutRatios, type PayoutResult } from './lib/payouts';
import { auditBaseline, baselineSchema, dropBaseline, prepareBaseline } from './baseline/schema';
import { latencyPanelsSvg } from './lib/chart';
import {
  describeEqualRateRatios,
  equalRateMarkdown,
  equalRatePlan,
  equalRateSeries,
  equalRateTable,
  type EqualRateSystem,
  type EqualRateTable,
  type ObservedLoadStep,
  type RatePlanStep,
} from './lib/equal-rate';
import { requestJson } from './lib/http';
import { cpuSnapshot, cpuUse, describeCpuUse, type CpuUse } from './lib/cpu';
import { runStep, type GeneratedRequest, type StepResult, type StepSpec } from './lib/load';
import { describeStages, stageFigures, stageSnapshot, type StageFigures } from './lib/stage-metrics';
import { summariseProfiles } from './lib/profile';
import { measureTransportFloor, type TransportFloor } from './lib/transport-floor';
import { gatewayConfigSchema } from '@coin/gateway';
import { say, status } from './lib/progress';
import { benchServiceEnv } from './lib/service-env';
import { breakdownMarkdown, describeBreakdown, type HopRow } from './lib/hop-breakdown';
import { stepBreakdown, tracedEnv } from './lib/span-sink';
import { pipelineInvariants } from './lib/invariants';
import { describeStep, progressTick } from './lib/step-report';
import {
  baselineBestStep,
  bestTopologyMarkdown,
  bestTopologyResult,
  isPipelineOneByOne,
  pipelineBestStep,
  type BestTopologyResult,
} from './lib/best-topology';
import type { SplitStepResult } from './lib/split-load';
import { baselineTopology, parseTopology, pipelineTopology, type BaselineTopology, type PipelineTopology } from './lib/topology';
import { pick, randomAmount, transferGenerator } from './lib/transfers';
import { describeMonitoringLag, type MonitoringLag, withMonitoringLag } from './lib/monitoring-lag';

const concurrencies = (process.env.BENCH_CONCURRENCY ?? '16,64,256,512').split(',').filter(Boolean).map(Number);
const settings = {
  users: Number(process.env.BENCH_USERS ?? 10_000),
  stepSec: Number(process.env.BENCH_STEP_S ?? 10),
  warmupSec: 3,
  concurrencies,
  openFractions: (process.env.BENCH_OPEN_FRACTIONS ?? '0.5,0.8').split(',').filter(Boolean).map(Number),
  /**
   * Connections for open-loop steps, at least: they use as many as the peak's closed-loop step,
   * since fewer cap what is in flight — and the pipeline's batches, so its throughput — below
   * what the offered rate needs (with 128 the 80 % step ran behind while the peak was at 256).
   */
  openConnectionsMin: 128,
  /**
   * Connections for the hot-account steps: by default the top of the given closed-loop ladder
   * (512), where the peak is usually measured. (Was 128, a number of its own: there the pipeline is bound by its latency,
   * not its CPU — 1.55 cores busy — and bought 2,257 / 2,383 purchases/s against 3,083 / 2,795 at
   * 256 in interleaved runs.)
   */
  hotConnections: Number(process.env.BENCH_HOT_CONNECTIONS ?? Math.max(0, ...concurrencies)),
  /** Coins each user starts with: far more than a run can spend at ≤ 1 coin per transfer. */
  fundCoins: 10_000,
  cpuProf: (process.env.BENCH_CPU_PROF ?? '').split(',').filter(Boolean) as ServiceName[],
  keep: process.env.BENCH_KEEP === '1',
  skipBaseline: process.env.BENCH_SKIP_BASELINE === '1',
  skipPipeline: process.env.BENCH_SKIP_PIPELINE === '1',
  skipLedgerApply: process.env.BENCH_SKIP_LEDGER_APPLY === '1',
  skipFloor: process.env.BENCH_SKIP_FLOOR === '1',
  skipBest: process.env.BENCH_SKIP_BEST === '1',
  /** BENCH_SKIP_PAYOUTS=1: no bulk payout step (./lib/payouts.ts; BENCH_PAYOUT_* set it). */
  skipPayouts: process.env.BENCH_SKIP_PAYOUTS === '1',
  /** BENCH_BEST_TOPOLOGY: a topology to try instead of the one the cores give. */
  bestTopology: process.env.BENCH_BEST_TOPOLOGY ?? null,
  /** The equal-rate steps: these fractions of the baseline's peak, for all three systems. */
  equalFractions: (process.env.BENCH_EQUAL_FRACTIONS ?? '0.1,0.25,0.5,0.8').split(',').filter(Boolean).map(Number),
  /** The peak those fractions are of, when given: else this run's baseline peak. */
  equalRatePeak: process.env.BENCH_EQUAL_RATE_PEAK ? Number(process.env.BENCH_EQUAL_RATE_PEAK) : null,
};
/**
 * Connections of the equal-rate steps: the same cap for all three systems, as many as the open
 * steps of the ladder may use at most (the generator opens them only as the load needs them).
 */
const equalRateConnections = Math.max(settings.openConnectionsMin, ...settings.concurrencies);
const resultsDir = join(repoRoot, 'bench', 'results');

interface SystemResult {
  transfersPerSec: number;
  p50Ms: number;
  p99Ms: number;
  peakStep: string;
  at80PercentOfPeak: { offeredPerSec: number; transfersPerSec: number; p50Ms: number; p99Ms: number } | null;
  steps: StepResult[];
  notes: string[];
}

/** What a step is observed with besides the load generator: the processes and /metrics pages. */
interface Observed {
  /** Label → pid of the system's own processes (services, or the baseline server). */
  pids: () => Record<string, number | undefined>;
  /** Label → base URL of services whose /metrics the step reads. */
  metricsUrls: Record<string, string>;
}

type ObservedStep = StepResult & { cpu: CpuUse | null; stages: StageFigures | null; breakdown?: HopRow[] | null };

/** One load step, with the CPU each component spent on it and the services' own stage figures. */
async function observedStep(spec: StepSpec, observed: Observed): Promise<ObservedStep> {
  const hasMetrics = Object.keys(observed.metricsUrls).length > 0;
  const pidsWithBench = () => ({ ...observed.pids(), 'load generator': process.pid });
  const [cpuBefore, stagesBefore] = [cpuSnapshot(pidsWithBench()), hasMetrics ? await stageSnapshot(observed.metricsUrls) : null];
  const [started, startedAt] = [performance.now(), Date.now()];
  const result = await runStep(spec);
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = cpuUse(cpuBefore, cpuSnapshot(pidsWithBench()), result.ok, wallSeconds);
  const stages = stagesBefore ? stageFigures(stagesBefore, await stageSnapshot(observed.metricsUrls), wallSeconds) : null;
  // BENCH_BREAKDOWN=1: the pipeline's steps are traced, and each gets its hop breakdown.
  const breakdown = await stepBreakdown('gateway' in observed.metricsUrls, startedAt, Date.now());
  say(describeStep(result));
  if (cpu) say(`  ${describeCpuUse(cpu)}`);
  if (stages) say(`  ${describeStages(stages)}`);
  if (breakdown) say(`  ${describeBreakdown(breakdown)}`);
  return { ...result, cpu, stages, breakdown };
}

/** A few seconds at 16 connections before a system is measured: JIT, pools and caches warm. */
async function warmUpStep(name: string, url: string, next: () => GeneratedRequest): Promise<void> {
  await runStep({
    label: `${name} warm-up`,
    url,
    kind: 'closed',
    connections: 16,
    durationSec: settings.warmupSec,
    next,
    onTick: progressTick(`${name} warm-up`, settings.warmupSec),
  });
}

/** Warm-up, closed loop at rising concurrency, then open loop at fractions of the peak. */
async function measureSystem(name: string, url: string, next: () => GeneratedRequest, observed: Observed): Promise<SystemResult> {
  await warmUpStep(name, url, next);
  const steps: ObservedStep[] = [];
  for (const connections of settings.concurrencies) {
    const label = `${name} closed c=${connections}`;
    steps.push(
      await observedStep(
        { label, url, kind: 'closed', connections, durationSec: settings.stepSec, next, onTick: progressTick(label, settings.stepSec) },
        observed,
      ),
    );
  }
  const peak = steps.reduce((best, s) => (s.transfersPerSec > best.transfersPerSec ? s : best), steps[0]!);
  let at80: SystemResult['at80PercentOfPeak'] = null;
  for (const fraction of settings.openFractions) {
    const rate = Math.max(1, Math.round(peak.transfersPerSec * fraction));
    const label = `${name} open ${Math.round(fraction * 100)}% = ${rate}/s`;
    const connections = Math.max(settings.openConnectionsMin, peak.connections);
    const result = await observedStep(
      {
        label,
        url,
        kind: 'open',
        connections,
        ratePerSec: rate,
        durationSec: settings.stepSec,
        next,
        onTick: progressTick(label, settings.stepSec),
      },
      observed,
    );
    steps.push(result);
    if (Math.abs(fraction - 0.8) < 1e-9)
      at80 = { offeredPerSec: rate, transfersPerSec: result.transfersPerSec, p50Ms: result.p50Ms, p99Ms: result.p99Ms };
  }
  return {
    transfersPerSec: peak.transfersPerSec,
    p50Ms: peak.p50Ms,
    p99Ms: peak.p99Ms,
    peakStep: peak.label,
    at80PercentOfPeak: at80,
    steps,
    notes: [],
  };
}

async function hotAccount(name: string, url: string, next: () => GeneratedRequest, observed: Observed) {
  const label = `${name} hot account c=${settings.hotConnections}`;
  const result = await observedStep(
    {
      label,
      url,
      kind: 'closed',
      connections: settings.hotConnections,
      durationSec: settings.stepSec,
      next,
      onTick: progressTick(label, settings.stepSec),
    },
    observed,
  );
  return { purchasesPerSec: result.transfersPerSec, p50Ms: result.p50Ms, p99Ms: result.p99Ms, step: result };
}

/**
 * The equal-rate steps of one system: open loop at each planned rate, lowest first (after a
 * warm-up when the system was just started), each observed like every other step.
 */
async function equalRateSteps(
  name: string,
  url: string,
  next: () => GeneratedRequest,
  observed: Observed,
  plan: RatePlanStep[],
  warmUp: boolean,
): Promise<ObservedStep[]> {
  if (warmUp) await warmUpStep(name, url, next);
  const steps: ObservedStep[] = [];
  for (const rate of plan) {
    const label = `${name} equal-rate ${rate.label} = ${rate.ratePerSec}/s`;
    steps.push(
      await observedStep(
        {
          label,
          url,
          kind: 'open',
          connections: equalRateConnections,
          ratePerSec: rate.ratePerSec,
          durationSec: settings.stepSec,
          next,
          onTick: progressTick(label, settings.stepSec),
        },
        observed,
      ),
    );
  }
  return steps;
}

async function gatewayRoutes(gatewayUrl: string): Promise<Set<string>> {
  const doc = await requestJson(gatewayUrl, 'GET', '/openapi.json');
  return new Set(Object.keys((doc.body?.paths as Record<string, unknown>) ?? {}));
}

async function databaseCommits(adminUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(r.rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** `npm run bench:ledger` with these arguments: its commandsPerSec, or null with why not. */
function runLedgerBench(args: string[]): Promise<{ commandsPerSec: number | null; note: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'bench:ledger', '--', ...args], {
      cwd: repoRoot,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => {
      const match = /"commandsPerSec"\s*:\s*([\d.]+)/.exec(out);
      if (code === 0 && match) resolve({ commandsPerSec: Number(match[1]), note: `from npm run bench:ledger -- ${args.join(' ')}` });
      else
        resolve({ commandsPerSec: null, note: `npm run bench:ledger -- ${args.join(' ')} exited ${code} without a commandsPerSec figure` });
    });
  });
}

/** The apply stage alone: two ledger processes as deployed, and one process's share. */
async function ledgerApplyFigure(): Promise<{ commandsPerSec: number | null; oneProcessCommandsPerSec: number | null; note: string }> {
  const pkg = (await import(join(repoRoot, 'package.json'))) as { scripts?: Record<string, string> };
  if (!pkg.scripts?.['bench:ledger'])
    return { commandsPerSec: null, oneProcessCommandsPerSec: null, note: 'npm run bench:ledger does not exist in this checkout' };
  const two = await runLedgerBench(['--replicas', '2']);
  const one = await runLedgerBench(['--replicas', '1']);
  return {
    commandsPerSec: two.commandsPerSec,
    oneProcessCommandsPerSec: one.commandsPerSec,
    note: `${two.note} (two ledger processes); one process: ${one.commandsPerSec ?? one.note}`,
  };
}

/** The baseline server's pool in the ladder (bench/baseline/server.ts's default): the best-topology step shares it out. */
const baselinePoolMax = 20;
/** Partitions of ledger.commands as provisioned (scripts/stack/provision.ts's default). */
const ledgerPartitionsProvisioned = 6;

/** CPU ms per transfer by process at a design's peak step of its 1×1 ladder. */
function peakCpu(system: SystemResult | null): Record<string, number> {
  const peak = system?.steps.find((s) => s.label === system.peakStep) as ObservedStep | undefined;
  return peak?.cpu?.msPerTransfer ?? {};
}

/** The closed-loop connections of a design's 1×1 peak: the best-topology step runs at them too. */
function peakConnections(system: SystemResult | null): number {
  return system?.steps.find((s) => s.label === system.peakStep)?.connections ?? Math.max(...settings.concurrencies);
}

function chosenPipelineTopology(pipeline: SystemResult | null): PipelineTopology {
  if (settings.bestTopology) return parseTopology(settings.bestTopology, baselinePoolMax);
  return pipelineTopology({ cores: cpus().length, msPerTransfer: peakCpu(pipeline), ledgerPartitions: ledgerPartitionsProvisioned });
}

function chosenBaselineTopology(baseline: SystemResult | null): BaselineTopology {
  if (settings.bestTopology) return parseTopology(settings.bestTopology, baselinePoolMax).baseline;
  return baselineTopology({ cores: cpus().length, msPerTransfer: peakCpu(baseline), poolMax: baselinePoolMax });
}

function startBaseline(env: Record<string, string>, logFile: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/baseline/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.on('exit', () => writeFileSync(logFile, chunks.join('')));
  return child;
}

function markdown(result: Record<string, any>): string {
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
  if (result.ratio !== null) lines.push(`Pipeline / baseline throughput: **${result.ratio}×** (target ≥ 2×, stretch 3×).`, '');
  if (result.bestTopology) lines.push(...bestTopologyMarkdown(result.bestTopology as BestTopologyResult));
  const hot = result.hotAccount;
  lines.push(...hotAccountLines(result), ...payoutLines(result));
  lines.push(
    result.monitoringLag
      ? describeMonitoringLag(result.monitoringLag as MonitoringLag)
      : 'Monitoring lag at the peak: not measured (the pipeline was not run; targets: under 5 s, no case opened).',
  );
  lines.push(`Ledger apply alone: ${result.ledgerApply.commandsPerSec ?? 'n/a'} commands/s (${result.ledgerApply.note}).`);
  const floor = result.transportFloor as TransportFloor | undefined;
  if (floor) lines.push(transportFloorLine(floor, b, p));
  lines.push(`Invariants: **${result.invariants.ok ? 'ok' : 'VIOLATED'}**.`, '');
  if (result.equalRate) lines.push(...equalRateMarkdown(result.equalRate as EqualRateTable));
  lines.push(
    '## Every step',
    '',
    '| step | offered/s | transfers/s | p50 | p90 | p99 | max | codes | errors |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const s of [
    ...(p?.steps ?? []),
    ...(b?.steps ?? []),
    ...(hot ? [hot.step] : []),
    ...(result.baselineHotAccount ? [result.baselineHotAccount.step] : []),
  ] as StepResult[]) {
    const codes = Object.entries(s.statusCodes)
      .map(([c, n]) => `${c}:${n}`)
      .join(' ');
    lines.push(
      `| ${s.label} | ${s.offeredPerSec ?? '—'} | ${s.transfersPerSec} | ${s.p50Ms} | ${s.p90Ms} | ${s.p99Ms} | ${s.maxMs} | ${codes} | ${s.errors + s.timeouts} |`,
    );
  }
  const observed = [
    ...(p?.steps ?? []),
    ...(b?.steps ?? []),
    ...(hot ? [hot.step] : []),
    ...(result.baselineHotAccount ? [result.baselineHotAccount.step] : []),
  ] as ObservedStep[];
  lines.push('', '## Where the CPU went (ms per committed transfer, from /proc) and what the services saw', '');
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
  if (result.commits) {
    lines.push('', `PostgreSQL commits (whole server, includes other clients): ${JSON.stringify(result.commits)}`);
  }
  if (result.profiles) lines.push('', '## CPU profiles (self time, top functions)', '', '```', result.profiles, '```');
  if ((result.notes as string[]).length > 0) lines.push('');
  for (const note of result.notes as string[]) lines.push(`- ${note}`);
  lines.push(...breakdownMarkdown(observed), '', '![throughput/latency](latest.svg)', '');
  return lines.join('\n');
}

/** The hot account's figures (pipeline and baseline) for the summary. */
function hotAccountLines(result: Record<string, any>): string[] {
  const hot = result.hotAccount;
  const lines = [
    `Hot account (many users paying COURSE_FEES at once): ${hot ? `${hot.purchasesPerSec} purchases/s, p99 ${hot.p99Ms} ms` : 'not measured'} (target ≥ 2,000/s).`,
  ];
  if (result.baselineHotAccount)
    lines.push(
      `Baseline hot account (everyone paying one row): ${result.baselineHotAccount.purchasesPerSec}/s, p99 ${result.baselineHotAccount.p99Ms} ms.`,
    );
  return lines;
}

/** Bulk payouts beside the apply stage alone and the transfer peak of the same run, with the ratios the targets are. */
function payoutLines(result: Record<string, any>): string[] {
  const payouts = result.payouts as PayoutResult | null | undefined;
  if (!payouts)
    return ['Bulk payouts: not measured (BENCH_SKIP_PAYOUTS=1, no funded pipeline, or no POST /api/coins/payouts in this build).'];
  const ratios = payoutRatios(payouts.linesPerSec, result.ledgerApply.commandsPerSec ?? null, result.pipeline?.transfersPerSec ?? null);
  const settled = result.creditsSettledSec === null ? 'not within 180 s' : `${result.creditsSettledSec} s after`;
  return [
    '',
    ...payoutMarkdown(payouts, ratios, 'this run', result.invariants.ok),
    '',
    `Credit legs settled ${settled} the last step; the invariants are checked after that. The apply stage alone counts commands (a transfer is two: its debit and its credit leg), a payout line is one debit and one credit.`,
    '',
  ];
}

/** Purchases from random users into COURSE_FEES: every one credits the same treasury (the hot account). */
function purchaseGenerator(users: Awaited<ReturnType<typeof seedUsers>>): () => GeneratedRequest {
  return () => {
    const from = pick(users);
    return {
      path: '/api/coins/purchase',
      headers: { authorization: `Bearer ${from.accessToken}`, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ treasury: 'COURSE_FEES', amount: randomAmount(), reason: 'bench purchase' }),
    };
  };
}

/** The largest of the known values, or null when none is known. */
function maxOf(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? Math.max(...known) : null;
}

/** Keeps the monitoring service's lag and cases, judged, in the result (its report line), and says them. */
function keepMonitoringLag(result: Record<string, any>): (lag: MonitoringLag) => void {
  return (lag) => {
    result.monitoringLag = lag;
    say(describeMonitoringLag(lag).replaceAll('**', ''));
  };
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

async function main(): Promise<void> {
  // Settings come from the environment (above); an argument would be silently ignored, so none is taken.
  argsOrExit(() =>
    parseCliArgs(
      { args: process.argv.slice(2), options: {} },
      'usage: npm run bench [-- --ab <git ref> [--rounds N]] (settings: BENCH_* environment variables)',
    ),
  );
  const startedAt = new Date().toISOString();
  const notes: string[] = [];
  say(`bench: ${settings.users} users, steps ${settings.stepSec} s, concurrency ${settings.concurrencies.join('/')}`);
  const infra = await ensureInfra((m) => status(m));
  const prefix = `bench_${Date.now().toString(36)}_`;
  const runDir = join(repoRoot, '.run', 'bench', prefix);
  mkdirSync(runDir, { recursive: true });
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const jwtKey = generateJwtKey(`bench-${prefix}`);
  // Kept for the restart before the pipeline's equal-rate steps, as a restarted deployment keeps
  // its secret: a fresh one made every cached token version a miss (a user-service read each).
  const cacheMacSecret = randomBytes(32).toString('base64url');
  const profileDir = join(runDir, 'profiles');
  const nodeArgs: Partial<Record<ServiceName, string[]>> = {};
  for (const name of settings.cpuProf) nodeArgs[name] = ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name)}`];

  let stack: ProcessStack | undefined;
  let baseline: ChildProcess | undefined;
  const result: Record<string, any> = {
    startedAt,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    settings,
    pipeline: null,
    baseline: null,
    hotAccount: null,
    baselineHotAccount: null,
    ledgerApply: { commandsPerSec: null, note: 'not run' },
    invariants: { ok: false, details: {} },
    ratio: null,
    equalRate: null,
    notes,
  };
  // The equal-rate steps' rates: fractions of the baseline's peak, known once its ladder ran.
  let equal: { reference: number | null; source: string; plan: RatePlanStep[] } | undefined;
  const planFrom = (baselinePeak: number | null) => {
    const reference = settings.equalRatePeak ?? baselinePeak;
    const source = settings.equalRatePeak !== null ? 'given by BENCH_EQUAL_RATE_PEAK' : 'measured in this run';
    const plan = equalRatePlan(reference, settings.equalFractions);
    if (plan.length > 0)
      say(`equal-rate steps at ${plan.map((r) => `${r.label} = ${r.ratePerSec}/s`).join(', ')} (of ${reference}/s, ${source})`);
    return { reference, source, plan };
  };
  const equalSteps: Partial<Record<EqualRateSystem, ObservedLoadStep[]>> = {};
  const equalNotes: string[] = [];
  // The best-topology step (./lib/best-topology.ts): each design's topology and step once run.
  const best: {
    pipelineTopology?: PipelineTopology;
    pipelineStep: SplitStepResult | null;
    baselineTopology?: BaselineTopology;
    baselineStep: SplitStepResult | null;
  } = { pipelineStep: null, baselineStep: null };
  try {
    say('starting the four services as child processes');
    stack = await ProcessStack.start({ infra, prefix, jwtKey, cacheMacSecret, logDir: runDir, extraEnv: await tracedEnv(), nodeArgs });
    say(`stack up: gateway ${stack.gatewayUrl}`);
    const users = await seedUsers({
      userDatabaseUrl: stack.env('user').USER_DATABASE_URL!,
      ledgerDatabaseUrl: stack.env('ledger').LEDGER_DATABASE_URL!,
      prefix,
      count: settings.users,
      jwtKey,
      log: status,
    });
    say(`${users.length} users created (user-service repository + outbox; wallets opened by the ledger from user.registered)`);
    const routes = await gatewayRoutes(stack.gatewayUrl);
    const can = {
      mint: routes.has('/api/admin/mint'),
      transfer: routes.has('/api/coins/transfer'),
      purchase: routes.has('/api/coins/purchase'),
    };
    let mintedMinor: number | null = 0;
    let operator: Operator | undefined;
    if (can.mint && !settings.skipPipeline) {
      operator = await createOperator({ gatewayUrl: stack.gatewayUrl, userDatabaseUrl: stack.env('user').USER_DATABASE_URL!, prefix });
      mintedMinor = await fundUsers({
        gatewayUrl: stack.gatewayUrl,
        operator,
        userIds: users.map((u) => u.userId),
        coins: settings.fundCoins,
        onProgress: (done) => status(`funding: ${done}/${users.length} MINT commands`),
      });
      say(`${users.length} users funded with ${settings.fundCoins} coins each through POST /api/admin/mint`);
    } else {
      notes.push('POST /api/admin/mint is not in this build: users were not funded and the pipeline was not measured');
    }

    const running = stack;
    const pipelineObserved: Observed = {
      pids: () => Object.fromEntries(serviceNames.map((n) => [n, running.pid(n)])),
      metricsUrls: { gateway: running.metricsUrls.gateway, ledger: running.metricsUrls.ledger, history: running.metricsUrls.history },
    };
    if (can.transfer && can.mint && !settings.skipPipeline) {
      const commitsBefore = await databaseCommits(infra.databaseUrl);
      const pipelineStarted = Date.now();
      const pipeline = () => measureSystem('pipeline', running.gatewayUrl, transferGenerator(users, true), pipelineObserved);
      result.pipeline = await withMonitoringLag(running.metricsUrls.monitoring, keepMonitoringLag(result), pipeline);
      const commitsAfter = await databaseCommits(infra.databaseUrl);
      const transfers = (result.pipeline as SystemResult).steps.reduce((n, s) => n + s.ok, 0);
      result.commits = {
        pipelineCommits: commitsAfter - commitsBefore,
        pipelineTransfers: transfers,
        seconds: Math.round((Date.now() - pipelineStarted) / 1000),
      };
    } else if (!can.transfer) {
      notes.push('POST /api/coins/transfer is not in this build: pipeline not measured');
    }
    if (can.purchase && can.mint && !settings.skipPipeline && settings.hotConnections > 0) {
      result.hotAccount = await hotAccount('pipeline', stack.gatewayUrl, purchaseGenerator(users), pipelineObserved);
    } else {
      notes.push('POST /api/coins/purchase is not in this build: hot account not measured');
    }
    // Bulk payouts (./lib/payouts.ts): 1,000-line payouts from REWARDS, lines per second.
    if (operator && routes.has('/api/coins/payouts') && !settings.skipPayouts) {
      result.payouts = await measurePayouts({ stack, prefix, users, operator });
      mintedMinor = (mintedMinor ?? 0) + (result.payouts as PayoutResult).fundedMinor;
    }
    if (result.pipeline && !settings.skipBest) {
      best.pipelineTopology = chosenPipelineTopology(result.pipeline);
      if (!isPipelineOneByOne(best.pipelineTopology)) {
        say(
          `best topology for ${cpus().length} cores: ${best.pipelineTopology.gateways} gateways × ${best.pipelineTopology.ledgers} ledgers`,
        );
        best.pipelineStep = await pipelineBestStep({
          stack,
          prefix,
          kafkaBrokers: infra.kafkaBrokers,
          topology: best.pipelineTopology,
          connections: peakConnections(result.pipeline),
          logDir: runDir,
          next: transferGenerator(users, true),
          settings: { stepSec: settings.stepSec, warmupSec: settings.warmupSec, settleSec: 5 },
        });
        if (best.pipelineStep.cpu) say(`  ${describeCpuUse(best.pipelineStep.cpu)}`);
      }
    }
    result.creditsSettledSec = await creditsSettled(stack); // every credit leg landed before the audit
    result.invariants = await pipelineInvariants(stack, prefix, can.mint ? mintedMinor : null);
    if (!can.mint) result.invariants.details.note = 'no money moved in this build';

    if (settings.cpuProf.length > 0) {
      say('stopping the stack gracefully so the CPU profiles are written');
      await stack.stop();
      stack = undefined;
      result.profiles = summariseProfiles(profileDir, settings.cpuProf);
      process.stderr.write(`${result.profiles}\n`);
    } else {
      await stack.stop();
      stack = undefined;
    }

    if (!settings.skipBaseline) {
      const schema = baselineSchema(prefix);
      const treasuryId = 1_000_000_000;
      const ids = users.map((u) => u.userId);
      const balanceMinor = settings.fundCoins * 100;
      await prepareBaseline({ adminUrl: infra.databaseUrl, schema, accountIds: ids, balanceMinor, treasuryId });
      const port = await freePort();
      const baselineEnv = {
        BASELINE_DATABASE_URL: infra.databaseUrl,
        BASELINE_SCHEMA: schema,
        BASELINE_JWT_PUBLIC_KEY: createPublicKey(jwtKey.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString(),
      };
      baseline = startBaseline(
        { ...baselineEnv, BASELINE_PORT: String(port), BASELINE_POOL_MAX: String(baselinePoolMax) },
        join(runDir, 'baseline.log'),
      );
      const baselineUrl = `http://127.0.0.1:${port}`;
      await waitForReady(baselineUrl, 30_000);
      say('baseline up (one process, one transaction with SELECT … FOR UPDATE per transfer)');
      const toPath = (g: GeneratedRequest): GeneratedRequest => ({
        ...g,
        path: '/transfer',
        headers: { authorization: g.headers.authorization! },
      });
      const gen = transferGenerator(users, false);
      const server = baseline;
      const baselineObserved: Observed = { pids: () => ({ baseline: server.pid }), metricsUrls: {} };
      result.baseline = await measureSystem('baseline', baselineUrl, () => toPath(gen()), baselineObserved);
      if (settings.hotConnections > 0)
        result.baselineHotAccount = await hotAccount(
          'baseline',
          baselineUrl,
          () => {
            const from = pick(users);
            return {
              path: '/transfer',
              headers: { authorization: `Bearer ${from.accessToken}` },
              body: JSON.stringify({ toUserId: treasuryId, amount: randomAmount(), reason: 'bench purchase' }),
            };
          },
          baselineObserved,
        );
      equal = planFrom((result.baseline as SystemResult).transfersPerSec);
      if (equal.plan.length > 0)
        equalSteps.baseline = await equalRateSteps('baseline', baselineUrl, () => toPath(gen()), baselineObserved, equal.plan, false);
      if (!settings.skipBest) {
        best.baselineTopology = chosenBaselineTopology(result.baseline);
        if (best.baselineTopology.processes > 1) {
          // The ladder's process gives way: the best topology's processes share its pool budget.
          baseline.kill('SIGTERM');
          baseline = undefined;
          say(
            `best topology for ${cpus().length} cores: ${best.baselineTopology.processes} baseline processes × pool ${best.baselineTopology.poolEach}`,
          );
          best.baselineStep = await baselineBestStep({
            topology: best.baselineTopology,
            start: async (poolMax, label) => {
              const bestPort = await freePort();
              const child = startBaseline(
                { ...baselineEnv, BASELINE_PORT: String(bestPort), BASELINE_POOL_MAX: String(poolMax) },
                join(runDir, `${label}.log`),
              );
              return { child, url: `http://127.0.0.1:${bestPort}` };
            },
            connections: peakConnections(result.baseline),
            next: () => toPath(gen()),
            settings: { stepSec: settings.stepSec, warmupSec: settings.warmupSec, settleSec: 0 },
          });
          if (best.baselineStep.cpu) say(`  ${describeCpuUse(best.baselineStep.cpu)}`);
        }
      }
      const audit = await auditBaseline(infra.databaseUrl, schema, ids.length * balanceMinor);
      result.invariants.details.baseline = audit;
      result.invariants.ok = result.invariants.ok && audit.ok;
      baseline?.kill('SIGTERM');
      baseline = undefined;
      if (!settings.keep) await dropBaseline(infra.databaseUrl, schema);
    }

    equal ??= planFrom(null);
    if (equal.plan.length === 0 && settings.equalFractions.length > 0)
      notes.push("equal-rate steps not run: they need the baseline's peak (run the baseline, or give one with BENCH_EQUAL_RATE_PEAK)");

    if (!settings.skipFloor) {
      // At the pipeline's peak step, the transport alone: how high the design could go here at best.
      const peakConnections = (result.pipeline as SystemResult | null)?.steps.find(
        (x) => x.label === result.pipeline.peakStep,
      )?.connections;
      const bodies = transferGenerator(users, false);
      result.transportFloor = await measureTransportFloor({
        kafkaBrokers: infra.kafkaBrokers,
        prefix,
        connections: peakConnections ?? Math.max(...settings.concurrencies),
        durationSec: settings.stepSec,
        warmupSec: settings.warmupSec,
        // The linger the bench's gateway ran with: its configured default unless the bench set one.
        lingerMs: gatewayConfigSchema.shape.GATEWAY_PRODUCE_LINGER_MS.parse(benchServiceEnv().GATEWAY_PRODUCE_LINGER_MS),
        logDir: runDir,
        nextBody: () => bodies().body,
        openLoop: {
          connections: equalRateConnections,
          rates: equal.plan.map((r) => ({ label: `${r.label} = ${r.ratePerSec}/s`, ratePerSec: r.ratePerSec })),
        },
      });
      // The open-loop steps go into the equal-rate table, not into transportFloor.
      const { openLoop, ...floor } = result.transportFloor as TransportFloor;
      result.transportFloor = floor;
      if (equal.plan.length > 0) equalSteps.floor = openLoop;
    }

    if (equal.plan.length > 0 && result.pipeline) {
      // The stack was stopped for the baseline and the floor (they never compete with it), and
      // these rates were not known before the baseline's ladder: the same stack, started again.
      say("starting the stack again for the pipeline's equal-rate steps");
      const restartStarted = Date.now();
      const restartNodeArgs: Partial<Record<ServiceName, string[]>> = {};
      for (const name of settings.cpuProf)
        restartNodeArgs[name] = ['--cpu-prof', `--cpu-prof-dir=${join(runDir, 'profiles-equal-rate', name)}`];
      stack = await ProcessStack.start({
        infra,
        prefix,
        jwtKey,
        cacheMacSecret,
        logDir: runDir,
        extraEnv: await tracedEnv(),
        nodeArgs: restartNodeArgs,
      });
      const restarted = stack;
      say(`stack up again in ${Math.round((Date.now() - restartStarted) / 1000)} s: gateway ${restarted.gatewayUrl}`);
      equalNotes.push(
        `The pipeline's equal-rate steps ran on the same stack started again after the baseline and the floor (${settings.warmupSec} s warm-up first); its ladder ran on the first start.`,
      );
      equalSteps.pipeline = await equalRateSteps(
        'pipeline',
        restarted.gatewayUrl,
        transferGenerator(users, true),
        {
          pids: () => Object.fromEntries(serviceNames.map((n) => [n, restarted.pid(n)])),
          metricsUrls: {
            gateway: restarted.metricsUrls.gateway,
            ledger: restarted.metricsUrls.ledger,
            history: restarted.metricsUrls.history,
          },
        },
        equal.plan,
        true,
      );
      await new Promise((r) => setTimeout(r, 2000)); // as after the ladder: let everything settle before the audit
      const again = await pipelineInvariants(restarted, prefix, can.mint ? mintedMinor : null);
      result.invariants.details.afterEqualRate = again.details;
      result.invariants.ok = result.invariants.ok && again.ok;
      await restarted.stop();
      stack = undefined;
    }

    if (equal.plan.length > 0 || result.pipeline) {
      result.equalRate = equalRateTable({
        referencePeakPerSec: equal.reference,
        referenceSource: equal.source,
        connections: equalRateConnections,
        stepSec: settings.stepSec,
        plan: equal.plan,
        steps: equalSteps,
        pipelineLadder: result.pipeline,
        notes: equalNotes,
      });
      for (const line of describeEqualRateRatios(result.equalRate)) say(line.replaceAll('**', ''));
    }

    result.ledgerApply = settings.skipLedgerApply
      ? { commandsPerSec: null, note: 'skipped (BENCH_SKIP_LEDGER_APPLY=1)' }
      : await ledgerApplyFigure();
    if (result.pipeline && result.baseline)
      result.ratio = Math.round((result.pipeline.transfersPerSec / result.baseline.transfersPerSec) * 100) / 100;
    if (best.pipelineTopology && best.baselineTopology) {
      result.bestTopology = bestTopologyResult({
        cores: cpus().length,
        source: settings.bestTopology
          ? `BENCH_BEST_TOPOLOGY=${settings.bestTopology}`
          : "sized from the cores and each design's CPU per transfer by process at its 1×1 peak",
        pipeline: { topology: best.pipelineTopology, step: best.pipelineStep, oneByOnePeak: result.pipeline?.transfersPerSec ?? null },
        baseline: { topology: best.baselineTopology, step: best.baselineStep, oneByOnePeak: result.baseline?.transfersPerSec ?? null },
      });
      const r = result.bestTopology as BestTopologyResult;
      say(`pipeline / baseline: 1×1 ${r.ratioOneByOne ?? 'n/a'}×, best against best ${r.ratioBest ?? 'n/a'}×`);
      for (const note of r.notes) say(`  ${note}`);
    }
  } finally {
    await stack?.stop();
    baseline?.kill('SIGTERM');
    if (!settings.keep) await removeTopicsAndSchemas(infra, [prefix]).catch((err: Error) => say(`clean-up failed: ${err.message}`));
  }

  mkdirSync(resultsDir, { recursive: true });
  const json = {
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
    startedAt,
    machine: result.machine,
    settings,
    notes,
  };
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'latest.md'), markdown(result));
  const closed = (s: SystemResult | null) =>
    (s?.steps ?? [])
      .filter((x) => x.kind === 'closed')
      .map((x) => ({ label: `c=${x.connections}`, x: x.transfersPerSec, p50: x.p50Ms, p99: x.p99Ms }));
  const equalTable = result.equalRate as EqualRateTable | null;
  writeFileSync(
    join(resultsDir, 'latest.svg'),
    latencyPanelsSvg(`Transfers: pipeline vs naive baseline (${startedAt.slice(0, 10)})`, [
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
    ]),
  );
  appendFileSync(
    join(resultsDir, 'history.jsonl'),
    `${JSON.stringify({ startedAt, pipeline: result.pipeline?.transfersPerSec ?? null, baseline: result.baseline?.transfersPerSec ?? null, ratio: result.ratio, ratioBest: result.bestTopology?.ratioBest ?? null, hot: result.hotAccount?.purchasesPerSec ?? null, p99At80: result.pipeline?.at80PercentOfPeak?.p99Ms ?? null, transportFloor: result.transportFloor?.kafkaRoundTrip.requestsPerSec ?? null, invariants: result.invariants.ok, monitoringLagS: result.monitoringLag?.lagMaxSeconds ?? null, equalRate: equalTable ? { p99RatioMax: maxOf(equalTable.rows.map((r) => r.pipelineOverBaseline.p99)), cpuRatioMax: maxOf(equalTable.rows.map((r) => r.pipelineOverBaseline.cpu)), cpuHalfOverPeak: equalTable.pipelineCpuHalfOverPeak?.ratio ?? null } : null })}\n`,
  );
  say(`results: bench/results/latest.json, latest.md, latest.svg`);
  say(
    `pipeline ${result.pipeline?.transfersPerSec ?? 'n/a'}/s, baseline ${result.baseline?.transfersPerSec ?? 'n/a'}/s, ratio ${result.ratio ?? 'n/a'}, hot ${result.hotAccount?.purchasesPerSec ?? 'n/a'}/s, invariants ${result.invariants.ok ? 'ok' : 'VIOLATED'}`,
  );
  if (!result.invariants.ok) process.exitCode = 1;
}

// `npm run bench -- --ab <ref>`: this checkout's pipeline against another build's, interleaved (./ab.ts).
const entry = process.argv.includes('--ab') ? () => runAb(process.argv.slice(2)) : main;
entry().catch((err: unknown) => {
  say(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
