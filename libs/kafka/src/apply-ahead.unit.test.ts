import { createLogger } from '@coin/logger';
import { ApplyAhead, type AppliedOffset } from './apply-ahead';

const logger = createLogger('apply-ahead-unit', 'silent');

/** A promise the test settles by hand: an apply held open. */
function gate<T = boolean>() {
  let open!: (value: T) => void;
  let fail!: (err: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function fakeConsumer() {
  const commits: AppliedOffset[][] = [];
  const seeks: AppliedOffset[] = [];
  return {
    commits,
    seeks,
    consumer: {
      commitOffsets: async (offsets: AppliedOffset[]) => void commits.push(offsets),
      seek: (place: AppliedOffset) => void seeks.push(place),
    },
  };
}

/** A batch of the numbers first..last (offsets = the numbers), applied by `apply`. */
function batch(first: number, last: number, apply: (items: number[]) => Promise<boolean>) {
  const items = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return { firstOffset: String(first), lastOffset: String(last), items, apply };
}

describe('ApplyAhead: the fetch loop runs ahead of the applies, the commits follow them', () => {
  it('when batches arrive while an apply is under way, then they wait and are applied together after it, in offset order, each enqueue returning at once', async () => {
    const { consumer } = fakeConsumer();
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 4, itemsMax: 100, commitIntervalMs: 60_000, logger });
    const applies: number[][] = [];
    const held = gate();
    const apply = async (items: number[]) => {
      applies.push(items);
      return items[0] === 0 ? held.promise : true;
    };
    expect(await ahead.enqueue('t', 0, batch(0, 1, apply))).toBe(true);
    expect(await ahead.enqueue('t', 0, batch(2, 2, apply))).toBe(true);
    expect(await ahead.enqueue('t', 0, batch(3, 5, apply))).toBe(true);
    await settle();
    expect(applies).toEqual([[0, 1]]);
    held.open(true);
    await settle();
    expect(applies).toEqual([
      [0, 1],
      [2, 3, 4, 5],
    ]);
  });

  it('when waiting batches hold more than itemsMax items, then they are applied in several applies, still in order', async () => {
    const { consumer } = fakeConsumer();
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 8, itemsMax: 3, commitIntervalMs: 60_000, logger });
    const applies: number[][] = [];
    const held = gate();
    const apply = async (items: number[]) => {
      applies.push(items);
      return items[0] === 0 ? held.promise : true;
    };
    await ahead.enqueue('t', 0, batch(0, 0, apply));
    await ahead.enqueue('t', 0, batch(1, 2, apply));
    await ahead.enqueue('t', 0, batch(3, 3, apply));
    await ahead.enqueue('t', 0, batch(4, 7, apply));
    held.open(true);
    for (let i = 0; i < 5; i += 1) await settle();
    expect(applies).toEqual([[0], [1, 2, 3], [4, 5, 6, 7]]);
  });

  it('when aheadMax batches of a partition wait, then the next enqueue waits for them to be taken, and another partition does not wait', async () => {
    const { consumer } = fakeConsumer();
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 2, itemsMax: 100, commitIntervalMs: 60_000, logger });
    const held = gate();
    await ahead.enqueue(
      't',
      0,
      batch(0, 0, () => held.promise),
    );
    await ahead.enqueue(
      't',
      0,
      batch(1, 1, async () => true),
    );
    await ahead.enqueue(
      't',
      0,
      batch(2, 2, async () => true),
    );
    let fourthQueued: boolean | undefined;
    const fourth = ahead
      .enqueue(
        't',
        0,
        batch(3, 3, async () => true),
      )
      .then((queued) => (fourthQueued = queued));
    expect(
      await ahead.enqueue(
        't',
        1,
        batch(0, 0, async () => true),
      ),
    ).toBe(true);
    await settle();
    expect(fourthQueued).toBeUndefined();
    held.open(true);
    await fourth;
    expect(fourthQueued).toBe(true);
  });

  it('when batches are applied, then the next offset is committed only once they are, never one fetched and not applied, and a stop commits what the interval had not', async () => {
    const { consumer, commits } = fakeConsumer();
    let now = 1_000;
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 4, itemsMax: 100, commitIntervalMs: 500, logger, now: () => now });
    const held = gate();
    await ahead.enqueue(
      't',
      0,
      batch(0, 4, () => held.promise),
    );
    await ahead.enqueue(
      't',
      0,
      batch(5, 9, async () => true),
    );
    now += 1_000;
    await settle();
    expect(commits).toEqual([]);
    held.open(true);
    await settle();
    expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '5' }]]);
    await settle();
    // Inside the next interval nothing commits until the stop.
    expect(commits).toHaveLength(1);
    expect(await ahead.drain(1_000)).toBe(1);
    expect(commits[1]).toEqual([{ topic: 't', partition: 0, offset: '10' }]);
  });

  it('when an apply gives up, then what waits behind it is dropped, nothing past it is committed, and the partition is fetched again from its first offset', async () => {
    const { consumer, commits, seeks } = fakeConsumer();
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 1, itemsMax: 100, commitIntervalMs: 0, logger });
    const applied: number[] = [];
    const failing = gate();
    const record = async (items: number[]) => {
      applied.push(...items);
      return true;
    };
    await ahead.enqueue('t', 3, batch(0, 0, record));
    await settle();
    await ahead.enqueue(
      't',
      3,
      batch(1, 2, () => failing.promise),
    );
    await ahead.enqueue('t', 3, batch(3, 3, record));
    // Fetched meanwhile, waiting for room: refused once the partition is to be fetched again.
    const late = ahead.enqueue('t', 3, batch(4, 4, record));
    await ahead.enqueue('t', 4, batch(7, 7, record));
    failing.fail(new Error('the heartbeat says the group is rebalancing'));
    expect(await late).toBe(false);
    await settle();
    expect(applied).toEqual([0, 7]);
    expect(seeks).toEqual([{ topic: 't', partition: 3, offset: '1' }]);
    expect(commits.flat().filter((c) => c.partition === 3)).toEqual([{ topic: 't', partition: 3, offset: '1' }]);
    // What is fetched again from there is applied.
    expect(await ahead.enqueue('t', 3, batch(1, 4, record))).toBe(true);
    await settle();
    await settle();
    expect(applied).toEqual([0, 7, 1, 2, 3, 4]);
    expect(
      commits
        .flat()
        .filter((c) => c.partition === 3)
        .at(-1),
    ).toEqual({ topic: 't', partition: 3, offset: '5' });
  });

  it('when the group rebalances, then what waits is not applied, and a partition now another member’s is never committed', async () => {
    const { consumer, commits, seeks } = fakeConsumer();
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 4, itemsMax: 100, commitIntervalMs: 60_000, logger });
    ahead.assign({ t: [0, 1] });
    const running = gate();
    const applied: string[] = [];
    const applying = (name: string, before: Promise<unknown>) => async () => {
      await before;
      applied.push(name);
      return true;
    };
    await ahead.enqueue('t', 0, batch(0, 0, applying('0:0', running.promise)));
    await ahead.enqueue('t', 0, batch(1, 1, applying('0:1', Promise.resolve())));
    await ahead.enqueue('t', 1, batch(0, 0, applying('1:0', running.promise)));
    ahead.abandonWaiting();
    ahead.assign({ t: [1] });
    running.open(true);
    await settle();
    await settle();
    // The applies under way finish; the batch waiting behind one is not applied.
    expect(applied.sort()).toEqual(['0:0', '1:0']);
    expect(seeks).toEqual([]);
    await ahead.drain(1_000);
    expect(commits.flat()).toEqual([{ topic: 't', partition: 1, offset: '1' }]);
  });

  it('when stopping, then nothing waiting starts, the apply under way is waited for, and its offset is committed', async () => {
    const { consumer, commits } = fakeConsumer();
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 4, itemsMax: 100, commitIntervalMs: 60_000, logger });
    const running = gate();
    let waitingRan = false;
    await ahead.enqueue(
      't',
      0,
      batch(0, 5, () => running.promise),
    );
    await ahead.enqueue(
      't',
      0,
      batch(6, 6, async () => (waitingRan = true)),
    );
    const drained = ahead.drain(5_000);
    setTimeout(() => running.open(true), 30);
    expect(await drained).toBe(1);
    expect(waitingRan).toBe(false);
    expect(commits.flat()).toEqual([{ topic: 't', partition: 0, offset: '6' }]);
    expect(
      await ahead.enqueue(
        't',
        0,
        batch(6, 6, async () => true),
      ),
    ).toBe(false);
  });

  it('when a batch is applied while a commit is under way, then its offset is committed once that commit ends, with no further batch', async () => {
    const commits: AppliedOffset[][] = [];
    const firstCommit = gate<void>();
    const ahead = new ApplyAhead<number>(
      {
        commitOffsets: async (offsets) => {
          commits.push(offsets);
          if (commits.length === 1) await firstCommit.promise;
        },
        seek: () => undefined,
      },
      { aheadMax: 4, itemsMax: 100, commitIntervalMs: 0, logger },
    );
    await ahead.enqueue(
      't',
      0,
      batch(0, 0, async () => true),
    );
    await settle();
    expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '1' }]]);
    await ahead.enqueue(
      't',
      0,
      batch(1, 1, async () => true),
    );
    await settle();
    expect(commits).toHaveLength(1);
    firstCommit.open();
    await settle();
    await settle();
    expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '1' }], [{ topic: 't', partition: 0, offset: '2' }]]);
  });

  it('when a commit fails, then its offsets are carried by the next one', async () => {
    const commits: AppliedOffset[][] = [];
    let failNext = true;
    const ahead = new ApplyAhead<number>(
      {
        commitOffsets: async (offsets) => {
          if (failNext) {
            failNext = false;
            throw new Error('coordinator moving');
          }
          commits.push(offsets);
        },
        seek: () => undefined,
      },
      { aheadMax: 4, itemsMax: 100, commitIntervalMs: 0, logger },
    );
    await ahead.enqueue(
      't',
      0,
      batch(0, 0, async () => true),
    );
    await settle();
    await settle();
    expect(commits).toEqual([]);
    await ahead.drain(1_000);
    expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '1' }]]);
  });
});

