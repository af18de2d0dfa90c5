/**
 * `npm run bench:scale-out`: scale-out simulated on one machine. One stack for the
 * whole run; for each configuration of gateways × ledgers the extra gateway and ledger processes
 * are started or stopped (same environment as the stack's own, another port), the ledger group is
 * left to rebalance, then one closed-loop step of transfers runs with the connections split evenly
 * over the gateways, every gateway loaded at once. Per configuration: transfers/s, latency, CPU ms
 * per transfer by component, and per gateway the replies it read from `gateway.replies`
 * (coin_kafka_replies_read_total) against the requests it answered — each should read only its own.
 * Writes bench/results/scale-out.{json,md}.
 *
 * Settings (environment): BENCH_SCALE_CONFIGS ("1x1,2x1,3x1,3x2,2x2,1x2": gateways x ledgers, run
 * in that order), BENCH_SCALE_CONNECTIONS (256, over all gateways), BENCH_STEP_S (10),
 * BENCH_WARMUP_S (3), BENCH_SCALE_SETTLE_S (5: load after the set of processes changed, while the
 * ledger group rebalances), BENCH_USERS (10000), BENCH_KEEP=1 keeps the run's schemas and topics,
 * BENCH_SCALE_SHARDS ("1": the ledger's store in one PostgreSQL; "2": split over the local
 * cluster and the second one, docs/design/ledger.md "Shards"; "1,2,1,2" runs the layouts in turn, each
 * with its own stack, seeded and funded afresh, every configuration in each).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { defaultPartitions } from '@coin/contracts';
import { createKafka, kafkaMetricNames } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import { argsOrExit, parseCliArgs } from '../scripts/cli-args';
import { ensureInfra, type InfraEndpoints } from '../scripts/infra';
import { removeTopicsAndSchemas } from '../scripts/stack/cleanup';
import { generateJwtKey } from '../scripts/stack/keys';
import { ledgerShardMap, migrateLedgerShards } from '../scripts/stack/ledger-shards';
import { ProcessStack } from '../scripts/stack/processes';
import { provision } from '../scripts/stack/provision';
import { seedUsers } from '../scripts/stack/seed';
import { devServiceDatabaseUrl, repoRoot } from '../scripts/stack/services';
import { createOperator, fundUsers } from './lib/admin';
import { cpuSnapshot, cpuUse, type CpuUse } from './lib/cpu';
import { pipelineInvariants } from './lib/invariants';
import { runStep, type GeneratedRequest, type StepResult } from './lib/load';
import { say, status } from './lib/progress';
import { benchServiceEnv } from './lib/service-env';
import { metricTotals } from './lib/stage-metrics';
import { describeStep, progressTick } from './lib/step-report';
import { type Extra, type Role, split, startExtra, stopGraceMs, waitForLedgerGroup } from './lib/extra-processes';
import { transferGenerator } from './lib/transfers';
import {
  scaleOutMarkdown,
  scaleOutReading,
  scaleOutTable,
  shardsComparison,
  type ConfigResult,
  type GatewayFigures,
  type ScaleOutRun,
} from './lib/scale-out-report';

interface Config {
  gateways: number;
  ledgers: number;
}

function parseConfigs(text: string): Config[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const match = /^(\d+)x(\d+)$/.exec(s);
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
        throw new Error(`BENCH_SCALE_CONFIGS: "${s}" is not <gateways>x<ledgers>, both at least 1`);
      return { gateways: Number(match[1]), ledgers: Number(match[2]) };
    });
}

/** BENCH_SCALE_SHARDS: the ledger store's layouts, run in order ("1,2,1,2" interleaves them for a fair ratio). */
function parseShards(text: string): Array<1 | 2> {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      if (s !== '1' && s !== '2') throw new Error(`BENCH_SCALE_SHARDS: "${s}" is not 1 or 2 (ledger shards on this machine)`);
      return s === '1' ? 1 : 2;
    });
}

