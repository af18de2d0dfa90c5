/**
 * The checker run (`npm run chaos -- --checker`): the order of what callers saw, under faults.
 * A few clients (./actors/checker.ts) transfer between a handful of wallets and read their
 * balances and histories while a nemesis (./nemesis/checker-nemesis.ts) adds latency to, resets
 * and cuts the connections between one service and one dependency through Toxiproxy, pauses
 * service processes (SIGSTOP/SIGCONT) and kills them. Every operation is recorded
 * (./history/recorder.ts); afterwards the wallet reads and transfers are checked for
 * linearizability by the Go checker (test/checker, Porcupine) and the history reads for what
 * docs/CONTRACT.md "Read consistency" promises them (./history/history-reads.ts).
 *
 * Toxiproxy stands between each service and PostgreSQL (a proxy per service: ledger, user,
 * history) and between the gateway and Redis. Kafka is not proxied: its broker advertises its
 * own listener (127.0.0.1:29092 locally), so a client that bootstrapped through a proxy talks to
 * the broker directly afterwards; Kafka's faults are the broker restart (`restartKafka`) and the
 * kills of the services around it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createOperatorLogin, fundUsers } from '../../bench/lib/admin';
import { requestJson } from '../../bench/lib/http';
import { benchServiceEnv } from '../../bench/lib/service-env';
import { ensureInfra, type InfraEndpoints } from '../../scripts/infra';
import { generateJwtKey } from '../../scripts/stack/keys';
import { ProcessStack, waitForReady } from '../../scripts/stack/processes';
import { provision } from '../../scripts/stack/provision';
import { type SeededUser, seedUsers } from '../../scripts/stack/seed';
import { devServiceDatabaseUrl, repoRoot } from '../../scripts/stack/services';
import { scaledBound } from '../harness/machine-speed';
import { scaledServiceWaits } from '../harness/service-waits';
import { CheckerActor } from './actors/checker';
import { ledgerTransactions, sleep, toMinor } from './client';
import { type CheckerResult, ensureToxiproxy, runChecker } from './history/go-tools';
import { checkHistoryReads } from './history/history-reads';
import { type BuggyGateway, startBuggyGateway } from './history/injected-bugs';
import { HistoryRecorder } from './history/recorder';
import { restartKafkaBroker } from './kafka-restart';
import { locatePostgres, restartPostgres } from './postgres-restart';
import { CheckerNemesis, type FaultRecord } from './nemesis/checker-nemesis';
import { startToxiproxy, type Toxiproxy } from './nemesis/toxiproxy';

export interface CheckerTestOptions {
  durationSec: number;
  /** Checked wallets (6–10 keep the search small). */
  wallets: number;
  /** Concurrent clients, one operation each at a time. */
  clients: number;
  intervalMs: [number, number];
  /** Restart the (shared) Kafka broker once, half-way. */
  restartKafka: boolean;
  /** Restart the (shared) PostgreSQL server once, at three quarters (only one the project's scripts started). */
  restartPostgres?: boolean;
  /** How long after a transfer's 201 its credit may land (docs/CONTRACT.md "Read consistency"). */
  creditLagMs?: number;
  /** Write Porcupine's HTML visualization next to the history. */
  html?: boolean;
  /** Inject the nemesis's faults (true); false runs the load on a healthy stack. */
  faults?: boolean;
  /**
   * Put bugs in on purpose between the clients and the gateway (./history/injected-bugs.ts):
   * stale wallet reads for every second wallet, transfers acknowledged before they are applied
   * for the others. The run must then find anomalies on both kinds of wallet.
   */
  injectBugs?: boolean;
  /** How long histories are read again after the run until every acknowledged transfer shows (60 s). */
  historySettleMs?: number;
  infra?: InfraEndpoints;
  log?: (message: string) => void;
}

export interface CheckerTestReport {
  ok: boolean;
  /** Everything that failed: the checker's anomalies, the history reads' problems, the run's own failures. */
  violations: string[];
  checker: CheckerResult | null;
  historyProblems: string[];
  timeline: FaultRecord[];
  counts: {
    operations: number;
    transfersOk: number;
    transfersRefused: number;
    transfersUnresolved: number;
    transfersSettledAfterFaults: number;
    readsOk: number;
    readsFailed: number;
    historyReads: number;
    historyComparisons: number;
    faults: Record<string, number>;
  };
  runS: number;
  historyFile: string;
  htmlFile?: string;
  /** With `injectBugs`: which wallets had which bug, and how often each changed an answer. */
  bugs?: { staleReadWallets: number[]; earlyAckWallets: number[]; counts: BuggyGateway['counts'] };
}

