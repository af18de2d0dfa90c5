import { describeStalls, type StalledPartition } from './progress-watch';

/** How a supervised consumer looks to its watchdog at one check (SupervisedConsumer). */
export interface WatchdogView {
  nowMs: number;
  /** Whether the running consumer has joined its group (and not crashed since). */
  joined: boolean;
  /** When the running consumer was started, or last lost its group (a crash): what "not joined for" counts from. */
  waitingSinceMs: number;
  /** When the running consumer was started (the first one, a replacement, a relaunch). */
  launchedAtMs: number;
  /** Relaunches in a row of consumers that never joined: each doubles the join bound (up to 8 times it). */
  unjoinedRelaunches: number;
  /** Whether the running consumer has a batch in its handler or an apply under way. */
  busy: boolean;
  /**
   * When a check last found it busy, or it was started: what "nothing in its handler for" counts
   * from. A batch retried in place ends, and its partition reads stalled until its offset is
   * committed and read again: that is not a consumer that gets no records.
   */
  idleSinceMs: number;
  /** This member's stalled partitions, from a fresh reading of the group's progress. */
  stalled: readonly StalledPartition[];
}

export type WatchdogVerdict = { relaunch: false } | { relaunch: true; reason: string };

/** How many doublings of the join bound a run of unjoined relaunches reaches. */
const joinBoundDoublingsMax = 3;

/**
 * Whether a consumer kafkajs still reports as alive is to be replaced by a new one
 * (docs/RELIABILITY.md "A consumer kafkajs leaves stuck"):
 * - it has not joined its group within `relaunchAfterMs` of its start or of losing the group
 *   (a join that never completes, a restart of kafkajs's own that never joins); the bound doubles
 *   for each relaunch in a row that did not join either, so a slow group is not interrupted for ever;
 * - it has joined, no batch has been in its handler and no apply under way for `relaunchAfterMs`
 *   (nor since it started), yet a partition it holds has stood still that long while records wait: kafkajs
 *   stopped handing it records (a fetch loop lost after a broker restart). A stall with a batch
 *   in the handler is the handler's (a backing service away, retried in place): a new consumer
 *   would not cure it, and is not started.
 */
export function judgeConsumer(view: WatchdogView, relaunchAfterMs: number): WatchdogVerdict {
  if (!view.joined) {
    const boundMs = relaunchAfterMs * 2 ** Math.min(view.unjoinedRelaunches, joinBoundDoublingsMax);
    const waitedMs = view.nowMs - view.waitingSinceMs;
    if (waitedMs < boundMs) return { relaunch: false };
    return { relaunch: true, reason: `not joined its group ${Math.round(waitedMs / 1000)} s after it started or lost it` };
  }
  const idleForMs = view.nowMs - Math.max(view.idleSinceMs, view.launchedAtMs);
  if (view.busy || idleForMs < relaunchAfterMs) return { relaunch: false };
  const stuck = view.stalled.filter((s) => s.stalledForMs >= relaunchAfterMs);
  if (stuck.length === 0) return { relaunch: false };
  return { relaunch: true, reason: `no batch in its handler while ${describeStalls(stuck)}` };
}
