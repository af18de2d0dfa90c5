/**
 * Spike ("the Kafka client"): kafkajs against @platformatic/kafka on the transport
 * floor — a command/reply round trip through Kafka, the shape of ../floor/front.ts and echo.ts
 * without the HTTP. Per client, two processes (./kafka-clients/front.ts and echo.ts, the settings
 * in ./kafka-clients/transport.ts): the front produces commands open loop at each offered rate to
 * a keyed command topic and times each reply; the echo answers every command on the reply topic.
 * The clients run one after the other against the same broker, each on its own fresh topics.
 *
 * Per client and step: achieved rate, p50 / p99 / max latency, and CPU milliseconds per round trip
 * (one command + one reply) of the front, the echo and the Kafka broker (/proc, ../lib/cpu.ts),
 * measured over the step after its warm-up. Writes bench/results/kafka-clients.{json,md}.
 *
 * Settings (environment): KAFKA_BROKERS (default: this checkout's broker, never started here),
 * SPIKE_RATES (200,500,1000,2000), SPIKE_WARMUP_SEC (5), SPIKE_STEP_SEC (15),
 * SPIKE_CLIENTS (kafkajs,platformatic, and confluent when SPIKE_CONFLUENT_MODULE is set: the directory
 * of an @confluentinc/kafka-javascript install outside the repository, e.g.
 * /tmp/confluent-try/node_modules/@confluentinc/kafka-javascript), SPIKE_COMMAND_PARTITIONS (12),
 * SPIKE_REPLY_PARTITIONS (3).
 *
 *   npm run bench:kafka-clients
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { defaultKafkaBrokers, kafkaLayout, kafkaVersion, probeKafka } from '../../scripts/infra/kafka';
import { argsOrExit, parseCliArgs } from '../../scripts/cli-args';
import { repoRoot } from '../../scripts/stack/services';
import { type CpuUse, cpuSnapshot, cpuUse } from '../lib/cpu';
import { say, status } from '../lib/progress';
import type { FrontMessage as FromFront, FrontStepResult, StepRequest } from './kafka-clients/front';
import { type ClientName, clientNames, isClientName } from './kafka-clients/transport';

const numberList = (raw: string | undefined, fallback: number[]): number[] =>
  raw
    ? raw
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isFinite(n) && n > 0)
    : fallback;

const settings = {
  brokers: process.env.KAFKA_BROKERS?.trim() ? process.env.KAFKA_BROKERS.split(',').map((b) => b.trim()) : defaultKafkaBrokers(),
  rates: numberList(process.env.SPIKE_RATES, [200, 500, 1000, 2000]),
  warmupSec: Number(process.env.SPIKE_WARMUP_SEC ?? 5),
  stepSec: Number(process.env.SPIKE_STEP_SEC ?? 15),
  clients: (process.env.SPIKE_CLIENTS ?? (process.env.SPIKE_CONFLUENT_MODULE ? 'kafkajs,platformatic,confluent' : 'kafkajs,platformatic'))
    .split(',')
    .map((c) => c.trim())
    .filter((c): c is ClientName => {
      if (!isClientName(c)) throw new Error(`SPIKE_CLIENTS: unknown client ${c} (known: ${clientNames.join(', ')})`);
      return true;
    }),
  commandPartitions: Number(process.env.SPIKE_COMMAND_PARTITIONS ?? 12),
  replyPartitions: Number(process.env.SPIKE_REPLY_PARTITIONS ?? 3),
};

/** The floor's processes' Node flags (../lib/transport-floor.ts). */
const nodeArgs = ['--max-semi-space-size=64', '--import', 'tsx'];
const readyTimeoutMs = 90_000;

/** What the front says over IPC, or that it is gone. */
type FrontMessage = FromFront | { type: 'exited'; code: number | null };

interface StepRow {
  client: ClientName;
  offeredPerSec: number;
  achievedPerSec: number;
  ok: number;
  timeouts: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** CPU ms per round trip (one command + one reply) of each process; null without /proc. */
  cpuMsPerMessage: { front: number; echo: number; broker: number; total: number } | null;
  /** The broker's CPU just before the step, with the spike's clients idle (other users of the broker). */
  brokerBackgroundCores: number | null;
  /** broker minus that background over the step, per round trip: an estimate of the spike's own share. */
  brokerNetMsPerMessage: number | null;
  coresBusy: number | null;
  wallSec: number;
  /** The broker's JVM changed during the step (someone else restarted it): the step is void. */
  brokerRestarted: boolean;
}

