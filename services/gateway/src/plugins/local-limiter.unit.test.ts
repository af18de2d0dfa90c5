import { LocalLimiter } from './local-limiter';

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
