import type pg from 'pg';
import { createPool, type PoolOptions } from './pool';

export interface DatabaseWatchOptions {
  /** How long PostgreSQL may stay unreachable before the process gives up (DB_OUTAGE_GRACE_MS). */
  graceMs: number;
  /** How often it is asked while it does not answer (default 1 s): the grace is counted from the first failed probe. */
  probeIntervalMs?: number;
  /**
   * How often it is asked while it answers (default 5 s): readiness checks ask it too, and every
   * query the service makes would fail on its own, so a quiet service need not wake each second.
   */
  reachableProbeIntervalMs?: number;
  log: {
    warn(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
    fatal(obj: object, msg: string): void;
  };
  /**
   * Called once when the outage outlasts the grace: the process should exit so that its
   * orchestrator restarts it (main.ts passes process.exit; in-process tests pass nothing).
   */
  onGraceExceeded?: () => void;
}

/**
 * Watches whether PostgreSQL answers, so a restart or failover is ridden out instead of ending
 * the process: readiness is false while it is away (the orchestrator stops sending traffic), the
 * consumers pause on their own (transient failures are retried in place), and only an outage
 * longer than the grace ends the process, with one clear log line. A probe is a `SELECT 1` on
 * the service's pool, every `reachableProbeIntervalMs` while it answers and every
 * `probeIntervalMs` once it does not.
 */
export class DatabaseWatch {
  private unreachableSince: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private gaveUp = false;
  private probing: Promise<void> | undefined;

  constructor(
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly options: DatabaseWatchOptions,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.stopped = false;
    this.scheduleProbe();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private scheduleProbe(): void {
    if (this.stopped) return;
    const interval =
      this.unreachableSince === null ? (this.options.reachableProbeIntervalMs ?? 5000) : (this.options.probeIntervalMs ?? 1000);
    this.timer = setTimeout(() => void this.probe().finally(() => this.scheduleProbe()), interval);
    this.timer.unref();
  }

  /** Milliseconds since PostgreSQL stopped answering; null while it answers. */
  get downForMs(): number | null {
    return this.unreachableSince === null ? null : this.now() - this.unreachableSince;
  }

  /** For /readyz: throws while PostgreSQL is unreachable (asking it once more first). */
  readonly readiness = async (): Promise<void> => {
    await this.probe();
    if (this.unreachableSince !== null) throw new Error(`PostgreSQL unreachable for ${this.downForMs} ms`);
  };

  /** One probe at a time: the interval and readiness share it. */
  probe(): Promise<void> {
    this.probing ??= this.probeOnce().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  private async probeOnce(): Promise<void> {
    try {
      await this.pool.query('SELECT 1');
      if (this.unreachableSince !== null) {
        this.options.log.info({ downForMs: this.downForMs }, 'PostgreSQL answers again');
        this.unreachableSince = null;
      }
    } catch (err) {
      if (this.unreachableSince === null) {
        this.unreachableSince = this.now();
        this.options.log.warn(
          { err, graceMs: this.options.graceMs },
          'PostgreSQL unreachable; consumers pause and readiness is false until it answers',
        );
      }
      const down = this.downForMs ?? 0;
      if (down > this.options.graceMs && !this.gaveUp) {
        this.gaveUp = true;
        this.options.log.fatal(
          { downForMs: down, graceMs: this.options.graceMs },
          'PostgreSQL unreachable for longer than DB_OUTAGE_GRACE_MS; exiting so that the orchestrator restarts the process',
        );
        this.options.onGraceExceeded?.();
      }
    }
  }
}

/**
 * A service's pool and its watch, wired the same way in every service that owns a schema: idle
 * connection errors logged (never an unhandled 'error' event), the watch started.
 */
export function openServiceDatabase(
  options: Omit<PoolOptions, 'onIdleError'> & Omit<DatabaseWatchOptions, 'probeIntervalMs' | 'reachableProbeIntervalMs'>,
  /** Where the service registers its closes (ServiceRuntime): the watch stops, then the pool ends. */
  runtime?: { onClose(name: string, close: () => unknown): void },
): {
  pool: pg.Pool;
  watch: DatabaseWatch;
} {
  const { graceMs, log, onGraceExceeded, ...poolOptions } = options;
  const pool = createPool({
    ...poolOptions,
    onIdleError: (err) => log.warn({ err }, 'idle PostgreSQL connection lost; the pool replaces it'),
  });
  const watch = new DatabaseWatch(pool, { graceMs, log, ...(onGraceExceeded ? { onGraceExceeded } : {}) });
  watch.start();
  runtime?.onClose('postgres', () => {
    watch.stop();
    return pool.end();
  });
  return { pool, watch };
}