function packageJson(dir: string): { version?: string; librdkafka?: string } {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string; librdkafka?: string };
  } catch {
    return {};
  }
}

function clientVersions(): Record<string, string> {
  const versions: Record<string, string> = {
    kafkajs: packageJson(join(repoRoot, 'node_modules', 'kafkajs')).version ?? 'unknown',
    platformatic: packageJson(join(repoRoot, 'node_modules', '@platformatic', 'kafka')).version ?? 'unknown',
  };
  const confluent = process.env.SPIKE_CONFLUENT_MODULE;
  if (confluent && settings.clients.includes('confluent')) {
    const pkg = packageJson(confluent);
    versions.confluent = `${pkg.version ?? 'unknown'} (librdkafka ${pkg.librdkafka ?? 'unknown'})`;
  }
  return versions;
}

function startChild(
  file: 'front' | 'echo',
  env: Record<string, string>,
  logDir: string,
  label: string,
): Promise<{ child: ChildProcess; messages: FrontMessage[]; next: () => Promise<FrontMessage> }> {
  const child = spawn(process.execPath, [...nodeArgs, join(repoRoot, `bench/spike/kafka-clients/${file}.ts`)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const log = createWriteStream(join(logDir, `${label}.log`));
  child.stderr?.pipe(log);
  // The front talks over IPC; a queue of its messages and of those waiting for one.
  const messages: FrontMessage[] = [];
  const waiting: Array<(m: FrontMessage) => void> = [];
  const deliver = (m: FrontMessage) => {
    const waiter = waiting.shift();
    if (waiter) waiter(m);
    else messages.push(m);
  };
  child.on('message', (m: FromFront) => deliver(m));
  child.on('exit', (code) => {
    for (const waiter of waiting.splice(0)) waiter({ type: 'exited', code });
    messages.push({ type: 'exited', code });
  });
  const next = () => {
    const queued = messages.shift();
    return queued ? Promise.resolve(queued) : new Promise<FrontMessage>((resolve) => waiting.push(resolve));
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label} not ready within ${readyTimeoutMs} ms (see ${logDir}/${label}.log)`));
    }, readyTimeoutMs);
    const ready = () => {
      clearTimeout(timer);
      resolve({ child, messages, next });
    };
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}) before it was ready (see ${logDir}/${label}.log)`));
    });
    if (file === 'echo') {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) ready();
      });
    } else {
      void next().then((m) => {
        if (m.type === 'ready') ready();
      });
    }
  });
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function topicsOf(prefix: string, client: ClientName) {
  return { commands: `${prefix}.${client}.commands`, replies: `${prefix}.${client}.replies` };
}

interface RunningClient {
  client: ClientName;
  front: ChildProcess;
  echo: ChildProcess;
  next: () => Promise<FrontMessage>;
}

async function startClient(client: ClientName, prefix: string, logDir: string): Promise<RunningClient> {
  const topics = topicsOf(prefix, client);
  const common = { SPIKE_CLIENT: client, KAFKA_BROKERS: settings.brokers.join(','), SPIKE_COMMAND_TOPIC: topics.commands };
  status(`${client}: starting echo and front`);
  const echo = (await startChild('echo', { ...common, SPIKE_GROUP: `${prefix}.${client}.echo` }, logDir, `${client}-echo`)).child;
  try {
    const front = await startChild(
      'front',
      { ...common, SPIKE_REPLY_TOPIC: topics.replies, SPIKE_GROUP: `${prefix}.${client}.front` },
      logDir,
      `${client}-front`,
    );
    return { client, front: front.child, echo, next: front.next };
  } catch (err) {
    await stopChild(echo);
    throw err;
  }
}

/**
 * The broker's pid: the JVM running this checkout's server.properties (scripts/infra/kafka.ts),
 * so that another JVM on the machine (a second checkout's broker, say) is not counted; failing
 * that (KAFKA_BROKERS elsewhere), the only JVM there is. Undefined when there is none or several.
 */
function brokerPid(): number | undefined {
  const ownConfig = join(kafkaLayout().dataDir, 'server.properties');
  const jvms: Array<{ pid: number; cmdline: string }> = [];
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'java') continue;
        jvms.push({ pid: Number(entry), cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ') });
      } catch {
        // gone meanwhile
      }
    }
  } catch {
    return undefined; // no /proc
  }
  return jvms.find((j) => j.cmdline.includes(ownConfig))?.pid ?? (jvms.length === 1 ? jvms[0]!.pid : undefined);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The broker's CPU while none of the spike's clients has work (their idle consumers still poll):
 * other users of this broker (a test run, another checkout) show here, in cores.
 */
