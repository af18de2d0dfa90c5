/**
 * The four services as child processes (node --import tsx services/<svc>/src/main.ts), on free
 * ports, with their own topic and schema prefix. The benchmark and the bank test use this
 * instead of the in-process test stack: it is closer to production (one event loop per
 * service), and a SIGKILL really kills a service and nothing else.
 *
 * Each service runs under a Supervisor (./supervisor.ts), as under `npm start` and Kubernetes: a
 * service that exits on its own is recorded in `unexpectedExits` (always a finding) and restarted
 * with backoff; kill() and stop() are ours and restart nothing.
 */
import { createWriteStream, mkdirSync, readFileSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { InfraEndpoints } from '../infra';
import { serviceEnvs } from './env';
import { generateServiceKeys, type JwtKey } from './keys';
import { repoRoot, serviceNames, serviceNodeArgs, type ServiceName } from './services';
import type { BackoffPolicy } from './backoff';
import { Supervisor } from './supervisor';
import { ServiceTokenSigner } from '@coin/http';

export interface ProcessStackOptions {
  infra: InfraEndpoints;
  /** Topic and schema prefix; the caller has provisioned it. */
  prefix: string;
  jwtKey: JwtKey;
  /**
   * The gateway's CACHE_MAC_SECRET; by default a fresh one per start. A caller that starts the same
   * stack again passes the first start's, as a restarted deployment keeps its secret: with a fresh
   * one every cached token version fails its MAC and is read from the user service again.
   */
  cacheMacSecret?: string;
  logLevel?: string;
  /** Extra environment for every service (rate limits, timeouts). */
  extraEnv?: Record<string, string>;
  /**
   * Per service, variables that replace what serviceEnvs gave it (the checker run points each
   * service's database URL at its own fault-injecting proxy).
   */
  envOverrides?: Partial<Record<ServiceName, Record<string, string>>>;
  /**
   * Per service, the module run instead of services/<name>/src/main.ts (a path from the repository
   * root): the bank test runs a ledger that kills itself right after it commits a mandate charge.
   */
  entries?: Partial<Record<ServiceName, string>>;
  /** Extra node flags per service, e.g. ['--cpu-prof', '--cpu-prof-dir=...']. */
  nodeArgs?: Partial<Record<ServiceName, string[]>>;
  /** Where each service's stdout/stderr is appended (<dir>/<service>.log). */
  logDir: string;
  /** How long a (re)started service may take to answer /readyz. */
  readyTimeoutMs?: number;
  /** Restart a service that exits on its own (default true); its exit is recorded either way. */
  restartOnExit?: boolean;
  /** Delays of those restarts (default ./backoff.ts defaultRestartBackoff: 1 s doubling to 30 s). */
  restartBackoff?: BackoffPolicy;
}

/** Per service: exits we did not cause, and the restarts the supervisor made after them. */
export type SupervisorCounts = Record<ServiceName, { unexpectedExits: number; supervisorRestarts: number }>;

const readyTimeoutMsDefault = 90_000;
const readyPollMs = 200;
/** SIGTERM lets a service finish its batches; after this it is killed. */
const stopGraceMs = 20_000;

/**
 * A port that was free a moment ago, below the kernel's ephemeral range. A port the kernel hands
 * out for `listen(0)` comes from the same range as the local ports of outgoing connections, so in
 * the second between releasing it and a child binding it, any client (a Kafka or PostgreSQL
 * connection of another test) could take it and hold it for minutes: a full run's user service
 * failed to bind that way for 90 s. Below the range only listeners compete, and the bind here
 * checks that none holds it.
 */
export async function freePort(taken: ReadonlySet<number> = new Set()): Promise<number> {
  const { low } = ephemeralPortRange();
  const first = 10_000;
  for (let attempt = 0; attempt < 50 && low - first > 100; attempt += 1) {
    const port = first + Math.floor(Math.random() * (low - first));
    if (!taken.has(port) && (await bindable(port))) return port;
  }
  return bindAndRelease(0);
}

/**
 * `count` distinct free ports. Each is only free until its child binds it, so ports picked one
 * after another before any child starts must also differ from each other: two services given the
 * same port left one of them failing EADDRINUSE on every restart (a bench's ledger, twelve picks
 * out of 22,000 ports).
 */
export async function freePorts(count: number): Promise<number[]> {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(await freePort(picked));
  return [...picked];
}

/** The kernel's range for ephemeral ports (Linux's default where it cannot be read). */
function ephemeralPortRange(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high) return { low, high };
  } catch {
    // not Linux
  }
  return { low: 32_768, high: 60_999 };
}

function bindable(port: number): Promise<boolean> {
  return bindAndRelease(port).then(
    () => true,
    () => false,
  );
}

