/**
 * `npm run bench`: the pipeline (gateway → Kafka → ledger) against a naive one-process baseline
 * (one transaction with SELECT … FOR UPDATE per transfer), same PostgreSQL, same machine, same
 * load generator. Writes bench/results/latest.{json,md,svg} and appends to history.jsonl (./lib/run-report.ts).
 *
 * Settings (environment): BENCH_USERS (10000), BENCH_STEP_S (10), BENCH_CONCURRENCY (16,64,256,512),
 * BENCH_OPEN_FRACTIONS (0.5,0.8), BENCH_HOT_CONNECTIONS (the largest concurrency), BENCH_CPU_PROF (e.g.
 * "gateway,ledger": profiles written to .run/bench/<prefix>/profiles and summarised),
 * BENCH_KEEP=1 keeps the run's schemas and topics, BENCH_SKIP_PAYOUTS=1 (no bulk payout step: ./lib/payouts.ts,
 * settings BENCH_PAYOUT_LINES, BENCH_PAYOUT_CONNECTIONS, BENCH_PAYOUT_STEP_S), BENCH_SKIP_BASELINE=1 / BENCH_SKIP_PIPELINE=1 /
 * BENCH_SKIP_FLOOR=1 (no transport floor and no durable floor — the floor's echo making one committed INSERT per
 * batch, at the equal rates — ./lib/transport-floor.ts) / BENCH_SKIP_LEDGER_APPLY=1 (no
 * `bench:ledger` figure), BENCH_EQUAL_FRACTIONS (0.1,0.25,0.5,0.8: the equal-rate steps, as
 * fractions of the baseline's peak; empty skips them, ./lib/equal-rate.ts), BENCH_EQUAL_RATE_PEAK
 * (transfers/s: the peak those fractions are of, instead of this run's baseline peak — e.g. with
 * BENCH_SKIP_BASELINE=1), BENCH_SKIP_BEST=1 (no best-topology step, ./lib/best-topology.ts),
 * BENCH_BEST_TOPOLOGY ("<gateways>x<ledgers>:<baseline processes>", e.g. "2x1:2": that topology
 * instead of the one the cores give), BENCH_BREAKDOWN=1 (the pipeline's services trace to the bench,
 * and each pipeline step gets its hop breakdown, ./lib/hop-breakdown.ts: a slower, traced run),
 * BENCH_SKIP_LEDGER_PROFILE=1 (no last step with the ledger profiled for the kafkajs share of its CPU,
 * ./lib/ledger-profile.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createPublicKey, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { argsOrExit, parseCliArgs } from '../scripts/cli-args';
import { ensureInfra } from '../scripts/infra';
import { removeTopicsAndSchemas } from '../scripts/stack/cleanup';
import { runAb } from './ab';
import { generateJwtKey, type JwtKey } from '../scripts/stack/keys';
import { freePort, ProcessStack, waitForReady } from '../scripts/stack/processes';
import { provision } from '../scripts/stack/provision';
import { type SeededUser, seedUsers } from '../scripts/stack/seed';
import { repoRoot, serviceNames, type ServiceName } from '../scripts/stack/services';
import { createOperator, fundUsers, type Operator } from './lib/admin';
import { creditsSettled, measurePayouts, type PayoutResult } from './lib/payouts';
import { auditBaseline, baselineSchema, dropBaseline, prepareBaseline } from './baseline/schema';
import {
  describeEqualRateRatios,
  equalRatePlan,
  equalRateTable,
  type EqualRateSystem,
  type ObservedLoadStep,
  type RatePlanStep,
} from './lib/equal-rate';
import { requestJson } from './lib/http';
import { cpuSnapshot, cpuUse, describeCpuUse } from './lib/cpu';
import { runStep, type GeneratedRequest, type StepSpec } from './lib/load';
import { describeStages, stageFigures, stageSnapshot } from './lib/stage-metrics';
import { summariseProfiles } from './lib/profile';
import { ledgerProfileLine, ledgerProfileStep } from './lib/ledger-profile';
import { measureTransportFloor, type TransportFloor } from './lib/transport-floor';
import { gatewayConfigSchema } from '@coin/gateway';
import { say, status } from './lib/progress';
import { benchServiceEnv } from './lib/service-env';
import { describeBreakdown } from './lib/hop-breakdown';
import { stepBreakdown, tracedEnv } from './lib/span-sink';
import { pipelineInvariants } from './lib/invariants';
import { describeStep, progressTick } from './lib/step-report';
import { baselineBestStep, bestTopologyResult, isPipelineOneByOne, pipelineBestStep, type BestTopologyResult } from './lib/best-topology';
import type { SplitStepResult } from './lib/split-load';
import { baselineTopology, parseTopology, pipelineTopology, type BaselineTopology, type PipelineTopology } from './lib/topology';
import { pick, randomAmount, transferGenerator } from './lib/transfers';
import { describeMonitoringLag, type MonitoringLag, withMonitoringLag } from './lib/monitoring-lag';
import { type ObservedStep, type SystemResult, writeResults } from './lib/run-report';

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
  /** BENCH_SKIP_LEDGER_PROFILE=1: no profiled step for the kafkajs share of the ledger's CPU (./lib/ledger-profile.ts). */
  skipLedgerProfile: process.env.BENCH_SKIP_LEDGER_PROFILE === '1',
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
/** What a step is observed with besides the load generator: the processes and /metrics pages. */
interface Observed {
  /** Label → pid of the system's own processes (services, or the baseline server). */
  pids: () => Record<string, number | undefined>;
  /** Label → base URL of services whose /metrics the step reads. */
  metricsUrls: Record<string, string>;
}

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

