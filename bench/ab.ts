/**
 * `npm run bench -- --ab <ref> [--rounds N]`: this checkout's pipeline against another build's,
 * interleaved on one stack (the same Kafka, PostgreSQL and Redis): N rounds (3), the order
 * alternating (this then ref, ref then this, …), each a pipeline-only `npm run bench` of that
 * build (c=16 and c=512 closed, the hot account, the equal-rate steps at 10/25/50/80 % of a fixed
 * reference rate). Prints, per measure, each build's median, this ÷ ref, and the spread of the
 * rounds' own ratios (bench/results/ab-latest.{md,json}).
 *
 * The ref is checked out once into `.bench/ab/<sha>` (a git worktree, gitignored), with this
 * checkout's node_modules hard-linked when the two lockfiles agree (`npm ci` there when not).
 * Settings: the BENCH_* environment of `npm run bench` (defaults below make the runs
 * pipeline-only and short: about 2 minutes each on the 2-core machine).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../scripts/stack/services';
import { compareRounds, describeComparison, type Measure, measuresOf, roundOrder } from './lib/ab-report';

interface Build {
  label: string;
  root: string;
}

const git = (args: string[], cwd = repoRoot) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** The ref as a worktree of its own, ready to run (node_modules and the pinned Node shared where they can be). */
function checkoutRef(ref: string): Build {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const root = join(repoRoot, '.bench', 'ab', sha);
  if (!existsSync(join(root, 'package.json'))) {
    mkdirSync(join(repoRoot, '.bench', 'ab'), { recursive: true });
    rmSync(root, { recursive: true, force: true });
    git(['worktree', 'prune']);
    git(['worktree', 'add', '--detach', root, sha]);
  }
  if (!existsSync(join(root, '.tools')) && existsSync(join(repoRoot, '.tools')))
    symlinkSync(join(repoRoot, '.tools'), join(root, '.tools'));
  if (!existsSync(join(root, 'node_modules'))) {
    const sameLock = readFileSync(join(root, 'package-lock.json'), 'utf8') === readFileSync(join(repoRoot, 'package-lock.json'), 'utf8');
    if (sameLock) {
      execFileSync('cp', ['-al', join(repoRoot, 'node_modules'), join(root, 'node_modules')]);
      // A copy of its own, newer than the checked-out lockfile: the bootstrap then sees the tree
      // installed and runs no install that would write into the files both trees share.
      const stamp = join(root, 'node_modules', '.package-lock.json');
      const text = readFileSync(stamp);
      rmSync(stamp);
      writeFileSync(stamp, text);
      const console = join('services', 'admin-console', 'node_modules');
      if (existsSync(join(repoRoot, console)) && !existsSync(join(root, console)))
        execFileSync('cp', ['-al', join(repoRoot, console), join(root, console)]);
    } else {
      execFileSync('sh', ['scripts/bootstrap.sh', 'exec', 'npm', 'ci'], { cwd: root, stdio: 'inherit' });
    }
  }
  return { label: `${ref} (${sha.slice(0, 7)})`, root };
}

/** The results directory's files, to put back after a run of this checkout wrote over them. */
function snapshotResults(root: string): Map<string, Buffer> {
  const dir = join(root, 'bench', 'results');
  return new Map(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file))]));
}

function restoreResults(root: string, saved: Map<string, Buffer>): void {
  for (const [file, bytes] of saved) writeFileSync(join(root, 'bench', 'results', file), bytes);
}

function waitFor(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runOnce(build: Build, env: NodeJS.ProcessEnv, log: string): Promise<Measure[]> {
  const saved = snapshotResults(build.root);
  const out = openSync(log, 'a');
  try {
    const code = await waitFor(
      spawn('sh', ['scripts/bootstrap.sh', 'exec', 'tsx', 'bench/run.ts'], { cwd: build.root, env, stdio: ['ignore', out, out] }),
    );
    if (code !== 0) throw new Error(`npm run bench of ${build.label} failed (exit ${code}); its output: ${log}`);
    const result = JSON.parse(readFileSync(join(build.root, 'bench', 'results', 'latest.json'), 'utf8'));
    if (result.invariants?.ok !== true) throw new Error(`${build.label}: the invariants did not hold after its run (${log})`);
    return measuresOf(result);
  } finally {
    restoreResults(build.root, saved);
  }
}

export async function runAb(args: string[]): Promise<void> {
  const at = args.indexOf('--ab');
  const ref = args[at + 1];
  if (!ref || ref.startsWith('--')) throw new Error('usage: npm run bench -- --ab <git ref> [--rounds N]');
  const roundsAt = args.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 3;
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10) throw new Error('--rounds takes a whole number from 1 to 10');

  const committed = JSON.parse(readFileSync(join(repoRoot, 'bench', 'results', 'latest.json'), 'utf8'));
  const env: NodeJS.ProcessEnv = {
    BENCH_SKIP_BASELINE: '1',
    BENCH_SKIP_FLOOR: '1',
    BENCH_SKIP_LEDGER_APPLY: '1',
    BENCH_SKIP_BEST: '1',
    // The profiled step reports; it compares nothing between builds and adds a stack start a round.
    BENCH_SKIP_LEDGER_PROFILE: '1',
    BENCH_USERS: '5000',
    BENCH_CONCURRENCY: '16,512',
    BENCH_OPEN_FRACTIONS: '',
    BENCH_EQUAL_FRACTIONS: '0.1,0.25,0.5,0.8',
    // The same offered rates for both builds: the baseline's peak of the last full run.
    BENCH_EQUAL_RATE_PEAK: String(committed.baseline?.transfersPerSec ?? 1000),
    ...process.env,
  };
  const builds = { this: { label: `this checkout (${git(['rev-parse', '--short', 'HEAD'])})`, root: repoRoot }, ref: checkoutRef(ref) };
  const logDir = join(repoRoot, '.run', 'bench', `ab_${Date.now().toString(36)}`);
  mkdirSync(logDir, { recursive: true });
  const measured: Record<'this' | 'ref', Measure[][]> = { this: [], ref: [] };
  for (const [round, order] of roundOrder(rounds).entries()) {
    for (const which of order) {
      const started = Date.now();
      measured[which].push(await runOnce(builds[which], env, join(logDir, `${round + 1}-${which}.log`)));
      console.error(`[ab] round ${round + 1}/${rounds} ${builds[which].label}: ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }
  const compared = compareRounds(measured.this, measured.ref);
  const table = describeComparison(compared, { this: builds.this.label, ref: builds.ref.label, rounds });
  const report = `# This checkout against ${builds.ref.label}, interleaved (${new Date().toISOString()})\n\n${table}\n`;
  console.log(report);
  writeFileSync(join(repoRoot, 'bench', 'results', 'ab-latest.md'), report);
  writeFileSync(
    join(repoRoot, 'bench', 'results', 'ab-latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), this: builds.this.label, ref: builds.ref.label, rounds, measured, compared }, null, 2)}\n`,
  );
}