const settings = {
  /** Run in this order: each step changes the set of processes by as little as it can. */
  configs: parseConfigs(process.env.BENCH_SCALE_CONFIGS ?? '1x1,2x1,3x1,3x2,2x2,1x2'),
  shards: parseShards(process.env.BENCH_SCALE_SHARDS ?? '1'),
  connections: Number(process.env.BENCH_SCALE_CONNECTIONS ?? 256),
  stepSec: Number(process.env.BENCH_STEP_S ?? 10),
  warmupSec: Number(process.env.BENCH_WARMUP_S ?? 3),
  settleSec: Number(process.env.BENCH_SCALE_SETTLE_S ?? 5),
  users: Number(process.env.BENCH_USERS ?? 10_000),
  fundCoins: 10_000,
  keep: process.env.BENCH_KEEP === '1',
};
const resultsDir = join(repoRoot, 'bench', 'results');
async function gatewayCounters(url: string): Promise<{ repliesRead: number; roundTrips: number }> {
  const response = await fetch(`${url}/metrics`);
  const totals = metricTotals(await response.text());
  return {
    repliesRead: totals.get(kafkaMetricNames.repliesRead) ?? Number.NaN,
    roundTrips: totals.get(`${kafkaMetricNames.requestReplyDuration}_count`) ?? Number.NaN,
  };
}

/**
 * The gateways' counters once nothing is in flight any more (they stopped changing for 400 ms):
 * a step's counters then cover exactly its own requests, not the tail of the load before it.
 */
async function quietCounters(urls: string[], timeoutMs = 15_000): Promise<Array<{ repliesRead: number; roundTrips: number }>> {
  const deadline = Date.now() + timeoutMs;
  let last = await Promise.all(urls.map(gatewayCounters));
  for (;;) {
    await new Promise((r) => setTimeout(r, 400));
    const now = await Promise.all(urls.map(gatewayCounters));
    const same = now.every((c, i) => c.repliesRead === last[i]!.repliesRead && c.roundTrips === last[i]!.roundTrips);
    if (same || Date.now() > deadline) return now;
    last = now;
  }
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));

function cpuBreakdown(use: CpuUse | null): ConfigResult['cpuMsPerTransfer'] {
  if (!use) return null;
  const ms = use.msPerTransfer;
  const sumOf = (prefix: string) =>
    Object.entries(ms)
      .filter(([label]) => label.startsWith(prefix))
      .reduce((s, [, v]) => s + v, 0);
  const parts = {
    gateways: sumOf('gateway-'),
    ledgers: sumOf('ledger-'),
    user: ms.user ?? 0,
    history: ms.history ?? 0,
    kafka: ms.kafka ?? 0,
    postgres: ms.postgres ?? 0,
    redis: ms.redis ?? 0,
  };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return {
    ...(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v, 3)])) as typeof parts),
    total: round(total, 3),
    loadGenerator: round(ms['load generator'] ?? 0, 3),
  };
}

/**
 * One layout of the ledger's store (1 or 2 shards): its own stack, schemas and topics, seeded and
 * funded, then every configuration of gateways x ledgers in order.
 */
