/**
 * When to restart a process that exited on its own: Kubernetes' CrashLoopBackOff in small. The
 * first restart waits `initialMs`, each further one twice as long up to `maxMs`; a process that
 * stayed up `resetAfterMs` before it exited starts again from `initialMs`.
 */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  resetAfterMs: number;
}

/** 1 s, 2 s, 4 s … 30 s; back to 1 s after a minute up (Kubernetes: 10 s … 5 min, reset after 10 min). */
export const defaultRestartBackoff: BackoffPolicy = { initialMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 };

export interface RestartDecision {
  /** How long to wait before starting the process again. */
  delayMs: number;
  /** Restarts in the current crash loop, this one included: pass it back on the next exit. */
  streak: number;
}

/**
 * @param streak restarts in the current crash loop before this exit (0 when the process never
 *   crashed, or last stayed up long enough)
 * @param uptimeMs how long the process that just exited had been running
 */
export function nextRestart(policy: BackoffPolicy, streak: number, uptimeMs: number): RestartDecision {
  const previous = uptimeMs >= policy.resetAfterMs ? 0 : Math.max(0, Math.floor(streak));
  const delayMs = Math.min(policy.maxMs, policy.initialMs * 2 ** previous);
  return { delayMs, streak: previous + 1 };
}

/** "1.5 s", "250 ms": for log lines. */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}
