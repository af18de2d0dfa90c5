/**
 * Times `.ci/run` of an earlier commit and of this checkout on this machine, one after the other,
 * and prints the ratio: the CI-time target is a ratio to an earlier commit's run, and the same
 * commit's run took 908 s on one day and 1,556 s two days later on the same kind of machine, so
 * only runs of one sitting compare (CONTRIBUTING "Where it stands").
 *
 *   npm run ci:compare -- <base commit> [--rounds 1] [--keep]
 *
 * - The base is checked out beside this checkout (a detached git worktree under the system's
 *   temporary directory) with this checkout's .tools linked in: the same pinned Node and tools,
 *   none installed again inside a timed run. Its dependencies, the admin console's build and its
 *   migrations are done before the clock starts, as they are in this checkout.
 * - Both runs use this checkout's infrastructure (started here when it is not running; this
 *   checkout's run finds it as any of its runs does, the base is given its endpoints). The base
 *   gets a database of its own on the same server (`<database>_ci_base`, created when missing):
 *   its set-up refuses a database the newer migrations have changed (a table its grants table does
 *   not name), and this checkout's must stay as its own migrations left it.
 * - Each round runs both, the base first in odd rounds and this checkout first in even ones, so
 *   a drift of the machine's speed over the sitting weighs on both; each run is preceded by
 *   `npm run clean:runs`. Nothing else should run on the machine meanwhile: about 25 minutes a
 *   run on the 2-core machine.
 *
 * The logs and a summary (result.json) go to .run/ci-compare/. The worktree is removed at the end
 * unless --keep. Exit code: 0 when every run passed (the ratio is reported, not judged), else 1.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { argsOrExit, integerArg, parseCliArgs, UsageError } from './cli-args';
import { compareReport, outcomeOf, roundOrder, type RunOutcome, type Side } from './ci-compare-report';
import { ensureInfra, type InfraEndpoints } from './infra';

const usage =
  'usage: npm run ci:compare -- <base commit> [--rounds 1] [--keep]   (.ci/run of the base, then of this checkout, on this machine)';
const root = join(__dirname, '..');
const outDir = join(root, '.run', 'ci-compare');

interface Options {
  base: string;
  rounds: number;
  keep: boolean;
}

function parseOptions(args: string[]): Options {
  const { values, positionals } = parseCliArgs(
    { args, options: { rounds: { type: 'string' }, keep: { type: 'boolean' } }, allowPositionals: true },
    usage,
  );
  if (positionals.length !== 1) throw new UsageError(`one base commit, got ${positionals.length}\n${usage}`);
  const base = git(['rev-parse', '--verify', '--quiet', `${positionals[0]}^{commit}`]);
  if (!base) throw new UsageError(`no commit '${positionals[0]}' in this repository\n${usage}`);
  return { base, rounds: integerArg(values.rounds, '--rounds', 1, usage), keep: values.keep === true };
}

function git(args: string[]): string | undefined {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function log(message: string): void {
  process.stderr.write(`[ci-compare] ${message}\n`);
}

/** The base's own database on the server of `databaseUrl`, created when missing; its URL. */
async function baseDatabase(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1) || 'postgres'}_ci_base`;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    // The name is this checkout's database name and a fixed suffix, quoted as an identifier.
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** The base's checkout: a detached worktree with this checkout's .tools linked in. */
function baseWorktree(base: string): string {
  const dir = join(tmpdir(), `coin-ci-compare-${base.slice(0, 12)}`);
  if (!existsSync(dir) && git(['worktree', 'add', '--detach', dir, base]) === undefined) {
    throw new Error(`git worktree add ${dir} ${base} failed`);
  }
  if (existsSync(join(root, '.tools')) && !existsSync(join(dir, '.tools'))) symlinkSync(join(root, '.tools'), join(dir, '.tools'));
  return dir;
}

/** `command` in `cwd` with `env`, its output to `logFile` (or to stderr); its exit code. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, logFile?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', logFile ? 'pipe' : 'inherit', logFile ? 'pipe' : 'inherit'] });
    if (!logFile) {
      child.on('close', (code) => resolve(code ?? 1));
      return;
    }
    // Resolved once the log is written out, so a caller reads all of it.
    const out = createWriteStream(logFile);
    child.stdout?.pipe(out, { end: false });
    child.stderr?.pipe(out, { end: false });
    child.on('close', (code) => out.end(() => resolve(code ?? 1)));
  });
}

/** The infrastructure's endpoints as the variables a checkout's set-up reuses instead of starting its own. */
function infraEnv(endpoints: InfraEndpoints): NodeJS.ProcessEnv {
  return {
    KAFKA_BROKERS: endpoints.kafkaBrokers.join(','),
    REDIS_URL: endpoints.redisUrl,
    ...(endpoints.shardDatabaseUrl ? { SHARD_DATABASE_URL: endpoints.shardDatabaseUrl } : {}),
  };
}

async function timedRun(side: Side, round: number, cwd: string, env: NodeJS.ProcessEnv): Promise<RunOutcome> {
  const logFile = join(outDir, `${side}-${round}.log`);
  await run('npm', ['run', '--silent', 'clean:runs'], cwd, env, join(outDir, `${side}-${round}-clean.log`));
  log(`round ${round}: .ci/run of the ${side} (${cwd}), its log in ${logFile}`);
  const started = Date.now();
  const exitCode = await run(join(cwd, '.ci', 'run'), [], cwd, env, logFile);
  const outcome = outcomeOf(side, round, exitCode, (Date.now() - started) / 1000, readFileSync(logFile, 'utf8'), logFile);
  log(`round ${round}: the ${side} took ${outcome.seconds} s, exit ${exitCode}: ${outcome.summary}`);
  return outcome;
}

async function main(options: Options): Promise<number> {
  mkdirSync(outDir, { recursive: true });
  const head = git(['rev-parse', 'HEAD']) ?? 'unknown';
  log(`base ${options.base.slice(0, 12)} against this checkout (HEAD ${head.slice(0, 12)}, with its edits), ${options.rounds} round(s)`);
  const endpoints = await ensureInfra((message) => log(message), { ledgerShards: 2 });
  const baseDir = baseWorktree(options.base);
  // This checkout runs as a developer's .ci/run does; the base is pointed at the same servers.
  const headEnv = process.env;
  const baseEnv = { ...process.env, ...infraEnv(endpoints), DATABASE_URL: await baseDatabase(endpoints.databaseUrl) };
  const outcomes: RunOutcome[] = [];
  try {
    log(`the base's set-up (dependencies, console, migrations), before any clock`);
    if ((await run('sh', ['scripts/bootstrap.sh', 'infra'], baseDir, baseEnv, join(outDir, 'base-setup.log'))) !== 0) {
      throw new Error(`the base's set-up failed: ${join(outDir, 'base-setup.log')}`);
    }
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const side of roundOrder(round)) {
        outcomes.push(await timedRun(side, round, side === 'base' ? baseDir : root, side === 'base' ? baseEnv : headEnv));
      }
    }
  } finally {
    if (!options.keep) git(['worktree', 'remove', '--force', baseDir]);
  }
  const report = compareReport(options.base, head, outcomes);
  writeFileSync(join(outDir, 'result.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${report.lines.join('\n')}\n`);
  return outcomes.every((outcome) => outcome.exitCode === 0) ? 0 : 1;
}

if (require.main === module) {
  const options = argsOrExit(() => parseOptions(process.argv.slice(2)));
  main(options).then(
    (code) => process.exit(code),
    (err: Error) => {
      log(`failed: ${err.message}`);
      process.exit(1);
    },
  );
}
