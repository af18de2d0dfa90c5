/**
 * A clock a test moves forward: wall time plus an offset that only grows. Given to a service of a
 * stack the test starts itself (startTestStack's `ledgerClock`), through the service's own `now`
 * option, so what waits for time (a rate version's effective time, an expiry) is reached at once
 * instead of slept for. Nothing outside this process reaches it: no route, no variable, so no
 * deployment can move money-relevant time. The service still reads it itself when it applies a
 * command; a sender never names the time.
 */
export interface MovableClock {
  now(): Date;
  /** Moves the clock forward by `ms` (never back: a service's clock does not run backwards). */
  advance(ms: number): void;
  /** Moves the clock forward to `at` if it is behind it; a clock already past it stays. */
  advanceTo(at: Date): void;
  readonly offsetMs: number;
}

export function movableClock(): MovableClock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const advance = (ms: number) => {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`a clock moves forward only (asked to move ${ms} ms)`);
    offsetMs += ms;
  };
  return {
    now,
    advance,
    advanceTo: (at) => advance(Math.max(0, at.getTime() - now().getTime())),
    get offsetMs() {
      return offsetMs;
    },
  };
}