/** Keeps the monitoring service's lag and cases, judged, in the result (its report line), and says them. */
function keepMonitoringLag(result: Record<string, any>): (lag: MonitoringLag) => void {
  return (lag) => {
    result.monitoringLag = lag;
    say(describeMonitoringLag(lag).replaceAll('**', ''));
  };
}

/** The equal-rate steps' rates: fractions of the baseline's peak (or of BENCH_EQUAL_RATE_PEAK). */
interface EqualPlan {
  reference: number | null;
  source: string;
  plan: RatePlanStep[];
}

function planFrom(baselinePeak: number | null): EqualPlan {
  const reference = settings.equalRatePeak ?? baselinePeak;
  const source = settings.equalRatePeak !== null ? 'given by BENCH_EQUAL_RATE_PEAK' : 'measured in this run';
  const plan = equalRatePlan(reference, settings.equalFractions);
  if (plan.length > 0)
    say(`equal-rate steps at ${plan.map((r) => `${r.label} = ${r.ratePerSec}/s`).join(', ')} (of ${reference}/s, ${source})`);
  return { reference, source, plan };
}

/** One run of `npm run bench`: what it set up, what is running, and what it measured so far. */
interface Run {
  startedAt: string;
  notes: string[];
  infra: Awaited<ReturnType<typeof ensureInfra>>;
  prefix: string;
  runDir: string;
  jwtKey: JwtKey;
  cacheMacSecret: string;
  profileDir: string;
  nodeArgs: Partial<Record<ServiceName, string[]>>;
  result: Record<string, any>;
  stack?: ProcessStack;
  baseline?: ChildProcess;
  /** The equal-rate steps' rates, known once the baseline's ladder ran. */
  equal?: EqualPlan;
  equalSteps: Partial<Record<EqualRateSystem, ObservedLoadStep[]>>;
  equalNotes: string[];
  /** The best-topology step (./lib/best-topology.ts): each design's topology and step once run. */
  best: {
    pipelineTopology?: PipelineTopology;
    pipelineStep: SplitStepResult | null;
    baselineTopology?: BaselineTopology;
    baselineStep: SplitStepResult | null;
  };
}

/** The seeded users and what this build can do, found once the stack is up. */
interface Seeded {
  users: SeededUser[];
  routes: Set<string>;
  can: { mint: boolean; transfer: boolean; purchase: boolean };
  mintedMinor: number | null;
  operator?: Operator;
}

