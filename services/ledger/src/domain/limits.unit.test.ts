import fc from 'fast-check';
import {
  checkLimits,
  current,
  effectiveLimits,
  nextResetOf,
  noLimits,
  recordSpend,
  usageOf,
  windowHours,
  type LimitDefaults,
  type Limits,
  type SpendingWindow,
} from './limits';

const hourMs = 3_600_000;
/** An hour boundary: 2025-01-01T00:00:00Z. */
const h0 = Math.floor(Date.parse('2025-01-01T00:00:00.000Z') / hourMs);
/** The moment `minutes` past the start of hour h0 + `hours`. */
const at = (hours: number, minutes = 0) => new Date((h0 + hours) * hourMs + minutes * 60_000);
const limits = (l: Partial<Limits>): Limits => ({ ...noLimits, ...l });
/** A window built by debits of `amount` at the given moments. */
const spent = (...debits: [Date, number][]): SpendingWindow =>
  debits.reduce((w, [when, amount]) => recordSpend(w, amount, when), [] as SpendingWindow);

describe('spending limits: the window counts by the hour over a rolling 24 hours', () => {
  it('when debits fall in the same hour, then they are counted in one entry; a debit in a later hour opens a new one', () => {
    const window = spent([at(0, 1), 100], [at(0, 59), 50], [at(1, 0), 7]);
    expect(window).toEqual([
      { hour: h0, amount: 150, count: 2 },
      { hour: h0 + 1, amount: 7, count: 1 },
    ]);
  });

  it('when 24 hours have passed since the start of a debit hour, then that hour leaves the window, not before', () => {
    const window = spent([at(10, 59), 100], [at(12, 0), 30]);
    // Counted from 10:00 on the first day: it leaves at 10:00 on the next, 23 h 01 min after a 10:59 debit.
    expect(usageOf(window, new Date(at(34).getTime() - 1))).toEqual({ amount: 130, count: 2 });
    expect(usageOf(window, at(34))).toEqual({ amount: 30, count: 1 });
    expect(current(window, at(34))).toEqual([{ hour: h0 + 12, amount: 30, count: 1 }]);
    expect(usageOf(window, at(36))).toEqual({ amount: 0, count: 0 });
    // A new debit drops the hours that left.
    expect(recordSpend(window, 5, at(35))).toEqual([
      { hour: h0 + 12, amount: 30, count: 1 },
      { hour: h0 + 35, amount: 5, count: 1 },
    ]);
  });

  it('when a wallet debits every hour for days, then its window never holds more than 24 entries, the last 24 hours', () => {
    let window: SpendingWindow = [];
    for (let hour = 0; hour < 100; hour += 1) {
      window = recordSpend(window, 1, at(hour, 30));
      window = recordSpend(window, 2, at(hour, 45));
      expect(window.length).toBeLessThanOrEqual(windowHours);
    }
    expect(window.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => h0 + 76 + i));
    expect(usageOf(window, at(99, 59))).toEqual({ amount: 72, count: 48 });
  });

  it('when asked for the usage, then only the hours still in the window are summed', () => {
    const window: SpendingWindow = [
      { hour: h0, amount: 1000, count: 9 },
      { hour: h0 + 20, amount: 40, count: 2 },
      { hour: h0 + 23, amount: 2, count: 1 },
    ];
    expect(usageOf(window, at(23, 59))).toEqual({ amount: 1042, count: 12 });
    expect(usageOf(window, at(24))).toEqual({ amount: 42, count: 3 });
    expect(usageOf([], at(0))).toEqual({ amount: 0, count: 0 });
  });

  it('when asked for the next reset, then it is when the oldest counted hour leaves; null when nothing is counted', () => {
    const window = spent([at(3, 20), 10], [at(9, 0), 10]);
    expect(nextResetOf(window, at(9, 30))).toEqual(at(27));
    expect(nextResetOf(window, at(27))).toEqual(at(33));
    expect(nextResetOf(window, at(33))).toBeNull();
    expect(nextResetOf([], at(0))).toBeNull();
  });
});

