/**
 * When a failed delivery is tried again (docs/DESIGN.md "Webhooks"): the first retry one minute
 * after the first attempt, each wait doubling up to six hours, twelve retries in all, so an
 * endpoint that is down for a day still gets the event (the waits add up to 1,591 minutes,
 * about 26.5 hours). After the thirteenth attempt fails the endpoint is disabled.
 */
export const minuteMs = 60_000;
export const retryScheduleMs: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360, 360].map((m) => m * minuteMs);

/** The first attempt plus one per retry. */
export const deliveryAttempts = retryScheduleMs.length + 1;

/** Only ever later than the schedule, so the total stays at least the 24 hours promised. */
const maxJitter = 0.2;

/**
 * The wait after the `failedAttempts`-th failed attempt (1-based), with up to 20 % jitter so that
 * the deliveries of an endpoint that was down do not all come back at the same instant; null when
 * the schedule is exhausted. `unitMs` is the schedule's minute (WEBHOOKS_RETRY_UNIT_MS): a
 * minute in production; a test stack shrinks the whole schedule with it, same shape, same count.
 */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random, unitMs: number = minuteMs): number | null {
  const base = retryScheduleMs[failedAttempts - 1];
  if (base === undefined) return null;
  return (base / minuteMs) * unitMs * (1 + maxJitter * random());
}

/**
 * Where the sandbox's next wait starts (docs/decisions/0018-sandbox.md "The test clock"): the
 * schedule runs on the client's test clock, so a retry's wait counts from the time it was due on
 * that clock, and a clock moved past several waits makes them all due, one attempt after the
 * other, to the give-up, without waiting. A first attempt (a new, test or redelivered delivery,
 * due at wall time when it was made) counts from the client's now: wall time plus its clock.
 */
export function sandboxRetryFrom(delivery: { attempts: number; dueAt: Date; offsetMs: number }, nowMs: number): Date {
  return delivery.attempts > 0 ? delivery.dueAt : new Date(nowMs + delivery.offsetMs);
}
