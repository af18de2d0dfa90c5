/**
 * Bulk payouts end to end: a platform client granted REWARDS pays 1,000 random users at a time
 * (`POST /api/coins/payouts`, all or nothing), closed loop, every payout answered 201. The figure
 * is payout **lines** per second: what a tournament or a shop's cash-back run feels.
 */
import { randomUUID } from 'node:crypto';
import { payoutLinesMax } from '@coin/contracts';
import { createPlatformClient, platformToken } from './platform-client';
import type { ProcessStack } from '../../scripts/stack/processes';
import type { SeededUser } from '../../scripts/stack/seed';
import { serviceNames, type ServiceName } from '../../scripts/stack/services';
import { cpuSnapshot, cpuUse, describeCpuUse, type CpuUse } from './cpu';
import { requestJson } from './http';
import type { Operator } from './admin';
import { runStep, type GeneratedRequest, type StepResult } from './load';
import { say } from './progress';
import { describeStages, stageFigures, stageSnapshot, type StageFigures } from './stage-metrics';
import { progressTick } from './step-report';

export interface PayoutSettings {
  /** Lines per payout (1,000: the most one payout may carry). */
  lines: number;
  /** Closed-loop connections, each with one payout in flight; the best step is the figure. */
  connections: number[];
  stepSec: number;
  warmupSec: number;
  /**
   * One more step at the best step's connections with the event consumers paused (`pausedConsumers`):
   * the ledger's own path, a diagnosis beside the figure (BENCH_PAYOUT_LEDGER_PATH=0: not taken).
   */
  ledgerPathStep: boolean;
}

export const defaultPayoutSettings: PayoutSettings = {
  lines: Number(process.env.BENCH_PAYOUT_LINES ?? payoutLinesMax),
  connections: (process.env.BENCH_PAYOUT_CONNECTIONS ?? '2,4,8').split(',').filter(Boolean).map(Number),
  stepSec: Number(process.env.BENCH_PAYOUT_STEP_S ?? 10),
  warmupSec: Number(process.env.BENCH_PAYOUT_WARMUP_S ?? 3),
  ledgerPathStep: process.env.BENCH_PAYOUT_LEDGER_PATH !== '0',
};

/**
 * The services that consume the ledger's events and that no payout's answer waits for. On this
 * box they share the two cores with the ledger; in a cluster they run on nodes of their own. The
 * ledger-path step pauses them (SIGSTOP, then SIGCONT): their events wait in Kafka meanwhile.
 */
export const pausedConsumers = ['history', 'webhooks', 'monitoring'] as const satisfies readonly ServiceName[];

export interface PayoutStep {
  label: string;
  connections: number;
  payoutsPerSec: number;
  linesPerSec: number;
  p50Ms: number;
  p99Ms: number;
  statusCodes: Record<string, number>;
  errors: number;
  cpu: CpuUse | null;
  stages: StageFigures | null;
}

export interface PayoutResult {
  linesPerPayout: number;
  /** The best closed-loop step's lines per second. */
  linesPerSec: number;
  peakStep: string;
  steps: PayoutStep[];
  /**
   * The best step's connections again, the event consumers paused: the lines/s of the ledger's own
   * path (gateway, ledger, Kafka, PostgreSQL), not the figure. Null: not taken.
   */
  ledgerPath: PayoutStep | null;
  /** Minor units minted into REWARDS for the run (the invariant check counts them). */
  fundedMinor: number;
}

/** Coins minted into REWARDS: far more than a run pays at ≤ 0.05 coin a line. */
const rewardsFundCoins = 10_000_000;

/** A SYSTEM token of a platform client granted REWARDS, with no daily reward cap (the bench's env turns it off). */
async function payoutClientToken(stack: ProcessStack, prefix: string): Promise<string> {
  const client = await createPlatformClient(
    {
      gatewayUrl: stack.gatewayUrl,
      userDatabaseUrl: stack.env('user').USER_DATABASE_URL!,
      prefix,
      redisUrl: stack.env('gateway').REDIS_URL!,
    },
    `bench-payouts-${randomUUID().slice(0, 8)}`,
    ['REWARDS'],
  );
  return platformToken(stack.gatewayUrl, client);
}

/** Mints into REWARDS (the bench turns the treasury mint's four-eyes off); returns the minor units. */
async function fundRewards(gatewayUrl: string, operator: Operator): Promise<number> {
  const minted = await requestJson(gatewayUrl, 'POST', '/api/admin/mint', {
    body: { treasury: 'REWARDS', amount: rewardsFundCoins, reason: 'bench payouts funding' },
    headers: { ...operator.headers, 'idempotency-key': randomUUID() },
  });
  if (minted.status !== 201) throw new Error(`REWARDS funding failed: ${minted.status} ${JSON.stringify(minted.body)}`);
  return rewardsFundCoins * 100;
}