describe('spending limits: checkLimits', () => {
  it('when no limit is set, then any debit passes', () => {
    const window = spent([at(0), 1_000_000]);
    expect(checkLimits(noLimits, window, Number.MAX_SAFE_INTEGER, at(1))).toBeNull();
  });

  it('when a debit is above the single operation limit, then singleAmount with resetsAt null (waiting never helps); at the limit it passes', () => {
    const l = limits({ singleAmount: 500 });
    expect(checkLimits(l, [], 501, at(0))).toEqual({ limit: 'singleAmount', value: 500, used: 0, resetsAt: null });
    expect(checkLimits(l, spent([at(0), 500]), 500, at(0, 1))).toBeNull();
  });

  it('when the daily count is used up, then dailyCount with the moment enough old hours have left', () => {
    const window = spent([at(0, 10), 1], [at(5), 1], [at(5, 30), 1]);
    // limit 3: the hour h0 (1 debit) leaving is enough.
    expect(checkLimits(limits({ dailyCount: 3 }), window, 1, at(10))).toEqual({
      limit: 'dailyCount',
      value: 3,
      used: 3,
      resetsAt: at(24),
    });
    // limit 2: h0 leaving leaves 2 counted, so the hour h0 + 5 must leave too.
    expect(checkLimits(limits({ dailyCount: 2 }), window, 1, at(10))).toEqual({
      limit: 'dailyCount',
      value: 2,
      used: 3,
      resetsAt: at(29),
    });
    expect(checkLimits(limits({ dailyCount: 4 }), window, 1, at(10))).toBeNull();
  });

  it('when one operation makes several debits (a payout of n lines), then each counts against the daily count and n are recorded', () => {
    const window = spent([at(0, 10), 1]);
    const l = limits({ dailyCount: 1000 });
    // 1 used: 999 more debits fit, 1,000 do not, and waiting for the old hour makes them fit.
    expect(checkLimits(l, window, 999, at(1), 999)).toBeNull();
    expect(checkLimits(l, window, 1000, at(1), 1000)).toEqual({ limit: 'dailyCount', value: 1000, used: 1, resetsAt: at(24) });
    // More debits than the limit itself: waiting never helps.
    expect(checkLimits(l, [], 1001, at(1), 1001)).toEqual({ limit: 'dailyCount', value: 1000, used: 0, resetsAt: null });
    expect(usageOf(recordSpend(window, 1000, at(1), 1000), at(1))).toEqual({ amount: 1001, count: 1001 });
    expect(usageOf(recordSpend(window, 5, at(0, 20), 5), at(1))).toEqual({ amount: 6, count: 6 });
  });

  it('when the daily amount would be passed, then dailyAmount with the moment enough old hours have left', () => {
    const window = spent([at(0), 500], [at(3), 300]);
    const l = limits({ dailyAmount: 1000 });
    expect(checkLimits(l, window, 200, at(6))).toBeNull(); // exactly at the limit
    expect(checkLimits(l, window, 201, at(6))).toEqual({ limit: 'dailyAmount', value: 1000, used: 800, resetsAt: at(24) });
    expect(checkLimits(l, window, 800, at(6))).toEqual({ limit: 'dailyAmount', value: 1000, used: 800, resetsAt: at(27) });
  });

  it('when the debit fits only at resetsAt, then it is refused 1 ms before and accepted at that moment', () => {
    const window = spent([at(0), 500], [at(3), 300]);
    const l = limits({ dailyAmount: 1000, dailyCount: 3 });
    const breach = checkLimits(l, window, 800, at(6));
    expect(breach?.resetsAt).toEqual(at(27));
    expect(checkLimits(l, window, 800, new Date(at(27).getTime() - 1))).not.toBeNull();
    expect(checkLimits(l, window, 800, at(27))).toBeNull();
  });

  it('when the count and the amount are both over, then resetsAt is when the debit fits both, not the earlier of the two', () => {
    const window = spent([at(0), 100], [at(5), 900]);
    const l = limits({ dailyCount: 2, dailyAmount: 1000 });
    // The count fits again at h0 + 24, the amount (500 more) only once h0 + 5 has left too.
    const breach = checkLimits(l, window, 500, at(6));
    expect(breach).toEqual({ limit: 'dailyCount', value: 2, used: 2, resetsAt: at(29) });
    expect(checkLimits(l, window, 500, at(24))).not.toBeNull();
    expect(checkLimits(l, window, 500, at(29))).toBeNull();
    // A debit the amount limit can never take: waiting never helps, whichever limit is reported.
    expect(checkLimits(l, window, 1001, at(6))).toMatchObject({ limit: 'dailyCount', resetsAt: null });
  });

  it('when the amount alone is above the daily amount, then resetsAt is null however little is used', () => {
    expect(checkLimits(limits({ dailyAmount: 1000 }), [], 1001, at(0))).toEqual({
      limit: 'dailyAmount',
      value: 1000,
      used: 0,
      resetsAt: null,
    });
    expect(checkLimits(limits({ dailyAmount: 1000 }), spent([at(0), 1]), 1001, at(1))).toMatchObject({ used: 1, resetsAt: null });
  });

  it('when a limit is 0, then every debit is refused by it with resetsAt null', () => {
    expect(checkLimits(limits({ dailyCount: 0 }), [], 1, at(0))).toEqual({ limit: 'dailyCount', value: 0, used: 0, resetsAt: null });
    expect(checkLimits(limits({ dailyAmount: 0 }), [], 1, at(0))).toEqual({ limit: 'dailyAmount', value: 0, used: 0, resetsAt: null });
    expect(checkLimits(limits({ singleAmount: 0 }), [], 1, at(0))).toEqual({ limit: 'singleAmount', value: 0, used: 0, resetsAt: null });
  });

  it('when hours of the window have left, then they are not counted against the limit', () => {
    const window = spent([at(0), 1000], [at(1), 1]);
    const l = limits({ dailyAmount: 1000, dailyCount: 1 });
    expect(checkLimits(l, window, 999, at(24, 30))).toMatchObject({ limit: 'dailyCount', used: 1, resetsAt: at(25) });
    expect(checkLimits(l, window, 1000, at(25))).toBeNull();
  });
});

