/**
 * What the Kafka mode saw of its ledger processes: when each started and ended (and how), and
 * which partitions each commit served. A command unanswered in all its attempts is quoted against
 * it: whether the ledger served other partitions and not the command's (a partition stopped), or
 * served nothing while it was killed again and again (the run's kills outpacing its restarts).
 */

export type LifeEnd = 'outside' | 'after-commit' | 'exit';

interface Life {
  startedAt: number;
  endedAt: number | null;
  endedBy: LifeEnd | null;
  commits: number;
}

interface Commit {
  at: number;
  /** `topic:partition` of each partition batch the commit applied. */
  partitions: readonly string[];
}

export class LedgerTimeline {
  private readonly lives: Life[] = [];
  private readonly commits: Commit[] = [];

  constructor(private readonly startedAt: number) {}

  /** A process started; the returned handle records its commits and its end. */
  started(at: number): { committed: (commit: Commit) => void; ended: (at: number, by: LifeEnd) => void } {
    const life: Life = { startedAt: at, endedAt: null, endedBy: null, commits: 0 };
    this.lives.push(life);
    return {
      committed: (commit) => {
        life.commits += 1;
        this.commits.push(commit);
      },
      ended: (endedAt, by) => {
        life.endedAt = endedAt;
        life.endedBy = by;
      },
    };
  }

  /** Whether a process ended (was killed or died) in [from, to]: a reply then may be a redelivery's. */
  endedBetween(from: number, to: number): boolean {
    return this.lives.some((life) => life.endedAt !== null && life.endedAt >= from && life.endedAt <= to);
  }

  /** What the ledger did in [from, to] for `partition` (`topic:partition`), in one line. */
  describe(partition: string, from: number, to: number): string {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const since = (at: number) => `+${seconds(at - this.startedAt)}`;
    const lives = this.lives.filter((life) => life.startedAt <= to && (life.endedAt === null || life.endedAt >= from));
    const ends = (by: LifeEnd) => lives.filter((life) => life.endedBy === by && life.endedAt! <= to).length;
    const within = this.commits.filter((c) => c.at >= from && c.at <= to);
    const onPartition = within.filter((c) => c.partitions.includes(partition)).length;
    const lastOnPartition = this.commits.filter((c) => c.at <= to && c.partitions.includes(partition)).at(-1);
    let longestIdle = 0;
    let previous = from;
    for (const commit of [...within.map((c) => c.at), to]) {
      longestIdle = Math.max(longestIdle, commit - previous);
      previous = commit;
    }
    return [
      `${partition} from ${since(from)} to ${since(to)} of the run`,
      `${lives.length} ledger processes lived in it (${ends('outside')} killed from outside, ${ends('after-commit')} after a commit, ${ends('exit')} exited)`,
      `${within.length} commits, ${onPartition} on ${partition}`,
      `the longest stretch without a commit ${seconds(longestIdle)}`,
      `the last commit on ${partition} ${lastOnPartition ? `at ${since(lastOnPartition.at)}` : 'none'}`,
    ].join('; ');
  }
}
