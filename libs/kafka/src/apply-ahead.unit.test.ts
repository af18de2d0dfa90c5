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

describe('ApplyAhead: the fetch loop runs ahead of the applies, the commits follow them', () => {
  it('when three batches of a partition are queued, then they apply one after the other in offset order, the enqueue returning before each is applied', async () => {
    const { consumer } = fakeConsumer();
    const ahead = new ApplyAhead(consumer, { aheadMax: 4, commitIntervalMs: 60_000, logger });
    const order: string[] = [];
    const gates = [gate(), gate(), gate()];
    for (const [i, g] of gates.entries()) {
      await ahead.enqueue('t', 0, String(i * 10), String(i * 10 + 9), async () => {
        order.push(`start ${i}`);
        const done = await g.promise;
        order.push(`end ${i}`);
        return done;
      });
    }
    await settle();
    expect(order).toEqual(['start 0']);
    gates[1]!.open(true);
    gates[0]!.open(true);
    await settle();
    gates[2]!.open(true);
    await settle();
    expect(order).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('when aheadMax batches of a partition are not yet applied, then the next enqueue waits for the oldest, and another partition does not wait', async () => {
    const { consumer } = fakeConsumer();
    const ahead = new ApplyAhead(consumer, { aheadMax: 2, commitIntervalMs: 60_000, logger });
    const first = gate();
    await ahead.enqueue('t', 0, '0', '0', () => first.promise);
    await ahead.enqueue('t', 0, '1', '1', async () => true);
    let thirdQueued = false;
    const third = ahead.enqueue('t', 0, '2', '2', async () => true).then(() => (thirdQueued = true));
    await ahead.enqueue('t', 1, '0', '0', async () => true);
    await settle();
    expect(thirdQueued).toBe(false);
    first.open(true);
    await third;
    expect(thirdQueued).toBe(true);
  });

  it('when a batch is applied, then its next offset is committed only then and never before, and a stop commits what the interval had not', async () => {
    const { consumer, commits } = fakeConsumer();
    let now = 1_000;
    const ahead = new ApplyAhead(consumer, { aheadMax: 4, commitIntervalMs: 500, logger, now: () => now });
    const first = gate();
    await ahead.enqueue('t', 0, '0', '4', () => first.promise);
    await ahead.enqueue('t', 0, '5', '9', async () => true);
    now += 1_000;
    await settle();
    expect(commits).toEqual([]); // the second is applied only after the first
    first.open(true);
    await settle();
    await settle();
    expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '5' }]]);
    // Inside the next interval nothing commits until the stop.
    await ahead.enqueue('t', 0, '10', '12', async () => true);
    await settle();
    expect(commits).toHaveLength(1);
    expect(await ahead.drain(1_000)).toBe(1);
    expect(commits[1]).toEqual([{ topic: 't', partition: 0, offset: '13' }]);
  });

  it('when a batch gives up, then the batches queued behind it are skipped, nothing past it is committed, and the partition is fetched again from its first offset', async () => {
    const { consumer, commits, seeks } = fakeConsumer();
    const ahead = new ApplyAhead(consumer, { aheadMax: 4, commitIntervalMs: 0, logger });
    const applied: number[] = [];
    const failing = gate();
    await ahead.enqueue('t', 3, '0', '0', async () => (applied.push(0), true));
    await ahead.enqueue('t', 3, '1', '2', () => failing.promise);
    await ahead.enqueue('t', 3, '3', '3', async () => (applied.push(3), true));
    await ahead.enqueue('t', 4, '7', '7', async () => (applied.push(7), true));
    failing.fail(new Error('the heartbeat says the group is rebalancing'));
    await settle();
    await settle();
    expect(applied).toEqual([0, 7]);
    expect(seeks).toEqual([{ topic: 't', partition: 3, offset: '1' }]);
    expect(commits.flat().filter((c) => c.partition === 3)).toEqual([{ topic: 't', partition: 3, offset: '1' }]);
    // What is fetched again from there is applied.
    await ahead.enqueue('t', 3, '1', '3', async () => (applied.push(1), true));
    await settle();
    await settle();
    expect(applied).toEqual([0, 7, 1]);
    expect(commits.flat().filter((c) => c.partition === 3).at(-1)).toEqual({ topic: 't', partition: 3, offset: '4' });
  });

  it('when the group rebalances, then what was queued is not applied, and a partition now another member’s is never committed', async () => {
    const { consumer, commits, seeks } = fakeConsumer();
    const ahead = new ApplyAhead(consumer, { aheadMax: 4, commitIntervalMs: 60_000, logger });
    ahead.assign({ t: [0, 1] });
    const running = gate();
    const applied: string[] = [];
    await ahead.enqueue('t', 0, '0', '0', async () => (await running.promise, applied.push('0:0'), true));
    await ahead.enqueue('t', 0, '1', '1', async () => (applied.push('0:1'), true));
    await ahead.enqueue('t', 1, '0', '0', () => running.promise.then(() => (applied.push('1:0'), true)));
    ahead.abandonQueued();
    ahead.assign({ t: [1] });
    running.open(true);
    await settle();
    await settle();
    // The applies under way finish; the one queued behind is not started.
    expect(applied.sort()).toEqual(['0:0', '1:0']);
    expect(seeks).toEqual([]);
    await ahead.drain(1_000);
    expect(commits.flat()).toEqual([{ topic: 't', partition: 1, offset: '1' }]);
  });

  it('when stopping, then nothing queued starts, the apply under way is waited for, and its offset is committed', async () => {
    const { consumer, commits } = fakeConsumer();
    const ahead = new ApplyAhead(consumer, { aheadMax: 4, commitIntervalMs: 60_000, logger });
    const running = gate();
    let queuedRan = false;
    await ahead.enqueue('t', 0, '0', '5', () => running.promise);
    await ahead.enqueue('t', 0, '6', '6', async () => (queuedRan = true));
    const drained = ahead.drain(5_000);
    setTimeout(() => running.open(true), 30);
    expect(await drained).toBe(1);
    expect(queuedRan).toBe(false);
    expect(commits.flat()).toEqual([{ topic: 't', partition: 0, offset: '6' }]);
  });

  it('when a commit fails, then its offsets are carried by the next one', async () => {
    const commits: AppliedOffset[][] = [];
    let failNext = true;
    const ahead = new ApplyAhead(
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
      { aheadMax: 4, commitIntervalMs: 0, logger },
    );
    await ahead.enqueue('t', 0, '0', '0', async () => true);
    await settle();
    await settle();
    expect(commits).toEqual([]);
    await ahead.drain(1_000);
    expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '1' }]]);
  });
});
