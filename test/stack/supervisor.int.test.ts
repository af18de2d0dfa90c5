/**
 * The supervision `npm start` and ProcessStack run their services under (scripts/stack/supervisor.ts),
 * with real child processes: tiny node scripts instead of the services.
 */
import type { BackoffPolicy } from '../../scripts/stack/backoff';
import { Supervisor, type ExitRecord } from '../../scripts/stack/supervisor';

const policy: BackoffPolicy = { initialMs: 200, maxMs: 5000, resetAfterMs: 60_000 };
const crashesAfter150ms = 'setTimeout(() => process.exit(1), 150)';
const runsForever = 'setInterval(() => {}, 1000)';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

interface Watched {
  supervisor: Supervisor;
  lines: string[];
  spawns: Array<{ at: number; pid: number | undefined; cause: string }>;
  exits: Array<ExitRecord & { atMs: number }>;
}

const started: Supervisor[] = [];

function supervise(script: string): Watched {
  const watched: Watched = { lines: [], spawns: [], exits: [] } as unknown as Watched;
  watched.supervisor = new Supervisor({
    name: 'tiny',
    spec: { command: process.execPath, args: ['-e', script] },
    backoff: policy,
    log: (line) => watched.lines.push(line),
    onSpawn: (child, cause) => {
      watched.spawns.push({ at: Date.now(), pid: child.pid, cause });
      child.stdout?.resume();
      child.stderr?.resume();
    },
    onUnexpectedExit: (exit) => watched.exits.push({ ...exit, atMs: Date.now() }),
  });
  started.push(watched.supervisor);
  return watched;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.stop(2000)));
});

describe('Supervisor', () => {
  it('restarts a process that exits on its own, with growing delays, logs it, and stop() ends it without a restart', async () => {
    const w = supervise(crashesAfter150ms);
    w.supervisor.start();
    // The first start and three restarts, then the fourth exit: restart #4 is pending.
    await until('four exits', () => w.exits.length >= 4);
    expect(w.supervisor.restartPending).toBe(true);

    expect(w.spawns.map((s) => s.cause)).toEqual(['start', 'restart', 'restart', 'restart']);
    expect(new Set(w.spawns.map((s) => s.pid)).size).toBe(4);
    expect(w.exits.every((e) => e.code === 1 && e.signal === null)).toBe(true);
    // Each restart waited at least its backoff after the exit before it: 200, 400, 800 ms. (How much
    // longer is the machine's: a loaded one starts a process late, so measured waits need not grow;
    // the planned ones, logged below, do.)
    const waited = [1, 2, 3].map((i) => w.spawns[i]!.at - w.exits[i - 1]!.atMs);
    for (const [i, delay] of [200, 400, 800].entries()) expect(waited[i]).toBeGreaterThanOrEqual(delay - 5);

    // Logged: which process, how it exited, the restart count and the next delay.
    expect(w.lines.filter((l) => /^tiny \(pid \d+\) exited on its own \(code 1\) after \d+ ms; restart #\d in /.test(l))).toHaveLength(4);
    expect(w.lines.some((l) => l.includes('restart #1 in 200 ms'))).toBe(true);
    expect(w.lines.some((l) => l.includes('restart #2 in 400 ms'))).toBe(true);
    expect(w.lines.some((l) => l.includes('restart #3 in 800 ms'))).toBe(true);
    expect(w.lines.some((l) => l.includes('restart #4 in 1.6 s'))).toBe(true);
    expect(w.lines.some((l) => /^tiny restarted \(restart #3, pid \d+\)$/.test(l))).toBe(true);
    expect(w.supervisor.restarts).toBe(3);
    expect(w.supervisor.unexpectedExits).toBe(4);

    // stop() cancels the pending restart: nothing starts in the 1.6 s it would have waited.
    await w.supervisor.stop(2000);
    expect(w.supervisor.restartPending).toBe(false);
    await sleep(2000);
    expect(w.spawns).toHaveLength(4);
    expect(w.supervisor.isRunning()).toBe(false);
  });

  it('does not restart a process that keeps running, and stop() ends it without a restart', async () => {
    const w = supervise(runsForever);
    const child = w.supervisor.start();
    await sleep(1500);
    expect(w.spawns).toHaveLength(1);
    expect(w.supervisor.isRunning()).toBe(true);
    expect(w.exits).toEqual([]);

    await w.supervisor.stop(2000);
    expect(child.signalCode).toBe('SIGTERM');
    await sleep(policy.initialMs * 3);
    expect(w.spawns).toHaveLength(1);
    expect(w.exits).toEqual([]);
    expect(w.supervisor.restarts).toBe(0);
    expect(w.supervisor.isRunning()).toBe(false);
  });

  it('restarts after a signal it did not send, but not after its own kill() (the bank test restarts those itself)', async () => {
    const w = supervise(runsForever);
    const first = w.supervisor.start();
    await sleep(200);
    process.kill(first.pid!, 'SIGKILL'); // someone else: kill -9
    await until('the restart', () => w.spawns.length === 2);
    expect(w.exits).toMatchObject([{ name: 'tiny', pid: first.pid, code: null, signal: 'SIGKILL' }]);
    expect(w.lines.some((l) => l.includes('exited on its own (signal SIGKILL)') && l.includes('restart #1 in 200 ms'))).toBe(true);
    expect(w.supervisor.isRunning()).toBe(true);

    expect(await w.supervisor.kill('SIGKILL')).toBe(true);
    await sleep(policy.initialMs * 3);
    expect(w.spawns).toHaveLength(2);
    expect(w.exits).toHaveLength(1);
    expect(w.supervisor.isRunning()).toBe(false);

    // The caller starts it again, as ProcessStack.restart() does.
    w.supervisor.start();
    expect(w.supervisor.isRunning()).toBe(true);
    expect(w.spawns.map((s) => s.cause)).toEqual(['start', 'restart', 'start']);
  });
});
