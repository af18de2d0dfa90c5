/**
 * `npm run bench:ledger`: throughput of the ledger's apply stage alone.
 *
 * Creates its own topic and schema prefix, funds W wallets directly in the database (as MINTs,
 * so the audit holds), produces N transfer commands to ledger.commands in advance (keyed by
 * the sender, so spread over the partitions), then starts the ledger's command consumer (the
 * same handler and wiring as the service) and measures until every transfer and every credit
 * leg it produced has been applied. Prints commands/s, batch sizes and the commit count. A
 * credit applied in its debit's own apply (docs/design/ledger.md, "Credit legs") counts as the leg command it
 * replaces, so the figure stays debits + credits per second whichever way the credits go.
 *
 * By default the ledger runs as two processes, as deploy/k8s/base deploys it (`replicas: 2`):
 * `node services/ledger/src/main.ts` each, taking half the partitions; the figures come from
 * their /metrics, polled every 100 ms (500 ms for one process; each scrape costs them a little). With `--replicas 1` the
 * ledger service runs inside this process instead, with an observer on every batch (database
 * and publish time apart): one process's share of the machine.
 *
 *   npm run bench:ledger -- [--commands 100000] [--wallets 10000] [--partitions 6] [--replicas 2]
 *
 * `npm run bench:ledger-consume` (`--consume`): does one ledger keep up with itself?
 * Each round runs twice on a fresh prefix, in alternating order: the ledger inside this process
 * (the direct apply of `--replicas 1`) and one ledger process (`node services/ledger/src/main.ts`,
 * as deployed, fed from the same kind of pre-filled ledger.commands, no gateway in the way).
 * It prints both figures and their ratio, process ÷ direct (the target: at least 0.8).
 *
 *   npm run bench:ledger-consume -- [--commands 40000] [--wallets 10000] [--partitions 6] [--rounds 2]
 *
 * Its topics and schemas are removed at the end; BENCH_KEEP=1 keeps them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { topicNames, walletKeyOfUser } from '@coin/contracts';
import { createPool, type Pool } from '@coin/db';
import { createKafka } from '@coin/kafka';
import type { Kafka } from 'kafkajs';
import { createLogger, type Logger } from '@coin/logger';
import { ledgerMetricNames, loadLedgerConfig, startLedgerService, type LedgerConfig } from '@coin/ledger';
import { runAudit } from '../scripts/audit';
import { argsOrExit, integerArg, parseCliArgs, UsageError } from '../scripts/cli-args';
import { ensureInfra, type InfraEndpoints } from '../scripts/infra';
import { removeTopicsAndSchemas } from '../scripts/stack/cleanup';
import { serviceEnvs } from '../scripts/stack/env';
import { ProofCache } from '../scripts/stack/proofs';
import { generateJwtKey, generateServiceKeys } from '../scripts/stack/keys';
import { freePort, waitForReady } from '../scripts/stack/processes';
import { provision } from '../scripts/stack/provision';
import { repoRoot, serviceNodeArgs } from '../scripts/stack/services';
import { cpuSnapshot } from './lib/cpu';
import { metricTotals } from './lib/stage-metrics';

const usage =
  'usage: npm run bench:ledger -- [--commands 100000] [--wallets 10000] [--partitions 6] [--replicas 2] | npm run bench:ledger-consume -- [--commands 40000] [--wallets 10000] [--partitions 6] [--rounds 2]';

interface BenchArgs {
  commandCount: number;
  walletCount: number;
  partitions: number;
  replicas: number;
  /** Rounds of the direct-against-process comparison; 0 = the plain measurement. */
  consumeRounds: number;
}

function benchArgs(args: string[]): BenchArgs {
  const flag = { type: 'string' } as const;
  const { values } = parseCliArgs(
    { args, options: { commands: flag, wallets: flag, partitions: flag, replicas: flag, consume: { type: 'boolean' }, rounds: flag } },
    usage,
  );
  const consume = values.consume === true;
  if (!consume && values.rounds !== undefined) throw new UsageError(`--rounds goes with --consume\n${usage}`);
  if (consume && values.replicas !== undefined) throw new UsageError(`--consume runs one ledger each way; no --replicas\n${usage}`);
  return {
    commandCount: integerArg(values.commands, '--commands', consume ? 40_000 : 100_000, usage),
    walletCount: integerArg(values.wallets, '--wallets', 10_000, usage),
    partitions: integerArg(values.partitions, '--partitions', 6, usage),
    /** Ledger processes; 2 as in deploy/k8s/base (replicas: 2), 1 to see one process's share. */
    replicas: integerArg(values.replicas, '--replicas', 2, usage),
    consumeRounds: consume ? integerArg(values.rounds, '--rounds', 2, usage) : 0,
  };
}

