/**
 * `npm run bench:gateway-cpu`: the gateway's CPU per transfer at fixed offered rates, two gateway
 * builds interleaved on one running stack (the house rule: "measured by process in interleaved
 * before/after runs on the same machine"). The other services run once, from this checkout; the
 * gateway is started from each build in turn (same port and environment), warmed up, and
 * measured at every rate, the order of the builds alternating round by round, so a slow spell
 * of a shared machine falls on both. Only ratios of the same round mean anything.
 *
 * Settings (environment): GWCPU_BEFORE_ROOT (a checkout of the other build, with its own
 * node_modules; without it only this checkout is measured), GWCPU_RATES (354,566: transfers/s,
 * the 50 % and 80 % equal-rate steps of the last full run on the 2-core machine), GWCPU_STEP_S
 * (10), GWCPU_ROUNDS (3), GWCPU_USERS (2000), GWCPU_CPU_PROF=1 (a V8 profile of every gateway
 * run, summarised at the end), GWCPU_GATEWAY_ENV (JSON: extra environment for the gateway),
 * GWCPU_WARMUP_S (3), GWCPU_BUILDS (more builds: `name=root,…`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { argsOrExit, parseCliArgs } from '../scripts/cli-args';
import { ensureInfra } from '../scripts/infra';
import { removeTopicsAndSchemas } from '../scripts/stack/cleanup';
import { generateJwtKey } from '../scripts/stack/keys';
import { ProcessStack, waitForReady } from '../scripts/stack/processes';
import { provision } from '../scripts/stack/provision';
import { seedUsers } from '../scripts/stack/seed';
import { repoRoot, serviceNames, serviceNodeArgs } from '../scripts/stack/services';
import { createOperator, fundUsers } from './lib/admin';
import { cpuSnapshot, cpuUse } from './lib/cpu';
import { runStep } from './lib/load';
import { summariseProfile } from './lib/profile';
import { say, status } from './lib/progress';
import { benchServiceEnv } from './lib/service-env';
import { transferGenerator } from './lib/transfers';

const settings = {
  beforeRoot: process.env.GWCPU_BEFORE_ROOT ?? null,
  rates: (process.env.GWCPU_RATES ?? '354,566').split(',').filter(Boolean).map(Number),
  stepSec: Number(process.env.GWCPU_STEP_S ?? 10),
  rounds: Number(process.env.GWCPU_ROUNDS ?? 3),
  users: Number(process.env.GWCPU_USERS ?? 2000),
  profile: process.env.GWCPU_CPU_PROF === '1',
  /** GWCPU_BUILDS: more builds to interleave, `name=root,name=root` (each candidate on its own). */
  otherBuilds: (process.env.GWCPU_BUILDS ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => ({ name: entry.split('=')[0]!, root: entry.split('=').slice(1).join('=') })),
  gatewayEnv: JSON.parse(process.env.GWCPU_GATEWAY_ENV ?? '{}') as Record<string, string>,
};
/**
 * Before each build's steps, at the first rate. Long enough that every user has been seen and a
 * 60 s bound on cached tokens has run out shows what a long-running gateway does; the 3 s default
 * only warms the JIT and the pools.
 */
const warmupSec = Number(process.env.GWCPU_WARMUP_S ?? 3);
const connections = 512;

interface Build {
  name: string;
  root: string;
}

interface Row {
  round: number;
  build: string;
  ratePerSec: number;
  achievedPerSec: number;
  p99Ms: number;
  errors: number;
  gatewayMsPerTransfer: number;
  msPerTransfer: Record<string, number>;
}

