import type { Admin, Consumer, Kafka } from 'kafkajs';
import type { Logger } from '@coin/logger';
import type { Registry } from 'prom-client';
import { type ConsumerProgressMetrics, consumerProgressMetrics } from './metrics';
import { type OffsetReading, type PartitionProgress, StallJudge } from './stall-judge';

/** The progress watch's defaults (CONSUMER_STALL_AFTER_MS, CONSUMER_STALL_CHECK_INTERVAL_MS). */
export const progressWatchDefaults = { stallAfterMs: 20_000, checkIntervalMs: 5_000, relaunchAfterMs: 30_000 } as const;

/** How a consumer's progress is watched (ConsumerOptions `progress`; the service kit's from its configuration). */
export interface ProgressWatchSettings {
  /**
   * How long a partition's committed offset may stand still while records wait before the
   * partition is stalled (ms; CONSUMER_STALL_AFTER_MS, 20 s by default).
   */
  stallAfterMs?: number;
  /** How often the group's committed offsets and the log ends are read (ms; CONSUMER_STALL_CHECK_INTERVAL_MS, 5 s). */
  checkIntervalMs?: number;
  /**
   * When the consumer is replaced by a new one although kafkajs keeps it running: not joined its
   * group this long after it started, or a partition of it stalled this long with nothing in its
   * handler (ms; CONSUMER_RELAUNCH_AFTER_MS, 30 s; SupervisorWatchdog).
   */
  relaunchAfterMs?: number;
  /** A connected admin client to read them with (the service's); without one the watch connects its own. */
  admin?: Admin;
}

/** A partition of this member whose committed offset has stood still while records wait. */
export interface StalledPartition {
  group: string;
  topic: string;
  partition: number;
  /** The group's committed offset: the record that waits first (-1: the group never committed one). */
  committed: number;
  /** Records between the committed offset and the log end. */
  lag: number;
  /** How long the committed offset has stood still (ms). */
  stalledForMs: number;
}

export interface ProgressWatchOptions extends ProgressWatchSettings {
  groupId: string;
  topics: readonly string[];
  logger: Logger;
  /** Where the watch gets an admin client when it is given none. */
  kafka: Pick<Kafka, 'admin'>;
  /** Registers coin_kafka_consumer_lag_messages and coin_kafka_consumer_stalled_seconds here. */
  metrics?: Registry | undefined;
  /** The consumer's `fromBeginning` (where a partition the group never committed starts). */
  fromBeginning?: boolean | undefined;
  now?: () => number;
}

const keyOf = (topic: string, partition: number) => `${topic}\u0000${partition}`;

/**
 * Watches one consumer group's progress as the broker sees it (docs/RELIABILITY.md "A stalled
 * partition"): every `checkIntervalMs` it reads the group's committed offsets and each topic's
 * log ends, and judges each partition (StallJudge). What the consumer loop believes it did says
 * nothing of a partition whose batch is retried for ever, or whose handler never returns; the
 * committed offset does. The metrics and `stalled()` cover the partitions this member holds (its
 * last GROUP_JOIN assignment, `assign`), so each partition is reported by the member that holds
 * it and a sum over the members counts it once.
 */
export class ProgressWatch {
  private readonly judge: StallJudge;
  private readonly settings: { stallAfterMs: number; checkIntervalMs: number };
  private readonly metrics: ConsumerProgressMetrics | undefined;
  private assigned: Set<string> | null = null;
  private progress: PartitionProgress[] = [];
  private lastReadAtMs: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private started = false;
  private stopped = false;
  private ownAdmin: Admin | undefined;
  private ownAdminConnected = false;
  private failing = false;
  /** Partitions whose stall was logged (logged again once they move). */
  private readonly reported = new Set<string>();
  /** Partitions with metric series of this member. */
  private readonly series = new Map<string, { topic: string; partition: string }>();

