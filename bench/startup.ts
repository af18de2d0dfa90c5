/**
 * A service's start, compiled against tsx: the ledger started as a process on its own, against the
 * local infrastructure, as the image runs it (`node --conditions=compiled services/ledger/dist/main.js`,
 * the workspaces built by `tsc -b`) and as `npm start` runs it (`node --import tsx
 * services/ledger/src/main.ts`), the latter with tsx's transform cache warm (a second start on one
 * machine) and off (`TSX_DISABLE_CACHE=1`: a container's first start, its /tmp empty). Per start:
 * the time from spawn to its first `/readyz` 200, and its resident memory (VmRSS) 2 s after.
 * Runs are interleaved (one of each variant per round, the order rotated), after one unmeasured
 * start of each. `npm run bench:startup [-- --runs N]`; docs/operations/deployment.md "The image" has the figures.
 *
 * The compiled start runs with `--no-experimental-strip-types`, so a TypeScript file reached by
 * mistake fails it instead of being loaded.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { argsOrExit, integerArg, parseCliArgs } from '../scripts/cli-args';
import { ensureInfra } from '../scripts/infra';
import { removeTopicsAndSchemas } from '../scripts/stack/cleanup';
import { serviceEnvs } from '../scripts/stack/env';
import { generateJwtKey, generateServiceKeys } from '../scripts/stack/keys';
import { freePort } from '../scripts/stack/processes';
import { provision } from '../scripts/stack/provision';
import { repoRoot, type ServiceName, serviceNames } from '../scripts/stack/services';
import { percentile } from './lib/percentile';

const usage = 'usage: npm run bench:startup [-- --runs N (5)]';

interface Variant {
  name: string;
  args: string[];
  env: Record<string, string>;
}

const variants: Variant[] = [
  {
    name: 'compiled (node dist/)',
    args: ['--conditions=compiled', '--no-experimental-strip-types', 'services/ledger/dist/main.js'],
    env: {},
  },
  { name: 'tsx, cache warm', args: ['--import', 'tsx', 'services/ledger/src/main.ts'], env: {} },
  { name: 'tsx, no cache', args: ['--import', 'tsx', 'services/ledger/src/main.ts'], env: { TSX_DISABLE_CACHE: '1' } },
];

interface Start {
  readyMs: number;
  rssMb: number;
}

const rssMbOf = (pid: number) => {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(25_000).then(() => child.kill('SIGKILL'))]);
  await exited;
}

/** One start: spawn, poll /readyz every 20 ms until 200, RSS 2 s later, then SIGTERM. */
async function startOnce(variant: Variant, env: Record<string, string>, metricsUrl: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, { cwd: repoRoot, env: { ...process.env, ...env, ...variant.env }, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant.name}: exited ${child.exitCode} before ready`);
      if (performance.now() - started > 120_000) throw new Error(`${variant.name}: not ready in 120 s`);
      const ok = await fetch(`${metricsUrl}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await sleep(20);
    }
    const readyMs = performance.now() - started;
    await sleep(2000);
    return { readyMs, rssMb: rssMbOf(child.pid!) };
  } finally {
    await stop(child);
  }
}

/** The ledger's environment as `npm start` gives it, under the run's prefix, on free ports. */
async function ledgerEnv(
  infra: Awaited<ReturnType<typeof ensureInfra>>,
  prefix: string,
): Promise<{ env: Record<string, string>; metricsPort: number }> {
  const ports = {} as Record<ServiceName, number>;
  const metricsPorts = {} as Record<ServiceName, number>;
  for (const name of serviceNames) {
    ports[name] = await freePort();
    metricsPorts[name] = await freePort();
  }
  const env = serviceEnvs({
    ...infra,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    jwtKey: generateJwtKey(`startup-${prefix}`),
    cacheMacSecret: randomBytes(32).toString('base64url'),
    serviceKeys: generateServiceKeys(),
    ports,
    metricsPorts,
    logLevel: 'warn',
  }).ledger;
  return { env, metricsPort: metricsPorts.ledger };
}

async function main(): Promise<void> {
  const { values } = argsOrExit(() => parseCliArgs({ args: process.argv.slice(2), options: { runs: { type: 'string' } } }, usage));
  const runs = argsOrExit(() => integerArg(values.runs, '--runs', 5, usage));
  console.error('startup: tsc -b services/ledger (the compiled variant)');
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', 'services/ledger'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const infra = await ensureInfra((m) => console.error(m));
  const prefix = `startup_${Date.now().toString(36)}_`;
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const { env, metricsPort } = await ledgerEnv(infra, prefix);
  const metricsUrl = `http://127.0.0.1:${metricsPort}`;
  const results = new Map<string, Start[]>(variants.map((v) => [v.name, []]));
  try {
    for (const variant of variants) await startOnce(variant, env, metricsUrl);
    for (let round = 0; round < runs; round++) {
      const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
      for (const variant of order) {
        const start = await startOnce(variant, env, metricsUrl);
        results.get(variant.name)!.push(start);
        console.error(`round ${round + 1}: ${variant.name}: ready ${start.readyMs.toFixed(0)} ms, RSS ${start.rssMb.toFixed(0)} MB`);
      }
    }
  } finally {
    await removeTopicsAndSchemas(infra, [prefix]).catch((err: Error) => console.error(`clean-up failed: ${err.message}`));
  }
  const summary = (xs: number[]) => ({
    median: percentile(
      [...xs].sort((a, b) => a - b),
      50,
    ),
    min: Math.min(...xs),
    max: Math.max(...xs),
  });
  const rows = variants.map((v) => {
    const starts = results.get(v.name)!;
    return { variant: v.name, readyMs: summary(starts.map((s) => s.readyMs)), rssMb: summary(starts.map((s) => s.rssMb)), starts };
  });
  const fmt = (s: { median: number; min: number; max: number }, digits = 0) =>
    `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
  console.log(
    [
      `# Ledger start, ${runs} runs each, interleaved (${new Date().toISOString()}); median (min–max)`,
      '',
      '| variant | spawn to /readyz 200, ms | RSS 2 s after ready, MB |',
      '|---|---|---|',
      ...rows.map((r) => `| ${r.variant} | ${fmt(r.readyMs)} | ${fmt(r.rssMb)} |`),
    ].join('\n'),
  );
  writeFileSync(
    join(repoRoot, 'bench', 'results', 'startup.json'),
    `${JSON.stringify({ at: new Date().toISOString(), runs, rows }, null, 2)}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
