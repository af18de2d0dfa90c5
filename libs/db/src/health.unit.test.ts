import { DatabaseWatch } from './health';

/** A pool whose `SELECT 1` fails while `down` is set. */
function fakePool() {
  const state = { down: false };
  return {
    state,
    pool: {
      query: jest.fn(async () => {
        if (state.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return { rows: [{ '?column?': 1 }] };
      }),
    },
  };
}

function recordingLog() {
  const lines: Array<{ level: string; msg: string }> = [];
  const at = (level: string) => (_obj: object, msg: string) => void lines.push({ level, msg });
  return { lines, log: { warn: at('warn'), info: at('info'), fatal: at('fatal') } };
}

describe('DatabaseWatch', () => {
  it('when PostgreSQL stops answering and comes back within the grace, then readiness follows it and the process is never told to exit', async () => {
    const { state, pool } = fakePool();
    const { lines, log } = recordingLog();
    let now = 0;
    const exits: number[] = [];
    const watch = new DatabaseWatch(pool as never, { graceMs: 60_000, log, onGraceExceeded: () => void exits.push(now) }, () => now);

    await expect(watch.readiness()).resolves.toBeUndefined();
    state.down = true;
    await expect(watch.readiness()).rejects.toThrow('PostgreSQL unreachable');
    now = 59_000;
    await watch.probe();
    expect(watch.downForMs).toBe(59_000);
    state.down = false;
    now = 59_500;
    await expect(watch.readiness()).resolves.toBeUndefined();
    expect(watch.downForMs).toBeNull();
    expect(exits).toEqual([]);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
  });

  it('when the outage outlasts the grace, then one fatal line and one exit request, however many probes fail after', async () => {
    const { state, pool } = fakePool();
    const { lines, log } = recordingLog();
    let now = 1_000;
    let exits = 0;
    const watch = new DatabaseWatch(
      pool as never,
      {
        graceMs: 60_000,
        log,
        onGraceExceeded: () => {
          exits += 1;
        },
      },
      () => now,
    );

    state.down = true;
    await watch.probe();
    now = 61_000; // exactly the grace: not past it
    await watch.probe();
    expect(exits).toBe(0);
    now = 61_001;
    await watch.probe();
    now = 70_000;
    await watch.probe();
    expect(exits).toBe(1);
    expect(lines.filter((l) => l.level === 'fatal').map((l) => l.msg)).toEqual([
      'PostgreSQL unreachable for longer than DB_OUTAGE_GRACE_MS; exiting so that the orchestrator restarts the process',
    ]);
  });

  it('when probes overlap (the interval and a readiness check), then PostgreSQL is asked once', async () => {
    const { pool } = fakePool();
    const { log } = recordingLog();
    const watch = new DatabaseWatch(pool as never, { graceMs: 60_000, log });
    await Promise.all([watch.probe(), watch.readiness(), watch.probe()]);
    expect(pool.query).toHaveBeenCalledTimes(1);
  });

  it('when it runs, then PostgreSQL is asked every 5 s while it answers and every second once it does not', async () => {
    jest.useFakeTimers();
    try {
      const { state, pool } = fakePool();
      const watch = new DatabaseWatch(pool as never, { graceMs: 60_000, log: recordingLog().log });
      watch.start();
      await jest.advanceTimersByTimeAsync(4_900);
      expect(pool.query).toHaveBeenCalledTimes(0);
      await jest.advanceTimersByTimeAsync(100);
      expect(pool.query).toHaveBeenCalledTimes(1);
      state.down = true;
      await jest.advanceTimersByTimeAsync(5_000);
      expect(pool.query).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(3_000);
      expect(pool.query).toHaveBeenCalledTimes(5);
      watch.stop();
      await jest.advanceTimersByTimeAsync(10_000);
      expect(pool.query).toHaveBeenCalledTimes(5);
    } finally {
      jest.useRealTimers();
    }
  });
});
