// Shared plumbing for the local infrastructure scripts: repository paths, child processes,
// waiting with a deadline, and the record of what this project started (.run/started.json).
import { spawn, type SpawnOptions } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export type Log = (msg: string) => void;

export const noLog: Log = () => {};

/** scripts/infra/../.. is the repository root, whichever directory the caller runs from. */
export const repoRoot = path.resolve(__dirname, '..', '..');
export const dataRoot = path.join(repoRoot, '.data');
export const runRoot = path.join(repoRoot, '.run');
export const startedFile = path.join(runRoot, 'started.json');

/** Paths in messages are shown relative to the repository root, the way a developer types them. */
export function rel(p: string): string {
  const r = path.relative(repoRoot, p);
  return r.startsWith('..') ? p : r;
}

export function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Output kept per stream; enough for the tail of a Maven or apt-get failure. */
const capturedBytesMax = 1_000_000;

/** Runs a command to completion and captures its output; never throws for a non-zero exit. */
export function run(cmd: string, args: readonly string[], opts: SpawnOptions & { input?: string } = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const { input, ...spawnOpts } = opts;
    const child = spawn(cmd, args, { ...spawnOpts, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      if (stdout.length < capturedBytesMax) stdout += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      if (stderr.length < capturedBytesMax) stderr += d.toString();
    });
    child.on('error', (err) => resolve({ code: 127, stdout, stderr: stderr + String(err) }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
    if (input !== undefined) child.stdin?.end(input);
    else child.stdin?.end();
  });
}

/** Last lines of a text, for error messages that must stay readable. */
export function tail(text: string, lines = 20): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** Finds an executable on PATH or in the sbin directories a non-login root shell may lack. */
export function which(name: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).concat(['/usr/local/sbin', '/usr/sbin', '/sbin']);
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

/**
 * The Go command, on PATH or where Go's own installer puts it (/usr/local/go/bin, which a login
 * shell's PATH has and a service's or CI step's may not). `purpose` says in the error what needs it.
 */
export function goCommand(purpose: string): string {
  const found = which('go') ?? ['/usr/local/go/bin/go'].find((p) => fs.existsSync(p));
  if (!found) throw new Error(`${purpose} needs Go 1.21 or later (https://go.dev/doc/install): no go command was found`);
  return found;
}

/**
 * Polls `probe` until it returns a value or the deadline passes. `abort` is checked between
 * attempts so a process that died during start fails fast instead of waiting out the deadline.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  opts: { timeoutMs: number; intervalMs: number; abort?: () => string | undefined },
): Promise<T | undefined> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    const reason = opts.abort?.();
    if (reason !== undefined) throw new Error(reason);
    if (Date.now() >= deadline) return undefined;
    await sleep(opts.intervalMs);
  }
}

export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a live process, so a reused pid is never mistaken for ours. */
export function pidCommandLine(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return undefined;
  }
}

export function readPidFile(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Sends SIGTERM, waits for the exit, then SIGKILL as a last resort. Returns how it ended. */
export async function terminate(pid: number, graceMs: number): Promise<'exited' | 'killed' | 'gone'> {
  if (!isPidAlive(pid)) return 'gone';
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return 'gone';
  }
  const exited = await waitFor(async () => (isPidAlive(pid) ? undefined : true), {
    timeoutMs: graceMs,
    intervalMs: 200,
  });
  if (exited) return 'exited';
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // It exited between the check and the kill.
  }
  await waitFor(async () => (isPidAlive(pid) ? undefined : true), { timeoutMs: 5_000, intervalMs: 100 });
  return 'killed';
}

// ---------------------------------------------------------------------------------------------
// What this project started. Only these entries are ever stopped by stopInfra().

export interface StartedRecord {
  /** `version`: the Kafka release it runs (absent in records written before Kafka 4). */
  kafka?: { pid: number; port: number; version?: string };
  redis?: { pid: number; port: number };
  postgres?: { cluster: string } | PrivateClusterEntry;
  /** The ledger's second shard cluster (scripts/infra/postgres.ts ensureShardPostgres). */
  postgresShard?: PrivateClusterEntry;
}