const { commandCount, walletCount, partitions, replicas, consumeRounds } = argsOrExit(() => benchArgs(process.argv.slice(2)));
interface Measured {
  auditOk: boolean;
  commandsPerSec: number;
  cpuMsPerCommand: number | null;
}

/** How the measured ledger runs: inside this process, or as that many `main.ts` processes. */
type LedgerMode = { kind: 'in-process' } | { kind: 'processes'; count: number };
/** Every wallet starts with far more than it can send, so no transfer is refused. */
const fundingMinor = 10_000_000;
/** Messages per produce request: one partition's share must stay under the broker's 1 MB message limit. */
const produceChunk = 2_000;
const keep = process.env.BENCH_KEEP === '1';
const log = (line: string) => process.stdout.write(`[bench] ${line}\n`);

async function main(): Promise<void> {
  const infra = await ensureInfra(log);
  if (consumeRounds > 0) {
    process.exit((await compareDirectAndProcess(infra)) ? 0 : 1);
  }
  const measured = await measureOnFreshPrefix(infra, replicas > 1 ? { kind: 'processes', count: replicas } : { kind: 'in-process' });
  process.exit(measured.auditOk ? 0 : 1);
}

/**
 * `--consume`: the direct apply and one ledger process, alternating which goes first in each
 * round (a machine shared with other work drifts; alternating spreads the drift over both).
 */
async function compareDirectAndProcess(infra: InfraEndpoints): Promise<boolean> {
  const direct: number[] = [];
  const oneProcess: number[] = [];
  const cpu: Record<'direct' | 'process', Array<number | null>> = { direct: [], process: [] };
  let auditsOk = true;
  for (let round = 0; round < consumeRounds; round += 1) {
    const order: LedgerMode[] =
      round % 2 === 0
        ? [{ kind: 'in-process' }, { kind: 'processes', count: 1 }]
        : [{ kind: 'processes', count: 1 }, { kind: 'in-process' }];
    for (const mode of order) {
      log(`round ${round + 1}/${consumeRounds}: ${mode.kind === 'in-process' ? 'direct (in this process)' : 'one ledger process'}`);
      const measured = await measureOnFreshPrefix(infra, mode);
      auditsOk &&= measured.auditOk;
      (mode.kind === 'in-process' ? direct : oneProcess).push(measured.commandsPerSec);
      cpu[mode.kind === 'in-process' ? 'direct' : 'process'].push(measured.cpuMsPerCommand);
    }
  }
  const ratios = oneProcess.map((perSec, i) => perSec / direct[i]!);
  log('=== one ledger process fed from a pre-filled ledger.commands against the direct apply ===');
  for (const [i, ratio] of ratios.entries())
    log(
      `round ${i + 1}: direct ${direct[i]} commands/s (${cpu.direct[i]?.toFixed(3) ?? '?'} CPU ms each), one process ${oneProcess[i]} commands/s (${cpu.process[i]?.toFixed(3) ?? '?'} CPU ms each), ratio ${ratio.toFixed(2)}`,
    );
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  log(
    JSON.stringify({
      consume: {
        directCommandsPerSec: direct,
        processCommandsPerSec: oneProcess,
        ratios: ratios.map((r) => Number(r.toFixed(3))),
        // The ratio of the sums: every round weighs by its commands, not by its speed.
        ratio: Number((sum(oneProcess) / sum(direct)).toFixed(3)),
        // CPU ms per command of the ledger process, direct and child: what compares on a busy machine.
        directCpuMsPerCommand: cpu.direct,
        processCpuMsPerCommand: cpu.process,
        target: 0.8,
        commands: commandCount,
        partitions,
      },
    }),
  );
  return auditsOk;
}

async function measureOnFreshPrefix(infra: InfraEndpoints, mode: LedgerMode): Promise<Measured> {
  const prefix = `bench_${Date.now().toString(36)}_`;
  try {
    return await measure(infra, prefix, mode);
  } finally {
    if (!keep) {
      await removeTopicsAndSchemas(infra, [prefix]).then(
        (removed) => log(`removed ${removed.topics} topics and ${removed.schemas} schemas of ${prefix}`),
        (err: Error) => log(`clean-up failed: ${err.message}`),
      );
    }
  }
}

