import type { Principal } from './access';
import { VerifiedTokenCache } from './verified-tokens';

const principal = (subject: string): Principal => ({ kind: 'user', subject, userId: Number(subject), role: 'USER', tokenVersion: 0 });

describe('verified token cache', () => {
  it('when a cached token expires, then it is no longer returned', () => {
    const cache = new VerifiedTokenCache(10, 60_000);
    cache.set('t', principal('1'), 1_000, 0);
    expect(cache.get('t', 999)).toEqual(principal('1'));
    expect(cache.get('t', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('when a token lives longer than the cap, then the entry ends at the cap so a withdrawn key stops working', () => {
    const cache = new VerifiedTokenCache(10, 60_000);
    cache.set('t', principal('1'), 900_000, 0);
    expect(cache.get('t', 59_999)).toBeDefined();
    expect(cache.get('t', 60_000)).toBeUndefined();
  });

  it('when the cache is full, then the oldest entry makes room and the bound holds', () => {
    const cache = new VerifiedTokenCache(2, 60_000);
    cache.set('a', principal('1'), 10_000, 0);
    cache.set('b', principal('2'), 10_000, 0);
    cache.set('c', principal('3'), 10_000, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toEqual(principal('3'));
  });
});
