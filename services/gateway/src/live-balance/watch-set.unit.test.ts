import { randomUUID } from 'node:crypto';
import { ClusterWatchSet, parseWatchAnnouncement } from './watch-set';

const a = randomUUID();
const b = randomUUID();

describe('ClusterWatchSet (which wallets some gateway instance streams)', () => {
  it('when instances watch and unwatch, then a wallet is watched while any instance still watches it', () => {
    const set = new ClusterWatchSet(60_000);
    set.apply({ instance: a, at: 0, op: 'watch', wallets: ['user:7'] }, 0);
    set.apply({ instance: b, at: 0, op: 'watch', wallets: ['user:7', 'treasury:REWARDS'] }, 0);
    set.apply({ instance: a, at: 1, op: 'unwatch', wallets: ['user:7'] }, 1);
    expect(set.has('user:7', 2)).toBe(true);
    set.apply({ instance: b, at: 2, op: 'unwatch', wallets: ['user:7'] }, 2);
    expect(set.has('user:7', 3)).toBe(false);
    expect(set.has('treasury:REWARDS', 3)).toBe(true);
    expect(set.has('user:8', 3)).toBe(false);
  });

  it("when an instance says all it watches, then that replaces what it said before, not another instance's words", () => {
    const set = new ClusterWatchSet(60_000);
    set.apply({ instance: a, at: 0, op: 'watch', wallets: ['user:1', 'user:2'] }, 0);
    set.apply({ instance: b, at: 0, op: 'watch', wallets: ['user:1'] }, 0);
    set.apply({ instance: a, at: 5, op: 'all', wallets: ['user:3'] }, 5);
    expect(['user:1', 'user:2', 'user:3'].map((w) => set.has(w, 6))).toEqual([true, false, true]);
  });

  it('when an instance falls silent, then its wallets lapse after the time-to-live; a repeat keeps them', () => {
    const set = new ClusterWatchSet(60_000);
    set.apply({ instance: a, at: 0, op: 'watch', wallets: ['user:1'] }, 0);
    set.apply({ instance: b, at: 0, op: 'watch', wallets: ['user:2'] }, 0);
    set.apply({ instance: b, at: 40_000, op: 'all', wallets: ['user:2'] }, 40_000);
    expect(set.has('user:1', 60_001)).toBe(false);
    expect(set.has('user:2', 60_001)).toBe(true);
    set.prune(100_001);
    expect(set.size).toBe(0);
  });

  it('when an announcement is older than the time-to-live or from the future (a copy written back), then it is ignored', () => {
    const set = new ClusterWatchSet(60_000);
    expect(set.apply({ instance: a, at: 0, op: 'watch', wallets: ['user:1'] }, 60_000)).toBe(false);
    expect(set.apply({ instance: a, at: 80_000, op: 'watch', wallets: ['user:1'] }, 60_000)).toBe(false);
    expect(set.has('user:1', 60_000)).toBe(false);
  });
});

describe('parseWatchAnnouncement (control messages are read from Redis)', () => {
  it('accepts the four kinds', () => {
    expect(parseWatchAnnouncement(JSON.stringify({ instance: a, at: 1, op: 'hello' }))).toEqual({ instance: a, at: 1, op: 'hello' });
    expect(parseWatchAnnouncement(JSON.stringify({ instance: a, at: 1, op: 'all', wallets: ['user:1', 'treasury:COURSE_FEES'] }))?.op).toBe(
      'all',
    );
  });

  it.each([
    ['not JSON', 'watch user:1'],
    ['an unknown op', JSON.stringify({ instance: a, at: 1, op: 'flood', wallets: [] })],
    ['a wallet key of no wallet', JSON.stringify({ instance: a, at: 1, op: 'watch', wallets: ['user:0'] })],
    ['an unknown treasury', JSON.stringify({ instance: a, at: 1, op: 'watch', wallets: ['treasury:NOPE'] })],
    ['an instance that is not an id', JSON.stringify({ instance: 'x', at: 1, op: 'hello' })],
    ['an extra field', JSON.stringify({ instance: a, at: 1, op: 'hello', wallets: ['user:1'] })],
    [
      'too many wallets',
      JSON.stringify({ instance: a, at: 1, op: 'all', wallets: Array.from({ length: 100_001 }, (_, i) => `user:${i + 1}`) }),
    ],
  ])('refuses %s', (_what, text) => {
    expect(parseWatchAnnouncement(text)).toBeNull();
  });
});