/** Provisions `prefix`, runs the measurement and the audit. */
async function measure(infra: InfraEndpoints, prefix: string, mode: LedgerMode): Promise<Measured> {
  await provision({
    kafkaBrokers: infra.kafkaBrokers,
    databaseUrl: infra.databaseUrl,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    ledgerPartitions: partitions,
  });
  // Every transfer proves its payer (docs/DESIGN.md "Who asks"), as the gateway's do: one token per
  // payer, so the ledger verifies each signature once and the rest from its cache, as in production.
  const jwtKey = generateJwtKey('bench');
  const proofs = new ProofCache(jwtKey);
  const env = serviceEnvs({
    ...infra,
    topicPrefix: prefix,
    schemaPrefix: prefix,
    jwtKey,
    serviceKeys: generateServiceKeys(),
    logLevel: 'warn',
    ports: { gateway: 0, user: 0, ledger: 0, history: 0, webhooks: 0, monitoring: 0 },
  }).ledger;
  const config = loadLedgerConfig(env);
  const logger = createLogger('bench', 'warn');
  const topics = topicNames(prefix);
  const pool = createPool({
    url: config.LEDGER_DATABASE_URL,
    schema: `${prefix}ledger`,
    applicationName: 'ledger-bench',
    connectionsMax: 12,
  });

  await fundWallets(pool);
  await produceTransfers(createKafka({ brokers: infra.kafkaBrokers, clientId: 'ledger-bench', logger }), topics.ledgerCommands, proofs);

  const expected = commandCount * 2; // each transfer and its credit leg
  const run =
    mode.kind === 'processes'
      ? await applyInReplicas(env, expected, prefix, infra.kafkaBrokers, mode.count)
      : await applyInProcess(config, logger, expected);
  const { applied, seconds } = run;
  logRun(run, mode);
  const audit = await runAudit({ databaseUrl: infra.databaseUrl, schemaPrefix: prefix, waitMs: 5_000, log: (l) => log(`audit: ${l}`) });
  await pool.end();
  return { auditOk: audit.ok, commandsPerSec: Math.round(applied / seconds), cpuMsPerCommand: run.cpuMsPerCommand };
}

/** Each of the bench's wallets, opened and funded by one MINT, straight in the database. */
async function fundWallets(pool: Pool): Promise<void> {
  log(`funding ${walletCount} wallets`);
  const userIds = Array.from({ length: walletCount }, (_, i) => i + 1);
  await pool.query(
    `WITH w AS (
       INSERT INTO wallets (id, wallet_key, user_id, balance, total_received, balance_sequence)
       SELECT gen_random_uuid(), 'user:' || u, u, $2, $2, 1 FROM unnest($1::bigint[]) AS u
       RETURNING id, user_id),
     t AS (
       INSERT INTO transactions (type, amount, to_user_id, reason, command_id, created_at)
       SELECT 'MINT', $2, user_id, 'bench funding', gen_random_uuid(), now() FROM w
       RETURNING id, to_user_id)
     INSERT INTO entries (transaction_id, wallet_id, amount, created_at, sequence, balance_after)
     SELECT t.id, w.id, $2, now(), 1, $2 FROM t JOIN w ON w.user_id = t.to_user_id`,
    [userIds, fundingMinor],
  );
}

/** The transfer commands between random wallets, each with its payer's proof, produced before the ledger starts. */
async function produceTransfers(kafka: Kafka, topic: string, proofs: ProofCache): Promise<void> {
  const rawProducer = kafka.producer();
  await rawProducer.connect();
  log(`producing ${commandCount} transfer commands to ${partitions} partitions`);
  const producedAt = performance.now();
  const issuedAt = new Date().toISOString();
  for (let start = 0; start < commandCount; start += produceChunk) {
    const messages = [];
    for (let i = start; i < Math.min(start + produceChunk, commandCount); i += 1) {
      const from = 1 + Math.floor(Math.random() * walletCount);
      let to = 1 + Math.floor(Math.random() * walletCount);
      if (to === from) to = (to % walletCount) + 1;
      const command = {
        commandId: randomUUID(),
        type: 'ledger.transfer',
        issuedAt,
        actor: { kind: 'user', id: String(from), role: 'USER' },
        proof: await proofs.of({ kind: 'user', id: String(from), role: 'USER' }),
        data: {
          kind: 'TRANSFER',
          fromUserId: from,
          to: { kind: 'user', userId: to },
          amount: 1 + Math.floor(Math.random() * 100),
          reason: 'bench',
        },
      };
      messages.push({ key: walletKeyOfUser(from), value: JSON.stringify(command) });
    }
    await rawProducer.send({ topic, messages, acks: -1 });
  }
  await rawProducer.disconnect();
  log(`produced in ${((performance.now() - producedAt) / 1000).toFixed(1)} s`);
}