describe('spending limits: effectiveLimits', () => {
  const defaults: LimitDefaults = {
    USER: { dailyAmount: 1000, dailyCount: 5, singleAmount: 300 },
    DEVELOPER: { dailyAmount: 5000, dailyCount: 50, singleAmount: null },
    ADMIN: noLimits,
    SUPERADMIN: noLimits,
  };

  it("when a wallet has no overrides, then its role's defaults apply", () => {
    expect(effectiveLimits(defaults, 'USER', null)).toEqual(defaults.USER);
    expect(effectiveLimits(defaults, 'DEVELOPER', {})).toEqual(defaults.DEVELOPER);
    expect(effectiveLimits(defaults, 'ADMIN', null)).toEqual(noLimits);
  });

  it('when an override is a number, then it replaces the default; null means no limit; an absent field keeps the default', () => {
    expect(effectiveLimits(defaults, 'USER', { dailyAmount: 20 })).toEqual({ dailyAmount: 20, dailyCount: 5, singleAmount: 300 });
    expect(effectiveLimits(defaults, 'USER', { dailyCount: null, singleAmount: 0 })).toEqual({
      dailyAmount: 1000,
      dailyCount: null,
      singleAmount: 0,
    });
    expect(effectiveLimits(defaults, 'DEVELOPER', { singleAmount: 7, dailyAmount: null })).toEqual({
      dailyAmount: null,
      dailyCount: 50,
      singleAmount: 7,
    });
    expect(effectiveLimits(defaults, 'ADMIN', { dailyCount: 3 })).toEqual({ dailyAmount: null, dailyCount: 3, singleAmount: null });
  });
});