/** Binds 127.0.0.1:port (0: any), releases it, and resolves the port bound. */
function bindAndRelease(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * One request of `<url>/readyz` (a service's metrics URL): true when it answers 200. It is given
 * long enough for the service's own checks (READINESS_CHECK_TIMEOUT_MS each, scaled in test
 * stacks), up to 10 s, never past `deadline`; a service not listening yet is false.
 */
export async function readyzAnswersOk(url: string, deadline: number): Promise<boolean> {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(Math.max(1, Math.min(10_000, deadline - Date.now()))) });
    return response.ok;
  } catch {
    return false;
  }
}

/** What ends a wait for readiness early: the process died (an error), or the caller gave up (false). */
export interface ReadyWaitStops {
  isAlive?: () => boolean;
  gaveUp?: () => boolean;
}

/**
 * Polls `<url>/readyz` (a service's metrics URL) until it answers 200: true then, false once the
 * caller gives up; throws when the process exits first or the time is over.
 */
export async function waitForReady(url: string, timeoutMs: number, stops: ReadyWaitStops = {}): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stops.gaveUp?.()) return false;
    if (stops.isAlive && !stops.isAlive()) throw new Error(`${url}: the process exited before it became ready`);
    if (await readyzAnswersOk(url, deadline)) return true;
    await new Promise((r) => setTimeout(r, readyPollMs));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

export class ProcessStack {
  private readonly supervisors = new Map<ServiceName, Supervisor>();
  private readonly logs = new Map<ServiceName, WriteStream>();
  private readonly envs: Record<ServiceName, Record<string, string>>;
  readonly urls: Record<ServiceName, string>;
  /** Each service's /healthz, /readyz and /metrics (its METRICS_PORT). */
  readonly metricsUrls: Record<ServiceName, string>;
  /** Starts through restart() (the supervisor's own restarts: supervisorCounts()). */
  restarts = 0;
  kills = 0;
  /**
   * Services that exited without being killed or stopped by us: a crash, always a finding, even
   * when the supervisor brought the service back.
   */
  readonly unexpectedExits: Array<{ name: ServiceName; pid: number | undefined; code: number | null; signal: string | null; at: string }> =
    [];

  private constructor(
    private readonly options: ProcessStackOptions,
    readonly ports: Record<ServiceName, number>,
    readonly metricsPorts: Record<ServiceName, number>,
  ) {
    this.envs = serviceEnvs({
      ...options.infra,
      topicPrefix: options.prefix,
      schemaPrefix: options.prefix,
      jwtKey: options.jwtKey,
      ...(options.cacheMacSecret ? { cacheMacSecret: options.cacheMacSecret } : {}),
      serviceKeys: generateServiceKeys(),
      ports,
      metricsPorts,
      logLevel: options.logLevel ?? 'warn',
      extra: options.extraEnv ?? {},
    });
    for (const [name, vars] of Object.entries(options.envOverrides ?? {})) Object.assign(this.envs[name as ServiceName], vars);
    this.urls = Object.fromEntries(serviceNames.map((n) => [n, `http://127.0.0.1:${ports[n]}`])) as Record<ServiceName, string>;
    this.metricsUrls = Object.fromEntries(serviceNames.map((n) => [n, `http://127.0.0.1:${metricsPorts[n]}`])) as Record<
      ServiceName,
      string
    >;
  }

  static async start(options: ProcessStackOptions): Promise<ProcessStack> {
    const ports = {} as Record<ServiceName, number>;
    const metricsPorts = {} as Record<ServiceName, number>;
    const picked = await freePorts(serviceNames.length * 2);
    serviceNames.forEach((name, i) => {
      ports[name] = picked[2 * i]!;
      metricsPorts[name] = picked[2 * i + 1]!;
    });
    const stack = new ProcessStack(options, ports, metricsPorts);
    mkdirSync(options.logDir, { recursive: true });
    try {
      // Back-end services first: the gateway fetches the signing keys from the user service.
      await Promise.all((['user', 'ledger', 'history', 'webhooks', 'monitoring'] as const).map((n) => stack.launch(n)));
      await stack.launch('gateway');
    } catch (err) {
      await stack.stop();
      throw err;
    }
    return stack;
  }

  get gatewayUrl(): string {
    return this.urls.gateway;
  }

  env(name: ServiceName): Record<string, string> {
    return this.envs[name];
  }

  /**
   * The `authorization` header of an internal call as `caller` (its key from this stack's
   * environment) to `audience`: what checks and tools reading internal APIs send.
   */
  async internalHeaders(caller: 'gateway' | 'history', audience: ServiceName): Promise<Record<string, string>> {
    const signer = this.signers[caller] ?? new ServiceTokenSigner(caller, String(this.envs[caller].SERVICE_TOKEN_PRIVATE_KEY));
    this.signers[caller] = signer;
    return { authorization: `Bearer ${await signer.tokenFor(audience)}` };
  }