/** The run's figures: for a reader, then as one machine-readable line for bench/run.ts and CI. */
function logRun(run: ApplyRun, mode: LedgerMode): void {
  const processes = mode.kind === 'processes' ? mode.count : 1;
  const expected = commandCount * 2;
  const { applied, delivered, batches, seconds } = run;
  log('---');
  log(
    `transfers ${commandCount}, credit legs ${expected - commandCount}, wallets ${walletCount}, partitions ${partitions}, ledger processes ${processes}${mode.kind === 'in-process' ? ' (in this one)' : ''}`,
  );
  log(
    `applied ${applied} commands (${run.creditedInPlace} of the credits in their debit's apply) in ${seconds.toFixed(2)} s (${run.window}; the first ${run.joinSeconds.toFixed(1)} s excluded)`,
  );
  log(
    `throughput ${Math.round(applied / seconds)} commands/s (${Math.round(applied / 2 / seconds)} transfers/s, each = debit + credit leg)`,
  );
  const split =
    run.commitMsTotal !== null && run.publishMsTotal !== null
      ? ` (database ${(run.commitMsTotal / batches).toFixed(1)}, outbox publish ${(run.publishMsTotal / batches).toFixed(1)})`
      : '';
  log(
    `batches (= database commits) ${batches}, mean batch ${(delivered / batches).toFixed(1)} commands, mean batch time ${(run.applyMsTotal / batches).toFixed(1)} ms${split}`,
  );
  log(
    JSON.stringify({
      commandsPerSec: Math.round(applied / seconds),
      transfersPerSec: Math.round(applied / 2 / seconds),
      commands: applied,
      seconds: Number(seconds.toFixed(2)),
      batches,
      meanBatchCommands: Number((delivered / batches).toFixed(1)),
      meanBatchMs: Number((run.applyMsTotal / batches).toFixed(1)),
      cpuMsPerCommand: run.cpuMsPerCommand === null ? null : Number(run.cpuMsPerCommand.toFixed(4)),
      partitions,
      replicas: processes,
      inProcess: mode.kind === 'in-process',
    }),
  );
}

interface ApplyRun {
  /** Commands applied plus credits applied in place of a leg command. */
  applied: number;
  creditedInPlace: number;
  delivered: number;
  batches: number;
  /** The measured window: `window` says where it starts. */
  seconds: number;
  window: string;
  joinSeconds: number;
  applyMsTotal: number;
  /** Database and publish time apart: known only in process. */
  commitMsTotal: number | null;
  publishMsTotal: number | null;
  /**
   * CPU ms of the one ledger process (this one, or the child) per command applied after its
   * first apply ended; null with several processes. On a machine shared with other work this is
   * the figure that compares, where commands/s follows whoever else is busy.
   */
  cpuMsPerCommand: number | null;
}

/** CPU ms per command of one process between a snapshot and now. */
function cpuMsPerCommandSince(since: { cpuSeconds: number; applied: number }, pid: number, appliedNow: number): number | null {
  const seconds = cpuSnapshot({ ledger: pid }).get('ledger');
  const commands = appliedNow - since.applied;
  return seconds === undefined || commands <= 0 ? null : ((seconds - since.cpuSeconds) * 1000) / commands;
}

function cpuMark(pid: number, applied: number): { cpuSeconds: number; applied: number } {
  return { cpuSeconds: cpuSnapshot({ ledger: pid }).get('ledger') ?? 0, applied };
}

