import type { EachBatchPayload } from 'kafkajs';
import { ResolvedOffsets } from './commit-on-stop';

/** Just enough of a kafkajs batch payload for the wrapper: where it comes from and resolveOffset. */
function payload(topic: string, partition: number, resolvedByKafkajs: string[]): EachBatchPayload {
  return { batch: { topic, partition }, resolveOffset: (o: string) => void resolvedByKafkajs.push(o) } as unknown as EachBatchPayload;
}

describe('ResolvedOffsets', () => {
  it('when batches resolved offsets, then the drain commits the next offset of each partition, once they are done', async () => {
    const tracker = new ResolvedOffsets();
    const kafkajs: string[] = [];
    let release: () => void = () => undefined;
    const handler = tracker.wrap(async (p) => {
      p.resolveOffset(p.batch.partition === 0 ? '4' : '9');
      if (p.batch.partition === 1) await new Promise<void>((r) => (release = r));
    });
    await handler(payload('t', 0, kafkajs));
    const inHand = handler(payload('t', 1, kafkajs));
    const committed: unknown[] = [];
    const drained = tracker.drain(async (offsets) => void committed.push(...offsets), 5_000);
    await new Promise((r) => setTimeout(r, 30));
    expect(committed).toEqual([]);
    release();
    await inHand;
    expect(await drained).toBe(2);
    expect(kafkajs).toEqual(['4', '9']);
    expect(committed).toEqual([
      { topic: 't', partition: 0, offset: '5' },
      { topic: 't', partition: 1, offset: '10' },
    ]);
  });

  it('when a partition went to another member at a rebalance, then the drain never commits it', async () => {
    const tracker = new ResolvedOffsets();
    const handler = tracker.wrap(async (p) => p.resolveOffset('7'));
    await handler(payload('t', 0, []));
    await handler(payload('t', 1, []));
    tracker.assign({ t: [1] });
    const committed: unknown[] = [];
    await tracker.drain(async (offsets) => void committed.push(...offsets), 100);
    expect(committed).toEqual([{ topic: 't', partition: 1, offset: '8' }]);
  });

  it('when stopping, then a new batch is not handled (nor resolved), so the next consumer starts at it', async () => {
    const tracker = new ResolvedOffsets();
    const handled: number[] = [];
    const handler = tracker.wrap(async (p) => {
      handled.push(p.batch.partition);
      p.resolveOffset('1');
    });
    expect(await tracker.drain(async () => undefined, 100)).toBe(0);
    const kafkajs: string[] = [];
    await handler(payload('t', 0, kafkajs));
    expect(handled).toEqual([]);
    expect(kafkajs).toEqual([]);
  });

  describe('the trailing commit (a commit interval)', () => {
    /**
     * A batch payload whose kafkajs consumer holds `held` resolved and uncommitted, and whose
     * commitOffsetsIfNecessary commits them, or, with `kafkajsCommittedLately`, does nothing (its
     * own last commit is within the interval).
     */
    function kafkajsPayload(held: string[], state = { running: true, kafkajsCommittedLately: false }) {
      const commits: string[][] = [];
      const payload = {
        batch: { topic: 't', partition: 0 },
        resolveOffset: (o: string) => void held.push(o),
        isRunning: () => state.running,
        uncommittedOffsets: () => ({
          topics: held.length > 0 ? [{ topic: 't', partitions: [{ partition: 0, offset: held.at(-1)! }] }] : [],
        }),
        commitOffsetsIfNecessary: async () => {
          if (state.kafkajsCommittedLately) {
            state.kafkajsCommittedLately = false;
            return;
          }
          commits.push(held.splice(0));
        },
      } as unknown as EachBatchPayload;
      return { payload, commits, state };
    }

    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('when a batch was resolved inside the interval and none follows, then what kafkajs holds uncommitted is committed an interval later', async () => {
      const tracker = new ResolvedOffsets({ commitIntervalMs: 500 });
      const { payload, commits } = kafkajsPayload([]);
      await tracker.wrap(async (p) => p.resolveOffset('41'))(payload);
      await jest.advanceTimersByTimeAsync(499);
      expect(commits).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(commits).toEqual([['41']]);
      // Nothing more to commit: no further commit, however long it stays quiet.
      await jest.advanceTimersByTimeAsync(10_000);
      expect(commits).toEqual([['41']]);
    });

    it('when kafkajs committed within the interval and still holds a later offset, then it looks again an interval later', async () => {
      const tracker = new ResolvedOffsets({ commitIntervalMs: 500 });
      const { payload, commits } = kafkajsPayload([], { running: true, kafkajsCommittedLately: true });
      const handler = tracker.wrap(async (p) => p.resolveOffset('7'));
      await handler(payload);
      await jest.advanceTimersByTimeAsync(200);
      // A second batch while the first's trailing commit waits: one timer for both.
      await handler(payload);
      await jest.advanceTimersByTimeAsync(300);
      expect(commits).toEqual([]);
      await jest.advanceTimersByTimeAsync(500);
      expect(commits).toEqual([['7', '7']]);
    });

    it('when the consumer stops (or no longer runs) before the interval ends, then the trailing commit does not run: the drain commits instead', async () => {
      const stopped = new ResolvedOffsets({ commitIntervalMs: 500 });
      const first = kafkajsPayload([]);
      await stopped.wrap(async (p) => p.resolveOffset('3'))(first.payload);
      const drained: unknown[] = [];
      await stopped.drain(async (offsets) => void drained.push(...offsets), 100);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(first.commits).toEqual([]);
      expect(drained).toEqual([{ topic: 't', partition: 0, offset: '4' }]);

      const crashed = new ResolvedOffsets({ commitIntervalMs: 500 });
      const second = kafkajsPayload([]);
      await crashed.wrap(async (p) => p.resolveOffset('3'))(second.payload);
      second.state.running = false;
      await jest.advanceTimersByTimeAsync(1_000);
      expect(second.commits).toEqual([]);
    });

    it('when the consumer has no commit interval (kafkajs commits after each batch), then nothing is scheduled', async () => {
      const tracker = new ResolvedOffsets();
      const { payload, commits } = kafkajsPayload([]);
      await tracker.wrap(async (p) => p.resolveOffset('1'))(payload);
      expect(jest.getTimerCount()).toBe(0);
      await jest.advanceTimersByTimeAsync(10_000);
      expect(commits).toEqual([]);
    });
  });
});