/** `count` distinct users at random: a partial Fisher–Yates shuffle of the ids. */
function distinctRandom(ids: number[], count: number): number[] {
  const pool = [...ids];
  const picked: number[] = [];
  for (let i = 0; i < count && i < pool.length; i += 1) {
    const j = i + Math.floor(Math.random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    picked.push(pool[i]!);
  }
  return picked;
}

/** Payouts of `lines` distinct random users (spread over every partition by their keys' hash), 0.01–0.05 coin each. */
export function payoutGenerator(token: string, users: SeededUser[], lines: number): () => GeneratedRequest {
  const ids = users.map((u) => u.userId);
  if (ids.length < lines) throw new Error(`${lines} lines need at least as many users (${ids.length} seeded)`);
  return () => ({
    path: '/api/coins/payouts',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      from: { treasury: 'REWARDS' },
      reason: 'bench payout',
      lines: distinctRandom(ids, lines).map((toUserId) => ({ toUserId, amount: (1 + Math.floor(Math.random() * 5)) / 100 })),
    }),
  });
}

interface PayoutObserved {
  pids: () => Record<string, number | undefined>;
  metricsUrls: Record<string, string>;
  /** Processes stopped for the step and continued after its CPU is read (their metrics are not among `metricsUrls`). */
  paused?: number[];
}

/** Runs `run` with `pids` stopped (SIGSTOP), continuing them (SIGCONT) whatever it does. */
async function whilePaused<T>(pids: readonly number[], run: () => Promise<T>): Promise<T> {
  for (const pid of pids) process.kill(pid, 'SIGSTOP');
  try {
    return await run();
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGCONT');
  }
}

async function payoutStep(
  label: string,
  url: string,
  connections: number,
  durationSec: number,
  lines: number,
  next: () => GeneratedRequest,
  observed: PayoutObserved,
): Promise<PayoutStep> {
  const pids = () => ({ ...observed.pids(), 'load generator': process.pid });
  const { r, wallSeconds, cpu, stagesBefore } = await whilePaused(observed.paused ?? [], async () => {
    const [cpuBefore, stagesBefore] = [cpuSnapshot(pids()), await stageSnapshot(observed.metricsUrls)];
    const started = performance.now();
    const r: StepResult = await runStep({
      label,
      url,
      kind: 'closed',
      connections,
      durationSec,
      next,
      onTick: progressTick(label, durationSec),
    });
    const wallSeconds = (performance.now() - started) / 1000;
    // CPU per payout line (the "transfers" the CPU is divided by are lines here), read before the paused processes go on.
    return { r, wallSeconds, cpu: cpuUse(cpuBefore, cpuSnapshot(pids()), r.ok * lines, wallSeconds), stagesBefore };
  });
  const stages = stageFigures(stagesBefore, await stageSnapshot(observed.metricsUrls), wallSeconds);
  const step: PayoutStep = {
    label,
    connections,
    payoutsPerSec: r.transfersPerSec,
    linesPerSec: Math.round(r.transfersPerSec * lines),
    p50Ms: r.p50Ms,
    p99Ms: r.p99Ms,
    statusCodes: r.statusCodes,
    errors: r.errors + r.timeouts,
    cpu,
    stages,
  };
  say(
    `${label}: ${step.payoutsPerSec} payouts/s = ${step.linesPerSec} lines/s, p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms, codes ${JSON.stringify(r.statusCodes)}, errors ${step.errors}`,
  );
  if (cpu) say(`  ${describeCpuUse(cpu).replace('per transfer', 'per payout line')}`);
  say(`  ${describeStages(stages)}`);
  return step;
}

/**
 * Waits until no credit leg is in flight and no transaction was added for a second (a payout the
 * gateway gave up on, answered 503 after its 5 s wait, is still applied later), so that the
 * invariants are checked on a settled ledger; returns the seconds it took, null if it did not
 * settle in 180 s. A 201 answers the committed debit: the lines' credits in other partitions follow.
 */
export async function creditsSettled(stack: ProcessStack): Promise<number | null> {
  const started = Date.now();
  let previous: number | null = null;
  while (Date.now() - started < 180_000) {
    const supply = await requestJson(stack.urls.ledger, 'GET', '/internal/supply', {
      headers: await stack.internalHeaders('gateway', 'ledger'),
    }).catch(() => null);
    const report = supply?.status === 200 ? (supply.body as { inFlight?: number; transactions?: number }) : null;
    if (report?.inFlight === 0 && report.transactions === previous) return (Date.now() - started) / 1000;
    previous = report?.inFlight === 0 ? (report.transactions ?? null) : null;
    await new Promise((r) => setTimeout(r, 1000));
  }
  return null;
}

