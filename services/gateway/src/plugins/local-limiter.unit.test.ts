import { LocalLimiter, LocalLoginCounts } from './local-limiter';

describe('LocalLimiter: the per-instance counters used while Redis is down', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('when a key is hit within its window, then the count grows and the window runs from the first hit', () => {
    const limiter = new LocalLimiter(100, clock);
    expect(limiter.hit('a', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    now += 10_000;
    expect(limiter.hit('a', 60_000)).toEqual({ count: 2, ttlMs: 50_000 });
    expect(limiter.hit('b', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
  });

  it('when the window ends, then the count starts again', () => {
    const limiter = new LocalLimiter(100, clock);
    limiter.hit('a', 1000);
    limiter.hit('a', 1000);
    now += 1000;
    expect(limiter.hit('a', 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it('when a hit is given back or the key reset, then it no longer counts; an expired counter stays gone', () => {
    const limiter = new LocalLimiter(100, clock);
    limiter.hit('a', 1000);
    limiter.hit('a', 1000);
    limiter.giveBack('a');
    expect(limiter.hit('a', 1000).count).toBe(2);
    limiter.reset('a');
    expect(limiter.hit('a', 1000).count).toBe(1);
    limiter.giveBack('a');
    limiter.giveBack('a');
    expect(limiter.hit('a', 1000).count).toBe(1);
    now += 5000;
    limiter.giveBack('a');
    expect(limiter.size).toBe(0);
  });

  it('when more keys arrive than it may hold, then expired ones go first, then the oldest, and it never holds more than its bound', () => {
    const limiter = new LocalLimiter(10, clock);
    for (let i = 0; i < 5; i += 1) limiter.hit(`old-${i}`, 1000);
    now += 1000;
    for (let i = 0; i < 10; i += 1) limiter.hit(`new-${i}`, 60_000);
    expect(limiter.size).toBe(10);
    for (let i = 0; i < 100; i += 1) {
      limiter.hit(`flood-${i}`, 60_000);
      expect(limiter.size).toBeLessThanOrEqual(10);
    }
    // The newest are kept.
    expect(limiter.hit('flood-99', 60_000).count).toBe(2);
  });
});

describe('LocalLoginCounts: the login throttle in process while Redis is down', () => {
  let now = 5_000_000;
  const clock = () => now;

  it('when attempts are counted in, then the failures and the last time are kept, and forgotten a window after the last one', () => {
    const counts = new LocalLoginCounts(100, clock);
    counts.countIn('a', 1000, now);
    now += 600;
    counts.countIn('a', 1000, now);
    expect(counts.read('a')).toEqual({ failures: 2, lastMs: now, nowMs: now });
    now += 999;
    expect(counts.read('a').failures).toBe(2);
    now += 1;
    expect(counts.read('a')).toEqual({ failures: 0, lastMs: 0, nowMs: now });
  });

  it('when an attempt is given back or the counter reset, then it no longer counts; a known client is remembered for its time', () => {
    const counts = new LocalLoginCounts(100, clock);
    counts.countIn('a', 1000, now);
    counts.countIn('a', 1000, now);
    counts.giveBack('a');
    expect(counts.read('a').failures).toBe(1);
    counts.reset('a');
    expect(counts.read('a').failures).toBe(0);
    counts.remember('k', 500);
    expect(counts.knows('k')).toBe(true);
    now += 500;
    expect(counts.knows('k')).toBe(false);
  });

  it('when a counted attempt is then refused, then its counter dates that failure and is kept a window from it; an expired counter stays gone', () => {
    const counts = new LocalLoginCounts(100, clock);
    counts.countIn('a', 1000, now);
    now += 700; // the password check
    counts.dateFailure('a', 1000);
    expect(counts.read('a')).toEqual({ failures: 1, lastMs: now, nowMs: now });
    now += 999;
    expect(counts.read('a').failures).toBe(1);
    now += 1;
    counts.dateFailure('a', 1000);
    expect(counts.read('a')).toEqual({ failures: 0, lastMs: 0, nowMs: now });
  });

  it('when more keys arrive than it may hold, then it never holds more than its bound of each kind', () => {
    const counts = new LocalLoginCounts(10, clock);
    for (let i = 0; i < 100; i += 1) {
      counts.countIn(`c${i}`, 60_000, now);
      counts.remember(`k${i}`, 60_000);
    }
    expect(counts.size).toBeLessThanOrEqual(20);
    expect(counts.read('c99').failures).toBe(1);
    expect(counts.knows('k99')).toBe(true);
  });
});
