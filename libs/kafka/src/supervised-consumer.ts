import type { Consumer, ConsumerCrashEvent } from 'kafkajs';
import type { Logger } from '@coin/logger';
import type { Counter } from 'prom-client';
import { judgeConsumer } from './consumer-watchdog';
import { describeStalls, progressWatchDefaults, type StalledPartition } from './progress-watch';

/**
 * What lets the supervisor replace a consumer kafkajs still reports alive (judgeConsumer): one
 * that never joins its group, or whose partitions stand still with nothing in its handler.
 */
export interface SupervisorWatchdog {
  /** The bound for both (ms; CONSUMER_RELAUNCH_AFTER_MS, 30 s by default). */
  relaunchAfterMs: number;
  /** How often the running consumer is judged (ms; the progress watch's interval). */
  checkIntervalMs: number;
  /**
   * This member's stalled partitions from a fresh reading of the group's progress (none when the
   * reading is old). Absent (a consumer whose group commits nothing, as the gateway's reply
   * consumer): only the join is watched.
   */
  stalled?: () => readonly StalledPartition[];
  /** Whether this consumer has a batch in its handler or an apply under way (absent: never). */
  busy?: (consumer: Consumer) => boolean;
  /** How long a relaunch waits for the stuck consumer to leave its group before starting the new one (ms). */
  leaveWithinMs?: number;
  now?: () => number;
}

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
  /** Absent: only the join is watched, with the default bound (joinWatchdog). */
  watchdog?: SupervisorWatchdog;
}

/**
 * A watchdog of the join only (a consumer whose progress is not watched): a consumer not joined
 * `relaunchAfterMs` (CONSUMER_RELAUNCH_AFTER_MS, 30 s by default) after it started or lost its
 * group is replaced; its group is judged every 5 s.
 */
export function joinWatchdog(relaunchAfterMs: number = progressWatchDefaults.relaunchAfterMs): SupervisorWatchdog {
  return { relaunchAfterMs, checkIntervalMs: progressWatchDefaults.checkIntervalMs };
}

/** How long a relaunch waits for the stuck consumer's disconnect by default (ms). */
const leaveWithinMsDefault = 10_000;

/**
 * Keeps one kafkajs consumer running for good.
 *
 * kafkajs restarts a crashed consumer by itself only when the error (or its root cause) is
 * retriable. Others — "Failed to find group coordinator" while the broker restarts, a handler's
 * error marked non-retriable — leave it disconnected for the life of the process: the gateway's
 * reply consumer stopped that way in the bank test and every write timed out while the ledger
 * kept applying. Here such a crash starts a new consumer of the same group after a backoff, and
 * `consuming` is false from any crash until a consumer has joined again (for /readyz).
 *
 * Its watchdog replaces the same way a consumer that kafkajs keeps as alive but that does no work
 * (judgeConsumer): one not joined within the bound, and, when it is told the group's stalls, one
 * whose partitions stood still that long with nothing in its handler. Beside two CPU burners,
 * after its broker's restart, the gateway's token-versions consumer committed nothing for over
 * 100 s with no error logged, and a restarted ledger never opened its port.
 */
export class SupervisedConsumer {
  private current: Consumer | undefined;
  private joined = false;
  private stopped = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private failedAttempts = 0;
  private launching = false;
  private waitingSinceMs = 0;
  private launchedAtMs = 0;
  /** When a check last found the running consumer busy (WatchdogView.idleSinceMs). */
  private busyAtMs = 0;
  private unjoinedRelaunches = 0;
  private watchdogTimer: NodeJS.Timeout | undefined;
  /** Ends the wait of a launch whose consumer the watchdog gave up on (start() then returns). */
  private supersede: () => void = () => undefined;
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
    this.watch();
    await this.launch();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.watchdogTimer);
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
    this.joined = false;
    this.launchedAtMs = this.waitingSinceMs = this.now();
    consumer.on(consumer.events.GROUP_JOIN, () => {
      if (this.current !== consumer) return;
      this.joined = true;
      this.failedAttempts = 0;
      this.unjoinedRelaunches = 0;
      this.markReady();
    });
    consumer.on(consumer.events.CRASH, (event: ConsumerCrashEvent) => {
      if (this.current !== consumer) return;
      this.joined = false;
      this.waitingSinceMs = this.now();
      if (!event.payload.restart) this.replaceLater(consumer, event.payload.error);
    });
    const superseded = new Promise<void>((resolve) => (this.supersede = resolve));
    const started = this.options.start(consumer);
    // Given up on by the watchdog, its start may still fail later: nobody waits for it then.
    started.catch(() => undefined);
    this.launching = true;
    try {
      await Promise.race([started, superseded]);
    } finally {
      if (this.current === consumer) this.launching = false;
    }
    // stop() may have run while this consumer was connecting: it must not keep running.
    if (this.stopped) await consumer.disconnect();
  }

  private now(): number {
    return (this.options.watchdog?.now ?? Date.now)();
  }

  /** Judges the running consumer every interval while the supervisor runs (SupervisorWatchdog). */
  private watch(): void {
    const watchdog = this.options.watchdog ?? joinWatchdog();
    if (this.stopped) return;
    this.watchdogTimer = setTimeout(() => {
      this.checkOnce(watchdog);
      this.watch();
    }, watchdog.checkIntervalMs);
    this.watchdogTimer.unref();
  }

  private checkOnce(watchdog: SupervisorWatchdog): void {
    const consumer = this.current;
    // A replacement is on its way already, or being started: the next check judges it.
    if (!consumer || this.stopped || this.restartTimer !== undefined || (this.launching && this.joined)) return;
    const nowMs = this.now();
    const busy = watchdog.busy?.(consumer) ?? false;
    if (busy) this.busyAtMs = nowMs;
    const verdict = judgeConsumer(
      {
        nowMs,
        joined: this.joined,
        waitingSinceMs: this.waitingSinceMs,
        launchedAtMs: this.launchedAtMs,
        unjoinedRelaunches: this.unjoinedRelaunches,
        busy,
        idleSinceMs: this.busyAtMs,
        stalled: this.joined ? (watchdog.stalled?.() ?? []) : [],
      },
      watchdog.relaunchAfterMs,
    );
    if (verdict.relaunch) void this.relaunch(consumer, verdict.reason, watchdog);
  }

  /** Gives up on a consumer kafkajs keeps alive: it leaves (bounded), a new one of the group starts. */
  private async relaunch(stuck: Consumer, reason: string, watchdog: SupervisorWatchdog): Promise<void> {
    if (!this.joined) this.unjoinedRelaunches += 1;
    this.current = undefined;
    this.joined = false;
    this.launching = false;
    this.supersede();
    this.options.logger.error(
      { groupId: this.options.groupId, reason },
      'kafka consumer does no work although kafkajs keeps it running; starting a new consumer of the group',
    );
    const leaveWithinMs = watchdog.leaveWithinMs ?? leaveWithinMsDefault;
    const left = await settledWithin(stuck.disconnect(), leaveWithinMs);
    if (!left)
      this.options.logger.warn(
        { groupId: this.options.groupId, leaveWithinMs },
        'the stuck consumer did not leave in time; its group drops it by its session timeout',
      );
    if (this.stopped) return;
    await this.startReplacement();
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
    await this.startReplacement();
  }

  /** Starts a consumer in place of one given up on, counted; if it cannot start, another is tried later. */
  private async startReplacement(): Promise<void> {
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

/** Whether the promise settled (either way) within the time; it is left running otherwise. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
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
