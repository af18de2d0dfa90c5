/**
 * The four services as child processes (node --import tsx services/<svc>/src/main.ts), on free
 * ports, with their own topic and schema prefix. The benchmark and the bank test use this
 * instead of the in-process test stack: it is closer to production (one event loop per
 * service), and a SIGKILL really kills a service and nothing else.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { InfraEndpoints } from '../infra';
import { serviceEnvs } from './env';
import type { JwtKey } from './keys';
import { repoRoot, serviceNames, serviceNodeArgs, type ServiceName } from './services';

export interface ProcessStackOptions {
  infra: InfraEndpoints;
  /** Topic and schema prefix; the caller has provisioned it. */
  prefix: string;
  jwtKey: JwtKey;
  logLevel?: string;
  /** Extra environment for every service (rate limits, timeouts). */
  extraEnv?: Record<string, string>;
  /** Extra node flags per service, e.g. ['--cpu-prof', '--cpu-prof-dir=...']. */
  nodeArgs?: Partial<Record<ServiceName, string[]>>;
  /** Where each service's stdout/stderr is appended (<dir>/<service>.log). */
  logDir: string;
  /** How long a (re)started service may take to answer /readyz. */
  readyTimeoutMs?: number;
}

const readyTimeoutMsDefault = 90_000;
const readyPollMs = 200;
/** SIGTERM lets a service finish its batches; after this it is killed. */
const stopGraceMs = 20_000;

/** A port that was free a moment ago: bind 0, read it, release it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForReady(url: string, timeoutMs: number, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`${url}: the process exited before it became ready`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, readyPollMs));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

export class ProcessStack {
  private readonly children = new Map<ServiceName, ChildProcess>();
  private readonly logs = new Map<ServiceName, WriteStream>();
  private readonly envs: Record<ServiceName, Record<string, string>>;
  readonly urls: Record<ServiceName, string>;
  /** Every start of a service after its first one. */
  restarts = 0;
  kills = 0;
  /** Services that exited without being killed or stopped by us: a crash, always a finding. */
  readonly unexpectedExits: Array<{ name: ServiceName; pid: number | undefined; code: number | null; signal: string | null; at: string }> = [];
  private readonly intendedExits = new Set<ChildProcess>();

  private constructor(
    private readonly options: ProcessStackOptions,
    readonly ports: Record<ServiceName, number>,
  ) {
    this.envs = serviceEnvs({
      ...options.infra,
      topicPrefix: options.prefix,
      schemaPrefix: options.prefix,
      jwtKey: options.jwtKey,
      ports,
      logLevel: options.logLevel ?? 'warn',
      extra: options.extraEnv ?? {},
    });
    this.urls = Object.fromEntries(serviceNames.map((n) => [n, `http://127.0.0.1:${ports[n]}`])) as Record<ServiceName, string>;
  }

  static async start(options: ProcessStackOptions): Promise<ProcessStack> {
    const ports = {} as Record<ServiceName, number>;
    for (const name of serviceNames) ports[name] = await freePort();
    const stack = new ProcessStack(options, ports);
    mkdirSync(options.logDir, { recursive: true });
    try {
      // Back-end services first: the gateway fetches the signing keys from the user service.
      await Promise.all((['user', 'ledger', 'history'] as const).map((n) => stack.launch(n)));
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

  pid(name: ServiceName): number | undefined {
    return this.children.get(name)?.pid;
  }

  isRunning(name: ServiceName): boolean {
    const child = this.children.get(name);
    return !!child && child.exitCode === null && child.signalCode === null;
  }

  private log(name: ServiceName): WriteStream {
    let stream = this.logs.get(name);
    if (!stream) {
      stream = createWriteStream(join(this.options.logDir, `${name}.log`), { flags: 'a' });
      this.logs.set(name, stream);
    }
    return stream;
  }

  private async launch(name: ServiceName): Promise<void> {
    const child = spawn(
      process.execPath,
      [...serviceNodeArgs[name], ...(this.options.nodeArgs?.[name] ?? []), '--import', 'tsx', join(repoRoot, `services/${name}/src/main.ts`)],
      { cwd: repoRoot, env: { ...process.env, ...this.envs[name] }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const log = this.log(name);
    log.write(`--- ${new Date().toISOString()} start pid ${child.pid}\n`);
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    this.children.set(name, child);
    child.once('exit', (code, signal) => {
      if (this.intendedExits.has(child)) return;
      this.unexpectedExits.push({ name, pid: child.pid, code, signal, at: new Date().toISOString() });
      log.write(`--- ${new Date().toISOString()} pid ${child.pid} exited on its own (${signal ?? code})\n`);
    });
    await waitForReady(this.urls[name], this.options.readyTimeoutMs ?? readyTimeoutMsDefault, () => child.exitCode === null && child.signalCode === null);
  }

  private async waitExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
    if (child.exitCode !== null || child.signalCode !== null) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** SIGKILL: no shutdown hooks, no flushed batches, no committed offsets. */
  async kill(name: ServiceName): Promise<void> {
    const child = this.children.get(name);
    if (!child || !this.isRunning(name)) return;
    this.log(name).write(`--- ${new Date().toISOString()} SIGKILL pid ${child.pid}\n`);
    this.intendedExits.add(child);
    child.kill('SIGKILL');
    this.kills += 1;
    await this.waitExit(child, 10_000);
  }

  async restart(name: ServiceName): Promise<void> {
    if (this.isRunning(name)) await this.kill(name);
    this.restarts += 1;
    await this.launch(name);
  }

  /** SIGTERM to every service (graceful: in-flight batches finish), SIGKILL after the grace time. */
  async stop(): Promise<void> {
    const order: ServiceName[] = ['gateway', 'user', 'ledger', 'history'];
    await Promise.all(
      order.map(async (name) => {
        const child = this.children.get(name);
        if (!child || !this.isRunning(name)) return;
        this.intendedExits.add(child);
        child.kill('SIGTERM');
        if (!(await this.waitExit(child, stopGraceMs))) {
          child.kill('SIGKILL');
          await this.waitExit(child, 5_000);
        }
      }),
    );
    for (const stream of this.logs.values()) stream.end();
    this.logs.clear();
  }
}