describe('spending limits: properties over random debits', () => {
  const limitArb = fc.record({
    dailyAmount: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
    dailyCount: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
    singleAmount: fc.option(fc.integer({ min: 0, max: 1500 }), { nil: null }),
  });
  const debits = fc.array(
    fc.record({
      gapMs: fc.oneof(fc.integer({ min: 0, max: 10 * hourMs }), fc.integer({ min: 0, max: 60_000 })),
      amount: fc.integer({ min: 1, max: 1200 }),
    }),
    { minLength: 1, maxLength: 80 },
  );
  const hourOf = (d: Date) => Math.floor(d.getTime() / hourMs);

  it('when debits come at increasing times, then an accepted one never passes a limit over the last 24 h, a refusal is exact and fits at its resetsAt', () => {
    fc.assert(
      fc.property(limitArb, fc.integer({ min: 0, max: hourMs - 1 }), debits, (l, start, sequence) => {
        let window: SpendingWindow = [];
        const accepted: { at: Date; amount: number }[] = [];
        let t = h0 * hourMs + start;
        for (const { gapMs, amount } of sequence) {
          t += gapMs;
          const now = new Date(t);
          // The model: the accepted debits whose hour began less than 24 h before this hour.
          const inWindow = accepted.filter((d) => hourOf(d.at) > hourOf(now) - windowHours);
          const used = { amount: inWindow.reduce((s, d) => s + d.amount, 0), count: inWindow.length };
          expect(usageOf(window, now)).toEqual(used);
          const fits =
            (l.singleAmount === null || amount <= l.singleAmount) &&
            (l.dailyCount === null || used.count + 1 <= l.dailyCount) &&
            (l.dailyAmount === null || used.amount + amount <= l.dailyAmount);
          const breach = checkLimits(l, window, amount, now);
          expect(breach === null).toBe(fits);
          if (breach === null) {
            window = recordSpend(window, amount, now);
            accepted.push({ at: now, amount });
            expect(window.length).toBeLessThanOrEqual(windowHours);
            const after = usageOf(window, now);
            expect(after).toEqual({ amount: used.amount + amount, count: used.count + 1 });
            if (l.dailyAmount !== null) expect(after.amount).toBeLessThanOrEqual(l.dailyAmount);
            if (l.dailyCount !== null) expect(after.count).toBeLessThanOrEqual(l.dailyCount);
            continue;
          }
          expect(breach.value).toBe(l[breach.limit]);
          if (breach.resetsAt === null) {
            // Waiting never helps: not even once every counted hour has left.
            expect(checkLimits(l, window, amount, new Date(t + (windowHours + 1) * hourMs))).not.toBeNull();
          } else {
            expect(breach.resetsAt.getTime()).toBeGreaterThan(t);
            expect(breach.resetsAt.getTime() % hourMs).toBe(0);
            // Nothing else happens in between: the same debit is accepted at resetsAt, and not a millisecond before.
            expect(checkLimits(l, window, amount, breach.resetsAt)).toBeNull();
            expect(checkLimits(l, window, amount, new Date(breach.resetsAt.getTime() - 1))).not.toBeNull();
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('recordSpend with a clock behind the last debit (another replica after a rebalance)', () => {
  it('when a debit is recorded at an earlier hour than the last one, then the window stays sorted and counts it in its own hour', () => {
    const base = Date.UTC(2030, 0, 1, 10);
    const hour = (h: number) => new Date(base + h * 3_600_000);
    let window = recordSpend([], 100, hour(5));
    window = recordSpend(window, 50, hour(3));
    window = recordSpend(window, 25, hour(5));
    expect(window.map((h) => [h.hour - window[0]!.hour, h.amount, h.count])).toEqual([
      [0, 50, 1],
      [2, 125, 2],
    ]);
    expect(nextResetOf(window, hour(5))).toEqual(new Date(base + (3 + 24) * 3_600_000));
  });
});