  private readonly signers: Partial<Record<'gateway' | 'history', ServiceTokenSigner>> = {};

  pid(name: ServiceName): number | undefined {
    return this.supervisors.get(name)?.pid;
  }

  isRunning(name: ServiceName): boolean {
    return this.supervisors.get(name)?.isRunning() ?? false;
  }

  /** Per service: how often it exited on its own, and how often the supervisor restarted it. */
  supervisorCounts(): SupervisorCounts {
    return Object.fromEntries(
      serviceNames.map((name) => {
        const supervisor = this.supervisors.get(name);
        return [name, { unexpectedExits: supervisor?.unexpectedExits ?? 0, supervisorRestarts: supervisor?.restarts ?? 0 }];
      }),
    ) as SupervisorCounts;
  }

  private log(name: ServiceName): WriteStream {
    let stream = this.logs.get(name);
    if (!stream) {
      stream = createWriteStream(join(this.options.logDir, `${name}.log`), { flags: 'a' });
      this.logs.set(name, stream);
    }
    return stream;
  }

  private supervisor(name: ServiceName): Supervisor {
    let supervisor = this.supervisors.get(name);
    if (supervisor) return supervisor;
    const note = (line: string) => this.log(name).write(`--- ${new Date().toISOString()} ${line}\n`);
    supervisor = new Supervisor({
      name,
      spec: {
        command: process.execPath,
        args: [
          ...serviceNodeArgs[name],
          ...(this.options.nodeArgs?.[name] ?? []),
          '--import',
          'tsx',
          join(repoRoot, this.options.entries?.[name] ?? `services/${name}/src/main.ts`),
        ],
        cwd: repoRoot,
        env: { ...process.env, ...this.envs[name] },
      },
      restart: this.options.restartOnExit ?? true,
      backoff: this.options.restartBackoff,
      log: note,
      onSpawn: (child) => {
        note(`start pid ${child.pid}`);
        const log = this.log(name);
        child.stdout?.pipe(log, { end: false });
        child.stderr?.pipe(log, { end: false });
      },
      onUnexpectedExit: (exit) => this.unexpectedExits.push({ name, pid: exit.pid, code: exit.code, signal: exit.signal, at: exit.at }),
    });
    this.supervisors.set(name, supervisor);
    return supervisor;
  }

  private async launch(name: ServiceName): Promise<void> {
    const supervisor = this.supervisor(name);
    const child = supervisor.start();
    await waitForReady(this.metricsUrls[name], this.options.readyTimeoutMs ?? readyTimeoutMsDefault, {
      isAlive: () => supervisor.child === child && supervisor.isRunning(),
    });
  }

  /** SIGKILL: no shutdown hooks, no flushed batches, no committed offsets. No restart follows. */
  async kill(name: ServiceName): Promise<void> {
    const supervisor = this.supervisors.get(name);
    if (!supervisor?.isRunning()) return;
    this.log(name).write(`--- ${new Date().toISOString()} SIGKILL pid ${supervisor.pid}\n`);
    this.kills += 1;
    await supervisor.kill('SIGKILL', 10_000);
  }

  /** SIGSTOP (true) or SIGCONT (false) to the service's process: it hangs, holding its sockets, until continued. */
  pause(name: ServiceName, paused: boolean): number | undefined {
    const supervisor = this.supervisors.get(name);
    if (!supervisor?.isRunning() || supervisor.pid === undefined) return undefined;
    this.log(name).write(`--- ${new Date().toISOString()} ${paused ? 'SIGSTOP' : 'SIGCONT'} pid ${supervisor.pid}\n`);
    process.kill(supervisor.pid, paused ? 'SIGSTOP' : 'SIGCONT');
    return supervisor.pid;
  }

  /** Kills the service if it runs, starts it (replacing a pending supervisor restart), waits for /readyz. */
  async restart(name: ServiceName): Promise<void> {
    if (this.isRunning(name)) await this.kill(name);
    this.restarts += 1;
    await this.launch(name);
  }

  /** SIGTERM to every service (graceful: in-flight batches finish), SIGKILL after the grace time. */
  async stop(): Promise<void> {
    const order: ServiceName[] = ['gateway', 'user', 'ledger', 'history', 'webhooks', 'monitoring'];
    // Every supervisor, running or waiting to restart: a pending restart must not outlive the stack.
    await Promise.all(order.map((name) => this.supervisors.get(name)?.stop(stopGraceMs)));
    for (const stream of this.logs.values()) stream.end();
    this.logs.clear();
  }
}
