/**
 * The in-process stand-in for the Redis counters of the rate limits and the login throttle,
 * used only while Redis cannot be reached: the limits then hold **per gateway
 * instance** instead of switching off. Fixed windows as in Redis (a counter's window starts with
 * its first hit), so with N instances behind a load balancer a client gets at most N times each
 * budget while Redis is down, and nothing more (docs/DESIGN.md "Rate limits").
 *
 * Bounded: at most `entriesMax` counters. Expired ones are swept when the map is full; if it is
 * still over 90 % full, the oldest counters are forgotten (a flood of distinct keys, e.g. spoofed client
 * addresses, can then reset some counts early, never grow the heap without bound).
 */
/**
 * How many counters one instance keeps during an outage: a few tens of bytes each, so about
 * 10 MB at most, and far more distinct clients than one instance sees in a login window.
 */
export const localCountersMax = 100_000;

export class LocalLimiter {
  private readonly counters = new Map<string, { count: number; resetAtMs: number }>();

  constructor(
    private readonly entriesMax = localCountersMax,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit of `key` in; its count and what remains of its window, as the Redis scripts answer. */
  hit(key: string, windowMs: number): { count: number; ttlMs: number } {
    const now = this.now();
    let counter = this.live(key, now);
    if (!counter) {
      this.makeRoom(now);
      counter = { count: 0, resetAtMs: now + windowMs };
      this.counters.set(key, counter);
    }
    counter.count += 1;
    return { count: counter.count, ttlMs: counter.resetAtMs - now };
  }

  /** Takes one hit back (an attempt that was refused, or did not count); an expired counter stays gone. */
  giveBack(key: string): void {
    const counter = this.live(key, this.now());
    if (counter && counter.count > 0) counter.count -= 1;
  }

  /** Forgets a counter (a successful login resets its pair's failures). */
  reset(key: string): void {
    this.counters.delete(key);
  }

  /** How many counters are held (tests). */
  get size(): number {
    return this.counters.size;
  }

  private live(key: string, now: number): { count: number; resetAtMs: number } | undefined {
    const counter = this.counters.get(key);
    if (counter && counter.resetAtMs <= now) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  private makeRoom(now: number): void {
    if (this.counters.size < this.entriesMax) return;
    for (const [key, counter] of this.counters) if (counter.resetAtMs <= now) this.counters.delete(key);
    // Insertion order: the first keys are the oldest windows. Down to 90 %, so that the sweep
    // runs once per tenth of the map, not on every new key of a flood.
    const keep = Math.floor(this.entriesMax * 0.9);
    for (const key of this.counters.keys()) {
      if (this.counters.size <= keep) break;
      this.counters.delete(key);
    }
  }
}

/**
 * The in-process stand-in for the login throttle's Redis counters (plugins/login-throttle.ts),
 * used only while Redis cannot be reached: each counter keeps its failures and when the last was
 * counted, and is forgotten `windowMs` after it, as in Redis; the clients known to have logged
 * in to an account are remembered alike. Per gateway instance, and bounded as LocalLimiter is
 * (at most `entriesMax` entries of each kind; the oldest forgotten past that). A client known
 * only to Redis is not known here: while Redis is down, an owner logging in from a new instance's
 * point of view waits the account's delay like any client (at most the policy's delayMaxMs).
 */
export class LocalLoginCounts {
  private readonly counts = new Map<string, { failures: number; lastMs: number; expiresAtMs: number }>();
  private readonly known = new Map<string, { expiresAtMs: number }>();

  constructor(
    private readonly entriesMax = localCountersMax,
    private readonly now: () => number = Date.now,
  ) {}

  /** The counter's failures and the time of the last one (zero for none), and the time now. */
  read(key: string): { failures: number; lastMs: number; nowMs: number } {
    const now = this.now();
    const entry = live(this.counts, key, now);
    return { failures: entry?.failures ?? 0, lastMs: entry?.lastMs ?? 0, nowMs: now };
  }

  /** Counts one attempt in at `nowMs`; the counter lives `windowMs` past it. */
  countIn(key: string, windowMs: number, nowMs: number): void {
    let entry = live(this.counts, key, nowMs);
    if (!entry) {
      makeRoom(this.counts, this.entriesMax, nowMs);
      entry = { failures: 0, lastMs: 0, expiresAtMs: 0 };
      this.counts.set(key, entry);
    }
    entry.failures += 1;
    entry.lastMs = nowMs;
    entry.expiresAtMs = nowMs + windowMs;
  }

  /** Dates a counter's last failure now (its password was refused) and keeps it `windowMs` from now; an expired counter stays gone. */
  dateFailure(key: string, windowMs: number): void {
    const now = this.now();
    const entry = live(this.counts, key, now);
    if (!entry) return;
    entry.lastMs = now;
    entry.expiresAtMs = now + windowMs;
  }

  /** Takes one attempt back (it was not a failure); an expired counter stays gone. */
  giveBack(key: string): void {
    const entry = live(this.counts, key, this.now());
    if (entry && entry.failures > 0) entry.failures -= 1;
  }

  /** Forgets a counter (a successful login resets its pair's failures). */
  reset(key: string): void {
    this.counts.delete(key);
  }

  /** Remembers a known client for `ttlMs`. */
  remember(key: string, ttlMs: number): void {
    const now = this.now();
    if (!this.known.has(key)) makeRoom(this.known, this.entriesMax, now);
    this.known.set(key, { expiresAtMs: now + ttlMs });
  }

  knows(key: string): boolean {
    return live(this.known, key, this.now()) !== undefined;
  }

  /** How many entries are held, counters and known clients (tests). */
  get size(): number {
    return this.counts.size + this.known.size;
  }
}

function live<Entry extends { expiresAtMs: number }>(map: Map<string, Entry>, key: string, now: number): Entry | undefined {
  const entry = map.get(key);
  if (entry && entry.expiresAtMs <= now) {
    map.delete(key);
    return undefined;
  }
  return entry;
}

/** As LocalLimiter's: expired entries first, then the oldest, down to 90 % of the bound. */
function makeRoom(map: Map<string, { expiresAtMs: number }>, entriesMax: number, now: number): void {
  if (map.size < entriesMax) return;
  for (const [key, entry] of map) if (entry.expiresAtMs <= now) map.delete(key);
  const keep = Math.floor(entriesMax * 0.9);
  for (const key of map.keys()) {
    if (map.size <= keep) break;
    map.delete(key);
  }
}
