import { treasuryCodes } from '@coin/contracts';
import { z } from 'zod';

/**
 * Which wallets the gateway instances' live streams watch, cluster-wide, as each instance tells
 * the others on the relay's control channel (docs/DESIGN.md "Live balance"). The relay asks it,
 * per record of coin.balances, whether anyone wants that wallet: a map lookup, so a change nobody
 * watches costs its key's read and nothing more.
 *
 * What an instance says:
 * - `watch` / `unwatch`: its first stream of these wallets opened, its last one closed;
 * - `all`: every wallet it watches now (its periodic refresh, and its answer to `hello`), which
 *   replaces what it said before;
 * - `hello`: it has just started and knows nothing: every instance answers with `all`.
 * An instance's wallets are forgotten `ttlMs` after its last word about them, so a gateway that
 * died without a word stops costing relays within that time. Each announcement carries when it
 * was said (`at`, ms): one older than `ttlMs` or from the future (a copy written back into Redis
 * later) is ignored.
 */
export type WatchAnnouncement =
  | { instance: string; at: number; op: 'watch' | 'unwatch' | 'all'; wallets: string[] }
  | { instance: string; at: number; op: 'hello'; wallets?: undefined };

/** How far ahead of this instance's clock another's may be. */
const clockSkewMs = 5_000;

/** At most this many wallets in one announcement: an instance holds at most GATEWAY_STREAMS_MAX streams. */
export const announcedWalletsMax = 100_000;

const treasuryKeys: ReadonlySet<string> = new Set(treasuryCodes.map((code) => `treasury:${code}`));
/** A wallet key as the ledger keys coin.balances: `user:<id>` or `treasury:<CODE>` of a known treasury. */
const walletKey = z.string().refine((key) => /^user:[1-9][0-9]{0,15}$/.test(key) || treasuryKeys.has(key));
const instanceId = z.uuid();

/** The control channel's messages are read from Redis: hostile until this accepts them. */
export const watchAnnouncementSchema = z.discriminatedUnion('op', [
  z.strictObject({
    instance: instanceId,
    at: z.number().int().nonnegative(),
    op: z.enum(['watch', 'unwatch', 'all']),
    wallets: z.array(walletKey).max(announcedWalletsMax),
  }),
  z.strictObject({ instance: instanceId, at: z.number().int().nonnegative(), op: z.literal('hello') }),
]);

/** The announcement a control-channel message holds, or null (not JSON, not of this shape). */
export function parseWatchAnnouncement(text: string): WatchAnnouncement | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = watchAnnouncementSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export class ClusterWatchSet {
  /** wallet key → instance → when its word about that wallet lapses (ms). */
  private readonly byWallet = new Map<string, Map<string, number>>();
  /** instance → the wallets it said it watches (to replace them on `all`). */
  private readonly byInstance = new Map<string, Set<string>>();

  constructor(private readonly ttlMs: number) {}

  /**
   * Applies one announcement heard at `nowMs`; false when it was ignored as stale or from the
   * future. `hello` changes nothing here (the caller answers it).
   */
  apply(announcement: WatchAnnouncement, nowMs: number): boolean {
    const { instance, at } = announcement;
    if (at <= nowMs - this.ttlMs || at > nowMs + clockSkewMs) return false;
    switch (announcement.op) {
      case 'hello':
        return true;
      case 'watch':
        for (const wallet of announcement.wallets) this.add(instance, wallet, nowMs);
        return true;
      case 'unwatch':
        for (const wallet of announcement.wallets) this.remove(instance, wallet);
        return true;
      case 'all': {
        const now = new Set(announcement.wallets);
        for (const wallet of [...(this.byInstance.get(instance) ?? [])]) if (!now.has(wallet)) this.remove(instance, wallet);
        for (const wallet of now) this.add(instance, wallet, nowMs);
        return true;
      }
    }
  }

  /** Whether some instance watches `wallet` (by what it said within the last `ttlMs`). */
  has(wallet: string, nowMs: number): boolean {
    const instances = this.byWallet.get(wallet);
    if (!instances) return false;
    for (const [instance, lapsesAt] of instances) {
      if (lapsesAt > nowMs) return true;
      this.remove(instance, wallet);
    }
    return false;
  }

  /** Forgets every word that lapsed by `nowMs` (a periodic tidy-up; `has` forgets as it reads too). */
  prune(nowMs: number): void {
    for (const [wallet, instances] of [...this.byWallet]) {
      for (const [instance, lapsesAt] of [...instances]) if (lapsesAt <= nowMs) this.remove(instance, wallet);
    }
  }

  /** Wallets some instance watches, lapsed words included until read or pruned. */
  get size(): number {
    return this.byWallet.size;
  }

  private add(instance: string, wallet: string, nowMs: number): void {
    let instances = this.byWallet.get(wallet);
    if (!instances) {
      instances = new Map();
      this.byWallet.set(wallet, instances);
    }
    instances.set(instance, nowMs + this.ttlMs);
    let wallets = this.byInstance.get(instance);
    if (!wallets) {
      wallets = new Set();
      this.byInstance.set(instance, wallets);
    }
    wallets.add(wallet);
  }

  private remove(instance: string, wallet: string): void {
    const instances = this.byWallet.get(wallet);
    instances?.delete(instance);
    if (instances?.size === 0) this.byWallet.delete(wallet);
    const wallets = this.byInstance.get(instance);
    wallets?.delete(wallet);
    if (wallets?.size === 0) this.byInstance.delete(instance);
  }
}
