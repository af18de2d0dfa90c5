import type { Principal } from './access';
import { KeySetFreshness, VerifiedTokenCache, type ReloadableKeySet } from './verified-tokens';

const principal = (subject: string): Principal => ({ kind: 'user', subject, userId: Number(subject), role: 'USER', tokenVersion: 0 });
const anyKey = () => true;

describe('verified token cache', () => {
  it('when a cached token expires, then it is no longer returned', () => {
    const cache = new VerifiedTokenCache(10);
    cache.set('t', principal('1'), 'k1', 1_000);
    expect(cache.get('t', 999, anyKey)).toEqual(principal('1'));
    expect(cache.get('t', 1_000, anyKey)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('when a token lives 15 minutes, then it is served from the cache until it expires while its key is trusted', () => {
    const cache = new VerifiedTokenCache(10);
    cache.set('t', principal('1'), 'k1', 900_000);
    expect(cache.get('t', 60_000, anyKey)).toEqual(principal('1'));
    expect(cache.get('t', 899_999, anyKey)).toEqual(principal('1'));
  });

  it('when the key that signed a cached token is no longer trusted, then the entry is dropped (the token is verified again)', () => {
    const cache = new VerifiedTokenCache(10);
    cache.set('t', principal('1'), 'k1', 900_000);
    expect(cache.get('t', 1, (kid) => kid === 'k2')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('when the cache is full, then the oldest entry makes room and the bound holds', () => {
    const cache = new VerifiedTokenCache(2);
    cache.set('a', principal('1'), 'k1', 10_000);
    cache.set('b', principal('2'), 'k1', 10_000);
    cache.set('c', principal('3'), 'k1', 10_000);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1, anyKey)).toBeUndefined();
    expect(cache.get('c', 1, anyKey)).toEqual(principal('3'));
  });
});

/** A key set whose reload serves what `published` holds then (the JWKS endpoint's answer). */
class PublishedKeySet implements ReloadableKeySet {
  published: string[] = ['k1'];
  private held: string[] = ['k1'];
  reloads = 0;
  reloading = false;
  fail = false;
  jwks() {
    return { keys: this.held.map((kid) => ({ kid })) };
  }
  async reload() {
    this.reloads += 1;
    if (this.fail) throw new Error('key set unavailable');
    this.held = [...this.published];
  }
}

describe('signing keys trusted for cached tokens', () => {
  it('when a key is withdrawn from the JWKS, then it is trusted no longer once the refresh time has passed', async () => {
    const keys = new PublishedKeySet();
    const freshness = new KeySetFreshness(keys, 60_000, 0);
    keys.published = ['k2'];
    expect(freshness.trusts('k1', 59_999)).toBe(true);
    expect(keys.reloads).toBe(0);
    freshness.trusts('k1', 60_000); // starts the reload
    await new Promise(setImmediate);
    expect(keys.reloads).toBe(1);
    expect(freshness.trusts('k1', 60_001)).toBe(false);
    expect(freshness.trusts('k2', 60_001)).toBe(true);
  });

  it('when the reload fails, then the held key set stays and the reload is tried again after the refresh time', async () => {
    const keys = new PublishedKeySet();
    keys.fail = true;
    const freshness = new KeySetFreshness(keys, 60_000, 0);
    expect(freshness.trusts('k1', 60_000)).toBe(true);
    await new Promise(setImmediate);
    expect(freshness.trusts('k1', 61_000)).toBe(true);
    expect(keys.reloads).toBe(1);
    freshness.trusts('k1', 120_000);
    expect(keys.reloads).toBe(2);
  });

  it('when a kid is not in the key set at all, then it is not trusted', () => {
    expect(new KeySetFreshness(new PublishedKeySet(), 60_000, 0).trusts('other', 1)).toBe(false);
  });

  it('when jose took up a new key by itself (a rotation), then a kid not seen before is looked up again and trusted', async () => {
    const keys = new PublishedKeySet();
    const freshness = new KeySetFreshness(keys, 60_000, 0);
    expect(freshness.trusts('k1', 1)).toBe(true);
    keys.published = ['k1', 'k2'];
    await keys.reload(); // jose's own reload, on a token with an unknown kid
    expect(freshness.trusts('k2', 2)).toBe(true);
  });
});