/** The result before anything is measured. */
function initialResult(startedAt: string, notes: string[]): Record<string, any> {
  return {
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
}

/** Infrastructure, topics and schemas for this run's prefix, the JWT key and the cache secret. */
async function prepareRun(): Promise<Run> {
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
  return {
    startedAt,
    notes,
    infra,
    prefix,
    runDir,
    jwtKey,
    cacheMacSecret,
    profileDir,
    nodeArgs,
    result: initialResult(startedAt, notes),
    equalSteps: {},
    equalNotes: [],
    best: { pipelineStep: null, baselineStep: null },
  };
}

/** The four services, users seeded through the user service, and funded through MINT when the build can. */
async function startAndSeed(run: Run): Promise<{ stack: ProcessStack; seeded: Seeded }> {
  const { infra, prefix, jwtKey, cacheMacSecret, runDir, nodeArgs } = run;
  say('starting the four services as child processes');
  const stack = await ProcessStack.start({ infra, prefix, jwtKey, cacheMacSecret, logDir: runDir, extraEnv: await tracedEnv(), nodeArgs });
  run.stack = stack;
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
  const seeded: Seeded = { users, routes, can, mintedMinor: 0 };
  await fundUsersIfMintable(run, stack, seeded);
  return { stack, seeded };
}

async function fundUsersIfMintable(run: Run, stack: ProcessStack, seeded: Seeded): Promise<void> {
  const { users } = seeded;
  if (seeded.can.mint && !settings.skipPipeline) {
    const operator = await createOperator({
      gatewayUrl: stack.gatewayUrl,
      userDatabaseUrl: stack.env('user').USER_DATABASE_URL!,
      prefix: run.prefix,
    });
    seeded.operator = operator;
    seeded.mintedMinor = await fundUsers({
      gatewayUrl: stack.gatewayUrl,
      operator,
      userIds: users.map((u) => u.userId),
      coins: settings.fundCoins,
      onProgress: (done) => status(`funding: ${done}/${users.length} MINT commands`),
    });
    say(`${users.length} users funded with ${settings.fundCoins} coins each through POST /api/admin/mint`);
  } else {
    run.notes.push('POST /api/admin/mint is not in this build: users were not funded and the pipeline was not measured');
  }
}

/** The pipeline's processes and the /metrics pages its steps read. */
function pipelineObservedOf(running: ProcessStack): Observed {
  return {
    pids: () => Object.fromEntries(serviceNames.map((n) => [n, running.pid(n)])),
    metricsUrls: { gateway: running.metricsUrls.gateway, ledger: running.metricsUrls.ledger, history: running.metricsUrls.history },
  };
}

/** The pipeline's ladder, with the monitoring lag at it and PostgreSQL's commits during it. */
async function pipelineLadder(run: Run, running: ProcessStack, seeded: Seeded, pipelineObserved: Observed): Promise<void> {
  const { result, infra } = run;
  const { users, can } = seeded;
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
    run.notes.push('POST /api/coins/transfer is not in this build: pipeline not measured');
  }
}

/** Purchases into one treasury through the pipeline, then bulk payouts (./lib/payouts.ts): 1,000-line payouts from REWARDS. */
async function pipelineHotAccountAndPayouts(run: Run, stack: ProcessStack, seeded: Seeded, pipelineObserved: Observed): Promise<void> {
  const { result, prefix } = run;
  const { users, can, routes, operator } = seeded;
  if (can.purchase && can.mint && !settings.skipPipeline && settings.hotConnections > 0) {
    result.hotAccount = await hotAccount('pipeline', stack.gatewayUrl, purchaseGenerator(users), pipelineObserved);
  } else {
    run.notes.push('POST /api/coins/purchase is not in this build: hot account not measured');
  }
  // Bulk payouts (./lib/payouts.ts): 1,000-line payouts from REWARDS, lines per second.
  if (operator && routes.has('/api/coins/payouts') && !settings.skipPayouts) {
    result.payouts = await measurePayouts({ stack, prefix, users, operator });
    seeded.mintedMinor = (seeded.mintedMinor ?? 0) + (result.payouts as PayoutResult).fundedMinor;
  }
}

