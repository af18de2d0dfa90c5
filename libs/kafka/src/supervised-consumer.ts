import type { Consumer, ConsumerCrashEvent } from 'kafkajs';
import type { Logger } from '@coin/logger';
import type { Counter } from 'prom-client';
import { describeStalls, type StalledPartition } from './progress-watch';

export interface SupervisorOptions {
  groupId: string;
  logger: Logger;
  /** Builds a fresh kafkajs consumer (the first one and every replacement). */
  create: () => Consumer;
  /** Connects, subscribes and runs a consumer that create() built. */
  start: (consumer: Consumer) => Promise<void>;
  /** Wait before the first replacement; doubles per failed attempt up to restartDelayMaxMs. */
  restartDelayMs?: number;
  restartDelayMaxMs?: number;
  /** coin_kafka_consumer_restarts_total, counted per replacement started. */
  restarts?: Counter<'group'>;
  /** Runs on the running consumer in stop(), before it leaves the group (a final commit, say). */
  beforeStop?: (consumer: Consumer) => Promise<void>;
}

/**
 * Keeps one kafkajs consumer running for good.
 *
 * kafkajs restarts a crashed consumer by itself only when the error (or its root cause) is
 * retriable. Others — "Failed to find group coordinator" while the broker restarts, a handler's
 * error marked non-retriable — leave it disconnected for the life of the process: the gateway's
 * reply consumer stopped that way in the bank test and every write timed out while the ledger
 * kept applying. Here such a crash starts a new consumer of the same group after a backoff, and
 * `consuming` is false from any crash until a consumer has joined again (for /readyz).
 */
export class SupervisedConsumer {
  private current: Consumer | undefined;
  private joined = false;
  private stopped = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private failedAttempts = 0;
  private markReady: () => void = () => undefined;
  /** Resolves when the first consumer has joined its group. */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(private readonly options: SupervisorOptions) {
    // The group's series exists from the start (at 0): the alert sees the first replacement as an increase.
    options.restarts?.inc({ group: options.groupId }, 0);
  }

  /** True while a consumer of the group is joined and not crashed. */
  get consuming(): boolean {
    return this.joined && !this.stopped;
  }

  /** Starts the first consumer; its failure is the caller's (a service that cannot start exits). */
  async start(): Promise<void> {
    await this.launch();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    if (this.current && this.joined && this.options.beforeStop) {
      try {
        await this.options.beforeStop(this.current);
      } catch (err) {
        this.options.logger.warn({ err }, 'kafka consumer could not finish before stopping; its last batches will be delivered again');
      }
    }
    await this.current?.disconnect();
  }

  private async launch(): Promise<void> {
    const consumer = this.options.create();
    this.current = consumer;
    consumer.on(consumer.events.GROUP_JOIN, () => {
      if (this.current !== consumer) return;
      this.joined = true;
      this.failedAttempts = 0;
      this.markReady();
    });
    consumer.on(consumer.events.CRASH, (event: ConsumerCrashEvent) => {
      if (this.current !== consumer) return;
      this.joined = false;
      if (!event.payload.restart) this.replaceLater(consumer, event.payload.error);
    });
    await this.options.start(consumer);
    // stop() may have run while this consumer was connecting: it must not keep running.
    if (this.stopped) await consumer.disconnect();
  }

  private replaceLater(failed: Consumer, error: unknown): void {
    if (this.stopped || this.restartTimer !== undefined) return;
    const base = this.options.restartDelayMs ?? 1000;
    const delayMs = Math.min(this.options.restartDelayMaxMs ?? 30_000, base * 2 ** this.failedAttempts);
    this.failedAttempts += 1;
    this.options.logger.error(
      { err: error, groupId: this.options.groupId, restartInMs: delayMs, attempt: this.failedAttempts },
      'kafka consumer stopped and kafkajs will not restart it; starting a new consumer of the group',
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.replace(failed);
    }, delayMs);
  }

  private async replace(failed: Consumer): Promise<void> {
    if (this.stopped) return;
    // kafkajs disconnected it before reporting the crash; this only makes sure nothing is left.
    await failed.disconnect().catch(() => undefined);
    this.options.restarts?.inc({ group: this.options.groupId });
    try {
      await this.launch();
    } catch (err) {
      // connect() or subscribe() failed (the broker is still away): try again, later.
      const attempt = this.current;
      if (attempt) this.replaceLater(attempt, err);
    }
  }
}

/**
 * A /readyz check that fails while any of the consumers is crashed or has not joined its group,
 * or reports a partition stalled (its progress watch: the committed offset stands still while
 * records wait), naming the group, topic and partition. It reads the array when it runs: a
 * service registers it before starting its consumers and pushes each one as it starts (the HTTP
 * port opens after all of them).
 */
export function consumersReadiness(
  consumers: ReadonlyArray<{ readonly consuming: boolean; stalled?: () => StalledPartition[] }>,
): () => Promise<void> {
  return async () => {
    const stopped = consumers.filter((c) => !c.consuming).length;
    const problems = stopped > 0 ? [`${stopped} of ${consumers.length} Kafka consumers not consuming`] : [];
    const stalled = consumers.flatMap((c) => c.stalled?.() ?? []);
    if (stalled.length > 0) problems.push(describeStalls(stalled));
    if (problems.length > 0) throw new Error(problems.join('; '));
  };
}
