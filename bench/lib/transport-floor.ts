/**
 * The transport floor: what the architecture's mandatory hops cost on this machine with nothing
 * else in them. Two throwaway processes built from the project's own libraries stand in for the
 * gateway and the ledger (bench/floor/front.ts and echo.ts): HTTP in, a command through Kafka,
 * a consumer that answers it at once, the reply through Kafka, HTTP out — no authentication,
 * Redis, PostgreSQL, ledger logic, events or history. A second step measures HTTP alone.
 *
 * Measured in the same run and at the same concurrency as the pipeline's peak, so
 * floor / baseline says how far above the baseline the design could get at best on this box,
 * and pipeline / floor how much of that ceiling the real work leaves. With `openLoop`, the Kafka
 * round trip then also runs open loop at given offered rates (./open-loop.ts, the generator of
 * every open-loop step): the floor's latency and CPU at the equal rates of ./equal-rate.ts.
 *
 * With `durable` the same echo then runs those open-loop rates again as the durable floor: its
 * consumer makes one committed INSERT per batch (synchronous_commit on) on the same PostgreSQL
 * before it answers. No authentication, events or ledger logic still: what answering only what is
 * durable costs at least, the figure the pipeline's latency targets are set against.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { dlqOf } from '@coin/contracts';
import { createKafka, ensureTopics } from '@coin/kafka';
import { createLogger } from '@coin/logger';
import pg from 'pg';
import { freePort } from '../../scripts/stack/processes';
import { repoRoot } from '../../scripts/stack/services';
import { cpuSnapshot, cpuUse, describeCpuUse, type CpuUse } from './cpu';
import { runStep, type GeneratedRequest, type StepResult, type StepSpec } from './load';
import { say, status } from './progress';

export interface FloorStep {
  label: string;
  connections: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  cpu: CpuUse | null;
}

export interface TransportFloor {
  /** Node's HTTP and fastify alone: the request answered at once. */
  httpOnly: FloorStep;
  /** HTTP → command through Kafka → consumer → reply through Kafka → HTTP. */
  kafkaRoundTrip: FloorStep;
  /** The Kafka round trip in open loop, one step per rate of `openLoop` (empty without it). */
  openLoop: FloorOpenStep[];
  /** The durable floor in open loop at the same rates (empty without `durable` or `openLoop`). */
  durableOpenLoop: FloorOpenStep[];
}

/** An open-loop step of the floor: the load generator's whole result and the CPU it cost. */
export type FloorOpenStep = StepResult & { cpu: CpuUse | null };

export interface TransportFloorOptions {
  kafkaBrokers: string[];
  /** The run's topic prefix: the floor's topics go away with the run's. */
  prefix: string;
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** The gateway's produce linger (GATEWAY_PRODUCE_LINGER_MS). */
  lingerMs: number;
  logDir: string;
  /** A request body like the pipeline's (the path and headers are the floor's own). */
  nextBody: () => string;
  /**
   * After the closed-loop Kafka round trip, the same processes in open loop at each offered
   * rate (requests per second; `label` names the step), with at most `connections` connections.
   */
  openLoop?: { connections: number; rates: Array<{ label: string; ratePerSec: number }> };
  /** The PostgreSQL the durable floor writes to (the services' own); without it no durable floor. */
  durable?: { databaseUrl: string };
}

/** Both processes get the young generation the gateway and the ledger run with. */
const nodeArgs = ['--max-semi-space-size=64', '--import', 'tsx'];
const readyTimeoutMs = 60_000;

function startFloorProcess(name: 'front' | 'echo', env: Record<string, string>, logDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, join(repoRoot, `bench/floor/${name}.ts`)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(logDir, `floor-${name}.log`));
  child.stderr?.pipe(log);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`floor ${name} not ready within ${readyTimeoutMs} ms (see ${logDir}/floor-${name}.log)`));
    }, readyTimeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('ready')) return;
      clearTimeout(timer);
      resolve(child);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`floor ${name} exited (${code}) before it was ready (see ${logDir}/floor-${name}.log)`));
    });
  });
}

async function stopFloorProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const tick = (name: string, durationSec: number) => (p: { elapsedSec: number; okLastSec: number; ok: number }) =>
  status(`${name}: ${p.elapsedSec.toFixed(0)}/${durationSec} s, ${p.okLastSec} ok/s, ${p.ok} ok`);

function floorRequests(options: TransportFloorOptions): () => GeneratedRequest {
  return () => ({ path: '/floor', headers: {}, body: options.nextBody() });
}

/** One measured step against the floor's front (closed or open loop), with the CPU it cost. */
async function measuredFloorStep(
  spec: Omit<StepSpec, 'next' | 'onTick'>,
  options: TransportFloorOptions,
  pids: Record<string, number | undefined>,
): Promise<FloorOpenStep> {
  const withBench = { ...pids, 'load generator': process.pid };
  const before = cpuSnapshot(withBench);
  const started = performance.now();
  const result: StepResult = await runStep({ ...spec, next: floorRequests(options), onTick: tick(spec.label, spec.durationSec) });
  const cpu = cpuUse(before, cpuSnapshot(withBench), result.ok, (performance.now() - started) / 1000);
  const errors = result.non2xx + result.errors + result.timeouts;
  say(
    `${spec.label}: ${spec.kind === 'open' ? `offered ${spec.ratePerSec}/s, ` : ''}${result.transfersPerSec} requests/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms${spec.kind === 'open' ? `, max ${result.maxMs} ms` : ''}${errors ? `, ${errors} failed` : ''}`,
  );
  if (cpu) say(`  ${describeCpuUse(cpu).replace('per transfer', 'per request')}`);
  return { ...result, cpu };
}

