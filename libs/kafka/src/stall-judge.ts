/**
 * Whether a consumer group's partitions make progress, judged from successive readings of the
 * group's committed offsets and the partitions' log ends (ProgressWatch reads them). Pure: the
 * readings and the clock are given, so the judgement is tested without waiting.
 */

/** One partition as a reading found it: the group's committed offset and the log's ends. */
export interface OffsetReading {
  topic: string;
  partition: number;
  /** The group's committed offset: the next record it will apply; -1 while the group never committed one. */
  committed: number;
  /** The first offset the log still holds. */
  low: number;
  /** The log end (high watermark): the offset the next record appended gets. */
  high: number;
}

/** How one partition stands after a reading. */
export interface PartitionProgress {
  topic: string;
  partition: number;
  committed: number;
  /** Records appended that the group has not committed: high − committed (no commit yet: from where it starts). */
  lag: number;
  /**
   * How long the committed offset has stood still while records wait (ms): since the reading
   * that first saw it, or that last saw the lag at 0; 0 when nothing waits.
   */
  stalledForMs: number;
  /** Records wait and the committed offset has not moved for `stallAfterMs` or more. */
  stalled: boolean;
}

export interface StallJudgeOptions {
  /** How long a committed offset may stand still while records wait before its partition is stalled (ms). */
  stallAfterMs: number;
  /**
   * Where a consumer starts a partition its group never committed (the consumer's `fromBeginning`):
   * at the log start (true: every record there waits) or at its end (false: what waits is unknown,
   * counted as nothing).
   */
  fromBeginning?: boolean;
  now?: () => number;
}

interface Seen {
  committed: number;
  /** When the committed offset was first seen where it is, or last seen with nothing waiting. */
  movedAtMs: number;
}

const keyOf = (topic: string, partition: number) => `${topic}\u0000${partition}`;

/** Records of the partition the group has not committed. */
export function committedLag(reading: OffsetReading, fromBeginning = true): number {
  if (reading.committed >= 0) return Math.max(0, reading.high - reading.committed);
  return fromBeginning ? Math.max(0, reading.high - reading.low) : 0;
}

/**
 * Judges each partition from the readings it is given, one after another. A partition is stalled
 * when records wait (lag > 0) and its committed offset has stayed where it is for `stallAfterMs`:
 * a consumer that applies commits as it goes (at most a commit interval later, idle or not), so a
 * committed offset that stands still behind the log end means nothing is applied there. A
 * partition seen for the first time counts as moving then: a process that starts gives its
 * consumer `stallAfterMs` before it judges.
 */
export class StallJudge {
  private readonly seen = new Map<string, Seen>();
  private readonly now: () => number;

  constructor(private readonly options: StallJudgeOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Takes one reading of the group's partitions and returns how each stands. */
  observe(readings: readonly OffsetReading[]): PartitionProgress[] {
    const now = this.now();
    const present = new Set<string>();
    const progress = readings.map((reading) => {
      const key = keyOf(reading.topic, reading.partition);
      present.add(key);
      const lag = committedLag(reading, this.options.fromBeginning);
      const before = this.seen.get(key);
      const moved = !before || before.committed !== reading.committed || lag === 0;
      const movedAtMs = moved ? now : before.movedAtMs;
      this.seen.set(key, { committed: reading.committed, movedAtMs });
      const stalledForMs = lag > 0 ? now - movedAtMs : 0;
      return {
        topic: reading.topic,
        partition: reading.partition,
        committed: reading.committed,
        lag,
        stalledForMs,
        stalled: lag > 0 && stalledForMs >= this.options.stallAfterMs,
      };
    });
    // A partition the readings no longer hold (its topic deleted) is forgotten.
    for (const key of this.seen.keys()) if (!present.has(key)) this.seen.delete(key);
    return progress;
  }
}
