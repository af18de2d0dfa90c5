import { committedLag, type OffsetReading, StallJudge } from './stall-judge';

/** A clock the test moves by hand. */
function fakeClock(startMs = 1_000_000) {
  let now = startMs;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const reading = (partition: number, committed: number, high: number, low = 0): OffsetReading => ({
  topic: 'ledger.commands',
  partition,
  committed,
  low,
  high,
});

describe('StallJudge', () => {
  const stallAfterMs = 20_000;

  it('when records wait and the committed offset stands still for stallAfterMs, then the partition is stalled, and how long it stood still is told', () => {
    const clock = fakeClock();
    const judge = new StallJudge({ stallAfterMs, now: clock.now });
    expect(judge.observe([reading(0, 10, 15)])).toEqual([
      { topic: 'ledger.commands', partition: 0, committed: 10, lag: 5, stalledForMs: 0, stalled: false },
    ]);
    clock.advance(5_000);
    expect(judge.observe([reading(0, 10, 17)])[0]).toMatchObject({ lag: 7, stalledForMs: 5_000, stalled: false });
    clock.advance(14_999);
    expect(judge.observe([reading(0, 10, 17)])[0]).toMatchObject({ stalledForMs: 19_999, stalled: false });
    clock.advance(1);
    expect(judge.observe([reading(0, 10, 18)])[0]).toMatchObject({ lag: 8, stalledForMs: 20_000, stalled: true });
    clock.advance(10_000);
    expect(judge.observe([reading(0, 10, 18)])[0]).toMatchObject({ stalledForMs: 30_000, stalled: true });
  });

  it('when the committed offset advances at each reading, behind the log end all the while, then the partition is never stalled', () => {
    const clock = fakeClock();
    const judge = new StallJudge({ stallAfterMs, now: clock.now });
    for (let i = 0; i < 20; i += 1) {
      // A busy partition: far behind, catching up slowly.
      expect(judge.observe([reading(0, 100 + i, 10_000 + 50 * i)])[0]).toMatchObject({ stalledForMs: 0, stalled: false });
      clock.advance(5_000);
    }
  });

  it('when it advances slowly (once a reading of two), then it counts from its last move and is not stalled', () => {
    const clock = fakeClock();
    const judge = new StallJudge({ stallAfterMs, now: clock.now });
    let committed = 0;
    for (let i = 0; i < 20; i += 1) {
      if (i % 2 === 0) committed += 1;
      const judged = judge.observe([reading(0, committed, 500)])[0]!;
      expect(judged.stalled).toBe(false);
      expect(judged.stalledForMs).toBe(i % 2 === 0 ? 0 : 5_000);
      clock.advance(5_000);
    }
  });

  it('when a partition is caught up and idle (nothing waits), then it is never stalled however long its offset stands', () => {
    const clock = fakeClock();
    const judge = new StallJudge({ stallAfterMs, now: clock.now });
    for (let i = 0; i < 50; i += 1) {
      expect(judge.observe([reading(0, 42, 42)])[0]).toMatchObject({ lag: 0, stalledForMs: 0, stalled: false });
      clock.advance(5_000);
    }
  });

  it('when a caught-up partition gets records and its offset then stands still, then it is stalled stallAfterMs after the last reading that saw it caught up', () => {
    const clock = fakeClock();
    const judge = new StallJudge({ stallAfterMs, now: clock.now });
    // Idle for a minute, read every 5 s.
    for (let i = 0; i < 12; i += 1) {
      judge.observe([reading(0, 42, 42)]);
      clock.advance(5_000);
    }
    // Then records arrive and nothing applies them: they have waited since the last reading at most.
    expect(judge.observe([reading(0, 42, 45)])[0]).toMatchObject({ lag: 3, stalledForMs: 5_000, stalled: false });
    clock.advance(10_000);
    expect(judge.observe([reading(0, 42, 46)])[0]).toMatchObject({ stalledForMs: 15_000, stalled: false });
    clock.advance(5_000);
    expect(judge.observe([reading(0, 42, 46)])[0]).toMatchObject({ stalledForMs: 20_000, stalled: true });
  });

  it('when a stalled partition commits again, then it is no longer stalled from that reading on', () => {
    const clock = fakeClock();
    const judge = new StallJudge({ stallAfterMs, now: clock.now });
    judge.observe([reading(0, 10, 20)]);
    clock.advance(25_000);
    expect(judge.observe([reading(0, 10, 20)])[0]!.stalled).toBe(true);
    clock.advance(5_000);
    expect(judge.observe([reading(0, 11, 20)])[0]).toMatchObject({ lag: 9, stalledForMs: 0, stalled: false });
  });

  it('when partitions of several topics are read together, then each is judged on its own', () => {
    const clock = fakeClock();
    const judge = new StallJudge({ stallAfterMs, now: clock.now });
    const internal = (partition: number, committed: number, high: number): OffsetReading => ({
      ...reading(partition, committed, high),
      topic: 'ledger.internal',
    });
    judge.observe([reading(0, 5, 9), reading(1, 3, 3), internal(0, 5, 9)]);
    clock.advance(16_000);
    judge.observe([reading(0, 5, 9), reading(1, 3, 3), internal(0, 5, 9)]);
    clock.advance(5_000);
    const judged = judge.observe([reading(0, 5, 9), reading(1, 3, 8), internal(0, 6, 9)]);
    expect(judged.map((p) => [p.topic, p.partition, p.stalledForMs, p.stalled])).toEqual([
      ['ledger.commands', 0, 21_000, true],
      // Caught up at the reading before: the new records have waited one reading, not 21 s.
      ['ledger.commands', 1, 5_000, false],
      // Moved at this reading.
      ['ledger.internal', 0, 0, false],
    ]);
  });

  it('when a process starts behind a stalled partition, then it judges from its first reading: stallAfterMs later, not at once', () => {
    const clock = fakeClock();
    const judge = new StallJudge({ stallAfterMs, now: clock.now });
    expect(judge.observe([reading(0, 10, 500)])[0]!.stalled).toBe(false);
    clock.advance(20_000);
    expect(judge.observe([reading(0, 10, 500)])[0]!.stalled).toBe(true);
  });

  it('when the group never committed a partition, then its lag runs from the log start, and a consumer that starts at the end counts none', () => {
    expect(committedLag(reading(0, -1, 30, 12))).toBe(18);
    expect(committedLag(reading(0, -1, 30, 12), false)).toBe(0);
    expect(committedLag(reading(0, 35, 30))).toBe(0);
    const clock = fakeClock();
    const fromEnd = new StallJudge({ stallAfterMs, fromBeginning: false, now: clock.now });
    const fromStart = new StallJudge({ stallAfterMs, now: clock.now });
    fromEnd.observe([reading(0, -1, 30, 12)]);
    fromStart.observe([reading(0, -1, 30, 12)]);
    clock.advance(30_000);
    expect(fromEnd.observe([reading(0, -1, 30, 12)])[0]!.stalled).toBe(false);
    expect(fromStart.observe([reading(0, -1, 30, 12)])[0]).toMatchObject({ lag: 18, stalled: true });
  });

  it('when a partition is gone from the readings and comes back, then it starts afresh', () => {
    const clock = fakeClock();
    const judge = new StallJudge({ stallAfterMs, now: clock.now });
    judge.observe([reading(0, 10, 20), reading(1, 10, 20)]);
    clock.advance(25_000);
    judge.observe([reading(0, 10, 20)]);
    clock.advance(5_000);
    expect(judge.observe([reading(0, 10, 20), reading(1, 10, 20)]).map((p) => p.stalled)).toEqual([true, false]);
  });
});
