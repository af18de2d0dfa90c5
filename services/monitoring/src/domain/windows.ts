/**
 * The in-memory windows the rules look back over, bounded two ways (docs/design/monitoring.md
 * "Bounded memory"): a movement is kept only while the longest active window covers it (expiry),
 * and there are at most `maxKeys` wallets or clients with at most `maxPerKey` movements each (the
 * least recently touched key goes first, a key's oldest movement goes first). Pure: time is the
 * movements' own, never the clock, so a back-test and the live consumer decide alike.
 */

/** One movement as a wallet (or a client) saw it. */
export interface Edge {
  transactionId: number;
  at: number;
  amountMinor: number;
  /** The other wallet (`user:<id>`, `treasury:<CODE>`) or null for a mint or a burn. */
  peer: string | null;
  /** For an incoming edge: whether the payer was a new wallet when it paid (fan-in). */
  peerNew: boolean;
}

export interface WindowLimits {
  maxKeys: number;
  maxPerKey: number;
}

export const defaultWindowLimits: WindowLimits = { maxKeys: 200_000, maxPerKey: 1_000 };

/** Edges per key, expiring and bounded. */
export class EdgeWindows {
  private readonly edges = new Map<string, Edge[]>();
  private latest = 0;

  constructor(
    private readonly limits: WindowLimits,
    private horizonMs: number,
  ) {}

  setHorizon(horizonMs: number): void {
    this.horizonMs = horizonMs;
  }

  add(key: string, edge: Edge): void {
    this.latest = Math.max(this.latest, edge.at);
    const list = this.touched(key) ?? [];
    list.push(edge);
    if (list.length > this.limits.maxPerKey) list.splice(0, list.length - this.limits.maxPerKey);
    this.edges.set(key, list);
    while (this.edges.size > this.limits.maxKeys) {
      const oldest = this.edges.keys().next().value as string;
      this.edges.delete(oldest);
    }
  }

  /** The key's edges at or after `since` (oldest first). */
  since(key: string, since: number): readonly Edge[] {
    const list = this.edges.get(key);
    if (!list) return [];
    return list.filter((edge) => edge.at >= since);
  }

  /** Drops every edge past the horizon, and keys left empty. Returns how many keys remain. */
  sweep(): number {
    const floor = this.latest - this.horizonMs;
    for (const [key, list] of this.edges) {
      const kept = list.filter((edge) => edge.at >= floor);
      if (kept.length === 0) this.edges.delete(key);
      else if (kept.length !== list.length) this.edges.set(key, kept);
    }
    return this.edges.size;
  }

  get size(): { keys: number; edges: number } {
    let edges = 0;
    for (const list of this.edges.values()) edges += list.length;
    return { keys: this.edges.size, edges };
  }

  /** The key's list, moved to the most recent end and expired; undefined when there is none. */
  private touched(key: string): Edge[] | undefined {
    const list = this.edges.get(key);
    if (!list) return undefined;
    this.edges.delete(key);
    const floor = this.latest - this.horizonMs;
    let drop = 0;
    while (drop < list.length && list[drop]!.at < floor) drop++;
    if (drop > 0) list.splice(0, drop);
    return list;
  }
}

/** A platform client's reward sums per window, for its baseline: the current window and up to `keep` complete ones. */
export interface ClientSeries {
  window: number;
  sumMinor: number;
  history: number[];
}

/** Bounded per-(rule, window size, client) series of reward sums. */
export class ClientSeriesStore {
  private readonly series = new Map<string, ClientSeries>();

  constructor(private readonly maxKeys: number) {}

  /** Adds `amountMinor` in window `window` and returns the series after it. */
  add(key: string, window: number, amountMinor: number, keep: number): ClientSeries {
    const found = this.series.get(key);
    const current: ClientSeries = found ?? { window, sumMinor: 0, history: [] };
    if (window > current.window) {
      current.history.push(current.sumMinor);
      const gap = Math.min(window - current.window - 1, keep);
      for (let i = 0; i < gap; i++) current.history.push(0);
      if (current.history.length > keep) current.history.splice(0, current.history.length - keep);
      current.window = window;
      current.sumMinor = 0;
    }
    if (window === current.window) current.sumMinor += amountMinor;
    this.series.delete(key);
    this.series.set(key, current);
    while (this.series.size > this.maxKeys) this.series.delete(this.series.keys().next().value as string);
    return current;
  }

  get size(): number {
    return this.series.size;
  }
}

/** The buckets a client-scope velocity window is counted in: each a sixtieth of the rule's window. */
export const clientBucketsPerWindow = 60;

interface ClientCounts {
  latest: number;
  buckets: Map<number, { count: number; sumMinor: number }>;
}

/**
 * A platform client's movements counted per (rule, window size, client) in buckets of a sixtieth of
 * the rule's window: the count and sum over the window come from at most 61 buckets whatever the
 * client's volume. A client moves far more than a person (tens of thousands an hour), past any bound
 * on the movements one key's window holds (`maxPerKey`), so its count is not read from its edges.
 * The window read reaches back 60 to 61 sixtieths of `windowMs` (its oldest bucket whole). Bounded
 * by `maxKeys` series, the least recently moved going first.
 */
export class ClientCountStore {
  private readonly series = new Map<string, ClientCounts>();

  constructor(private readonly maxKeys: number) {}

  /** Counts the movement and answers the count and sum of the window ending at it. */
  add(key: string, windowMs: number, at: number, amountMinor: number): { count: number; sumMinor: number } {
    const width = Math.max(1, Math.ceil(windowMs / clientBucketsPerWindow));
    const index = Math.floor(at / width);
    const found = this.series.get(key);
    const current: ClientCounts = found ?? { latest: index, buckets: new Map() };
    if (index > current.latest) {
      current.latest = index;
      for (const held of current.buckets.keys()) if (held < index - clientBucketsPerWindow) current.buckets.delete(held);
    }
    if (index >= current.latest - clientBucketsPerWindow) {
      const bucket = current.buckets.get(index) ?? { count: 0, sumMinor: 0 };
      bucket.count++;
      bucket.sumMinor += amountMinor;
      current.buckets.set(index, bucket);
    }
    this.series.delete(key);
    this.series.set(key, current);
    while (this.series.size > this.maxKeys) this.series.delete(this.series.keys().next().value as string);
    let count = 0;
    let sumMinor = 0;
    for (const [held, bucket] of current.buckets)
      if (held >= index - clientBucketsPerWindow && held <= index) {
        count += bucket.count;
        sumMinor += bucket.sumMinor;
      }
    return { count, sumMinor };
  }

  get size(): number {
    return this.series.size;
  }
}
