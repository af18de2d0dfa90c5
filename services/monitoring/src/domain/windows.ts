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