/**
 * A private PostgreSQL cluster: its data directory, in the checkout or outside it
 * (scripts/infra/postgres-home.ts), and its server's log (absent in records written before the
 * data could live outside: then .run/<data directory's name>.log).
 */
export interface PrivateClusterEntry {
  dataDir: string;
  port: number;
  logFile?: string;
}

/** `file`: another record than this checkout's, for a broker run in its own directory (KAFKA_RUN_DIR). */
export function readStarted(file = startedFile): StartedRecord {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as StartedRecord;
  } catch {
    return {};
  }
}

/**
 * Read-modify-write in one synchronous step, so the three pieces starting concurrently in one
 * process never lose each other's entries.
 */
export function updateStarted(change: (record: StartedRecord) => void, file = startedFile): void {
  const record = readStarted(file);
  change(record);
  ensureDir(path.dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(record, null, 2)}\n`);
  fs.renameSync(tmp, file);
}

// ---------------------------------------------------------------------------------------------
// apt-get, serialised: Redis and PostgreSQL may both need installing at once, and dpkg has one lock.

let aptQueue: Promise<unknown> = Promise.resolve();
let aptUpdated = false;

/** How long apt-get waits for another package manager to release the dpkg lock. */
const dpkgLockTimeoutS = 300;

export function aptInstall(packages: readonly string[], log: Log): Promise<void> {
  const next = aptQueue.then(async () => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const args = ['-o', `DPkg::Lock::Timeout=${dpkgLockTimeoutS}`, 'install', '-y', '--no-install-recommends', ...packages];
    log(`apt-get install ${packages.join(' ')}`);
    let result = await run('apt-get', args, { env });
    if (result.code !== 0 && !aptUpdated) {
      // A fresh image often has no package lists, or stale ones that 404.
      log('apt-get install failed; running apt-get update and retrying');
      const update = await run('apt-get', ['-o', `DPkg::Lock::Timeout=${dpkgLockTimeoutS}`, 'update'], { env });
      aptUpdated = update.code === 0;
      result = await run('apt-get', args, { env });
    }
    if (result.code !== 0) {
      throw new Error(`apt-get install ${packages.join(' ')} failed (exit ${result.code}):\n${tail(result.stderr || result.stdout)}`);
    }
  });
  aptQueue = next.catch(() => undefined);
  return next;
}

// ---------------------------------------------------------------------------------------------
// One bring-up at a time across processes: two test runs starting together must not both
// launch a broker on the same port and data directory.

const lockFile = path.join(runRoot, 'infra.lock');
/** Longer than a cold start including the jar download, so a waiter never steals a live lock. */
const lockWaitMsMax = 10 * 60_000;

function tryLock(): boolean {
  try {
    const fd = fs.openSync(lockFile, 'wx');
    fs.writeSync(fd, `${process.pid}\n`);
    fs.closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = readPidFile(lockFile);
    if (holder !== undefined && isPidAlive(holder)) return false;
    // The holder died without cleaning up; an empty file is a holder between open and write,
    // unless it has stayed empty for a while.
    const ageMs = Date.now() - (fs.statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (holder !== undefined || ageMs > 5_000) fs.rmSync(lockFile, { force: true });
    return false;
  }
}

export async function withInfraLock<T>(fn: () => Promise<T>, log: Log): Promise<T> {
  ensureDir(runRoot);
  if (!tryLock()) {
    log(`waiting for another bring-up to finish (${rel(lockFile)})`);
    const got = await waitFor(async () => (tryLock() ? true : undefined), { timeoutMs: lockWaitMsMax, intervalMs: 200 });
    if (!got)
      throw new Error(`Another process has held ${rel(lockFile)} for ${lockWaitMsMax / 60_000} min; remove it if that process is gone`);
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