/** The pipeline in the topology the cores give (or BENCH_BEST_TOPOLOGY), when that is not 1×1. */
async function pipelineBestTopology(run: Run, stack: ProcessStack, seeded: Seeded): Promise<void> {
  const { result, best } = run;
  if (result.pipeline && !settings.skipBest) {
    best.pipelineTopology = chosenPipelineTopology(result.pipeline);
    if (!isPipelineOneByOne(best.pipelineTopology)) {
      say(
        `best topology for ${cpus().length} cores: ${best.pipelineTopology.gateways} gateways × ${best.pipelineTopology.ledgers} ledgers`,
      );
      best.pipelineStep = await pipelineBestStep({
        stack,
        prefix: run.prefix,
        kafkaBrokers: run.infra.kafkaBrokers,
        topology: best.pipelineTopology,
        connections: peakConnections(result.pipeline),
        logDir: run.runDir,
        next: transferGenerator(seeded.users, true),
        settings: { stepSec: settings.stepSec, warmupSec: settings.warmupSec, settleSec: 5 },
      });
      if (best.pipelineStep.cpu) say(`  ${describeCpuUse(best.pipelineStep.cpu)}`);
    }
  }
}

/** The pipeline's audit once every credit leg landed, then the stack stopped (gracefully, for the CPU profiles). */
async function auditAndStopPipeline(run: Run, stack: ProcessStack, seeded: Seeded): Promise<void> {
  const { result } = run;
  result.creditsSettledSec = await creditsSettled(stack); // every credit leg landed before the audit
  result.invariants = await pipelineInvariants(stack, run.prefix, seeded.can.mint ? seeded.mintedMinor : null);
  if (!seeded.can.mint) result.invariants.details.note = 'no money moved in this build';

  if (settings.cpuProf.length > 0) {
    say('stopping the stack gracefully so the CPU profiles are written');
    await stack.stop();
    run.stack = undefined;
    result.profiles = summariseProfiles(run.profileDir, settings.cpuProf);
    process.stderr.write(`${result.profiles}\n`);
  } else {
    await stack.stop();
    run.stack = undefined;
  }
}

/** The baseline's schema and its one server, as the ladder runs it. */
interface BaselineRun {
  schema: string;
  ids: SeededUser['userId'][];
  balanceMinor: number;
  treasuryId: number;
  env: Record<string, string>;
  url: string;
  observed: Observed;
  /** Transfers between seeded users, as the baseline's POST /transfer takes them. */
  next: () => GeneratedRequest;
}

/** The baseline's schema prepared and its server started (one process, one transaction per transfer). */
async function startLadderBaseline(run: Run, seeded: Seeded): Promise<BaselineRun> {
  const { infra, jwtKey } = run;
  const schema = baselineSchema(run.prefix);
  const treasuryId = 1_000_000_000;
  const ids = seeded.users.map((u) => u.userId);
  const balanceMinor = settings.fundCoins * 100;
  await prepareBaseline({ adminUrl: infra.databaseUrl, schema, accountIds: ids, balanceMinor, treasuryId });
  const port = await freePort();
  const env = {
    BASELINE_DATABASE_URL: infra.databaseUrl,
    BASELINE_SCHEMA: schema,
    BASELINE_JWT_PUBLIC_KEY: createPublicKey(jwtKey.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString(),
  };
  const server = startBaseline(
    { ...env, BASELINE_PORT: String(port), BASELINE_POOL_MAX: String(baselinePoolMax) },
    join(run.runDir, 'baseline.log'),
  );
  run.baseline = server;
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, 30_000);
  say('baseline up (one process, one transaction with SELECT … FOR UPDATE per transfer)');
  const toPath = (g: GeneratedRequest): GeneratedRequest => ({
    ...g,
    path: '/transfer',
    headers: { authorization: g.headers.authorization! },
  });
  const gen = transferGenerator(seeded.users, false);
  const observed: Observed = { pids: () => ({ baseline: server.pid }), metricsUrls: {} };
  return { schema, ids, balanceMinor, treasuryId, env, url, observed, next: () => toPath(gen()) };
}

