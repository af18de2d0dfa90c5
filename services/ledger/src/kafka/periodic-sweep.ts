import type { Logger } from '@coin/logger';

/**
 * Runs a sweep every `intervalMs`, never two at once (a tick while one runs is skipped), and logs a
 * failed one: the next tick tries again, so a sweep's work must be safe to find twice. The timer
 * keeps no process alive. `sweepOnce` is handed back for tests and shutdowns that sweep on demand.
 */
export function startPeriodicSweep(
  sweepOnce: () => Promise<number>,
  { intervalMs, logger, name }: { intervalMs: number; logger: Logger; name: string },
): { sweepOnce(): Promise<number>; stop(): void } {
  let running: Promise<number> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOnce()
      .catch((err: unknown) => {
        logger.warn({ err }, `${name} sweep failed; the next sweep tries again`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return { sweepOnce, stop: () => clearInterval(timer) };
}