function startGateway(build: Build, env: Record<string, string>, logFile: string, profileDir: string | null): ChildProcess {
  const args = [
    ...serviceNodeArgs.gateway,
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    '--import',
    'tsx',
    join(build.root, 'services/gateway/src/main.ts'),
  ];
  const child = spawn(process.execPath, args, { cwd: build.root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: string[] = [];
  child.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.on('exit', () => writeFileSync(logFile, chunks.join('')));
  return child;
}

function stopGateway(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  argsOrExit(() =>
    parseCliArgs(
      { args: process.argv.slice(2), options: {} },
      'usage: npm run bench:gateway-cpu (settings: GWCPU_BEFORE_ROOT, GWCPU_BUILDS, GWCPU_RATES, GWCPU_STEP_S, GWCPU_ROUNDS, GWCPU_USERS, GWCPU_WARMUP_S, GWCPU_CPU_PROF, GWCPU_GATEWAY_ENV; see docs/PERFORMANCE.md)',
    ),
  );
  const infra = await ensureInfra((m) => status(m));
  const prefix = `gwcpu_${Date.now().toString(36)}_`;
  const runDir = join(repoRoot, '.run', 'bench', prefix);
  mkdirSync(runDir, { recursive: true });
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const jwtKey = generateJwtKey(`bench-${prefix}`);
  const builds: Build[] = [
    { name: 'this', root: repoRoot },
    ...(settings.beforeRoot ? [{ name: 'before', root: settings.beforeRoot }] : []),
    ...settings.otherBuilds,
  ];
  const rows: Row[] = [];
  const profiles: string[] = [];
  const live: Live = {};
  // Interrupted: the services and the measured gateway stop, and the run's topics and schemas go.
  let interrupted = false;
  const interrupt = () => {
    if (interrupted) process.exit(1);
    interrupted = true;
    say('interrupted: stopping the stack');
    void (async () => {
      if (live.gateway) await stopGateway(live.gateway);
      await live.stack?.stop();
      await removeTopicsAndSchemas(infra, [prefix]).catch(() => undefined);
      process.exit(1);
    })();
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const stack = await ProcessStack.start({ infra, prefix, jwtKey, logDir: runDir, extraEnv: benchServiceEnv() });
    live.stack = stack;
    const users = await seededAndFunded(stack, prefix, jwtKey);
    say(
      `${users.length} users seeded and funded; rates ${settings.rates.join(', ')}/s, ${settings.rounds} rounds of ${builds.length} builds`,
    );
    // The stack's own gateway makes way for the builds measured (its reply partition lease expires on its own).
    await stack.kill('gateway');
    const gatewayEnv = { ...stack.env('gateway'), ...settings.gatewayEnv };
    const next = transferGenerator(users, true);
    for (let round = 1; round <= settings.rounds; round += 1) {
      const order = round % 2 === 1 ? builds : [...builds].reverse();
      for (const build of order) {
        await measureBuild({ build, round, stack, live, gatewayEnv, next, runDir, rows, profiles });
      }
    }
  } finally {
    if (live.gateway) await stopGateway(live.gateway);
    await live.stack?.stop();
    await removeTopicsAndSchemas(infra, [prefix]).catch((err: Error) => say(`clean-up failed: ${err.message}`));
  }
  const report = [reportTable(rows, builds).join('\n'), ...profiles].join('\n\n');
  writeFileSync(join(runDir, 'gateway-cpu.md'), `${report}\n`);
  writeFileSync(join(runDir, 'gateway-cpu.json'), `${JSON.stringify({ settings, rows }, null, 2)}\n`);
  process.stdout.write(`${report}\n(${join(runDir, 'gateway-cpu.md')})\n`);
}

/** The bench's users, seeded straight into the databases, each funded with 10,000 coins through the API. */
async function seededAndFunded(stack: ProcessStack, prefix: string, jwtKey: ReturnType<typeof generateJwtKey>) {
  const users = await seedUsers({
    userDatabaseUrl: stack.env('user').USER_DATABASE_URL!,
    ledgerDatabaseUrl: stack.env('ledger').LEDGER_DATABASE_URL!,
    prefix,
    count: settings.users,
    jwtKey,
    log: status,
  });
  const operator = await createOperator({ gatewayUrl: stack.gatewayUrl, userDatabaseUrl: stack.env('user').USER_DATABASE_URL!, prefix });
  await fundUsers({ gatewayUrl: stack.gatewayUrl, operator, userIds: users.map((u) => u.userId), coins: 10_000 });
  return users;
}

/** What an interruption must stop: the stack and the gateway being measured, once started. */
interface Live {
  stack?: ProcessStack;
  gateway?: ChildProcess;
}

/** One build in one round: its gateway started, warmed up, measured at each rate, stopped; its CPU profiles summarised. */
async function measureBuild(run: {
  build: Build;
  round: number;
  stack: ProcessStack;
  live: Live;
  gatewayEnv: Record<string, string>;
  next: ReturnType<typeof transferGenerator>;
  runDir: string;
  rows: Row[];
  profiles: string[];
}): Promise<void> {
  const { build, round, stack: running, next, runDir } = run;
  const profileDir = settings.profile ? join(runDir, 'profiles', `${build.name}-${round}`) : null;
  const child = startGateway(build, run.gatewayEnv, join(runDir, `gateway-${build.name}-${round}.log`), profileDir);
  run.live.gateway = child;
  await waitForReady(running.metricsUrls.gateway, 90_000, { isAlive: () => child.exitCode === null });
  await runStep({
    label: 'warm-up',
    url: running.gatewayUrl,
    kind: 'open',
    connections,
    ratePerSec: settings.rates[0]!,
    durationSec: warmupSec,
    next,
  });
  for (const rate of settings.rates) {
    const pids = () => ({
      ...Object.fromEntries(serviceNames.map((n) => [n, n === 'gateway' ? child.pid : running.pid(n)])),
      'load generator': process.pid,
    });
    const before = cpuSnapshot(pids());
    const started = performance.now();
    const result = await runStep({
      label: `${build.name} ${rate}/s`,
      url: running.gatewayUrl,
      kind: 'open',
      connections,
      ratePerSec: rate,
      durationSec: settings.stepSec,
      next,
    });
    const use = cpuUse(before, cpuSnapshot(pids()), result.ok, (performance.now() - started) / 1000);
    const row: Row = {
      round,
      build: build.name,
      ratePerSec: rate,
      achievedPerSec: result.transfersPerSec,
      p99Ms: result.p99Ms,
      errors: result.errors + result.timeouts + result.non2xx,
      gatewayMsPerTransfer: use?.msPerTransfer.gateway ?? Number.NaN,
      msPerTransfer: use?.msPerTransfer ?? {},
    };
    run.rows.push(row);
    say(
      `round ${round} ${build.name} ${rate}/s: achieved ${row.achievedPerSec}/s, p99 ${row.p99Ms} ms, errors ${row.errors}, gateway ${row.gatewayMsPerTransfer} ms/transfer`,
    );
  }
  await stopGateway(child);
  run.live.gateway = undefined;
  if (profileDir) {
    const { readdirSync } = await import('node:fs');
    for (const file of readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')))
      run.profiles.push(summariseProfile(join(profileDir, file)));
  }
}

/** The report: per rate and build, the gateway's CPU per transfer in each round and their median; each build against "before". */
function reportTable(rows: Row[], builds: Build[]): string[] {
  const lines = ['| rate/s | build | gateway ms/transfer by round | median | achieved/s | p99 ms |', '|---|---|---|---|---|---|'];
  for (const rate of settings.rates) {
    for (const build of builds) {
      const mine = rows.filter((r) => r.ratePerSec === rate && r.build === build.name);
      lines.push(
        `| ${rate} | ${build.name} | ${mine.map((r) => r.gatewayMsPerTransfer.toFixed(2)).join(' / ')} | ${median(mine.map((r) => r.gatewayMsPerTransfer)).toFixed(2)} | ${mine.map((r) => r.achievedPerSec).join(' / ')} | ${mine.map((r) => r.p99Ms).join(' / ')} |`,
      );
    }
    for (const build of builds.filter((b) => b.name !== 'before')) {
      const ratios = [];
      for (let round = 1; round <= settings.rounds; round += 1) {
        const a = rows.find((r) => r.round === round && r.ratePerSec === rate && r.build === build.name);
        const b = rows.find((r) => r.round === round && r.ratePerSec === rate && r.build === 'before');
        if (a && b) ratios.push(a.gatewayMsPerTransfer / b.gatewayMsPerTransfer);
      }
      if (ratios.length > 0)
        lines.push(
          `| ${rate} | ${build.name} ÷ before | ${ratios.map((r) => r.toFixed(2)).join(' / ')} | ${median(ratios).toFixed(2)} | | |`,
        );
    }
  }
  return lines;
}

main().catch((err: unknown) => {
  say(`bench:gateway-cpu failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