async function runLayout(shards: 1 | 2, infra: InfraEndpoints) {
  const prefix = `bench_${Date.now().toString(36)}_`;
  const runDir = join(repoRoot, '.run', 'bench', prefix);
  mkdirSync(runDir, { recursive: true });
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
  // Two shards: the second cluster holds partitions 3-5 (scripts/stack/ledger-shards.ts, as `LEDGER_SHARD_COUNT=2 npm start`).
  const shardUrls = shards === 2 ? [infra.databaseUrl, infra.shardDatabaseUrl!] : [];
  await migrateLedgerShards({ shardAdminUrls: shardUrls.slice(1), schemaPrefix: prefix });
  const shardEnv: Record<string, string> =
    shards === 2 ? { LEDGER_SHARDS_DATABASE_URL: ledgerShardMap(shardUrls, defaultPartitions['ledger.commands']) } : {};
  const jwtKey = generateJwtKey(`bench-${prefix}`);
  const kafka = createKafka({ brokers: infra.kafkaBrokers, clientId: 'bench-scale-out', logger: createLogger('bench-scale-out', 'warn') });
  const admin = kafka.admin();
  await admin.connect();
  const ledgerGroupId = `${prefix}ledger-service`;

  let stack: ProcessStack | undefined;
  const extras: Record<Role, Extra[]> = { gateway: [], ledger: [] };
  const exits: string[] = [];
  const results: ConfigResult[] = [];
  const notes: string[] = [];
  let invariants: Awaited<ReturnType<typeof pipelineInvariants>> = { ok: false, details: {} };
  try {
    say('starting the four services as child processes');
    stack = await ProcessStack.start({ infra, prefix, jwtKey, logDir: runDir, extraEnv: { ...benchServiceEnv(), ...shardEnv } });
    const running = stack;
    const { users, mintedMinor } = await seededAndFunded(stack, prefix, jwtKey, shardUrls);
    const next: () => GeneratedRequest = transferGenerator(users, true);

    for (const config of settings.configs) {
      const name = `${config.gateways}x${config.ledgers}${settings.shards.length > 1 ? ` ${shards} shard${shards > 1 ? 's' : ''}` : ''}`;
      await resizeExtras({ running, extras, config, name, runDir, exits });
      results.push(await measureConfiguration({ running, extras, config, name, shards, admin, ledgerGroupId, next }));
    }

    for (const role of ['gateway', 'ledger'] as const)
      while (extras[role].length > 0) await extras[role].pop()!.supervisor.stop(stopGraceMs);
    await new Promise((r) => setTimeout(r, 2000)); // let credit legs and replies settle before the audit
    invariants = await pipelineInvariants(running, prefix, mintedMinor);
    const stackExits = running.unexpectedExits.map((e) => `${e.name} (pid ${e.pid}) exited on its own: code ${e.code}, signal ${e.signal}`);
    exits.push(...stackExits);
    if (exits.length > 0) notes.push(...exits);
  } finally {
    for (const role of ['gateway', 'ledger'] as const) for (const extra of extras[role]) await extra.supervisor.stop(stopGraceMs);
    await stack?.stop();
    await admin.disconnect().catch(() => undefined);
    if (!settings.keep) await removeTopicsAndSchemas(infra, [prefix]).catch((err: Error) => say(`clean-up failed: ${err.message}`));
  }
  return { results, invariants, exits, notes };
}

/** The bench's users, seeded straight into the databases (each shard's ledger too), funded through the API; the coins minted. */
async function seededAndFunded(stack: ProcessStack, prefix: string, jwtKey: ReturnType<typeof generateJwtKey>, shardUrls: string[]) {
  const users = await seedUsers({
    userDatabaseUrl: stack.env('user').USER_DATABASE_URL!,
    ledgerDatabaseUrl: stack.env('ledger').LEDGER_DATABASE_URL!,
    ...(shardUrls.length > 0 ? { ledgerShardDatabaseUrls: shardUrls.map((url) => devServiceDatabaseUrl(url, 'ledger')) } : {}),
    prefix,
    count: settings.users,
    jwtKey,
    log: status,
  });
  const operator = await createOperator({ gatewayUrl: stack.gatewayUrl, userDatabaseUrl: stack.env('user').USER_DATABASE_URL!, prefix });
  const mintedMinor = await fundUsers({
    gatewayUrl: stack.gatewayUrl,
    operator,
    userIds: users.map((u) => u.userId),
    coins: settings.fundCoins,
    onProgress: (done) => status(`funding: ${done}/${users.length} MINT commands`),
  });
  say(`${users.length} users seeded and funded with ${settings.fundCoins} coins each`);
  return { users, mintedMinor };
}

