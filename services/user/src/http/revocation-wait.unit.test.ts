import { heldRead, RevocationSignal } from './revocation-wait';

/** A state the test moves; `news` is what the caller did not know. */
function state() {
  const s = { news: false, reads: 0 };
  return {
    s,
    options: (signal: RevocationSignal, waitMs: number, heard = true) => ({
      read: async () => {
        s.reads += 1;
        return { news: s.news };
      },
      isNews: (answer: { news: boolean }) => answer.news,
      signal,
      waitMs,
      heard: () => heard,
      unheardWaitMs: 50,
    }),
  };
}

/** Whether a promise has settled, without waiting for it. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await jest.advanceTimersByTimeAsync(0);
  return done;
}

describe('heldRead: a revocation read held until a revocation is committed', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('when there is news, then it answers at once', async () => {
    const { s, options } = state();
    s.news = true;
    expect(await heldRead(options(new RevocationSignal(), 10_000))).toEqual({ news: true });
    expect(s.reads).toBe(1);
  });

  it('when a revocation is committed while it is held, then it answers with it at once', async () => {
    const { s, options } = state();
    const signal = new RevocationSignal();
    const answer = heldRead(options(signal, 10_000));
    await jest.advanceTimersByTimeAsync(20);
    expect(await settled(answer)).toBe(false);
    s.news = true;
    signal.notify();
    expect(await answer).toEqual({ news: true });
    expect(s.reads).toBe(2);
  });

  it('when a commit brings nothing this caller lacks (a token version), then the hold goes on until the time is up', async () => {
    const { s, options } = state();
    const signal = new RevocationSignal();
    const answer = heldRead(options(signal, 200));
    await jest.advanceTimersByTimeAsync(20);
    signal.notify();
    await jest.advanceTimersByTimeAsync(0);
    expect(s.reads).toBe(2); // read again after the commit
    await jest.advanceTimersByTimeAsync(170);
    expect(await settled(answer)).toBe(false); // 190 ms in: still held
    await jest.advanceTimersByTimeAsync(10);
    expect(await answer).toEqual({ news: false });
    expect(s.reads).toBe(3); // at the start, after the commit, when the time was up
  });

  it('when the timer fires a millisecond before the wall clock reaches the deadline, then the time is still up', async () => {
    const { s, options } = state();
    const answer = heldRead(options(new RevocationSignal(), 200));
    await jest.advanceTimersByTimeAsync(0);
    jest.setSystemTime(Date.now() - 1); // the two clocks disagree by a millisecond
    await jest.advanceTimersByTimeAsync(200);
    expect(await settled(answer)).toBe(true);
    expect(s.reads).toBe(2); // at the start and when the time was up: no second wait
  });

  it('when commits are not heard, then the hold is cut to the unheard wait', async () => {
    const { options } = state();
    const answer = heldRead(options(new RevocationSignal(), 10_000, false));
    await jest.advanceTimersByTimeAsync(49);
    expect(await settled(answer)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await answer).toEqual({ news: false });
  });

  it('when the server closes, then held reads answer at once, and so do later ones', async () => {
    const { s, options } = state();
    const signal = new RevocationSignal();
    const held = heldRead(options(signal, 10_000));
    await jest.advanceTimersByTimeAsync(20);
    signal.close();
    expect(await held).toEqual({ news: false });
    const later = heldRead(options(signal, 10_000));
    expect(await settled(later)).toBe(true);
    expect(await later).toEqual({ news: false });
    expect(s.reads).toBe(3);
  });
});
