import type { Logger } from '@coin/logger';

/** What every service's start function gives back (main.ts logs the addresses; tests close it). */
export interface RunningService {
  /** host:port of the service's API. */
  url: string;
  /** host:port of /healthz, /readyz and /metrics (METRICS_PORT). */
  metricsUrl: string;
  close(): Promise<void>;
}

type Closer = () => unknown;

/**
 * The components a service opened, in the order it opened them (a pool, a Kafka producer, the
 * consumers, the HTTP ports), so that they close in the reverse order, once: whatever a
 * component still needs (a consumer's last batch needs the producer and the pool) closes after
 * it. A component that fails to close is logged and the others are still closed: a broker gone
 * at shutdown must not leave the database pool open. Each service registers a close where the
 * component starts (or, for one started later but needed to its end, such as an outbox relay,
 * where it is made).
 */
/** A component's close that takes this long is logged (a warning naming it). */
const slowCloseMs = 2000;

export class ServiceRuntime {
  private readonly closers: { name: string; close: Closer }[] = [];
  private state: 'starting' | 'running' | 'closing' = 'starting';
  private closed: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {}

  /** Registers a component already open: it closes before every component registered earlier. */
  onClose(name: string, close: Closer): void {
    this.closers.push({ name, close });
  }

  /** Opens a component and registers its close. */
  async open<T>(name: string, start: () => Promise<T> | T, close: (component: T) => unknown): Promise<T> {
    const component = await start();
    this.onClose(name, () => close(component));
    return component;
  }

  /** For /readyz: true from the end of start-up until close begins. */
  isReady(): boolean {
    return this.state === 'running';
  }

  /** Start-up is over: every component is up. */
  markRunning(): void {
    if (this.state === 'starting') this.state = 'running';
  }

  /** Closes every component, last opened first; asked again, the same close. */
  close(): Promise<void> {
    this.closed ??= this.closeAll();
    return this.closed;
  }

  private async closeAll(): Promise<void> {
    this.state = 'closing';
    const failed: string[] = [];
    for (const { name, close } of [...this.closers].reverse()) {
      const started = Date.now();
      try {
        await close();
        const tookMs = Date.now() - started;
        // A slow stop is what an orchestrator's grace period cuts short: name the component.
        if (tookMs >= slowCloseMs) this.logger.warn({ component: name, tookMs }, 'closing a component took long');
      } catch (err) {
        failed.push(name);
        this.logger.error({ err, component: name }, 'closing a component failed; closing the others');
      }
    }
    if (failed.length > 0) throw new Error(`closing failed: ${failed.join(', ')}`);
  }
}

/**
 * Starts a service through a runtime: `build` opens the components in order and returns the
 * service's addresses. Should it throw, whatever it had opened is closed (in reverse order)
 * before the error goes on, so a failed start leaves no pool or Kafka connection behind.
 */
export async function startService<T extends Omit<RunningService, 'close'>>(
  logger: Logger,
  build: (runtime: ServiceRuntime) => Promise<T>,
): Promise<T & RunningService> {
  const runtime = new ServiceRuntime(logger);
  let service: T;
  try {
    service = await build(runtime);
  } catch (err) {
    await runtime.close().catch(() => undefined);
    throw err;
  }
  runtime.markRunning();
  return { ...service, close: () => runtime.close() };
}

/**
 * Starts a service and closes it gracefully on SIGTERM/SIGINT: in-flight requests and batches
 * finish, then the process exits. A second signal, or 20 s, forces the exit.
 */
export function runUntilSignalled(logger: Logger, start: () => Promise<RunningService>): void {
  const shutdownMsMax = 20_000;
  start()
    .then((service) => {
      logger.info({ url: service.url, metricsUrl: service.metricsUrl }, 'service started');
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) process.exit(1);
        stopping = true;
        logger.info({ signal }, 'shutting down');
        setTimeout(() => process.exit(1), shutdownMsMax).unref();
        service.close().then(
          () => process.exit(0),
          (err) => {
            logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', () => stop('SIGTERM'));
      process.on('SIGINT', () => stop('SIGINT'));
    })
    .catch((err) => {
      logger.fatal({ err }, 'service failed to start');
      process.exit(1);
    });
}
