import { deliveryAttempts, retryDelayMs, retryScheduleMs, sandboxRetryFrom } from './backoff';

const minute = 60_000;

describe('retry schedule', () => {
  it('doubles from 1 minute, caps at 6 hours, and spans at least 24 hours over 12 retries', () => {
    expect(retryScheduleMs.map((ms) => ms / minute)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360, 360]);
    expect(deliveryAttempts).toBe(13);
    const total = retryScheduleMs.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 60 * minute);
  });

  it('adds up to 20 % jitter, never less than the schedule', () => {
    expect(retryDelayMs(1, () => 0)).toBe(minute);
    expect(retryDelayMs(1, () => 0.999_999)).toBeLessThan(1.2 * minute);
    expect(retryDelayMs(10, () => 0.5)).toBe(360 * minute * 1.1);
  });

  it('after the last attempt there is no further retry', () => {
    expect(retryDelayMs(12, () => 0)).toBe(360 * minute);
    expect(retryDelayMs(13, () => 0)).toBeNull();
    expect(retryDelayMs(0, () => 0)).toBeNull();
  });

  it('keeps the shape and the count on a shorter unit (WEBHOOKS_RETRY_UNIT_MS of a test stack)', () => {
    expect(retryDelayMs(1, () => 0, 10)).toBe(10);
    expect(retryDelayMs(10, () => 0, 10)).toBe(3600);
    expect(retryDelayMs(13, () => 0, 10)).toBeNull();
  });
});

describe('sandboxRetryFrom (docs/decisions/0018-sandbox.md "The test clock")', () => {
  const now = Date.parse('2026-11-25T01:00:00Z');
  it("when a first attempt failed, then its wait counts from the client's now: wall time plus its clock", () => {
    expect(sandboxRetryFrom({ attempts: 0, dueAt: new Date(now - 5_000), offsetMs: 3_600_000 }, now)).toEqual(new Date(now + 3_600_000));
  });
  it('when a retry failed, then the next wait counts from when it was due on the clock, so a clock moved past several waits has them due at once', () => {
    const dueAt = new Date(now - 86_400_000);
    expect(sandboxRetryFrom({ attempts: 3, dueAt, offsetMs: 2 * 86_400_000 }, now)).toEqual(dueAt);
  });
});
