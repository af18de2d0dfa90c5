/**
 * What an idle stack costs: the services started as `npm start` starts them, nothing sent, CPU
 * milliseconds per second of wall time by process (each service, the Kafka JVM, PostgreSQL,
 * Redis) read from /proc over a quiet window after a warm-up. `npm run bench:idle`.
 *
 * The infrastructure's figure counts everything it serves at that moment: run it on a quiet
 * machine (no tests or other stacks against the same Kafka, PostgreSQL and Redis), or read only
 * the services' rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { argsOrExit, integerArg, parseCliArgs } from '../scripts/cli-args';
import { ensureInfra } from '../scripts/infra';
import { removeTopicsAndSchemas } from '../scripts/stack/cleanup';
import { generateJwtKey } from '../scripts/stack/keys';
import { ProcessStack } from '../scripts/stack/processes';
import { provision } from '../scripts/stack/provision';
import { repoRoot, serviceNames } from '../scripts/stack/services';
import { cpuSnapshot } from './lib/cpu';
import { benchServiceEnv } from './lib/service-env';

const usage = 'usage: npm run bench:idle [-- --warmup SECONDS (20)] [--window SECONDS (30)]';

/** CPU ms per wall second, by process, between two snapshots `seconds` apart. */
function msPerSecond(before: Map<string, number>, after: Map<string, number>, seconds: number): Map<string, number> {
  const use = new Map<string, number>();
  for (const [label, end] of after) {
    const start = before.get(label);
    if (start !== undefined) use.set(label, ((end - start) * 1000) / seconds);
  }
  return use;
}

async function main(): Promise<void> {
  const { values } = argsOrExit(() =>
    parseCliArgs({ args: process.argv.slice(2), options: { warmup: { type: 'string' }, window: { type: 'string' } } }, usage),
  );
  const warmupS = argsOrExit(() => integerArg(values.warmup, '--warmup', 20, usage));
  const windowS = argsOrExit(() => integerArg(values.window, '--window', 30, usage));
  const infra = await ensureInfra((m) => console.error(m));
  const prefix = `idle_${Date.now().toString(36)}_`;
  const runDir = join(repoRoot, '.run', 'bench', prefix);
  mkdirSync(runDir, { recursive: true });
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  const stack = await ProcessStack.start({
    infra,
    prefix,
    jwtKey: generateJwtKey(`idle-${prefix}`),
    cacheMacSecret: randomBytes(32).toString('base64url'),
    logDir: runDir,
    extraEnv: benchServiceEnv(),
  });
  try {
    console.error(`idle: stack up; warm-up ${warmupS} s, then ${windowS} s measured`);
    await sleep(warmupS * 1000);
    const pids = () => Object.fromEntries(serviceNames.map((name) => [name, stack.pid(name)]));
    const before = cpuSnapshot(pids());
    await sleep(windowS * 1000);
    const use = msPerSecond(before, cpuSnapshot(pids()), windowS);
    const rows = [...use.entries()].sort((a, b) => b[1] - a[1]);
    const services = rows.filter(([label]) => (serviceNames as readonly string[]).includes(label));
    const sum = (list: [string, number][]) => list.reduce((total, [, ms]) => total + ms, 0);
    const lines = [
      `# Idle stack ${new Date().toISOString()} (${windowS} s after ${warmupS} s of warm-up; CPU ms per second)`,
      '',
      '| process | ms/s |',
      '|---|---|',
      ...rows.map(([label, ms]) => `| ${label} | ${ms.toFixed(1)} |`),
      `| **services** | **${sum(services).toFixed(1)}** |`,
      `| **everything** | **${sum(rows).toFixed(1)}** |`,
    ];
    console.log(lines.join('\n'));
    const resultsDir = join(repoRoot, 'bench', 'results');
    writeFileSync(
      join(resultsDir, 'idle.json'),
      `${JSON.stringify({ at: new Date().toISOString(), warmupS, windowS, msPerSecond: Object.fromEntries(rows) }, null, 2)}\n`,
    );
  } finally {
    await stack.stop();
    await removeTopicsAndSchemas(infra, [prefix]).catch((err: Error) => console.error(`clean-up failed: ${err.message}`));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