/** The baseline's ladder, its hot account (everyone paying one row), and its equal-rate steps. */
async function measureBaseline(run: Run, seeded: Seeded, b: BaselineRun): Promise<void> {
  const { result } = run;
  result.baseline = await measureSystem('baseline', b.url, b.next, b.observed);
  if (settings.hotConnections > 0)
    result.baselineHotAccount = await hotAccount(
      'baseline',
      b.url,
      () => {
        const from = pick(seeded.users);
        return {
          path: '/transfer',
          headers: { authorization: `Bearer ${from.accessToken}` },
          body: JSON.stringify({ toUserId: b.treasuryId, amount: randomAmount(), reason: 'bench purchase' }),
        };
      },
      b.observed,
    );
  run.equal = planFrom((result.baseline as SystemResult).transfersPerSec);
  if (run.equal.plan.length > 0)
    run.equalSteps.baseline = await equalRateSteps('baseline', b.url, b.next, b.observed, run.equal.plan, false);
}

/** The baseline in the topology the cores give (or BENCH_BEST_TOPOLOGY), when that is more than one process. */
async function baselineBestTopology(run: Run, b: BaselineRun): Promise<void> {
  const { result, best } = run;
  best.baselineTopology = chosenBaselineTopology(result.baseline);
  if (best.baselineTopology.processes > 1) {
    // The ladder's process gives way: the best topology's processes share its pool budget.
    run.baseline?.kill('SIGTERM');
    run.baseline = undefined;
    say(
      `best topology for ${cpus().length} cores: ${best.baselineTopology.processes} baseline processes × pool ${best.baselineTopology.poolEach}`,
    );
    best.baselineStep = await baselineBestStep({
      topology: best.baselineTopology,
      start: async (poolMax, label) => {
        const bestPort = await freePort();
        const child = startBaseline(
          { ...b.env, BASELINE_PORT: String(bestPort), BASELINE_POOL_MAX: String(poolMax) },
          join(run.runDir, `${label}.log`),
        );
        return { child, url: `http://127.0.0.1:${bestPort}` };
      },
      connections: peakConnections(result.baseline),
      next: b.next,
      settings: { stepSec: settings.stepSec, warmupSec: settings.warmupSec, settleSec: 0 },
    });
    if (best.baselineStep.cpu) say(`  ${describeCpuUse(best.baselineStep.cpu)}`);
  }
}

/** The naive baseline: ladder, hot account, equal-rate steps, best topology, then its own audit. */
async function baselineSteps(run: Run, seeded: Seeded): Promise<void> {
  if (settings.skipBaseline) return;
  const { result, infra } = run;
  const b = await startLadderBaseline(run, seeded);
  await measureBaseline(run, seeded, b);
  if (!settings.skipBest) await baselineBestTopology(run, b);
  const audit = await auditBaseline(infra.databaseUrl, b.schema, b.ids.length * b.balanceMinor);
  result.invariants.details.baseline = audit;
  result.invariants.ok = result.invariants.ok && audit.ok;
  run.baseline?.kill('SIGTERM');
  run.baseline = undefined;
  if (!settings.keep) await dropBaseline(infra.databaseUrl, b.schema);
}

/** The equal-rate plan when the baseline did not give one, with a note when there is none. */
function settleEqualPlan(run: Run): EqualPlan {
  run.equal ??= planFrom(null);
  if (run.equal.plan.length === 0 && settings.equalFractions.length > 0)
    run.notes.push("equal-rate steps not run: they need the baseline's peak (run the baseline, or give one with BENCH_EQUAL_RATE_PEAK)");
  return run.equal;
}

