/**
 * `npm run bench`'s fair comparison: besides the 1×1 ladder, each design at its
 * best topology for this machine's cores (./topology.ts) — the pipeline at N gateways × M
 * ledgers, the baseline at N processes sharing its one pool — one closed-loop step each at the
 * connections of its own 1×1 peak, and both ratios: 1×1 and best against best. When the cores
 * give 1×1 and one baseline process (2 cores), nothing more is run: the best topology is the one
 * the ladder measured, and the report says so.
 */
import type { ChildProcess } from 'node:child_process';
import { createKafka } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import type { ProcessStack } from '../../scripts/stack/processes';
import { waitForReady } from '../../scripts/stack/processes';
import { type Extra, startExtra, stopGraceMs, waitForLedgerGroup } from './extra-processes';
import type { GeneratedRequest } from './load';
import { say } from './progress';
import { splitLoadStep, type SplitStepResult } from './split-load';
import type { BaselineTopology, PipelineTopology } from './topology';

export interface BestStepSettings {
  stepSec: number;
  warmupSec: number;
  /** Load while the ledger group rebalances onto the extra ledgers. */
  settleSec: number;
}

export interface BestTopologyResult {
  cores: number;
  /** Where the topology came from: the cores and the 1×1 CPU shares, or BENCH_BEST_TOPOLOGY. */
  source: string;
  pipeline: { topology: PipelineTopology; step: SplitStepResult | null; transfersPerSec: number | null };
  baseline: { topology: BaselineTopology; step: SplitStepResult | null; transfersPerSec: number | null };
  ratioOneByOne: number | null;
  ratioBest: number | null;
  notes: string[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function isPipelineOneByOne(t: PipelineTopology): boolean {
  return t.gateways === 1 && t.ledgers === 1;
}

/**
 * The pipeline at `topology`: the stack's own gateway and ledger plus the extra ones, the load
 * split over the gateways; the extras are stopped again before it returns.
 */
export async function pipelineBestStep(spec: {
  stack: ProcessStack;
  prefix: string;
  kafkaBrokers: string[];
  topology: PipelineTopology;
  connections: number;
  logDir: string;
  next: () => GeneratedRequest;
  settings: BestStepSettings;
}): Promise<SplitStepResult> {
  const { stack, topology } = spec;
  const extras: Extra[] = [];
  const exits: string[] = [];
  const admin = createKafka({ brokers: spec.kafkaBrokers, clientId: 'bench-best', logger: createLogger('bench-best', 'warn') }).admin();
  await admin.connect();
  try {
    for (let i = 2; i <= topology.ledgers; i += 1) extras.push(await startExtra(stack, 'ledger', `best-ledger-${i}`, spec.logDir, exits));
    for (let i = 2; i <= topology.gateways; i += 1)
      extras.push(await startExtra(stack, 'gateway', `best-gateway-${i}`, spec.logDir, exits));
    const urls = [stack.gatewayUrl, ...extras.filter((e) => e.role === 'gateway').map((e) => e.url)];
    const pids = () => ({
      ...Object.fromEntries((['gateway', 'ledger', 'user', 'history'] as const).map((n) => [n, stack.pid(n)])),
      ...Object.fromEntries(extras.map((e) => [e.label, e.supervisor.pid])),
    });
    const name = `pipeline best ${topology.gateways}x${topology.ledgers}`;
    const load = (label: string, durationSec: number, unobserved: boolean) =>
      splitLoadStep({ label: `${name} ${label}`, urls, connections: spec.connections, durationSec, next: spec.next, pids, unobserved });
    if (topology.ledgers > 1) {
      await load('settle', spec.settings.settleSec, true);
      const group = await waitForLedgerGroup(admin, `${spec.prefix}ledger-service`, topology.ledgers, 60_000);
      say(`${name}: ledger group ${group.state}, partitions ${group.members.map((m) => `[${m.partitions.join(',')}]`).join(' ')}`);
    }
    await load('warm-up', spec.settings.warmupSec, true);
    const step = await load(`c=${spec.connections}`, spec.settings.stepSec, false);
    if (exits.length > 0) throw new Error(`an extra process exited during the best-topology step: ${exits.join('; ')}`);
    return step;
  } finally {
    await admin.disconnect();
    for (const extra of extras.reverse()) await extra.supervisor.stop(stopGraceMs);
  }
}

/** The baseline at `topology`: that many processes of the baseline server, each with its share of the pool. */
export async function baselineBestStep(spec: {
  topology: BaselineTopology;
  /** Starts one baseline process with this pool on a free port; returns it and its URL. */
  start: (poolMax: number, label: string) => Promise<{ child: ChildProcess; url: string }>;
  connections: number;
  next: () => GeneratedRequest;
  settings: BestStepSettings;
}): Promise<SplitStepResult> {
  const servers: Array<{ child: ChildProcess; url: string }> = [];
  try {
    for (let i = 1; i <= spec.topology.processes; i += 1) servers.push(await spec.start(spec.topology.poolEach, `baseline-best-${i}`));
    await Promise.all(servers.map((s) => waitForReady(s.url, 30_000)));
    const urls = servers.map((s) => s.url);
    const pids = () => Object.fromEntries(servers.map((s, i) => [`baseline-${i + 1}`, s.child.pid]));
    const name = `baseline best ${spec.topology.processes} processes × pool ${spec.topology.poolEach}`;
    await splitLoadStep({
      label: `${name} warm-up`,
      urls,
      connections: spec.connections,
      durationSec: spec.settings.warmupSec,
      next: spec.next,
      pids,
      unobserved: true,
    });
    return await splitLoadStep({
      label: `${name} c=${spec.connections}`,
      urls,
      connections: spec.connections,
      durationSec: spec.settings.stepSec,
      next: spec.next,
      pids,
    });
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
  }
}

/** The two ratios; a design left at 1×1 counts with its ladder's peak. */
export function bestTopologyResult(spec: {
  cores: number;
  source: string;
  pipeline: { topology: PipelineTopology; step: SplitStepResult | null; oneByOnePeak: number | null };
  baseline: { topology: BaselineTopology; step: SplitStepResult | null; oneByOnePeak: number | null };
}): BestTopologyResult {
  const notes: string[] = [];
  const best = (design: 'pipeline' | 'baseline', step: SplitStepResult | null, oneByOne: boolean, peak: number | null) => {
    if (oneByOne) {
      notes.push(`${design}: the best topology for ${spec.cores} cores is its 1×1, so its figure is the ladder's peak (no extra step run)`);
      return peak;
    }
    return step?.transfersPerSec ?? null;
  };
  const pipelineBest = best('pipeline', spec.pipeline.step, isPipelineOneByOne(spec.pipeline.topology), spec.pipeline.oneByOnePeak);
  const baselineBest = best('baseline', spec.baseline.step, spec.baseline.topology.processes === 1, spec.baseline.oneByOnePeak);
  const ratio = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? round2(a / b) : null);
  return {
    cores: spec.cores,
    source: spec.source,
    pipeline: { topology: spec.pipeline.topology, step: spec.pipeline.step, transfersPerSec: pipelineBest },
    baseline: { topology: spec.baseline.topology, step: spec.baseline.step, transfersPerSec: baselineBest },
    ratioOneByOne: ratio(spec.pipeline.oneByOnePeak, spec.baseline.oneByOnePeak),
    ratioBest: ratio(pipelineBest, baselineBest),
    notes,
  };
}

/** Lines for latest.md. */
export function bestTopologyMarkdown(r: BestTopologyResult): string[] {
  const cpu = (s: SplitStepResult | null) =>
    s?.cpu
      ? Object.entries(s.cpu.msPerTransfer)
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${v.toFixed(2)}`)
          .join(', ')
      : '—';
  const row = (name: string, topology: string, s: SplitStepResult | null, perSec: number | null) =>
    `| ${name} | ${topology} | ${perSec ?? 'not measured'} | ${s ? `${s.p50Ms} / ${s.p99Ms}` : 'the ladder’s'} | ${cpu(s)} |`;
  return [
    `## Best topology against best topology (${r.cores} cores; ${r.source})`,
    '',
    '| design | topology | transfers/s | p50 / p99 ms | CPU ms per transfer |',
    '|---|---|---|---|---|',
    row(
      'pipeline',
      `${r.pipeline.topology.gateways} gateways × ${r.pipeline.topology.ledgers} ledgers`,
      r.pipeline.step,
      r.pipeline.transfersPerSec,
    ),
    row(
      'baseline',
      `${r.baseline.topology.processes} processes × pool ${r.baseline.topology.poolEach}`,
      r.baseline.step,
      r.baseline.transfersPerSec,
    ),
    '',
    `Pipeline / baseline: **1×1 ${r.ratioOneByOne ?? 'n/a'}×**, **best against best ${r.ratioBest ?? 'n/a'}×** (target: best against best ≥ 1.5×).`,
    ...r.notes.map((n) => `- ${n}`),
    '',
  ];
}