/** Grows or shrinks the set of extra gateways and ledgers to `config` (the stack's own is #1 of each). */
async function resizeExtras(run: {
  running: ProcessStack;
  extras: Record<Role, Extra[]>;
  config: Config;
  name: string;
  runDir: string;
  exits: string[];
}): Promise<void> {
  const { running, extras, config, name, runDir, exits } = run;
  for (const role of ['ledger', 'gateway'] as const) {
    const wanted = (role === 'gateway' ? config.gateways : config.ledgers) - 1;
    while (extras[role].length > wanted) {
      const extra = extras[role].pop()!;
      status(`${name}: stopping ${extra.label}`);
      await extra.supervisor.stop(stopGraceMs);
    }
    while (extras[role].length < wanted) {
      const label = `${role}-${extras[role].length + 2}`;
      status(`${name}: starting ${label}`);
      extras[role].push(await startExtra(running, role, label, runDir, exits));
    }
  }
}

/**
 * One configuration: load while the ledger group rebalances onto its members and until it is
 * stable, a warm-up, then the measured step on every gateway at once, with the CPU of each process.
 */
async function measureConfiguration(run: {
  running: ProcessStack;
  extras: Record<Role, Extra[]>;
  config: Config;
  name: string;
  shards: 1 | 2;
  admin: ReturnType<ReturnType<typeof createKafka>['admin']>;
  ledgerGroupId: string;
  next: () => GeneratedRequest;
}): Promise<ConfigResult> {
  const { running, extras, config, name, next } = run;
  const gateways = [
    { label: 'gateway-1', url: running.urls.gateway, metricsUrl: running.metricsUrls.gateway },
    ...extras.gateway.map((e) => ({ label: e.label, url: e.url, metricsUrl: e.metricsUrl })),
  ];
  const pids = () => ({
    'gateway-1': running.pid('gateway'),
    'ledger-1': running.pid('ledger'),
    user: running.pid('user'),
    history: running.pid('history'),
    ...Object.fromEntries([...extras.gateway, ...extras.ledger].map((e) => [e.label, e.supervisor.pid])),
    'load generator': process.pid,
  });
  const shares = split(settings.connections, gateways.length);
  const loadAll = (label: string, durationSec: number) =>
    Promise.all(
      gateways.map((g, i) =>
        runStep({
          label: `${name} ${g.label} ${label}`,
          url: g.url,
          kind: 'closed',
          connections: shares[i]!,
          durationSec,
          next,
          ...(i === 0 ? { onTick: progressTick(`${name} ${label} (gateway-1's share)`, durationSec) } : {}),
        }),
      ),
    );
  // Load while the ledger group rebalances onto its new members, then until it is stable.
  await loadAll('settle', settings.settleSec);
  const group = await waitForLedgerGroup(run.admin, run.ledgerGroupId, config.ledgers, 60_000);
  say(`${name}: ledger group ${group.state}, partitions ${group.members.map((m) => `[${m.partitions.join(',')}]`).join(' ')}`);
  await loadAll('warm-up', settings.warmupSec);

  const countersBefore = await quietCounters(gateways.map((g) => g.metricsUrl));
  const cpuBefore = cpuSnapshot(pids());
  const started = performance.now();
  const steps = await loadAll('step', settings.stepSec);
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuSnapshot(pids());
  const countersAfter = await quietCounters(gateways.map((g) => g.metricsUrl));
  const ok = steps.reduce((n, s) => n + s.ok, 0);
  const cpu = cpuUse(cpuBefore, cpuAfter, ok, wallSeconds);
  const perGateway: GatewayFigures[] = steps.map((s, i) => ({
    label: gateways[i]!.label,
    connections: s.connections,
    transfersPerSec: s.transfersPerSec,
    p50Ms: s.p50Ms,
    p99Ms: s.p99Ms,
    httpAnswered: s.ok + s.non2xx,
    answered: countersAfter[i]!.roundTrips - countersBefore[i]!.roundTrips,
    repliesRead: countersAfter[i]!.repliesRead - countersBefore[i]!.repliesRead,
    step: s,
  }));
  for (const s of steps) say(`  ${describeStep(s)}`);
  return configResult({ name, shards: run.shards, config, steps, cpu, group, perGateway });
}