/** At the pipeline's peak step, the transport alone: how high the design could go here at best. */
async function transportFloorStep(run: Run, seeded: Seeded, equal: EqualPlan): Promise<void> {
  if (settings.skipFloor) return;
  const { result } = run;
  const peakConnections = (result.pipeline as SystemResult | null)?.steps.find((x) => x.label === result.pipeline.peakStep)?.connections;
  const bodies = transferGenerator(seeded.users, false);
  result.transportFloor = await measureTransportFloor({
    kafkaBrokers: run.infra.kafkaBrokers,
    prefix: run.prefix,
    connections: peakConnections ?? Math.max(...settings.concurrencies),
    durationSec: settings.stepSec,
    warmupSec: settings.warmupSec,
    // The linger the bench's gateway ran with: its configured default unless the bench set one.
    lingerMs: gatewayConfigSchema.shape.GATEWAY_PRODUCE_LINGER_MS.parse(benchServiceEnv().GATEWAY_PRODUCE_LINGER_MS),
    logDir: run.runDir,
    nextBody: () => bodies().body,
    // The durable floor writes to the PostgreSQL the services and the baseline use.
    durable: { databaseUrl: run.infra.databaseUrl },
    openLoop: {
      connections: equalRateConnections,
      rates: equal.plan.map((r) => ({ label: `${r.label} = ${r.ratePerSec}/s`, ratePerSec: r.ratePerSec })),
    },
  });
  // The open-loop steps go into the equal-rate table, not into transportFloor.
  const { openLoop, durableOpenLoop, ...floor } = result.transportFloor as TransportFloor;
  result.transportFloor = floor;
  if (equal.plan.length > 0) {
    run.equalSteps.floor = openLoop;
    run.equalSteps.durable = durableOpenLoop;
  }
}

/** The run's stack started once more on the same prefix, users, keys and cache secret (a restarted deployment). */
async function startStackAgain(run: Run, nodeArgs: Partial<Record<ServiceName, string[]>>): Promise<ProcessStack> {
  const { infra, prefix, jwtKey, cacheMacSecret, runDir } = run;
  run.stack = await ProcessStack.start({ infra, prefix, jwtKey, cacheMacSecret, logDir: runDir, extraEnv: await tracedEnv(), nodeArgs });
  return run.stack;
}

/**
 * The pipeline's equal-rate steps. The stack was stopped for the baseline and the floor (they never
 * compete with it), and these rates were not known before the baseline's ladder: the same stack, started again.
 */
async function pipelineEqualRate(run: Run, seeded: Seeded, equal: EqualPlan): Promise<void> {
  if (!(equal.plan.length > 0 && run.result.pipeline)) return;
  const { result, prefix, runDir } = run;
  say("starting the stack again for the pipeline's equal-rate steps");
  const restartStarted = Date.now();
  const restartNodeArgs: Partial<Record<ServiceName, string[]>> = {};
  for (const name of settings.cpuProf)
    restartNodeArgs[name] = ['--cpu-prof', `--cpu-prof-dir=${join(runDir, 'profiles-equal-rate', name)}`];
  const restarted = await startStackAgain(run, restartNodeArgs);
  say(`stack up again in ${Math.round((Date.now() - restartStarted) / 1000)} s: gateway ${restarted.gatewayUrl}`);
  run.equalNotes.push(
    `The pipeline's equal-rate steps ran on the same stack started again after the baseline and the floor (${settings.warmupSec} s warm-up first); its ladder ran on the first start.`,
  );
  run.equalSteps.pipeline = await equalRateSteps(
    'pipeline',
    restarted.gatewayUrl,
    transferGenerator(seeded.users, true),
    pipelineObservedOf(restarted),
    equal.plan,
    true,
  );
  await new Promise((r) => setTimeout(r, 2000)); // as after the ladder: let everything settle before the audit
  const again = await pipelineInvariants(restarted, prefix, seeded.can.mint ? seeded.mintedMinor : null);
  result.invariants.details.afterEqualRate = again.details;
  result.invariants.ok = result.invariants.ok && again.ok;
  await restarted.stop();
  run.stack = undefined;
}

/**
 * The kafkajs share of the ledger's CPU (./lib/ledger-profile.ts): the stack once more, its ledger
 * profiled, one open step at the equal-rate plan's 80 % (the rate CPU per line is compared at), or
 * 80 % of the pipeline's peak when there is no plan.
 */