describe('ApplyAhead with runAhead: the fetch loop runs ahead only when told it may', () => {
  it('when runAhead says yes, then enqueue returns while the apply before it is under way; when it says no, then only once its own batch is applied', async () => {
    const { consumer } = fakeConsumer();
    let spare = true;
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 4, itemsMax: 100, commitIntervalMs: 60_000, logger, runAhead: () => spare });
    const held = gate();
    const applied: number[] = [];
    const apply = async (items: number[]) => {
      if (items[0] === 0) await held.promise;
      applied.push(...items);
      return true;
    };
    // Spare CPU: the first returns at once though its apply is held, and so does the one behind it.
    expect(await ahead.enqueue('t', 0, batch(0, 0, apply))).toBe(true);
    expect(await ahead.enqueue('t', 0, batch(1, 1, apply))).toBe(true);
    // None: the next one waits until it is applied, after the two before it.
    spare = false;
    let third: boolean | undefined;
    const thirdQueued = ahead.enqueue('t', 0, batch(2, 2, apply)).then((queued) => (third = queued));
    await settle();
    expect(third).toBeUndefined();
    held.open(true);
    await thirdQueued;
    expect(third).toBe(true);
    expect(applied).toEqual([0, 1, 2]);
  });

  it('when runAhead says no and the apply gives up, then enqueue resolves false and the partition is fetched again from the batch', async () => {
    const { consumer, seeks } = fakeConsumer();
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 4, itemsMax: 100, commitIntervalMs: 60_000, logger, runAhead: () => false });
    expect(
      await ahead.enqueue(
        't',
        2,
        batch(7, 9, async () => false),
      ),
    ).toBe(false);
    expect(seeks).toEqual([{ topic: 't', partition: 2, offset: '7' }]);
  });

  it('when a batch waits for its apply and the group rebalances, then its enqueue resolves false and it is not applied', async () => {
    const { consumer } = fakeConsumer();
    let spare = true;
    const ahead = new ApplyAhead<number>(consumer, { aheadMax: 4, itemsMax: 100, commitIntervalMs: 60_000, logger, runAhead: () => spare });
    const held = gate();
    const applied: number[] = [];
    const apply = async (items: number[]) => {
      if (items[0] === 0) await held.promise;
      applied.push(...items);
      return true;
    };
    await ahead.enqueue('t', 0, batch(0, 0, apply));
    spare = false;
    const second = ahead.enqueue('t', 0, batch(1, 1, apply));
    ahead.abandonWaiting();
    expect(await second).toBe(false);
    held.open(true);
    await settle();
    expect(applied).toEqual([0]);
  });
});
