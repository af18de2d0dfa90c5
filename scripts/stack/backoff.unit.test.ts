import { defaultRestartBackoff, formatMs, nextRestart, type BackoffPolicy } from './backoff';

const policy: BackoffPolicy = { initialMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 };

/** The delays of `n` consecutive exits, each after `uptimeMs` of running. */
function delays(n: number, uptimeMs: number): number[] {
  const out: number[] = [];
  let streak = 0;
  for (let i = 0; i < n; i += 1) {
    const decision = nextRestart(policy, streak, uptimeMs);
    out.push(decision.delayMs);
    streak = decision.streak;
  }
  return out;
}

describe('nextRestart', () => {
  it('starts at the initial delay and doubles up to the maximum', () => {
    expect(delays(8, 500)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('counts the restarts of the crash loop', () => {
    expect(nextRestart(policy, 0, 10)).toEqual({ delayMs: 1000, streak: 1 });
    expect(nextRestart(policy, 3, 10)).toEqual({ delayMs: 8000, streak: 4 });
  });

  it('starts over once the process stayed up for the reset time', () => {
    expect(nextRestart(policy, 6, 60_000)).toEqual({ delayMs: 1000, streak: 1 });
    expect(nextRestart(policy, 6, 59_999)).toEqual({ delayMs: 30_000, streak: 7 });
  });

  it('never overflows, however long the loop', () => {
    expect(nextRestart(policy, 5000, 0).delayMs).toBe(30_000);
  });

  it('treats a nonsense streak as none', () => {
    expect(nextRestart(policy, -3, 0)).toEqual({ delayMs: 1000, streak: 1 });
  });

  it('defaults to 1 s doubling to 30 s, reset after 60 s up', () => {
    expect(defaultRestartBackoff).toEqual(policy);
  });
});

describe('formatMs', () => {
  it('writes milliseconds below a second, seconds above', () => {
    expect(formatMs(250)).toBe('250 ms');
    expect(formatMs(1000)).toBe('1 s');
    expect(formatMs(1540)).toBe('1.5 s');
  });
});
