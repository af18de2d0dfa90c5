/**
 * One supervised child process, the way a Kubernetes pod with `restartPolicy: Always` runs:
 * a process that exits on its own (any code, or a signal the supervisor did not send) is started
 * again after a growing delay (./backoff.ts), and every exit and restart is logged. What the
 * supervisor is told to do itself is not a crash: kill() ends the process without a restart (the
 * caller restarts it, as the bank test does), stop() ends it and every pending restart.
 * `npm start` (scripts/stack.ts) and ProcessStack (./processes.ts) use it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { defaultRestartBackoff, formatMs, nextRestart, type BackoffPolicy } from './backoff';

export interface SpawnSpec {
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Its own process group: a Ctrl-C in the terminal then reaches only the supervising process,
   * which stops the child itself (once, gracefully) instead of the child getting the SIGINT too.
   */
  detached?: boolean;
}

export interface ExitRecord {
  name: string;
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** ISO time of the exit. */
  at: string;
  uptimeMs: number;
}

export interface SupervisorOptions {
  name: string;
  spec: SpawnSpec;
  /** Restart a process that exits on its own (default true); false only records and logs the exit. */
  restart?: boolean;
  backoff?: BackoffPolicy;
  /** The supervisor's own lines (exits, restarts, delays), without the name prefix of the caller. */
  log: (line: string) => void;
  /**
   * Every new process (stdio is ['ignore', 'pipe', 'pipe']: pipe or drain its output here).
   * `cause` is 'start' for start(), 'restart' for a restart by the supervisor.
   */
  onSpawn?: (child: ChildProcess, cause: 'start' | 'restart') => void;
  /** Every exit the supervisor did not cause, before the restart is scheduled. */
  onUnexpectedExit?: (exit: ExitRecord) => void;
}

interface Run {
  child: ChildProcess;
  startedAt: number;
  done: boolean;
  exited: Promise<void>;
  /** The supervisor signalled it (kill, stop): its exit is no crash. */
  ours: boolean;
}

export class Supervisor {
  private run: Run | undefined;
  private streak = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Exits the supervisor did not cause. */
  unexpectedExits = 0;
  /** Starts by the supervisor after such exits. */
  restarts = 0;

  constructor(private readonly options: SupervisorOptions) {}

  get name(): string {
    return this.options.name;
  }

  /** The current (or last) process. */
  get child(): ChildProcess | undefined {
    return this.run?.child;
  }

  get pid(): number | undefined {
    return this.run?.child.pid;
  }

  isRunning(): boolean {
    return !!this.run && !this.run.done;
  }

  /** A restart is scheduled: the process exited on its own and waits out its backoff. */
  get restartPending(): boolean {
    return this.timer !== undefined;
  }

  /** Starts the process now; a restart that was pending is cancelled (this start replaces it). */
  start(): ChildProcess {
    if (this.isRunning()) throw new Error(`${this.name} is already running (pid ${this.pid})`);
    this.stopped = false;
    this.cancelRestart();
    return this.spawnRun('start').child;
  }

  /** Sends a signal (SIGKILL by default) and waits for the exit; no restart follows. */
  async kill(signal: NodeJS.Signals = 'SIGKILL', timeoutMs = 10_000): Promise<boolean> {
    this.cancelRestart();
    const run = this.run;
    if (!run || run.done) return true;
    run.ours = true;
    run.child.kill(signal);
    return settlesWithin(run.exited, timeoutMs);
  }

  /** SIGTERM, SIGKILL after `graceMs`; no restart, and none pending, until start() is called again. */
  async stop(graceMs = 20_000): Promise<void> {
    this.stopped = true;
    this.cancelRestart();
    const run = this.run;
    if (!run || run.done) return;
    run.ours = true;
    run.child.kill('SIGTERM');
    if (!(await settlesWithin(run.exited, graceMs))) {
      this.options.log(`${this.name} (pid ${run.child.pid}) did not stop within ${formatMs(graceMs)}: SIGKILL`);
      run.child.kill('SIGKILL');
      await settlesWithin(run.exited, 5000);
    }
  }

  /** Synchronous last resort (a process 'exit' hook): SIGKILL, nothing pending. */
  killNow(): void {
    this.stopped = true;
    this.cancelRestart();
    const run = this.run;
    if (!run || run.done) return;
    run.ours = true;
    run.child.kill('SIGKILL');
  }

  private cancelRestart(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private spawnRun(cause: 'start' | 'restart'): Run {
    const { command, args, cwd, env, detached } = this.options.spec;
    const child = spawn(command, [...args], { cwd, env, detached: detached ?? false, stdio: ['ignore', 'pipe', 'pipe'] });
    let settle!: () => void;
    const run: Run = { child, startedAt: Date.now(), done: false, ours: false, exited: new Promise<void>((r) => (settle = r)) };
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      if (run.done) return;
      run.done = true;
      settle();
      this.exited(run, code, signal);
    };
    child.once('exit', ended);
    child.on('error', (err) => {
      // Only a spawn that failed ends the run: no 'exit' follows it. A failed kill() of a
      // running process also lands here, and changes nothing.
      if (child.pid === undefined) {
        this.options.log(`${this.name} could not be started: ${err.message}`);
        ended(null, null);
      }
    });
    this.run = run;
    this.options.onSpawn?.(child, cause);
    return run;
  }

  private exited(run: Run, code: number | null, signal: NodeJS.Signals | null): void {
    if (run.ours) return;
    const uptimeMs = Date.now() - run.startedAt;
    this.unexpectedExits += 1;
    this.options.onUnexpectedExit?.({ name: this.name, pid: run.child.pid, code, signal, at: new Date().toISOString(), uptimeMs });
    const what = `${this.name} (pid ${run.child.pid}) exited on its own (${signal ? `signal ${signal}` : `code ${code}`}) after ${formatMs(uptimeMs)}`;
    if (this.stopped || this.options.restart === false || run !== this.run) {
      this.options.log(`${what}; not restarted${this.stopped ? ' (stopping)' : ''}`);
      return;
    }
    const decision = nextRestart(this.options.backoff ?? defaultRestartBackoff, this.streak, uptimeMs);
    this.streak = decision.streak;
    const number = this.restarts + 1;
    this.options.log(`${what}; restart #${number} in ${formatMs(decision.delayMs)} (exit ${decision.streak} in a row)`);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.stopped || this.isRunning()) return;
      this.restarts += 1;
      const next = this.spawnRun('restart');
      this.options.log(`${this.name} restarted (restart #${this.restarts}, pid ${next.child.pid})`);
    }, decision.delayMs);
  }
}

async function settlesWithin(promise: Promise<void>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