async function brokerBackgroundCores(ms: number): Promise<number | null> {
  const pid = { broker: brokerPid() };
  const before = cpuSnapshot(pid);
  const t0 = performance.now();
  await sleep(ms);
  const after = cpuSnapshot(pid);
  const seconds = (after.get('broker') ?? Number.NaN) - (before.get('broker') ?? Number.NaN);
  return Number.isFinite(seconds) ? Number((seconds / ((performance.now() - t0) / 1000)).toFixed(3)) : null;
}

async function runStep(running: RunningClient, rate: number): Promise<StepRow> {
  const { client, front, echo } = running;
  const broker0 = brokerPid();
  const pids = { front: front.pid, echo: echo.pid, broker: broker0 };
  // Also lets the previous step's last replies and commits settle.
  const brokerBackground = await brokerBackgroundCores(3000);
  status(`${client}: ${rate}/s, ${settings.warmupSec} s warm-up + ${settings.stepSec} s`);
  const step: StepRequest = { type: 'step', ratePerSec: rate, warmupSec: settings.warmupSec, durationSec: settings.stepSec };
  front.send(step);
  const measuring = await running.next();
  if (measuring.type !== 'measuring') throw new Error(`${client}: expected measuring, got ${measuring.type}`);
  const before = cpuSnapshot(pids);
  const t0 = performance.now();
  const answer = await running.next();
  if (answer.type !== 'result')
    throw new Error(
      `${client}: the front ${answer.type === 'exited' ? `exited (${answer.code})` : `said ${answer.type}`} during the ${rate}/s step`,
    );
  const result: FrontStepResult = answer;
  const wallSec = (performance.now() - t0) / 1000;
  const cpu: CpuUse | null = cpuUse(before, cpuSnapshot(pids), result.ok, wallSec);
  const brokerRestarted = brokerPid() !== broker0;
  const ms = cpu?.msPerTransfer;
  const broker = ms?.broker ?? 0;
  const row: StepRow = {
    client,
    offeredPerSec: rate,
    achievedPerSec: Math.round((result.ok / result.durationSec) * 10) / 10,
    ok: result.ok,
    timeouts: result.timeouts,
    p50Ms: result.p50Ms,
    p90Ms: result.p90Ms,
    p99Ms: result.p99Ms,
    maxMs: result.maxMs,
    cpuMsPerMessage: ms
      ? {
          front: ms.front ?? 0,
          echo: ms.echo ?? 0,
          broker,
          total: Number(((ms.front ?? 0) + (ms.echo ?? 0) + broker).toFixed(3)),
        }
      : null,
    brokerBackgroundCores: brokerBackground,
    brokerNetMsPerMessage:
      ms && brokerBackground !== null && result.ok > 0
        ? Number(Math.max(0, broker - (brokerBackground * 1000 * wallSec) / result.ok).toFixed(3))
        : null,
    coresBusy: cpu?.coresBusy ?? null,
    wallSec: result.wallSec,
    brokerRestarted,
  };
  say(
    `${client} ${rate}/s: ${row.achievedPerSec}/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, max ${row.maxMs} ms${row.timeouts ? `, ${row.timeouts} timeouts` : ''}${brokerRestarted ? ' (BROKER RESTARTED during the step: void)' : ''}` +
      (row.cpuMsPerMessage
        ? `; CPU ms/msg front ${row.cpuMsPerMessage.front}, echo ${row.cpuMsPerMessage.echo}, broker ${row.cpuMsPerMessage.broker} (background ${brokerBackground} cores)`
        : ''),
  );
  return row;
}

/**
 * Every client's pair of processes runs for the whole spike (idle ones only poll), and the steps
 * interleave: each rate for every client in turn, the order rotated from one rate to the next,
 * so a change in what else this machine runs falls on all clients alike.
 */
async function runAll(prefix: string, logDir: string): Promise<StepRow[]> {
  const running: RunningClient[] = [];
  const rows: StepRow[] = [];
  try {
    for (const client of settings.clients) running.push(await startClient(client, prefix, logDir));
    for (const [i, rate] of settings.rates.entries()) {
      const order = [...running.slice(i % running.length), ...running.slice(0, i % running.length)];
      for (const r of order) rows.push(await runStep(r, rate));
    }
  } finally {
    for (const r of running) {
      await stopChild(r.front);
      await stopChild(r.echo);
    }
  }
  // In table order: by client, then rate.
  return settings.clients.flatMap((c) => rows.filter((r) => r.client === c));
}

