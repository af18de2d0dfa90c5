/**
 * The kafkajs share of the ledger's CPU, in every run: a step of its own at the end, on a stack
 * whose ledger runs under `--cpu-prof`, so the profiler's cost stays out of every other figure.
 * The ledger's profile covers its whole life (start-up, module loading, the warm-up); only the
 * samples inside the step's window count, one second in from each end to allow for the time
 * between the stack's start and the ledger process's.
 */
import { join } from 'node:path';
import type { ProcessStack } from '../../scripts/stack/processes';
import { runStep, type GeneratedRequest, type StepResult } from './load';
import { profileFiles, type WindowShare, windowShare } from './profile';
import { progressTick, describeStep } from './step-report';
import { say } from './progress';

export interface LedgerProfileResult {
  /** The open step's offered rate (80 % of the equal-rate reference peak) and what it gave. */
  step: Pick<StepResult, 'label' | 'offeredPerSec' | 'transfersPerSec' | 'p50Ms' | 'p99Ms' | 'ok'>;
  /** Seconds of the step the share is read over. */
  windowSec: number;
  /** The ledger's busy (not idle) CPU seconds in that window, over its processes. */
  busySec: number;
  /** kafkajs's self time ÷ the busy time, in per cent (its encoders, CRC, protocol, fetch parsing). */
  kafkajsPercent: number;
}

/** The share of `shares` (one per ledger process) in per cent, to one decimal. */
export function kafkajsPercent(shares: WindowShare[]): { busyMs: number; percent: number } {
  const busyMs = shares.reduce((n, s) => n + s.busyMs, 0);
  const kafkajsMs = shares.reduce((n, s) => n + s.kafkajsMs, 0);
  return { busyMs, percent: Math.round((kafkajsMs / Math.max(1, busyMs)) * 1000) / 10 };
}

/**
 * Starts the stack with a profiled ledger (`start` is given the node arguments), warms it, runs
 * one open step at `ratePerSec`, stops it gracefully (the profile is written on exit) and reads
 * the share over the step. `audit` runs on the stack before it stops.
 */
export async function ledgerProfileStep(options: {
  start: (nodeArgs: { ledger: string[] }) => Promise<ProcessStack>;
  profileDir: string;
  next: () => GeneratedRequest;
  ratePerSec: number;
  connections: number;
  warmupSec: number;
  stepSec: number;
  audit: (stack: ProcessStack) => Promise<void>;
}): Promise<LedgerProfileResult> {
  const dir = join(options.profileDir, 'ledger');
  const startedAt = Date.now();
  const stack = await options.start({ ledger: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  let result: StepResult;
  let window: { fromMs: number; toMs: number };
  try {
    const url = stack.gatewayUrl;
    // A fresh, profiled ledger falls behind an open rate at first (cold JIT): the closed warm-up,
    // then the step's own rate for twice as long, so the measured step starts without a backlog.
    await runStep({
      label: 'ledger profile warm-up',
      url,
      kind: 'closed',
      connections: 16,
      durationSec: options.warmupSec,
      next: options.next,
    });
    await runStep({
      label: 'ledger profile warm-up at rate',
      url,
      kind: 'open',
      connections: options.connections,
      ratePerSec: options.ratePerSec,
      durationSec: options.warmupSec * 2,
      next: options.next,
    });
    const label = `pipeline, ledger profiled, open ${options.ratePerSec}/s`;
    const stepStarted = Date.now();
    result = await runStep({
      label,
      url,
      kind: 'open',
      connections: options.connections,
      ratePerSec: options.ratePerSec,
      durationSec: options.stepSec,
      next: options.next,
      onTick: progressTick(label, options.stepSec),
    });
    window = { fromMs: stepStarted - startedAt + 1000, toMs: Date.now() - startedAt - 1000 };
    say(describeStep(result));
    await options.audit(stack);
  } finally {
    await stack.stop();
  }
  const files = profileFiles(dir);
  if (files.length === 0) throw new Error(`the ledger wrote no CPU profile under ${dir}`);
  const { busyMs, percent } = kafkajsPercent(files.map((file) => windowShare(file, window.fromMs, window.toMs)));
  const { label, offeredPerSec, transfersPerSec, p50Ms, p99Ms, ok } = result;
  return {
    step: { label, offeredPerSec, transfersPerSec, p50Ms, p99Ms, ok },
    windowSec: Math.round((window.toMs - window.fromMs) / 100) / 10,
    busySec: Math.round(busyMs / 100) / 10,
    kafkajsPercent: percent,
  };
}

/** The report's line. */
export function ledgerProfileLine(profile: LedgerProfileResult | null | undefined): string {
  if (!profile) return 'kafkajs share of the ledger’s CPU: not measured (no profiled step in this run).';
  return `kafkajs share of the ledger’s CPU: **${profile.kafkajsPercent} %** of ${profile.busySec} s busy over ${profile.windowSec} s of its own step (${profile.step.label}: ${profile.step.transfersPerSec}/s, p50 ${profile.step.p50Ms} ms; the ledger under --cpu-prof, a stack of its own, so no other figure pays the profiler).`;
}
