export interface GroupCommitOptions {
  /**
   * Applies running at once. While they are all busy, groups submitted meanwhile wait and then
   * go together as one apply: the merge grows with the load, like BatchingProducer's flushes.
   */
  inFlightMax: number;
  /** Items per merged apply; a single larger group still goes alone. */
  itemsMax: number;
}

interface Waiting<T, R> {
  items: T[];
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
 */
export class GroupCommit<T, R> {
  private waiting: Array<Waiting<T, R>> = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly apply: (groups: T[][]) => Promise<R[]>,
    private readonly options: GroupCommitOptions,
  ) {
    if (options.inFlightMax < 1 || options.itemsMax < 1) throw new Error('GroupCommit limits must be at least 1');
  }

  submit(items: T[]): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ items, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.inFlightMax || this.waiting.length === 0) return;
    this.scheduled = true;
    // One macrotask later, so the partition batches of the same fetch join one apply.
    setImmediate(() => {
      this.scheduled = false;
      this.startNext();
    });
  }

  private startNext(): void {
    while (this.inFlight < this.options.inFlightMax && this.waiting.length > 0) {
      const taken = this.takeFromHead();
      this.inFlight += 1;
      void this.run(taken).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  /** The waiting groups the next apply takes: at least one, within itemsMax. */
  private takeFromHead(): Array<Waiting<T, R>> {
    let items = 0;
    let count = 0;
    for (const w of this.waiting) {
      if (count > 0 && items + w.items.length > this.options.itemsMax) break;
      items += w.items.length;
      count += 1;
    }
    return this.waiting.splice(0, count);
  }

  private async run(taken: Array<Waiting<T, R>>): Promise<void> {
    try {
      const results = await this.apply(taken.map((w) => w.items));
      if (results.length !== taken.length) throw new Error(`apply returned ${results.length} results for ${taken.length} groups`);
      for (const [i, w] of taken.entries()) w.resolve(results[i]!);
    } catch (err) {
      if (taken.length === 1) {
        taken[0]!.reject(err);
        return;
      }
      // Sequentially, in submission order: each group gets its own outcome.
      for (const w of taken) await this.run([w]);
    }
  }
}