const fmt = (n: number | undefined, digits = 3) => (n === undefined ? '–' : n.toFixed(digits));

function markdownTable(rows: StepRow[]): string {
  const lines = [
    '| client | offered /s | achieved /s | p50 ms | p99 ms | max ms | timeouts | CPU ms/msg front | echo | broker | total | broker background (cores) | broker net of it |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const c = r.cpuMsPerMessage;
    lines.push(
      `| ${r.client}${r.brokerRestarted ? ' (broker restarted: void)' : ''} | ${r.offeredPerSec} | ${r.achievedPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.timeouts} | ${fmt(c?.front)} | ${fmt(c?.echo)} | ${fmt(c?.broker)} | ${fmt(c?.total)} | ${fmt(r.brokerBackgroundCores ?? undefined, 2)} | ${fmt(r.brokerNetMsPerMessage ?? undefined)} |`,
    );
  }
  return lines.join('\n');
}

/** Each other client against kafkajs at each rate both ran: the issue's rule (≥ 15 % less CPU, or p99). */
function comparison(rows: StepRow[]): string {
  const lines = [
    '| client vs kafkajs | offered /s | CPU total | clients only (front + echo) | broker | broker net of background | p99 kafkajs → client |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  const pct = (a: number, b: number) => (b > 0 ? `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(0)} %` : '–');
  for (const client of settings.clients.filter((c) => c !== 'kafkajs')) {
    for (const rate of settings.rates) {
      const k = rows.find((r) => r.client === 'kafkajs' && r.offeredPerSec === rate);
      const p = rows.find((r) => r.client === client && r.offeredPerSec === rate);
      if (!k || !p || !k.cpuMsPerMessage || !p.cpuMsPerMessage) continue;
      const kc = k.cpuMsPerMessage;
      const pc = p.cpuMsPerMessage;
      lines.push(
        `| ${client} | ${rate} | ${pct(pc.total, kc.total)} | ${pct(pc.front + pc.echo, kc.front + kc.echo)} | ${pct(pc.broker, kc.broker)} | ${p.brokerNetMsPerMessage !== null && k.brokerNetMsPerMessage !== null ? pct(p.brokerNetMsPerMessage, k.brokerNetMsPerMessage) : '–'} | ${k.p99Ms} → ${p.p99Ms} ms |`,
      );
    }
  }
  return lines.join('\n');
}

async function deleteTopics(brokers: string[], topics: string[]): Promise<void> {
  const { Admin } = await import('@platformatic/kafka');
  const admin = new Admin({ clientId: 'spike-admin', bootstrapBrokers: brokers });
  try {
    await admin.deleteTopics({ topics });
  } finally {
    await admin.close();
  }
}

async function main(): Promise<void> {
  if (settings.rates.length === 0 || settings.clients.length === 0) throw new Error('no rates or no clients to run');
  if (!(await probeKafka(settings.brokers, 5_000))) {
    throw new Error(`no Kafka broker answers at ${settings.brokers.join(',')} (set KAFKA_BROKERS; this spike never starts one)`);
  }
  const prefix = `spike-${randomBytes(4).toString('hex')}`;
  const logDir = join(repoRoot, '.run', 'spike', prefix);
  mkdirSync(logDir, { recursive: true });
  const startedAt = new Date().toISOString();
  const versions = clientVersions();
  say(
    `kafka client spike ${prefix}: ${settings.clients.join(' then ')}, rates ${settings.rates.join('/')} per s, ${settings.warmupSec} s warm-up + ${settings.stepSec} s each, broker ${settings.brokers.join(',')}; logs in ${logDir}`,
  );

  const topics = settings.clients.flatMap((c) => Object.values(topicsOf(prefix, c)));
  await createSpikeTopics(prefix);

  const rows: StepRow[] = [];
  const cleanUp = async () => {
    await deleteTopics(settings.brokers, topics).catch((err: unknown) => say(`could not delete the spike's topics: ${String(err)}`));
  };
  process.once('SIGINT', () => {
    void cleanUp().then(() => process.exit(130));
  });
  try {
    rows.push(...(await runAll(prefix, logDir)));
  } finally {
    await cleanUp();
  }

  const result = {
    startedAt,
    prefix,
    machine: { cpus: cpus().length, node: process.version, kafka: kafkaVersion, brokers: settings.brokers },
    versions,
    settings: {
      rates: settings.rates,
      warmupSec: settings.warmupSec,
      stepSec: settings.stepSec,
      clients: settings.clients,
      commandPartitions: settings.commandPartitions,
      replyPartitions: settings.replyPartitions,
      producer:
        'acks=-1, no compression, not idempotent, linger 0 (kafkajs: BatchingProducer lingerMs 0, ≤ 2000 messages per request, one request in flight; platformatic: producer.asStream batchTime 0, batchSize 2000, one request in flight; confluent: send() per message unawaited, linger.ms 0, librdkafka batching)',
      consumer: 'maxWaitTime 50 ms, minBytes 1, 1 MiB per partition, autocommit every 500 ms, session 6 s, heartbeat 500 ms',
    },
    steps: rows,
  };
  const table = markdownTable(rows);
  const md = reportMarkdown({
    prefix,
    startedAt,
    versions,
    producer: result.settings.producer,
    consumer: result.settings.consumer,
    table,
    rows,
  });
  mkdirSync(join(repoRoot, 'bench', 'results'), { recursive: true });
  writeFileSync(join(repoRoot, 'bench', 'results', 'kafka-clients.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(repoRoot, 'bench', 'results', 'kafka-clients.md'), md);
  // A copy next to the run's logs (.run, not versioned): earlier runs stay at hand.
  writeFileSync(join(logDir, 'kafka-clients.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(logDir, 'kafka-clients.md'), md);
  process.stdout.write(`${table}\n\n${comparison(rows)}\n`);
  say(`wrote bench/results/kafka-clients.json and bench/results/kafka-clients.md (copies in ${logDir})`);
}

/** Each client's command and reply topics under `prefix`. */
async function createSpikeTopics(prefix: string): Promise<void> {
  const { Admin } = await import('@platformatic/kafka');
  const admin = new Admin({ clientId: 'spike-admin', bootstrapBrokers: settings.brokers });
  try {
    for (const client of settings.clients) {
      const t = topicsOf(prefix, client);
      await admin.createTopics({ topics: [t.commands], partitions: settings.commandPartitions, replicas: 1 });
      await admin.createTopics({ topics: [t.replies], partitions: settings.replyPartitions, replicas: 1 });
    }
  } finally {
    await admin.close();
  }
}

/** The report: how the run was made, the table of steps and the comparison with kafkajs. */
function reportMarkdown(report: {
  prefix: string;
  startedAt: string;
  versions: ReturnType<typeof clientVersions>;
  producer: string;
  consumer: string;
  table: string;
  rows: StepRow[];
}): string {
  const { prefix, startedAt, versions, table, rows } = report;
  return [
    `# Kafka client spike: ${settings.clients.join(' vs ')} (transport floor, open loop)`,
    '',
    `Run ${prefix} at ${startedAt}: Node ${process.version}, Kafka ${kafkaVersion} (${settings.brokers.join(',')}), ${cpus().length} CPUs; kafkajs ${versions.kafkajs}, @platformatic/kafka ${versions.platformatic}${versions.confluent ? `, @confluentinc/kafka-javascript ${versions.confluent}` : ''}.`,
    `Each step ${settings.warmupSec} s warm-up + ${settings.stepSec} s measured; command topic ${settings.commandPartitions} partitions, reply topic ${settings.replyPartitions}.`,
    `Producer: ${report.producer}. Consumer: ${report.consumer}.`,
    'Latency: from the due time of each open-loop command to its reply at the front. CPU: ms per round trip (one command + one reply), from /proc over the measured step.',
    'Broker CPU is this checkout\'s broker JVM only: anything else using this broker during a step counts too. "broker background" is its CPU over 3 s just before the step with the spike idle; "broker net" subtracts that rate over the step.',
    'All clients run side by side (idle ones only poll); the steps interleave by rate, the client order rotating from one rate to the next.',
    '',
    table,
    '',
    '## Against kafkajs (negative = less CPU than kafkajs)',
    '',
    comparison(rows),
    '',
  ].join('\n');
}

argsOrExit(() =>
  parseCliArgs(
    { args: process.argv.slice(2), options: {} },
    'usage: npm run bench:kafka-clients (settings: KAFKA_BROKERS and SPIKE_* environment variables)',
  ),
);
main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