/** The ledger service inside this process, as `npm start` runs it, with an observer on every batch. */
async function applyInProcess(config: LedgerConfig, logger: Logger, expected: number): Promise<ApplyRun> {
  const run: ApplyRun = {
    applied: 0,
    creditedInPlace: 0,
    delivered: 0,
    batches: 0,
    seconds: 0,
    window: 'first batch to last, group join excluded',
    joinSeconds: 0,
    applyMsTotal: 0,
    commitMsTotal: 0,
    publishMsTotal: 0,
    cpuMsPerCommand: null,
  };
  let firstBatchAt = 0;
  let cpuAtFirstBatch: { cpuSeconds: number; applied: number } | null = null;
  let lastBatchAt = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const startedAt = performance.now();
  const ledger = await startLedgerService(config, logger, {
    onBatch: (b) => {
      const now = performance.now();
      if (run.batches === 0) firstBatchAt = now - b.durationMs;
      run.batches += 1;
      run.delivered += b.commands;
      run.applied += b.applied + b.creditedInPlace;
      run.creditedInPlace += b.creditedInPlace;
      run.applyMsTotal += b.durationMs;
      run.commitMsTotal! += b.commitMs;
      run.publishMsTotal! += b.publishMs;
      lastBatchAt = now;
      cpuAtFirstBatch ??= cpuMark(process.pid, run.applied);
      if (run.applied >= expected) {
        run.cpuMsPerCommand = cpuMsPerCommandSince(cpuAtFirstBatch, process.pid, run.applied);
        done();
      }
    },
  });
  const progress = setInterval(() => log(`applied ${run.applied}/${expected} in ${run.batches} batches`), 2000);
  await finished;
  clearInterval(progress);
  await ledger.close();
  return { ...run, seconds: (lastBatchAt - firstBatchAt) / 1000, joinSeconds: (firstBatchAt - startedAt) / 1000 };
}

type LedgerCounters = ReturnType<typeof ledgerCounters>;

/** The counters' growth from `from` to `to`, as an ApplyRun without its window. */
function totalsRun(to: LedgerCounters, from: LedgerCounters): Omit<ApplyRun, 'seconds' | 'window' | 'joinSeconds'> {
  return {
    applied: to.applied - from.applied,
    creditedInPlace: to.creditedInPlace - from.creditedInPlace,
    delivered: to.delivered - from.delivered,
    batches: to.batches - from.batches,
    applyMsTotal: (to.applySeconds - from.applySeconds) * 1000,
    commitMsTotal: null,
    publishMsTotal: null,
    cpuMsPerCommand: null,
  };
}

/** Sums of the ledger's counters on a /metrics page. */
function ledgerCounters(text: string): {
  applied: number;
  creditedInPlace: number;
  batches: number;
  delivered: number;
  applySeconds: number;
} {
  const totals = metricTotals(text);
  const creditedInPlace = totals.get(ledgerMetricNames.creditsInPlace) ?? 0;
  return {
    applied: (totals.get(ledgerMetricNames.commandsApplied) ?? 0) + creditedInPlace,
    creditedInPlace,
    batches: totals.get(`${ledgerMetricNames.batchSize}_count`) ?? 0,
    delivered: totals.get(`${ledgerMetricNames.batchSize}_sum`) ?? 0,
    applySeconds: totals.get(`${ledgerMetricNames.batchApplyDuration}_sum`) ?? 0,
  };
}

/**
 * N ledger processes, as deployed with N replicas: each runs one command consumer
 * of the one group. They cannot join at the same instant, so the first to join starts applying
 * and the group rebalances when the others arrive. As the in-process run excludes the group
 * join, this one measures from the moment the group is stable with every consumer in it (the
 * commands applied before that are counted and reported, not measured) to the last command.
 * With one process there is no rebalance to leave out, so its window is the in-process run's:
 * from the first apply's start (the first poll that sees applies, less their apply time: never
 * later than the true start) to the last command.
 */
async function applyInReplicas(
  env: Record<string, string>,
  expected: number,
  prefix: string,
  brokers: string[],
  replicas: number,
): Promise<ApplyRun> {
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  const admin = createKafka({ brokers, clientId: 'ledger-bench-admin', logger: createLogger('bench', 'warn') }).admin();
  await admin.connect();
  const startedAt = performance.now();
  try {
    await spawnReplicas(env, replicas, children, urls);
    const poll = () => pollTotals(urls);
    const groupIsStable = async () => {
      const { groups } = await admin.describeGroups([`${prefix}ledger-service`]);
      return groups[0]?.state === 'Stable' && groups[0].members.length === replicas;
    };
    await Promise.all(urls.map((url) => waitForReady(url, 60_000)));
    const zero = { applied: 0, creditedInPlace: 0, batches: 0, delivered: 0, applySeconds: 0 };
    const { totals, stable, firstApplyAt, cpuAtFirstApply, lastAt } = await watchApply({
      poll,
      groupIsStable,
      replicas,
      expected,
      children,
    });
    if (replicas === 1 && firstApplyAt !== null) {
      return {
        ...totalsRun(totals, zero),
        seconds: (lastAt - firstApplyAt) / 1000,
        cpuMsPerCommand:
          cpuAtFirstApply && children[0]?.pid ? cpuMsPerCommandSince(cpuAtFirstApply, children[0].pid, totals.applied) : null,
        window: 'first apply to the last command, the start and group join excluded',
        joinSeconds: (firstApplyAt - startedAt) / 1000,
      };
    }
    if (!stable) throw new Error('the consumer group never became stable before the last command was applied; run with more --commands');
    log(
      `${stable.totals.applied} commands were applied before the group was stable (${((stable.at - startedAt) / 1000).toFixed(1)} s after start): not measured`,
    );
    return {
      ...totalsRun(totals, stable.totals),
      seconds: (lastAt - stable.at) / 1000,
      window: 'stable group to the last command, the join and first rebalance excluded',
      cpuMsPerCommand: null,
      joinSeconds: (stable.at - startedAt) / 1000,
    };
  } finally {
    await admin.disconnect();
    await stopChildren(children);
  }
}