async function ledgerProfile(run: Run, seeded: Seeded, equal: EqualPlan): Promise<void> {
  const { result, prefix, runDir } = run;
  if (settings.skipLedgerProfile || !result.pipeline) return;
  const planned = equal.plan.find((step) => Math.abs(step.fraction - 0.8) < 1e-9) ?? equal.plan.at(-1);
  const ratePerSec = planned?.ratePerSec ?? Math.round((result.pipeline as SystemResult).transfersPerSec * 0.8);
  say(`starting the stack once more, its ledger profiled, for the kafkajs share of its CPU at ${ratePerSec}/s`);
  result.ledgerProfile = await ledgerProfileStep({
    start: (profiled) => startStackAgain(run, profiled),
    profileDir: join(runDir, 'profiles-kafkajs-share'),
    next: transferGenerator(seeded.users, true),
    ratePerSec,
    connections: equalRateConnections,
    warmupSec: settings.warmupSec,
    stepSec: settings.stepSec,
    audit: async (stack) => {
      const again = await pipelineInvariants(stack, prefix, seeded.can.mint ? seeded.mintedMinor : null);
      result.invariants.details.afterLedgerProfile = again.details;
      result.invariants.ok = result.invariants.ok && again.ok;
    },
  });
  run.stack = undefined;
  say(ledgerProfileLine(result.ledgerProfile).replaceAll('**', ''));
}

/** The equal-rate table (./lib/equal-rate.ts) from the steps of the three systems, and its ratios said. */
function equalRateResult(run: Run, equal: EqualPlan): void {
  const { result } = run;
  if (equal.plan.length > 0 || result.pipeline) {
    result.equalRate = equalRateTable({
      referencePeakPerSec: equal.reference,
      referenceSource: equal.source,
      connections: equalRateConnections,
      stepSec: settings.stepSec,
      plan: equal.plan,
      steps: run.equalSteps,
      pipelineLadder: result.pipeline,
      notes: run.equalNotes,
    });
    for (const line of describeEqualRateRatios(result.equalRate)) say(line.replaceAll('**', ''));
  }
}

/** The apply stage alone (`npm run bench:ledger`), the throughput ratio, and the best-topology comparison. */
async function ledgerApplyAndRatios(run: Run): Promise<void> {
  const { result, best } = run;
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
}

/** Every step of the run, in order: the pipeline's, the baseline's, the floor, the equal rates, the apply stage. */
async function runSteps(run: Run): Promise<void> {
  const { stack, seeded } = await startAndSeed(run);
  const pipelineObserved = pipelineObservedOf(stack);
  await pipelineLadder(run, stack, seeded, pipelineObserved);
  await pipelineHotAccountAndPayouts(run, stack, seeded, pipelineObserved);
  await pipelineBestTopology(run, stack, seeded);
  await auditAndStopPipeline(run, stack, seeded);
  await baselineSteps(run, seeded);
  const equal = settleEqualPlan(run);
  await transportFloorStep(run, seeded, equal);
  await pipelineEqualRate(run, seeded, equal);
  await ledgerProfile(run, seeded, equal);
  equalRateResult(run, equal);
  await ledgerApplyAndRatios(run);
}

async function main(): Promise<void> {
  // Settings come from the environment (above); an argument would be silently ignored, so none is taken.
  argsOrExit(() =>
    parseCliArgs(
      { args: process.argv.slice(2), options: {} },
      'usage: npm run bench [-- --ab <git ref> [--rounds N]] (settings: BENCH_* environment variables)',
    ),
  );
  const run = await prepareRun();
  try {
    await runSteps(run);
  } finally {
    await run.stack?.stop();
    run.baseline?.kill('SIGTERM');
    if (!settings.keep) await removeTopicsAndSchemas(run.infra, [run.prefix]).catch((err: Error) => say(`clean-up failed: ${err.message}`));
  }
  writeResults(run.result, settings);
  if (!run.result.invariants.ok) process.exitCode = 1;
}

// `npm run bench -- --ab <ref>`: this checkout's pipeline against another build's, interleaved (./ab.ts).
const entry = process.argv.includes('--ab') ? () => runAb(process.argv.slice(2)) : main;
entry().catch((err: unknown) => {
  say(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
