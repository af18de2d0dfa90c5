import {
  initialPipelineState,
  nextPipelineState,
  type ApplyPipelineBounds,
  type ApplyPipelineLimits,
  type ApplyPipelineState,
} from './apply-pipeline';

export interface GroupCommitOptions {
  /**
   * Applies running at once. While they are all busy, groups submitted meanwhile wait and then
   * go together as one apply: the merge grows with the load, like BatchingProducer's flushes.
   */
  inFlightMax: number;
  /** Items per merged apply; a single larger group still goes alone. */
  itemsMax: number;
  /**
   * When given, the limits above are only where the pipeline starts: after every apply the depth
   * (applies in flight), the items per apply and the linger adapt to the load within these
   * bounds (./apply-pipeline.ts). Absent: fixed limits, no linger.
   */
  adaptive?: ApplyPipelineBounds;
  /** Milliseconds clock for the adaptive decisions (tests pass their own). */
  now?: () => number;
}

interface Waiting<T, R> {
  items: T[];
  lane: number | undefined;
  reach: readonly number[];
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit across partitions. Every partition handler of a process submits its batch; the
 * batches submitted in the same tick, or while the in-flight applies run, are applied together
 * by one `apply(groups)` call that returns one result per group, in order. Each handler still
 * waits for its own batch, so every partition stays serial; the merge only shares the fixed cost
 * of an apply (database round trips, a commit, a produce request) among more commands.
 *
 * A merged apply that fails is retried group by group, so a batch that cannot be applied fails
 * alone and the other partitions' batches are not held back by it.
 *
 * A group may name a lane (the ledger: its partition number, shared by partition n of
 * ledger.commands and of ledger.internal). A group whose lane is in an apply in flight waits for
 * that apply to end, so the groups of one lane are applied one after the other even when they
 * come from different topics; groups of other lanes go past it.
 *
 * A group may also name lanes it reaches (the ledger: the partitions of the wallets its commands
 * credit). An apply holds, beside its groups' own lanes, each lane they reach that is idle: in no
 * apply in flight and with no group waiting (so a lane with work of its own is never held up for
 * another's credits). The apply is told the lanes it holds, and may write their state as its own.
 */
export class GroupCommit<T, R> {
  private waiting: Array<Waiting<T, R>> = [];
  private inFlight = 0;
  private scheduled = false;
  /** The linger's timer while a shallow queue waits for more groups. */
  private lingering: NodeJS.Timeout | undefined;
  private pipeline: ApplyPipelineState;
  private readonly now: () => number;
  /** How many applies in flight hold a group of each lane. */
  private readonly busyLanes = new Map<number, number>();

  constructor(
    private readonly apply: (groups: T[][], lanes: ReadonlySet<number>) => Promise<R[]>,
    private readonly options: GroupCommitOptions,
  ) {
    if (options.inFlightMax < 1 || options.itemsMax < 1) throw new Error('GroupCommit limits must be at least 1');
    this.now = options.now ?? (() => performance.now());
    this.pipeline = options.adaptive
      ? initialPipelineState(options.adaptive, { depth: options.inFlightMax, itemsMax: options.itemsMax })
      : { limits: { depth: options.inFlightMax, itemsMax: options.itemsMax, lingerMs: 0 }, msPerItem: null, applyMs: null };
  }

  /** The limits the next applies run under (fixed ones unless adaptive). */
  get limits(): ApplyPipelineLimits {
    return { ...this.pipeline.limits };
  }

  /** `reach`: lanes beyond its own the group's apply would hold if they are idle (see the class). */
  submit(items: T[], lane?: number, reach: readonly number[] = []): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ items, lane, reach, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    const { depth, itemsMax, lingerMs } = this.pipeline.limits;
    if (this.inFlight >= depth || this.waiting.length === 0) return;
    const full = this.waitingItems() >= itemsMax;
    if (this.scheduled) {
      // A lingering queue that filled up goes now: the wait was only for a fuller apply.
      if (this.lingering && full) {
        clearTimeout(this.lingering);
        this.lingering = undefined;
        setImmediate(() => this.fire());
      }
      return;
    }
    this.scheduled = true;
    // At least one macrotask later, so the partition batches of the same fetch join one apply; a
    // shallow queue of an adaptive pipeline waits its linger for the batches still on their way.
    if (lingerMs > 0 && !full) this.lingering = setTimeout(() => this.fire(), lingerMs);
    else setImmediate(() => this.fire());
  }

  private fire(): void {
    this.lingering = undefined;
    this.scheduled = false;
    this.startNext();
  }

  private waitingItems(): number {
    let items = 0;
    for (const w of this.waiting) items += w.items.length;
    return items;
  }

  private startNext(): void {
    while (this.inFlight < this.pipeline.limits.depth && this.waiting.length > 0) {
      const taken = this.takeFromHead();
      // Every waiting group's lane is in flight: the end of those applies schedules again.
      if (taken.length === 0) return;
      const lanes = this.lanesHeldBy(taken);
      for (const lane of lanes) this.busyLanes.set(lane, (this.busyLanes.get(lane) ?? 0) + 1);
      this.inFlight += 1;
      const started = this.now();
      const items = taken.reduce((sum, w) => sum + w.items.length, 0);
      void this.run(taken, lanes).finally(() => {
        if (this.options.adaptive)
          this.pipeline = nextPipelineState(
            this.pipeline,
            { items, ms: this.now() - started, queuedItems: this.waitingItems() },
            this.options.adaptive,
          );
        for (const lane of lanes) {
          const left = (this.busyLanes.get(lane) ?? 1) - 1;
          if (left > 0) this.busyLanes.set(lane, left);
          else this.busyLanes.delete(lane);
        }
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  /**
   * The waiting groups the next apply takes, in submission order, within itemsMax (a larger
   * group alone), passing over those whose lane is in flight; none when every group's is.
   */
  private takeFromHead(): Array<Waiting<T, R>> {
    let items = 0;
    const taken: Array<Waiting<T, R>> = [];
    for (const w of this.waiting) {
      if (w.lane !== undefined && this.busyLanes.has(w.lane)) continue;
      if (taken.length > 0 && items + w.items.length > this.pipeline.limits.itemsMax) break;
      items += w.items.length;
      taken.push(w);
    }
    this.waiting = this.waiting.filter((w) => !taken.includes(w));
    return taken;
  }

  /** The taken groups' own lanes, and the lanes they reach that are idle (see the class). */
  private lanesHeldBy(taken: Array<Waiting<T, R>>): Set<number> {
    const lanes = new Set(taken.flatMap((w) => (w.lane === undefined ? [] : [w.lane])));
    const reached = taken.flatMap((w) => w.reach);
    if (reached.length === 0) return lanes;
    const waitingLanes = new Set(this.waiting.map((w) => w.lane));
    for (const lane of reached) if (!this.busyLanes.has(lane) && !waitingLanes.has(lane)) lanes.add(lane);
    return lanes;
  }

  private async run(taken: Array<Waiting<T, R>>, lanes: ReadonlySet<number>): Promise<void> {
    try {
      const results = await this.apply(
        taken.map((w) => w.items),
        lanes,
      );
      if (results.length !== taken.length) throw new Error(`apply returned ${results.length} results for ${taken.length} groups`);
      for (const [i, w] of taken.entries()) w.resolve(results[i]!);
    } catch (err) {
      if (taken.length === 1) {
        taken[0]!.reject(err);
        return;
      }
      // Sequentially, in submission order: each group gets its own outcome (under the same lanes).
      for (const w of taken) await this.run([w], lanes);
    }
  }
}