/** Starts `replicas` ledger processes, each on free ports; each child and its metrics URL are pushed as it starts. */
async function spawnReplicas(env: Record<string, string>, replicas: number, children: ChildProcess[], urls: string[]): Promise<void> {
  for (let i = 0; i < replicas; i += 1) {
    const port = await freePort();
    // Each replica's metrics port: its /readyz and the /metrics this run polls.
    const metricsPort = await freePort();
    urls.push(`http://127.0.0.1:${metricsPort}`);
    children.push(
      spawn(process.execPath, [...serviceNodeArgs.ledger, '--import', 'tsx', join(repoRoot, 'services/ledger/src/main.ts')], {
        cwd: repoRoot,
        env: { ...process.env, ...env, LEDGER_HTTP_PORT: String(port), METRICS_PORT: String(metricsPort) },
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
    );
  }
}

type Totals = ReturnType<typeof ledgerCounters>;

/** The ledger counters summed over the replicas' /metrics. */
async function pollTotals(urls: string[]): Promise<Totals> {
  const pages = await Promise.all(urls.map(async (url) => ledgerCounters(await (await fetch(`${url}/metrics`)).text())));
  return pages.reduce((a, b) => ({
    applied: a.applied + b.applied,
    creditedInPlace: a.creditedInPlace + b.creditedInPlace,
    batches: a.batches + b.batches,
    delivered: a.delivered + b.delivered,
    applySeconds: a.applySeconds + b.applySeconds,
  }));
}

/**
 * Polls until every command is applied. Start and end are each known to within one poll: the
 * midpoint of the two polls around them. With replicas, the moment the group is stable too.
 */
async function watchApply(run: {
  poll: () => Promise<Totals>;
  groupIsStable: () => Promise<boolean>;
  replicas: number;
  expected: number;
  children: ChildProcess[];
}) {
  const { poll, groupIsStable, replicas, expected, children } = run;
  let previousAt = performance.now();
  let stable: { at: number; totals: Awaited<ReturnType<typeof poll>> } | null = null;
  let firstApplyAt: number | null = null;
  let cpuAtFirstApply: { cpuSeconds: number; applied: number } | null = null;
  // Each scrape renders every metric of the process: ten a second took a visible share of one
  // ledger's CPU on a loaded machine. One process needs no stable moment, only its start and
  // end, so it is polled less (the end is known to within half a poll of a window of tens of s).
  const pollMs = replicas > 1 ? 100 : 500;
  let lastAt = 0;
  let totals = await poll();
  let lastLog = 0;
  while (totals.applied < expected) {
    await new Promise((r) => setTimeout(r, pollMs));
    const now = performance.now();
    if (replicas > 1 && !stable && (await groupIsStable())) stable = { at: now, totals: await poll() };
    totals = await poll();
    if (firstApplyAt === null && totals.batches > 0) {
      firstApplyAt = (previousAt + now) / 2 - totals.applySeconds * 1000;
      if (replicas === 1 && children[0]?.pid) cpuAtFirstApply = cpuMark(children[0].pid, totals.applied);
    }
    if (totals.applied >= expected) lastAt = (previousAt + now) / 2;
    previousAt = now;
    if (now - lastLog > 2000) {
      log(
        `applied ${totals.applied}/${expected} in ${totals.batches} batches (${replicas} processes${stable ? '' : ', group not yet stable'})`,
      );
      lastLog = now;
    }
  }
  return { totals, stable, firstApplyAt, cpuAtFirstApply, lastAt };
}

/** Stops each child still running with SIGTERM, and waits for it to exit. */
async function stopChildren(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench] failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(2);
});