/** A configuration's figures: throughput summed over the gateways, the worst latencies, CPU per transfer; said too. */
function configResult(run: {
  name: string;
  shards: 1 | 2;
  config: Config;
  steps: StepResult[];
  cpu: CpuUse | null;
  group: Awaited<ReturnType<typeof waitForLedgerGroup>>;
  perGateway: GatewayFigures[];
}): ConfigResult {
  const { name, shards, config, steps, cpu, group, perGateway } = run;
  const result: ConfigResult = {
    config: name,
    shards,
    gateways: config.gateways,
    ledgers: config.ledgers,
    transfersPerSec: round(
      steps.reduce((n, s) => n + s.transfersPerSec, 0),
      1,
    ),
    p50MsMax: Math.max(...steps.map((s) => s.p50Ms)),
    p99MsMax: Math.max(...steps.map((s) => s.p99Ms)),
    errors: steps.reduce((n, s) => n + s.errors + s.timeouts, 0),
    non2xx: steps.reduce((n, s) => n + s.non2xx, 0),
    cpuMsPerTransfer: cpuBreakdown(cpu),
    coresBusy: cpu?.coresBusy ?? null,
    cpuByProcess: cpu,
    ledgerGroup: group,
    perGateway,
  };
  const c = result.cpuMsPerTransfer;
  say(
    `${name}: ${result.transfersPerSec} transfers/s, p50 ≤ ${result.p50MsMax} ms, p99 ≤ ${result.p99MsMax} ms; CPU ms/transfer ${c ? `total ${c.total} (gateways ${c.gateways}, ledgers ${c.ledgers}, kafka ${c.kafka}, postgres ${c.postgres})` : 'n/a'}; replies read/answered ${perGateway.map((g) => `${g.label} ${g.repliesRead}/${g.answered}`).join(', ')}`,
  );
  return result;
}

async function main(): Promise<void> {
  argsOrExit(() =>
    parseCliArgs(
      { args: process.argv.slice(2), options: {} },
      'usage: npm run bench:scale-out (settings: BENCH_SCALE_CONFIGS, BENCH_SCALE_CONNECTIONS, BENCH_STEP_S, BENCH_* environment variables)',
    ),
  );
  const startedAt = new Date().toISOString();
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  say(
    `bench:scale-out: ${settings.configs.map((c) => `${c.gateways}x${c.ledgers}`).join(', ')}; ${settings.connections} connections; steps ${settings.stepSec} s`,
  );
  const infra = await ensureInfra((m) => status(m), { ledgerShards: settings.shards.includes(2) ? 2 : 1 });
  const layouts = [];
  for (const shards of settings.shards) {
    say(`ledger store: ${shards} shard${shards > 1 ? 's' : ''}`);
    layouts.push({ shards, ...(await runLayout(shards, infra)) });
  }
  const results = layouts.flatMap((l) => l.results);
  const exits = layouts.flatMap((l) => l.exits);
  const notes = layouts.flatMap((l) => l.notes);
  const invariants = {
    ok: layouts.every((l) => l.invariants.ok),
    details: Object.fromEntries(layouts.map((l, i) => [`${i + 1}: ${l.shards} shard(s)`, l.invariants.details])),
  };

  mkdirSync(resultsDir, { recursive: true });
  const ok = invariants.ok && exits.length === 0;
  const run: ScaleOutRun = { startedAt, machine, settings, results, invariants, unexpectedExits: exits, notes };
  writeFileSync(join(resultsDir, 'scale-out.json'), `${JSON.stringify(run, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'scale-out.md'), scaleOutMarkdown(run));
  process.stdout.write(
    `${scaleOutTable(results).join('\n')}\n\n${shardsComparison(results).join('\n')}\n${scaleOutReading(results, machine.cpus)}\n`,
  );
  say(`results: bench/results/scale-out.json, scale-out.md; invariants ${invariants.ok ? 'ok' : 'VIOLATED'}`);
  if (!ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  say(`bench:scale-out failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
