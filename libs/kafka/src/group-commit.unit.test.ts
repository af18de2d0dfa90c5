import { GroupCommit } from './group-commit';

/** An apply that records the groups of each call and answers every group with its items joined. */
function recordingApply(options: { failWhen?: (group: string[]) => boolean; delayMs?: number } = {}) {
  const calls: string[][][] = [];
  const apply = async (groups: string[][]): Promise<string[]> => {
    calls.push(groups);
    await new Promise((r) => setTimeout(r, options.delayMs ?? 5));
    if (options.failWhen && groups.some(options.failWhen)) throw new Error('cannot apply');
    return groups.map((g) => g.join('+'));
  };
  return { calls, apply };
}

/** A promise opened by hand. */
function opened(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Waits (yielding to the event loop) until the condition holds; fails after 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setImmediate(r));
  }
}

describe('GroupCommit', () => {
  it('when groups are submitted in the same tick, then one apply takes them all and each gets its own result', async () => {
    const { calls, apply } = recordingApply();
    const commit = new GroupCommit(apply, { inFlightMax: 1, itemsMax: 100 });
    const results = await Promise.all([commit.submit(['a1', 'a2']), commit.submit(['b1']), commit.submit(['c1'])]);
    expect(results).toEqual(['a1+a2', 'b1', 'c1']);
    expect(calls).toEqual([[['a1', 'a2'], ['b1'], ['c1']]]);
  });

  it('when the applies in flight are at the limit, then later groups wait and go together in the next apply', async () => {
    // The first apply is held open until the later groups are submitted: no timing involved.
    const gate = opened();
    const calls: string[][][] = [];
    const commit = new GroupCommit(
      async (groups: string[][]) => {
        calls.push(groups);
        if (calls.length === 1) await gate.promise;
        return groups.map((g) => g.join('+'));
      },
      { inFlightMax: 1, itemsMax: 100 },
    );
    const first = commit.submit(['a']);
    await until(() => calls.length === 1);
    const later = [commit.submit(['b']), commit.submit(['c'])];
    await new Promise((r) => setImmediate(r));
    const third = commit.submit(['d']);
    expect(calls).toHaveLength(1);
    gate.open();
    expect(await Promise.all([first, ...later, third])).toEqual(['a', 'b', 'c', 'd']);
    expect(calls).toEqual([[['a']], [['b'], ['c'], ['d']]]);
  });

  it('when two applies may run at once, then the second starts while the first is in flight', async () => {
    const gate = opened();
    let running = 0;
    const commit = new GroupCommit(
      async (groups: number[][]) => {
        running += 1;
        await gate.promise;
        running -= 1;
        return groups.map((g) => g.length);
      },
      { inFlightMax: 2, itemsMax: 100 },
    );
    const first = commit.submit([1]);
    await until(() => running === 1);
    const second = commit.submit([2]);
    // Both in flight before either may finish.
    await until(() => running === 2);
    gate.open();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
  });

  it('when the waiting groups exceed itemsMax, then an apply takes only what fits, and a larger group goes alone', async () => {
    const { calls, apply } = recordingApply();
    const commit = new GroupCommit(apply, { inFlightMax: 1, itemsMax: 3 });
    await Promise.all([commit.submit(['a', 'b']), commit.submit(['c']), commit.submit(['d', 'e']), commit.submit(['f', 'g', 'h', 'i'])]);
    expect(calls.map((c) => c.map((g) => g.length))).toEqual([[2, 1], [2], [4]]);
  });

  it('when a merged apply fails, then each group is retried alone and only the failing group is rejected', async () => {
    const { calls, apply } = recordingApply({ failWhen: (g) => g.includes('poison') });
    const commit = new GroupCommit(apply, { inFlightMax: 1, itemsMax: 100 });
    const results = await Promise.allSettled([commit.submit(['a']), commit.submit(['poison']), commit.submit(['c'])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseFulfilledResult<string>).value).toBe('a');
    expect((results[2] as PromiseFulfilledResult<string>).value).toBe('c');
    expect(calls).toEqual([[['a'], ['poison'], ['c']], [['a']], [['poison']], [['c']]]);
  });

  it('when apply returns the wrong number of results, then no group is answered from them', async () => {
    const commit = new GroupCommit(async () => ['only one'], { inFlightMax: 1, itemsMax: 100 });
    const results = await Promise.allSettled([commit.submit(['a']), commit.submit(['b'])]);
    // Merged: the count is wrong, so each group is applied again alone, where one result is right.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const broken = new GroupCommit(async () => [] as string[], { inFlightMax: 1, itemsMax: 100 });
    await expect(broken.submit(['a'])).rejects.toThrow('apply returned 0 results for 1 groups');
  });

  it('when a group’s lane is in an apply in flight, then it waits for that apply while groups of other lanes go ahead', async () => {
    // The first apply is held open by hand (a timer racing it fails on a loaded machine).
    const gate = opened();
    const calls: string[][][] = [];
    const apply = async (groups: string[][]): Promise<string[]> => {
      calls.push(groups);
      if (calls.length === 1) await gate.promise;
      return groups.map((g) => g.join('+'));
    };
    const commit = new GroupCommit(apply, { inFlightMax: 2, itemsMax: 100 });
    const first = commit.submit(['p3-commands'], 3);
    await until(() => calls.length === 1); // the first apply is running now
    const sameLane = commit.submit(['p3-internal'], 3);
    const otherLane = commit.submit(['p4-internal'], 4);
    await until(() => calls.length === 2);
    await new Promise((r) => setImmediate(r));
    // The second slot is free, but only lane 4 may use it.
    expect(calls).toEqual([[['p3-commands']], [['p4-internal']]]);
    gate.open();
    await Promise.all([first, sameLane, otherLane]);
    expect(calls).toEqual([[['p3-commands']], [['p4-internal']], [['p3-internal']]]);
  });

  it('when groups of one lane wait together, then one apply may take them both (they are decided in order there)', async () => {
    const { calls, apply } = recordingApply();
    const commit = new GroupCommit(apply, { inFlightMax: 1, itemsMax: 100 });
    await Promise.all([commit.submit(['a'], 1), commit.submit(['b'], 1), commit.submit(['c'])]);
    expect(calls).toEqual([[['a'], ['b'], ['c']]]);
  });

  it('when a group reaches idle lanes, then its apply holds them, and a group of a held lane waits for that apply', async () => {
    const gate = opened();
    const calls: Array<{ groups: string[][]; lanes: number[] }> = [];
    const commit = new GroupCommit(
      async (groups: string[][], lanes: ReadonlySet<number>) => {
        calls.push({ groups, lanes: [...lanes].sort() });
        if (calls.length === 1) await gate.promise;
        return groups.map((g) => g.join('+'));
      },
      { inFlightMax: 2, itemsMax: 100 },
    );
    // Lane 1's transfer credits wallets of lanes 2 and 5: both idle, so its apply holds them.
    const first = commit.submit(['p1-transfer'], 1, [2, 5]);
    await until(() => calls.length === 1);
    const reached = commit.submit(['p2-commands'], 2);
    const other = commit.submit(['p3-commands'], 3);
    await until(() => calls.length === 2);
    await new Promise((r) => setImmediate(r));
    // The free slot goes to lane 3; lane 2 is held by the first apply's credits.
    expect(calls).toEqual([
      { groups: [['p1-transfer']], lanes: [1, 2, 5] },
      { groups: [['p3-commands']], lanes: [3] },
    ]);
    gate.open();
    await Promise.all([first, reached, other]);
    expect(calls[2]).toEqual({ groups: [['p2-commands']], lanes: [2] });
  });

  it('when a reached lane is busy or has a group waiting, then the apply does not hold it (that lane’s own work goes first)', async () => {
    const gate = opened();
    const calls: Array<{ groups: string[][]; lanes: number[] }> = [];
    const commit = new GroupCommit(
      async (groups: string[][], lanes: ReadonlySet<number>) => {
        calls.push({ groups, lanes: [...lanes].sort() });
        if (calls.length === 1) await gate.promise;
        return groups.map((g) => g.join('+'));
      },
      { inFlightMax: 2, itemsMax: 1 },
    );
    const busy = commit.submit(['p4'], 4);
    await until(() => calls.length === 1);
    // Lane 1 reaches 4 (in flight) and 6 (a group of its own waits: one item an apply).
    const reaching = commit.submit(['p1'], 1, [4, 6]);
    const waiting6 = commit.submit(['p6'], 6);
    await until(() => calls.length === 2);
    expect(calls[1]).toEqual({ groups: [['p1']], lanes: [1] });
    gate.open();
    await Promise.all([busy, reaching, waiting6]);
    expect(calls[2]).toEqual({ groups: [['p6']], lanes: [6] });
  });

  it('when a limit is below one, then construction fails', () => {
    expect(() => new GroupCommit(async () => [], { inFlightMax: 0, itemsMax: 1 })).toThrow();
  });
  it('when adaptive and a full batch keeps waiting, then more applies run at once, up to the bound, each within the batch bound', async () => {
    let running = 0;
    let runningMax = 0;
    const sizes: number[] = [];
    const commit = new GroupCommit(
      async (groups: number[][]) => {
        running += 1;
        runningMax = Math.max(runningMax, running);
        sizes.push(groups.flat().length);
        await new Promise((r) => setImmediate(r));
        running -= 1;
        return groups.map((g) => g.length);
      },
      {
        inFlightMax: 1,
        itemsMax: 2,
        adaptive: { depthMin: 1, depthMax: 3, itemsMin: 1, itemsMax: 2, lingerMsMax: 0, riseFactor: 1.5 },
        now: () => 0,
      },
    );
    // Twenty groups of one item on twenty lanes, all at once: the queue stays deep.
    await Promise.all(Array.from({ length: 20 }, (_, i) => commit.submit([i], i)));
    expect(runningMax).toBe(3);
    expect(Math.max(...sizes)).toBe(2);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(20);
    // Drained: every apply ended with the queue empty, so the depth came back to its floor.
    expect(commit.limits.depth).toBeLessThan(3);
  });

  it('when not adaptive, then the limits stay as given whatever the load', async () => {
    const { apply } = recordingApply({ delayMs: 1 });
    const commit = new GroupCommit(apply, { inFlightMax: 2, itemsMax: 3 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => commit.submit([String(i)], i)));
    expect(commit.limits).toEqual({ depth: 2, itemsMax: 3, lingerMs: 0 });
  });
  describe('linger', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** A GroupCommit whose every apply takes 100 ms on its clock, so its linger is 5 ms (a tenth, capped at 5). */
    function lingering() {
      let clock = 0;
      const calls: number[][][] = [];
      const commit = new GroupCommit(
        async (groups: number[][]) => {
          calls.push(groups);
          clock += 100;
          return groups.map((g) => g.length);
        },
        {
          inFlightMax: 1,
          itemsMax: 4,
          adaptive: { depthMin: 1, depthMax: 1, itemsMin: 4, itemsMax: 4, lingerMsMax: 5, riseFactor: 1.5 },
          now: () => clock,
        },
      );
      return { calls, commit };
    }

    it('when the queue is shallow after an apply, then the next apply waits its linger for more groups and takes them together', async () => {
      const { calls, commit } = lingering();
      const first = commit.submit([1]);
      await jest.advanceTimersByTimeAsync(0);
      await first;
      expect(commit.limits.lingerMs).toBe(5);
      const a = commit.submit([2]);
      await jest.advanceTimersByTimeAsync(4);
      expect(calls).toHaveLength(1); // still lingering
      const b = commit.submit([3]);
      await jest.advanceTimersByTimeAsync(1);
      expect(await Promise.all([a, b])).toEqual([1, 1]);
      expect(calls).toEqual([[[1]], [[2], [3]]]);
    });

    it('when a lingering queue fills a batch, then the apply starts at once', async () => {
      const { calls, commit } = lingering();
      await Promise.all([commit.submit([1]), jest.advanceTimersByTimeAsync(0)]);
      const a = commit.submit([2, 3]);
      await jest.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(1);
      const b = commit.submit([4, 5]); // four items waiting: a full batch
      await jest.advanceTimersByTimeAsync(0);
      expect(calls).toEqual([
        [[1]],
        [
          [2, 3],
          [4, 5],
        ],
      ]);
      expect(await Promise.all([a, b])).toEqual([2, 2]);
    });
  });
});