const startingCoins = 100;
/**
 * A client's wait for one answer and for an operation, the settling after the faults, and the
 * services' waits on each other and on PostgreSQL (3 s and 5 s by default): those of the 2-core
 * machine scaled to this one by the run's machine-speed factor (test/harness/machine-speed.ts),
 * as the bank test's are. Beside two busy loops (factor 3.86) the operator's sign-in before any
 * fault was answered 503 after the gateway's 3 s.
 */
const requestTimeoutMs = scaledBound(8_000);
const opGiveUpMs = scaledBound(10_000);
const settleMs = scaledBound(60_000);
const checkerServiceEnv = () => benchServiceEnv(scaledServiceWaits(3_000));
const historySettleMsDefault = 60_000;

function proxied(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

const hostPort = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port}`;
};

/** No credit leg in flight: the ledger's audit says inFlight 0 (the quiet moment of docs/CONTRACT.md). */
async function waitQuiet(stack: ProcessStack, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const supply = await requestJson(stack.urls.ledger, 'GET', '/internal/supply', {
      headers: await stack.internalHeaders('gateway', 'ledger'),
      timeoutMs: 10_000,
    }).catch(() => null);
    if (supply?.status === 200 && (supply.body as { inFlight?: number }).inFlight === 0) return true;
    await sleep(500);
  }
  return false;
}

/** Heals whatever a failed fault left behind and lets the stack come back; what did not, as violations. */
async function healAfterFaults(stack: ProcessStack, toxiproxy: Toxiproxy, proxies: string[]): Promise<string[]> {
  const violations: string[] = [];
  for (const proxy of proxies) {
    await toxiproxy.setEnabled(proxy, true).catch(() => undefined);
    for (const toxic of ['latency', 'reset']) await toxiproxy.removeToxic(proxy, toxic).catch(() => undefined);
  }
  for (const name of ['gateway', 'ledger', 'user', 'history'] as const) {
    stack.pause(name, false);
    if (!stack.isRunning(name))
      await stack.restart(name).catch((err: Error) => violations.push(`${name} did not come back: ${err.message}`));
  }
  for (const [name, url] of Object.entries(stack.metricsUrls))
    await waitForReady(url, 60_000).catch(() => violations.push(`${name} not ready 60 s after the faults stopped`));
  return violations;
}

/** What the run did, counted from its recorded operations and its fault timeline. */
function countsOf(
  recorder: HistoryRecorder,
  history: { reads: number; comparisons: number },
  settled: number,
  timeline: FaultRecord[],
): CheckerTestReport['counts'] {
  const faults: Record<string, number> = {};
  for (const f of timeline) faults[f.kind] = (faults[f.kind] ?? 0) + 1;
  const ops = recorder.history().operations;
  const transfers = ops.filter((o) => o.kind === 'transfer');
  const reads = ops.filter((o) => o.kind === 'read');
  return {
    operations: ops.length,
    transfersOk: transfers.filter((o) => o.outcome === 'ok').length,
    transfersRefused: transfers.filter((o) => o.outcome === 'fail').length,
    transfersUnresolved: transfers.filter((o) => o.outcome === 'info').length,
    transfersSettledAfterFaults: settled,
    readsOk: reads.filter((o) => o.outcome === 'ok').length,
    readsFailed: reads.filter((o) => o.outcome !== 'ok').length,
    historyReads: history.reads,
    historyComparisons: history.comparisons,
    faults,
  };
}

/** Restarts the PostgreSQL server the stack uses, when the project's scripts started it. */
async function restartSharedPostgres(infra: InfraEndpoints, log: (m: string) => void): Promise<void> {
  const located = await locatePostgres(infra.databaseUrl);
  if (!located.ok) throw new Error(`PostgreSQL not restarted: ${located.reason}`);
  await restartPostgres(located.server, infra.databaseUrl, 5_000, log);
}

/** The bug layer of `injectBugs`: even-indexed wallets read stale, the others are acknowledged early. */
async function injectBugs(gatewayUrl: string, wallets: SeededUser[]) {
  const stale = wallets.filter((_, i) => i % 2 === 0);
  const early = wallets.filter((_, i) => i % 2 === 1);
  const gateway = await startBuggyGateway(gatewayUrl, {
    staleReads: new Set(stale.map((w) => w.accessToken)),
    earlyAcks: new Set(early.map((w) => w.accessToken)),
  });
  return { gateway, staleReadWallets: stale.map((w) => w.userId), earlyAckWallets: early.map((w) => w.userId) };
}

export async function runCheckerTest(options: CheckerTestOptions): Promise<CheckerTestReport> {
  const log = options.log ?? ((m: string) => process.stderr.write(`[checker] ${m}\n`));
  const began = Date.now();
  const infra = options.infra ?? (await ensureInfra());
  const prefix = `chk_${Date.now().toString(36)}_`;
  const runDir = join(repoRoot, '.run', 'checker', prefix);
  mkdirSync(runDir, { recursive: true });
  await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });

  // A proxy per (service, dependency), so one service can be cut from one dependency.
  const toxiproxy = await startToxiproxy(await ensureToxiproxy(log), join(runDir, 'toxiproxy.log'));
  const proxies: Record<string, string> = {};
  const envOverrides: Record<string, Record<string, string>> = {};
  for (const service of ['ledger', 'user', 'history'] as const) {
    const url = devServiceDatabaseUrl(infra.databaseUrl, service);
    const port = await toxiproxy.createProxy(`${service}-pg`, hostPort(url));
    proxies[`${service}-pg`] = `${service} → PostgreSQL`;
    envOverrides[service] = { [`${service.toUpperCase()}_DATABASE_URL`]: proxied(url, port) };
  }
  const redisPort = await toxiproxy.createProxy('gateway-redis', hostPort(infra.redisUrl));
  proxies['gateway-redis'] = 'gateway → Redis';
  envOverrides.gateway = { REDIS_URL: proxied(infra.redisUrl, redisPort) };

  const jwtKey = generateJwtKey(`checker-${prefix}`);
  let stack: ProcessStack | undefined;
  let bugs: Awaited<ReturnType<typeof injectBugs>> | undefined;
  try {
    stack = await ProcessStack.start({ infra, prefix, jwtKey, logDir: runDir, extraEnv: checkerServiceEnv(), envOverrides });
    const s = stack;
    log(`stack up (${prefix}) behind Toxiproxy (${Object.values(proxies).join(', ')}); logs in ${runDir}`);
    const wallets = await seedUsers({
      userDatabaseUrl: devServiceDatabaseUrl(infra.databaseUrl, 'user'),
      ledgerDatabaseUrl: devServiceDatabaseUrl(infra.databaseUrl, 'ledger'),
      prefix,
      count: options.wallets,
      jwtKey,
      tag: `c${Date.now().toString(36)}`,
    });
    const operator = await createOperatorLogin({
      gatewayUrl: s.gatewayUrl,
      userDatabaseUrl: devServiceDatabaseUrl(infra.databaseUrl, 'user'),
      prefix,
    });
    await fundUsers({ gatewayUrl: s.gatewayUrl, operator, userIds: wallets.map((w) => w.userId), coins: startingCoins });

    // Before the load: each wallet's balance.
    const creditLagMs = options.creditLagMs ?? 10_000;
    const setup = new HistoryRecorder([], creditLagMs);
    const setupActor = new CheckerActor({
      gatewayUrl: s.gatewayUrl,
      wallets,
      clients: 0,
      recorder: setup,
      goesOn: () => false,
      requestTimeoutMs,
      opGiveUpMs,
    });
    const initial: Array<{ id: number; initial: number }> = [];
    for (const w of wallets) {
      const read = await setupActor.readWallet(0, w);
      if (read.outcome !== 'ok' || read.output.balance !== toMinor(startingCoins))
        throw new Error(`wallet of user ${w.userId} reads ${JSON.stringify(read.output)} after its funding, not ${startingCoins} coins`);
      initial.push({ id: w.userId, initial: read.output.balance });
    }

    const recorder = new HistoryRecorder(initial, creditLagMs);
    const startedAt = Date.now();
    const endAt = startedAt + options.durationSec * 1000;
    const withFaults = options.faults ?? true;
    let nemesis: CheckerNemesis | undefined;
    // The load lasts the duration and, with faults, until every fault kind has happened once.
    const goesOn = () => Date.now() < endAt || (withFaults && !(nemesis?.covered() ?? true));
    bugs = options.injectBugs ? await injectBugs(s.gatewayUrl, wallets) : undefined;
    const actor = new CheckerActor({
      gatewayUrl: bugs?.gateway.url ?? s.gatewayUrl,
      wallets,
      clients: options.clients,
      recorder,
      goesOn,
      requestTimeoutMs,
      opGiveUpMs,
    });
    nemesis = new CheckerNemesis({
      stack: s,
      toxiproxy,
      proxies,
      startedAt,
      intervalMs: options.intervalMs,
      goesOn: () => Date.now() < endAt - 2000 || !(nemesis?.covered() ?? true),
      ...(options.restartKafka
        ? { kafkaRestartAt: startedAt + options.durationSec * 500, restartKafka: () => restartKafkaBroker(infra.kafkaBrokers, log) }
        : {}),
      ...(options.restartPostgres
        ? { postgresRestartAt: startedAt + options.durationSec * 750, restartPostgres: () => restartSharedPostgres(infra, log) }
        : {}),
      log,
    });
    log(`${wallets.length} wallets of ${startingCoins} coins, ${options.clients} clients, ${options.durationSec} s under faults begin`);
    actor.start();
    if (withFaults) nemesis.start();
    while (goesOn()) await sleep(200);
    await actor.stop();
    await nemesis.stop();
    const loadS = (Date.now() - startedAt) / 1000;

    const violations = await healAfterFaults(s, toxiproxy, Object.keys(proxies));
    const settled = await actor.settle(settleMs);
    if (!(await waitQuiet(s, 60_000))) violations.push('credit legs still in flight 60 s after the faults stopped');
    recorder.markQuiet();
    const finalFrom = recorder.now();

    // After the quiet moment: every wallet read once more, histories until complete (eventual).
    for (const w of wallets) await actor.readWallet(options.clients, w);
    // What a history may show: the ledger's record, less the transfers whose request was refused.
    const record = (await ledgerTransactions(s.urls.ledger, await s.internalHeaders('history', 'ledger'))) ?? [];
    if (record.length === 0) violations.push('the ledger record could not be read (GET /internal/transactions)');
    const refused = new Set(
      recorder.operations.filter((o) => o.kind === 'transfer' && o.outcome === 'fail').map((o) => `checker ${o.input.key}`),
    );
    const baseline = new Set(record.filter((t) => !refused.has(t.reason)).map((t) => t.id));
    let history = checkHistoryReads(recorder.operations, { baseline, finalFrom });
    for (const deadline = Date.now() + (options.historySettleMs ?? historySettleMsDefault); ; ) {
      for (const w of wallets) await actor.readHistory(options.clients, w);
      history = checkHistoryReads(recorder.operations, { baseline, finalFrom });
      if (history.missing.length === 0 || Date.now() > deadline) break;
      await sleep(2000);
    }

    const historyFile = join(runDir, 'history.json');
    recorder.write(historyFile);
    const htmlFile = options.html ? join(runDir, 'linearizability.html') : undefined;
    let checker: CheckerResult | null = null;
    try {
      checker = await runChecker(historyFile, htmlFile ? { html: htmlFile } : {});
      violations.push(...checker.anomalies.map((a) => `linearizability: ${a.description}`));
      if (checker.undecided.length > 0)
        violations.push(`linearizability undecided for wallets ${checker.undecided.join(', ')} within the search time`);
    } catch (err) {
      violations.push(`the checker failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const historyProblems = [...history.problems, ...history.missing];
    violations.push(...historyProblems.map((p) => `history reads: ${p}`));

    const timeline = nemesis.timeline;
    violations.push(...timeline.filter((f) => f.error).map((f) => `fault not injected as planned at ${f.atS} s: ${f.what}: ${f.error}`));
    const counts = countsOf(recorder, history, settled, timeline);
    log(
      `load ${loadS.toFixed(0)} s; ${counts.transfersOk + counts.transfersRefused + counts.transfersUnresolved} transfers, ${counts.readsOk + counts.readsFailed} wallet reads, ${history.reads} history reads; ${settled} transfers settled after the faults`,
    );
    return {
      ok: violations.length === 0,
      violations,
      checker,
      historyProblems,
      timeline,
      counts,
      runS: Number(((Date.now() - began) / 1000).toFixed(1)),
      historyFile,
      ...(htmlFile ? { htmlFile } : {}),
      ...(bugs
        ? { bugs: { staleReadWallets: bugs.staleReadWallets, earlyAckWallets: bugs.earlyAckWallets, counts: bugs.gateway.counts } }
        : {}),
    };
  } finally {
    await bugs?.gateway.stop();
    if (stack) for (const name of ['gateway', 'ledger', 'user', 'history'] as const) stack.pause(name, false);
    await stack?.stop();
    await toxiproxy.stop();
  }
}