  constructor(private readonly options: ProgressWatchOptions) {
    this.settings = {
      stallAfterMs: options.stallAfterMs ?? progressWatchDefaults.stallAfterMs,
      checkIntervalMs: options.checkIntervalMs ?? progressWatchDefaults.checkIntervalMs,
    };
    this.judge = new StallJudge({
      stallAfterMs: this.settings.stallAfterMs,
      ...(options.fromBeginning !== undefined ? { fromBeginning: options.fromBeginning } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    this.metrics = options.metrics ? consumerProgressMetrics(options.metrics) : undefined;
  }

  /** Reads at once, then every `checkIntervalMs` until `stop`. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.readSoon();
  }

  /**
   * The partitions this member holds (kafkajs GROUP_JOIN's memberAssignment), null when it holds
   * none it knows of (before its first join, after a crash). Read again at once, so a member that
   * joins shows its partitions' lag without waiting for the interval.
   */
  assign(memberAssignment: Record<string, number[]> | null): void {
    this.assigned =
      memberAssignment === null
        ? null
        : new Set(Object.entries(memberAssignment).flatMap(([topic, partitions]) => partitions.map((p) => keyOf(topic, p))));
    this.readSoon();
  }

  /**
   * Follows a kafkajs consumer of the group (the first and each replacement): the partitions of
   * its joins are this member's; after a crash it holds none until it joins again.
   */
  follow(consumer: Pick<Consumer, 'on' | 'events'>): void {
    consumer.on(consumer.events.GROUP_JOIN, (event) => this.assign(event.payload.memberAssignment));
    consumer.on(consumer.events.CRASH, () => this.assign(null));
  }

  /** This member's stalled partitions, as the last reading judged them. */
  stalled(): StalledPartition[] {
    return this.mine(this.progress)
      .filter((p) => p.stalled)
      .map(({ topic, partition, committed, lag, stalledForMs }) => ({
        group: this.options.groupId,
        topic,
        partition,
        committed,
        lag,
        stalledForMs,
      }));
  }

  /**
   * This member's stalled partitions if the last reading is fresh (at most two intervals old),
   * else none: a judgement the watch could not renew (the broker away) is not acted upon.
   */
  stalledNow(): StalledPartition[] {
    const now = (this.options.now ?? Date.now)();
    const fresh = this.lastReadAtMs !== null && now - this.lastReadAtMs <= 2 * this.settings.checkIntervalMs;
    return fresh ? this.stalled() : [];
  }

  /** How often the offsets are read (ms). */
  get checkIntervalMs(): number {
    return this.settings.checkIntervalMs;
  }

  /** When the offsets were last read (ms since the epoch), null before the first reading. */
  get readAtMs(): number | null {
    return this.lastReadAtMs;
  }

  /** Stops reading, removes this member's series and disconnects the admin it connected itself. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.reading;
    this.setSeries([]);
    await this.ownAdmin?.disconnect().catch(() => undefined);
  }

  private mine(progress: readonly PartitionProgress[]): PartitionProgress[] {
    const assigned = this.assigned;
    return assigned === null ? [] : progress.filter((p) => assigned.has(keyOf(p.topic, p.partition)));
  }

  /** A reading now, or right after the one under way; the next one an interval after it. */
  private readSoon(): void {
    if (!this.started || this.stopped) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.reading = this.readOnce().finally(() => {
      this.reading = null;
      if (this.stopped) return;
      if (this.readAgain) {
        this.readAgain = false;
        this.readSoon();
        return;
      }
      this.timer = setTimeout(() => this.readSoon(), this.settings.checkIntervalMs);
      this.timer.unref();
    });
  }

  private async readOnce(): Promise<void> {
    let readings: OffsetReading[];
    try {
      readings = await this.readOffsets();
    } catch (err) {
      // The judgement stays the last one; /readyz's kafka check says whether the broker answers.
      if (!this.failing) this.options.logger.warn({ err }, 'progress watch: could not read the committed offsets; it tries again');
      this.failing = true;
      return;
    }
    if (this.failing) this.options.logger.info('progress watch: reads the committed offsets again');
    this.failing = false;
    if (this.stopped) return;
    this.progress = this.judge.observe(readings);
    this.lastReadAtMs = (this.options.now ?? Date.now)();
    const mine = this.mine(this.progress);
    this.setSeries(mine);
    this.logTurns(mine);
  }

  private async admin(): Promise<Admin> {
    if (this.options.admin) return this.options.admin;
    this.ownAdmin ??= this.options.kafka.admin();
    if (!this.ownAdminConnected) {
      await this.ownAdmin.connect();
      this.ownAdminConnected = true;
    }
    return this.ownAdmin;
  }

  /** The group's committed offset and the log's ends of every partition of its topics. */
  private async readOffsets(): Promise<OffsetReading[]> {
    const admin = await this.admin();
    const topics = [...this.options.topics];
    const [committed, ...ends] = await Promise.all([
      admin.fetchOffsets({ groupId: this.options.groupId, topics }),
      ...topics.map((topic) => admin.fetchTopicOffsets(topic)),
    ]);
    const committedOf = new Map<string, number>();
    for (const { topic, partitions } of committed)
      for (const { partition, offset } of partitions) committedOf.set(keyOf(topic, partition), Number(offset));
    return topics.flatMap((topic, i) =>
      (ends[i] ?? []).map(({ partition, low, high }) => ({
        topic,
        partition,
        committed: committedOf.get(keyOf(topic, partition)) ?? -1,
        low: Number(low),
        high: Number(high),
      })),
    );
  }

  /** This member's series: set for the partitions it holds, removed for those it no longer does. */
  private setSeries(mine: readonly PartitionProgress[]): void {
    if (!this.metrics) return;
    const group = this.options.groupId;
    const now = new Set<string>();
    for (const p of mine) {
      const key = keyOf(p.topic, p.partition);
      const labels = { group, topic: p.topic, partition: String(p.partition) };
      now.add(key);
      this.series.set(key, { topic: p.topic, partition: labels.partition });
      this.metrics.lag.set(labels, p.lag);
      this.metrics.stalled.set(labels, p.stalledForMs / 1000);
    }
    for (const [key, { topic, partition }] of this.series) {
      if (now.has(key)) continue;
      this.metrics.lag.remove({ group, topic, partition });
      this.metrics.stalled.remove({ group, topic, partition });
      this.series.delete(key);
    }
  }

  /** A log line when a partition of this member turns stalled, and when it moves again. */
  private logTurns(mine: readonly PartitionProgress[]): void {
    const log = this.options.logger;
    for (const p of mine) {
      const key = keyOf(p.topic, p.partition);
      const place = { topic: p.topic, partition: p.partition, committedOffset: p.committed, lag: p.lag };
      if (p.stalled && !this.reported.has(key)) {
        this.reported.add(key);
        log.warn(
          { ...place, stalledForS: Math.round(p.stalledForMs / 1000) },
          'partition stalled: its committed offset has not moved while records wait (see the batch handler failed lines)',
        );
      } else if (!p.stalled && this.reported.delete(key)) {
        log.info(place, 'partition moves again: its committed offset advanced');
      }
    }
    const held = new Set(mine.map((p) => keyOf(p.topic, p.partition)));
    for (const key of this.reported) if (!held.has(key)) this.reported.delete(key);
  }
}

/** How many stalled partitions a readiness message names; the rest are counted. */
const stallsNamedMax = 5;

/**
 * The stalled partitions in a sentence (consumersReadiness, /readyz): each one's group, topic,
 * partition, committed offset, how many records wait and for how long.
 */
export function describeStalls(stalled: readonly StalledPartition[]): string {
  const named = stalled
    .slice(0, stallsNamedMax)
    .map(
      (s) =>
        `group ${s.group}, topic ${s.topic}, partition ${s.partition}: committed offset ${s.committed} has not moved for ${Math.round(s.stalledForMs / 1000)} s while ${s.lag} records wait`,
    );
  const more = stalled.length > stallsNamedMax ? ` (and ${stalled.length - stallsNamedMax} more)` : '';
  return `Kafka partitions stalled: ${named.join('; ')}${more}`;
}

/** A consumer as `startConsumer` runs it: SupervisedConsumer's state and stop. */
interface Supervised {
  readonly ready: Promise<void>;
  readonly consuming: boolean;
  stop(): Promise<void>;
}

/**
 * The running consumer `startConsumer` returns (RunningConsumer): the supervised consumer with
 * its watch, which starts now and stops before the consumer does.
 */
export function watchedConsumer(supervised: Supervised, watch: ProgressWatch) {
  watch.start();
  return {
    ready: supervised.ready,
    get consuming() {
      return supervised.consuming;
    },
    stalled: () => watch.stalled(),
    stop: async () => {
      await watch.stop();
      await supervised.stop();
    },
  };
}
