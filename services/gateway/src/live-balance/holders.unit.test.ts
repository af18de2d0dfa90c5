import { StreamHolders, type StreamEndReason } from './holders';

describe('StreamHolders: a live stream lives as long as its token would be accepted', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  const holding = () => {
    const reasons: StreamEndReason[] = [];
    return { holders: new StreamHolders((reason) => reasons.push(reason)), reasons };
  };

  it("when the token's expiry comes, then its stream ends then, once, and is no longer held", () => {
    const { holders, reasons } = holding();
    const end = jest.fn();
    holders.hold({ userId: 7, tokenVersion: 3, expiresAtMs: 1_003_000 }, end, Date.now());
    jest.advanceTimersByTime(2999);
    expect(end).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(end).toHaveBeenCalledTimes(1);
    expect(reasons).toEqual(['expired']);
    expect(holders.size).toBe(0);
    holders.revoked(7, 9);
    expect(end).toHaveBeenCalledTimes(1);
  });

  it("when a revocation makes the user's version newer than a stream's token, then that stream ends at once; other users' and newer tokens' streams go on", () => {
    const { holders, reasons } = holding();
    const [old, current, other] = [jest.fn(), jest.fn(), jest.fn()];
    holders.hold({ userId: 7, tokenVersion: 3, expiresAtMs: 2_000_000 }, old, Date.now());
    holders.hold({ userId: 7, tokenVersion: 4, expiresAtMs: 2_000_000 }, current, Date.now());
    holders.hold({ userId: 8, tokenVersion: 3, expiresAtMs: 2_000_000 }, other, Date.now());
    holders.revoked(7, 4);
    expect([old.mock.calls.length, current.mock.calls.length, other.mock.calls.length]).toEqual([1, 0, 0]);
    holders.revoked(7, 'deleted');
    expect(current).toHaveBeenCalledTimes(1);
    expect(reasons).toEqual(['revoked', 'revoked']);
    // Their expiry timers are gone with them.
    jest.advanceTimersByTime(2_000_000);
    expect([old.mock.calls.length, current.mock.calls.length, other.mock.calls.length]).toEqual([1, 1, 1]);
  });

  it('when a stream ends on its own (the client left), then its release forgets it and nothing fires later', () => {
    const { holders, reasons } = holding();
    const end = jest.fn();
    const release = holders.hold({ userId: 7, tokenVersion: 3, expiresAtMs: 1_001_000 }, end, Date.now());
    release();
    release();
    jest.advanceTimersByTime(5000);
    holders.revoked(7, 9);
    expect(end).not.toHaveBeenCalled();
    expect(reasons).toEqual([]);
    expect(holders.size).toBe(0);
  });

  it('when the token has already expired, then the stream ends on the next tick', () => {
    const { holders } = holding();
    const end = jest.fn();
    holders.hold({ userId: 7, tokenVersion: 3, expiresAtMs: 999_000 }, end, Date.now());
    jest.advanceTimersByTime(0);
    expect(end).toHaveBeenCalledTimes(1);
  });
});
