/**
 * The store behind write admission (plugins/admission.ts): what one write asks of it, in one call,
 * and what became of each part. Redis in production (plugins/admission-redis.ts, one script, one
 * round trip); MemoryAdmissionStore here for component tests, with the same semantics (both are
 * held to them by admission-store.int.test.ts).
 */

/** What one call asks, each part optional; the parts are judged in this order, each only if the one before let the write on. */
export interface AdmissionAsk {
  /** The token version: the entry `key` must hold for the token to be current (the cache MAC makes it exact). */
  version?: { key: string; expected: string };
  /** The per-caller write limit: one hit counted in a fixed window (plugins/fixed-window.ts). */
  limit?: { key: string; max: number; windowMs: number };
  /** The Idempotency-Key lock: SET NX with this token, for `ms`. */
  lock?: { key: string; token: string; ms: number };
}

/**
 * What the store answered. `version` is `current` when the entry was the expected one (or no
 * version was asked); otherwise what it held (null: nothing), and then nothing was counted or locked.
 * `limit` is the count so far and the ms to the window's end (absent: not asked or not reached).
 * `lock`: `acquired`, `held` by another request, or `skipped` because the limit was exceeded.
 */
export interface AdmissionAnswer {
  version: { current: true } | { current: false; stored: string | null };
  limit?: { current: number; ttlMs: number };
  lock?: 'acquired' | 'held' | 'skipped';
}

export interface AdmissionStore {
  /** One round trip; rejects when the store cannot be reached (each part then fails as DESIGN says). */
  admit(ask: AdmissionAsk): Promise<AdmissionAnswer>;
  /** Gives a lock back, if this token still holds it. */
  release(lock: { key: string; token: string }): Promise<void>;
  /**
   * Keeps `value` under `key` for `ttlMs`, unless something is there already (the first answer
   * stands); and names `key` in each of the `indexes` (sets kept as long), so that `forget` of one
   * of them removes it.
   */
  record(key: string, value: string, ttlMs: number, indexes?: readonly string[]): Promise<void>;
  /** Removes every key `index` names, and the index. */
  forget(index: string): Promise<void>;
  /** The values of these keys (null: none), in one round trip. */
  read(keys: string[]): Promise<Array<string | null>>;
}

/**
 * The same semantics in process, for component tests: fixed windows from the first hit, locks and
 * records with their lifetimes, as the Redis store keeps them. `put` seeds an entry (a token version).
 */
export class MemoryAdmissionStore implements AdmissionStore {
  private readonly values = new Map<string, { value: string; expiresAtMs: number }>();

  constructor(private readonly nowMs: () => number = Date.now) {}

  put(key: string, value: string, ttlMs = Number.POSITIVE_INFINITY): void {
    this.values.set(key, { value, expiresAtMs: this.nowMs() + ttlMs });
  }

  private get(key: string): { value: string; expiresAtMs: number } | undefined {
    const entry = this.values.get(key);
    if (entry && entry.expiresAtMs <= this.nowMs()) {
      this.values.delete(key);
      return undefined;
    }
    return entry;
  }

  async admit(ask: AdmissionAsk): Promise<AdmissionAnswer> {
    if (ask.version) {
      const stored = this.get(ask.version.key)?.value ?? null;
      if (stored !== ask.version.expected) return { version: { current: false, stored } };
    }
    const answer: AdmissionAnswer = { version: { current: true } };
    if (ask.limit) {
      const counter = this.get(ask.limit.key);
      const current = counter ? Number(counter.value) + 1 : 1;
      const expiresAtMs = counter ? counter.expiresAtMs : this.nowMs() + ask.limit.windowMs;
      this.values.set(ask.limit.key, { value: String(current), expiresAtMs });
      answer.limit = { current, ttlMs: expiresAtMs - this.nowMs() };
      if (current > ask.limit.max) {
        if (ask.lock) answer.lock = 'skipped';
        return answer;
      }
    }
    if (ask.lock) {
      if (this.get(ask.lock.key)) answer.lock = 'held';
      else {
        this.put(ask.lock.key, ask.lock.token, ask.lock.ms);
        answer.lock = 'acquired';
      }
    }
    return answer;
  }

  async release(lock: { key: string; token: string }): Promise<void> {
    if (this.get(lock.key)?.value === lock.token) this.values.delete(lock.key);
  }

  private readonly indexes = new Map<string, Set<string>>();

  async record(key: string, value: string, ttlMs: number, indexes: readonly string[] = []): Promise<void> {
    if (!this.get(key)) this.put(key, value, ttlMs);
    for (const index of indexes) this.indexes.set(index, (this.indexes.get(index) ?? new Set()).add(key));
  }

  async forget(index: string): Promise<void> {
    for (const key of this.indexes.get(index) ?? []) this.values.delete(key);
    this.indexes.delete(index);
  }

  async read(keys: string[]): Promise<Array<string | null>> {
    return keys.map((key) => this.get(key)?.value ?? null);
  }
}
