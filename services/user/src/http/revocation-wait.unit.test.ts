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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('heldRead: a revocation read held until a revocation is committed', () => {
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
    await sleep(20);
    s.news = true;
    signal.notify();
    expect(await answer).toEqual({ news: true });
    expect(s.reads).toBe(2);
  });

  it('when a commit brings nothing this caller lacks (a token version), then the hold goes on until the time is up', async () => {
    const { s, options } = state();
    const signal = new RevocationSignal();
    const started = Date.now();
    const answer = heldRead(options(signal, 200));
    await sleep(20);
    signal.notify();
    expect(await answer).toEqual({ news: false });
    expect(s.reads).toBe(3); // at the start, after the commit, when the time was up
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('when commits are not heard, then the hold is cut to the unheard wait', async () => {
    const { options } = state();
    const started = Date.now();
    expect(await heldRead(options(new RevocationSignal(), 10_000, false))).toEqual({ news: false });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('when the server closes, then held reads answer at once, and so do later ones', async () => {
    const { s, options } = state();
    const signal = new RevocationSignal();
    const held = heldRead(options(signal, 10_000));
    await sleep(20);
    signal.close();
    expect(await held).toEqual({ news: false });
    const started = Date.now();
    expect(await heldRead(options(signal, 10_000))).toEqual({ news: false });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(s.reads).toBe(3);
  });
});