async function floorStep(
  label: string,
  url: string,
  options: TransportFloorOptions,
  pids: Record<string, number | undefined>,
): Promise<FloorStep> {
  await runStep({
    label: `${label} warm-up`,
    url,
    kind: 'closed',
    connections: 16,
    durationSec: options.warmupSec,
    next: floorRequests(options),
    onTick: tick(`${label} warm-up`, options.warmupSec),
  });
  const { cpu, ...result } = await measuredFloorStep(
    { label, url, kind: 'closed', connections: options.connections, durationSec: options.durationSec },
    options,
    pids,
  );
  const errors = result.non2xx + result.errors + result.timeouts;
  return {
    label,
    connections: options.connections,
    requestsPerSec: result.transfersPerSec,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    errors,
    cpu,
  };
}

/** The open-loop steps at each rate of `openLoop` on processes already warm. */
async function openLoopSteps(
  name: string,
  url: string,
  options: TransportFloorOptions,
  pids: Record<string, number | undefined>,
): Promise<FloorOpenStep[]> {
  const steps: FloorOpenStep[] = [];
  for (const rate of options.openLoop?.rates ?? []) {
    steps.push(
      await measuredFloorStep(
        {
          label: `${name} open ${rate.label}`,
          url,
          kind: 'open',
          connections: options.openLoop!.connections,
          ratePerSec: rate.ratePerSec,
          durationSec: options.durationSec,
        },
        options,
        pids,
      ),
    );
  }
  return steps;
}

/** The table the durable floor inserts into, in a schema of the run's prefix (dropped with the run's). */
async function durableTable(databaseUrl: string, prefix: string): Promise<string> {
  const schema = pg.escapeIdentifier(`${prefix}floor`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.batches (id bigserial PRIMARY KEY, rows integer NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
    );
    return `${schema}.batches`;
  } finally {
    await client.end();
  }
}

export async function measureTransportFloor(options: TransportFloorOptions): Promise<TransportFloor> {
  const commandTopic = `${options.prefix}floor.commands`;
  const replyTopic = `${options.prefix}floor.replies`;
  const kafka = createKafka({ brokers: options.kafkaBrokers, clientId: 'bench-floor', logger: createLogger('bench-floor', 'warn') });
  // As many partitions as ledger.commands and gateway.replies have by default.
  await ensureTopics(kafka, [
    { topic: commandTopic, numPartitions: 6 },
    { topic: dlqOf(commandTopic), numPartitions: 1 },
    { topic: replyTopic, numPartitions: 3 },
  ]);
  const common = {
    KAFKA_BROKERS: options.kafkaBrokers.join(','),
    FLOOR_COMMAND_TOPIC: commandTopic,
    FLOOR_REPLY_TOPIC: replyTopic,
    FLOOR_LINGER_MS: String(options.lingerMs),
  };
  const echoEnv = { ...common, FLOOR_GROUP: `${options.prefix}floor-echo` };

  let front: ChildProcess | undefined;
  let echo: ChildProcess | undefined;
  try {
    let port = await freePort();
    front = await startFloorProcess('front', { ...common, FLOOR_MODE: 'http', FLOOR_PORT: String(port) }, options.logDir);
    const httpOnly = await floorStep(`floor HTTP only c=${options.connections}`, `http://127.0.0.1:${port}`, options, { front: front.pid });
    await stopFloorProcess(front);

    echo = await startFloorProcess('echo', echoEnv, options.logDir);
    port = await freePort();
    front = await startFloorProcess('front', { ...common, FLOOR_MODE: 'kafka', FLOOR_PORT: String(port) }, options.logDir);
    const url = `http://127.0.0.1:${port}`;
    const kafkaRoundTrip = await floorStep(`floor HTTP + Kafka round trip c=${options.connections}`, url, options, {
      front: front.pid,
      echo: echo.pid,
    });
    // Warm already: the open-loop steps follow the closed-loop one on the same processes.
    const openLoop = await openLoopSteps('floor HTTP + Kafka round trip', url, options, { front: front.pid, echo: echo.pid });
    let durableOpenLoop: FloorOpenStep[] = [];
    if (options.durable && openLoop.length > 0) {
      // The same group goes on where the plain echo stopped; its stop committed its offsets.
      await stopFloorProcess(echo);
      const table = await durableTable(options.durable.databaseUrl, options.prefix);
      echo = await startFloorProcess(
        'echo',
        { ...echoEnv, FLOOR_DATABASE_URL: options.durable.databaseUrl, FLOOR_TABLE: table },
        options.logDir,
      );
      await runStep({
        label: 'durable floor warm-up',
        url,
        kind: 'closed',
        connections: 16,
        durationSec: options.warmupSec,
        next: floorRequests(options),
        onTick: tick('durable floor warm-up', options.warmupSec),
      });
      durableOpenLoop = await openLoopSteps('durable floor', url, options, { front: front.pid, echo: echo.pid });
    }
    return { httpOnly, kafkaRoundTrip, openLoop, durableOpenLoop };
  } finally {
    await stopFloorProcess(front);
    await stopFloorProcess(echo);
  }
}