/** Waits until one payout is answered 201: every recipient's wallet open, the client's token known. */
async function firstPayout(url: string, next: () => GeneratedRequest): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const request = next();
    const answer = await requestJson(url, 'POST', request.path, { headers: request.headers, body: JSON.parse(request.body) });
    if (answer.status === 201) return;
    if (attempt >= 30) throw new Error(`a payout was not accepted: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * The payout measurement on a running stack whose users are seeded: funds REWARDS, makes the
 * platform client, warms up, then one closed-loop step per connection count.
 */
export async function measurePayouts(input: {
  stack: ProcessStack;
  prefix: string;
  users: SeededUser[];
  operator: Operator;
  settings?: PayoutSettings;
}): Promise<PayoutResult> {
  const { stack, settings = defaultPayoutSettings } = input;
  const fundedMinor = await fundRewards(stack.gatewayUrl, input.operator);
  const next = payoutGenerator(await payoutClientToken(stack, input.prefix), input.users, settings.lines);
  await firstPayout(stack.gatewayUrl, next);
  const observed: PayoutObserved = {
    pids: () => Object.fromEntries(serviceNames.map((n) => [n, stack.pid(n)])),
    metricsUrls: { gateway: stack.metricsUrls.gateway, ledger: stack.metricsUrls.ledger, history: stack.metricsUrls.history },
  };
  const first = Math.max(1, Math.min(...settings.connections));
  await runStep({
    label: 'payouts warm-up',
    url: stack.gatewayUrl,
    kind: 'closed',
    connections: first,
    durationSec: settings.warmupSec,
    next,
  });
  const steps: PayoutStep[] = [];
  for (const connections of settings.connections) {
    const label = `payouts of ${settings.lines} lines, closed c=${connections}`;
    steps.push(await payoutStep(label, stack.gatewayUrl, connections, settings.stepSec, settings.lines, next, observed));
  }
  const peak = steps.reduce((best, s) => (s.linesPerSec > best.linesPerSec ? s : best), steps[0]!);
  const ledgerPath = settings.ledgerPathStep ? await ledgerPathStep(stack, peak.connections, settings, next, observed) : null;
  return { linesPerPayout: settings.lines, linesPerSec: peak.linesPerSec, peakStep: peak.label, steps, ledgerPath, fundedMinor };
}

/**
 * The ledger-path step: `connections` payouts in flight while the event consumers are paused, so
 * that the figure is what the ledger's own path (gateway, ledger, Kafka, PostgreSQL) reaches when
 * nothing else wants the cores. Their events queue in Kafka and are consumed after it.
 */
async function ledgerPathStep(
  stack: ProcessStack,
  connections: number,
  settings: PayoutSettings,
  next: () => GeneratedRequest,
  observed: PayoutObserved,
): Promise<PayoutStep> {
  const paused = pausedConsumers.map((name) => stack.pid(name)).filter((pid): pid is number => pid !== undefined);
  const metricsUrls = Object.fromEntries(
    Object.entries(observed.metricsUrls).filter(([name]) => !(pausedConsumers as readonly string[]).includes(name)),
  );
  const label = `payouts of ${settings.lines} lines, closed c=${connections}, ${pausedConsumers.join(', ')} paused`;
  return payoutStep(label, stack.gatewayUrl, connections, settings.stepSec, settings.lines, next, { ...observed, metricsUrls, paused });
}

export interface PayoutRatios {
  /**
   * Payout lines/s ÷ the ledger's apply stage alone in transfers/s (its commands/s ÷ 2: a transfer
   * is two apply commands, its debit and its credit leg; a payout line is one transfer), target ≥ 0.8.
   */
  overApply: number | null;
  /** Payout lines/s ÷ the pipeline's transfer peak, target ≥ 5. */
  overTransferPeak: number | null;
  /** The ledger-path step's lines/s ÷ the apply stage alone in transfers/s, target ≥ 1.3. */
  ledgerPathOverApply: number | null;
  /** CPU per payout line (every process but the load generator) ÷ the pipeline's CPU per transfer at 80 % of its peak, target ≤ 0.2. */
  cpuPerLineOverTransfer: number | null;
}

/** The payout targets (docs/PERFORMANCE.md), as ratios. */
export const payoutTargets = { overApply: 0.8, overTransferPeak: 5, ledgerPathOverApply: 1.3, cpuPerLineOverTransfer: 0.2 } as const;

const ratio = (a: number | null, b: number | null) => (a !== null && b && b > 0 ? Math.round((a / b) * 100) / 100 : null);

/** The apply stage's commands/s in transfers/s: two commands a transfer. */
export const applyTransfersPerSec = (applyCommandsPerSec: number | null) => (applyCommandsPerSec === null ? null : applyCommandsPerSec / 2);

export function payoutRatios(
  linesPerSec: number,
  applyCommandsPerSec: number | null,
  transferPeakPerSec: number | null,
  ledgerPathLinesPerSec: number | null = null,
  cpu: { perLineMs: number | null; perTransferAt80Ms: number | null } = { perLineMs: null, perTransferAt80Ms: null },
): PayoutRatios {
  const applyTransfers = applyTransfersPerSec(applyCommandsPerSec);
  return {
    overApply: ratio(linesPerSec, applyTransfers),
    overTransferPeak: ratio(linesPerSec, transferPeakPerSec),
    ledgerPathOverApply: ledgerPathLinesPerSec === null ? null : ratio(ledgerPathLinesPerSec, applyTransfers),
    cpuPerLineOverTransfer: ratio(cpu.perLineMs, cpu.perTransferAt80Ms),
  };
}

/** CPU ms per payout line at the payout peak, summed over every process but the load generator. */
export function cpuPerLineMs(result: PayoutResult): number | null {
  const peak = result.steps.find((s) => s.label === result.peakStep);
  if (!peak?.cpu) return null;
  const ms = Object.entries(peak.cpu.msPerTransfer)
    .filter(([label]) => label !== 'load generator')
    .reduce((sum, [, v]) => sum + v, 0);
  return Math.round(ms * 1000) / 1000;
}

const verdict = (value: number | null, target: number) =>
  value === null ? 'not measured' : value >= target ? `**met**` : `**missed** (${Math.round((value / target) * 100)} % of it)`;
const atMost = (value: number | null, target: number) =>
  value === null ? 'not measured' : value <= target ? `**met**` : `**missed** (${Math.round((value / target) * 100)} % of it)`;

/** The payout section of a report: the figure, its ratios and every step. */
export function payoutMarkdown(result: PayoutResult, ratios: PayoutRatios, referenceSource: string, invariantsOk: boolean): string[] {
  return [
    `Bulk payouts (${result.linesPerPayout}-line payouts from REWARDS by a platform client to random users over every partition, closed loop, each answered 201): **${result.linesPerSec} lines/s** (${result.peakStep}); invariants after them **${invariantsOk ? 'ok' : 'VIOLATED'}**.`,
    `- ÷ the ledger's apply stage alone in transfers/s (its commands/s ÷ 2; ${referenceSource}): ${ratios.overApply ?? 'n/a'}× (target ≥ ${payoutTargets.overApply}×: ${verdict(ratios.overApply, payoutTargets.overApply)})`,
    `- ÷ the pipeline's transfer peak (${referenceSource}): ${ratios.overTransferPeak ?? 'n/a'}× (target ≥ ${payoutTargets.overTransferPeak}×: ${verdict(ratios.overTransferPeak, payoutTargets.overTransferPeak)})`,
    `- CPU per payout line ÷ the pipeline's CPU per transfer at 80 % of its peak (every process but the load generator): ${ratios.cpuPerLineOverTransfer ?? 'n/a'}× (target ≤ ${payoutTargets.cpuPerLineOverTransfer}×: ${atMost(ratios.cpuPerLineOverTransfer, payoutTargets.cpuPerLineOverTransfer)})`,
    ...(result.ledgerPath
      ? [
          `- the ledger's own path, ${pausedConsumers.join(', ')} paused for one more step: ${result.ledgerPath.linesPerSec} lines/s, ÷ the apply stage alone in transfers/s ${ratios.ledgerPathOverApply ?? 'n/a'}× (target ≥ ${payoutTargets.ledgerPathOverApply}×: ${verdict(ratios.ledgerPathOverApply, payoutTargets.ledgerPathOverApply)})`,
        ]
      : []),
    '',
    '| step | payouts/s | lines/s | p50 ms | p99 ms | codes | errors | CPU ms per line (by process) |',
    '|---|---|---|---|---|---|---|---|',
    ...[...result.steps, ...(result.ledgerPath ? [result.ledgerPath] : [])].map(
      (s) =>
        `| ${s.label} | ${s.payoutsPerSec} | ${s.linesPerSec} | ${s.p50Ms} | ${s.p99Ms} | ${Object.entries(s.statusCodes)
          .map(([code, n]) => `${code}:${n}`)
          .join(' ')} | ${s.errors} | ${s.cpu ? describeCpuUse(s.cpu) : '—'} |`,
    ),
  ];
}
