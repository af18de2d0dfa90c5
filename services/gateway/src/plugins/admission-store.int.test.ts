import { randomUUID } from 'node:crypto';
import { createRedis, type Redis } from '@coin/redis';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import { RedisAdmissionStore } from './admission-redis';
import { type AdmissionStore, MemoryAdmissionStore } from './admission-store';

/**
 * The contract of write admission's store: the same cases against the Redis store (on the real
 * Redis) and the in-memory one the component tests use, so what a component test sees is what
 * production does.
 */

let redis: Redis;
beforeAll(async () => {
  redis = createRedis(testInfra().redisUrl, `${uniquePrefix()}adm:`);
  await redis.connect();
});
afterAll(() => redis?.disconnect());

const stores: Array<[string, () => { store: AdmissionStore; seed(key: string, value: string): Promise<void> }]> = [
  ['redis', () => ({ store: new RedisAdmissionStore(redis), seed: async (key, value) => void (await redis.set(key, value)) })],
  [
    'memory',
    () => {
      const store = new MemoryAdmissionStore();
      return { store, seed: async (key, value) => store.put(key, value) };
    },
  ],
];

describe.each(stores)('admission store contract (%s)', (_name, make) => {
  let store: AdmissionStore;
  let seed: (key: string, value: string) => Promise<void>;
  let keys: { version: string; limit: string; lock: string };
  beforeEach(() => {
    ({ store, seed } = make());
    const id = randomUUID();
    keys = { version: `tokenver:${id}`, limit: `rl:writes-caller:${id}`, lock: `idem:${id}` };
  });
  const limit = (max: number) => ({ key: keys.limit, max, windowMs: 60_000 });
  const lock = (token: string = randomUUID()) => ({ key: keys.lock, token, ms: 10_000 });

  it('when the version is the expected entry, then the limit is counted and the lock taken', async () => {
    await seed(keys.version, 'v1.sealed');
    const answer = await store.admit({ version: { key: keys.version, expected: 'v1.sealed' }, limit: limit(5), lock: lock() });
    expect(answer).toEqual({ version: { current: true }, limit: { current: 1, ttlMs: expect.any(Number) }, lock: 'acquired' });
    expect(answer.limit!.ttlMs).toBeGreaterThan(59_000);
    expect(answer.limit!.ttlMs).toBeLessThanOrEqual(60_000);
  });

  it('when the version is another entry or missing, then what was stored is answered and nothing is counted or locked', async () => {
    await seed(keys.version, 'v2.sealed');
    expect(await store.admit({ version: { key: keys.version, expected: 'v1.sealed' }, limit: limit(5), lock: lock() })).toEqual({
      version: { current: false, stored: 'v2.sealed' },
    });
    expect(await store.admit({ version: { key: `${keys.version}:none`, expected: '' }, limit: limit(5) })).toEqual({
      version: { current: false, stored: null },
    });
    // Nothing was counted or locked: the next count is the first, the lock is free.
    expect(await store.admit({ limit: limit(5), lock: lock() })).toMatchObject({ limit: { current: 1 }, lock: 'acquired' });
  });

  it('when the limit is exceeded, then the count says so and the lock is skipped, not taken', async () => {
    for (let i = 1; i <= 2; i += 1) expect((await store.admit({ limit: limit(2) })).limit?.current).toBe(i);
    expect(await store.admit({ limit: limit(2), lock: lock() })).toMatchObject({ limit: { current: 3 }, lock: 'skipped' });
    expect(await store.read([keys.lock])).toEqual([null]);
  });

  it('when the lock is held, then another token gets held; released by its own token only, it is free again', async () => {
    const first = lock('first');
    expect((await store.admit({ lock: first })).lock).toBe('acquired');
    expect((await store.admit({ lock: lock('second') })).lock).toBe('held');
    await store.release({ key: keys.lock, token: 'second' });
    expect(await store.read([keys.lock])).toEqual(['first']);
    await store.release({ key: keys.lock, token: 'first' });
    expect((await store.admit({ lock: lock('third') })).lock).toBe('acquired');
  });

  it('when nothing but a version is asked, then only the version is answered', async () => {
    await seed(keys.version, '3');
    expect(await store.admit({ version: { key: keys.version, expected: '3' } })).toEqual({ version: { current: true } });
  });

  it('when an answer is recorded twice, then the first stands; read gives null for what is not there', async () => {
    await store.record(`${keys.lock}:answer`, 'first', 60_000);
    await store.record(`${keys.lock}:answer`, 'second', 60_000);
    expect(await store.read([`${keys.lock}:answer`, `${keys.lock}:none`])).toEqual(['first', null]);
  });

  it('when answers are recorded under an index, then forgetting the index removes them and it, and nothing else', async () => {
    const index = `${keys.lock}:index`;
    const [named, alsoNamed, other] = ['a', 'b', 'c'].map((part) => `${keys.lock}:answer:${part}`) as [string, string, string];
    await store.record(named, 'holds a phone', 60_000, [index]);
    await store.record(alsoNamed, 'holds it too', 60_000, [index]);
    await store.record(other, 'holds none', 60_000);
    await store.forget(index);
    expect(await store.read([named, alsoNamed, other])).toEqual([null, null, 'holds none']);
    // Forgetting an index that names nothing (or no longer exists) is no error.
    await store.forget(index);
  });

  it('when a lock outlives its lifetime, then it is free again', async () => {
    expect((await store.admit({ lock: { key: keys.lock, token: 'short', ms: 30 } })).lock).toBe('acquired');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await store.admit({ lock: lock() })).lock).toBe('acquired');
  });
});
