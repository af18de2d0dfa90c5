import { scaledBound } from './machine-speed';

/** How often a condition is polled. */
const pollIntervalMs = 25;

/**
 * Polls until check() returns something other than undefined or false (a check that throws is
 * retried too), and returns it; fails after timeoutMs naming what was awaited and the last error.
 * timeoutMs is a bound set on the reference machine, scaled by the run's machine-speed factor
 * (./machine-speed): it is a safety net, not what a test asserts, and a condition that holds is
 * returned as soon as it does, so a slower box waits longer for the same healthy system instead
 * of failing on timing alone.
 */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const waitMs = scaledBound(timeoutMs);
  const deadline = Date.now() + waitMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${waitMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, pollIntervalMs));
  }
}

/** Waits until an assertion (an `expect`, or steps ending in one) passes, and fails with its last failure after timeoutMs. */
export async function eventuallyHolds(assertion: () => void | Promise<void>, timeoutMs = 15_000, what = 'assertion'): Promise<void> {
  await eventually(
    async () => {
      await assertion();
      return true;
    },
    timeoutMs,
    what,
  );
}

/** Waits until a synchronous condition holds (polled), failing after timeoutMs naming what was awaited. */
export async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  await eventually(async () => condition(), timeoutMs, what);
}
