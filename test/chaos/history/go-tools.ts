/**
 * The checker run's two Go programs, built the same way on every machine with the installed `go`
 * (modules from the Go module proxy, GOFLAGS=-mod=mod), into gitignored directories:
 *  - the linearizability checker (test/checker, Porcupine) into .run/checker/checker, rebuilt
 *    on every run (Go's build cache makes an unchanged rebuild take a moment);
 *  - Toxiproxy's server, pinned, into .tools/toxiproxy-<version>/server, installed once.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { goCommand, repoRoot, run, tail } from '../../../scripts/infra/common';
import { withLock } from '../../../scripts/infra/python-tool';

/** Toxiproxy's release, pinned: change it here and the next run installs it beside the old one. */
export const toxiproxyVersion = 'v2.12.0';

/** What needs Go, as its error names it. */
const checkerRun = 'the checker run';

const checkerDir = join(repoRoot, 'test', 'checker');
const checkerBin = join(repoRoot, '.run', 'checker', 'checker');

const goEnv = () => ({ ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' });

/** Builds the checker; returns its path. */
export async function buildChecker(): Promise<string> {
  mkdirSync(join(repoRoot, '.run', 'checker'), { recursive: true });
  return withLock(join(repoRoot, '.run', 'checker', '.build-lock'), 300_000, async () => {
    const built = await run(goCommand(checkerRun), ['build', '-o', checkerBin, '.'], { cwd: checkerDir, env: goEnv() });
    if (built.code !== 0) throw new Error(`go build of test/checker failed:\n${tail(built.stderr)}`);
    return checkerBin;
  });
}

/** `go test` of the checker's model (its hand-made histories); returns the verbose output. */
export async function testCheckerModel(): Promise<{ ok: boolean; output: string }> {
  const result = await run(goCommand(checkerRun), ['test', '-count=1', '-v', '.'], { cwd: checkerDir, env: goEnv() });
  return { ok: result.code === 0, output: result.stdout + result.stderr };
}

/** The pinned toxiproxy-server, installed with `go install` when missing; returns its path. */
export async function ensureToxiproxy(log: (m: string) => void = () => undefined): Promise<string> {
  const dir = join(repoRoot, '.tools', `toxiproxy-${toxiproxyVersion}`);
  const bin = join(dir, 'server');
  if (existsSync(bin)) return bin;
  return withLock(join(repoRoot, '.tools', '.toxiproxy-lock'), 600_000, async () => {
    if (existsSync(bin)) return bin;
    log(`installing toxiproxy-server ${toxiproxyVersion} into ${dir}`);
    const installed = await run(goCommand(checkerRun), ['install', `github.com/Shopify/toxiproxy/v2/cmd/server@${toxiproxyVersion}`], {
      env: { ...goEnv(), GOBIN: dir },
    });
    if (installed.code !== 0 || !existsSync(bin)) throw new Error(`go install of toxiproxy-server failed:\n${tail(installed.stderr)}`);
    return bin;
  });
}

export interface CheckerAnomaly {
  wallet: number;
  description: string;
  operations: number[];
}

export interface CheckerResult {
  wallets: number;
  operations: number;
  effects: number;
  anomalies: CheckerAnomaly[];
  undecided: number[];
  /** The checker's exit code: 0 none, 1 anomalies, 2 undecided or unreadable. */
  exitCode: number;
  ms: number;
}

/** Runs the checker over a history file (and writes Porcupine's visualization when `html` is given). */
export async function runChecker(historyFile: string, options: { html?: string; timeoutS?: number } = {}): Promise<CheckerResult> {
  const bin = await buildChecker();
  const began = Date.now();
  const args = [
    '-json',
    '-history',
    historyFile,
    '-timeout',
    `${options.timeoutS ?? 60}s`,
    ...(options.html ? ['-html', options.html] : []),
  ];
  const result = await run(bin, args);
  let parsed: Omit<CheckerResult, 'exitCode' | 'ms'>;
  try {
    parsed = JSON.parse(result.stdout) as Omit<CheckerResult, 'exitCode' | 'ms'>;
  } catch {
    throw new Error(`the checker answered no result (exit ${result.code}):\n${tail(result.stderr)}`);
  }
  return { ...parsed, exitCode: result.code, ms: Date.now() - began };
}
