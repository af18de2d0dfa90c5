import { walletKeyOfEventWallet } from '@coin/contracts';
import { AppError } from '@coin/errors';
import { type BalanceChanged, type EventValue, parseCoinBalanceEvent, type ParseFailureReason } from '@coin/events';

export interface FanoutLimits {
  /** Open streams on this gateway instance; past it 503 UNAVAILABLE (another instance may have room). */
  connectionsMax: number;
  /** Open streams of one caller on this instance; past it 429 RATE_LIMITED. */
  connectionsPerCallerMax: number;
}

/** One open stream, as the fan-out sees it. */
export interface StreamListener {
  /** A live change of the listener's wallet. */
  deliver(event: BalanceChanged): void;
  /** The stream is kept alive through proxies that close idle connections. */
  heartbeat(): void;
  /** The gateway shuts down: end the stream (the client reconnects elsewhere with Last-Event-ID). */
  end(): void;
}

/** Told when this instance starts and stops watching a wallet (its first stream opened, its last closed). */
export interface WalletWatchers {
  watch(walletKey: string): void;
  unwatch(walletKey: string): void;
}

export interface Subscription {
  /** The stream has ended: frees its place. Idempotent. */
  close(): void;
}

/**
 * Why a record of coin.balances was not fanned out: it does not parse, names no wallet, or its
 * body names another wallet than the key it travelled under (the ledger keys each change by its
 * wallet; a record that disagrees is not trusted for either).
 */
export type DropReason = ParseFailureReason | 'no-wallet' | 'key-mismatch';

export interface FanoutCounters {
  dropped(reason: DropReason): void;
  delivered(count: number): void;
}

const uncounted: FanoutCounters = { dropped: () => undefined, delivered: () => undefined };

/** Retry-After of a refused stream: the time a place may take to free. */
export const streamRefusalRetryAfterS = 5;

/**
 * The gateway instance's live balance streams by wallet: every change of a watched wallet the
 * relay brings (./relay.ts) is validated once and handed to the streams of its wallet, in memory
 * (no database read per event). The relay is told which wallets this instance watches, so a
 * client may connect to any instance.
 */
export class BalanceFanout {
  private readonly byWallet = new Map<string, Set<StreamListener>>();
  private readonly byCaller = new Map<string, number>();
  private open = 0;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private closing = false;
  private watchers: WalletWatchers | undefined;

  constructor(
    private readonly limits: FanoutLimits,
    private readonly counters: FanoutCounters = uncounted,
  ) {}

  get connections(): number {
    return this.open;
  }

  /** Who feeds this instance's streams (the relay): told of each wallet watched and unwatched. */
  feedFrom(watchers: WalletWatchers): void {
    this.watchers = watchers;
  }

  /**
   * Takes a place for a stream of `walletKey` opened by `caller`, or throws the problem that
   * refuses it: 503 when this instance is full or closing, 429 when the caller has too many.
   */
  subscribe(walletKey: string, caller: string, listener: StreamListener): Subscription {
    if (this.closing) throw new AppError('UNAVAILABLE', 'The gateway is shutting down; reconnect');
    if (this.open >= this.limits.connectionsMax) {
      throw new AppError('UNAVAILABLE', 'This gateway instance holds as many balance streams as it may; retry after Retry-After');
    }
    const ofCaller = this.byCaller.get(caller) ?? 0;
    if (ofCaller >= this.limits.connectionsPerCallerMax) {
      throw new AppError('RATE_LIMITED', `At most ${this.limits.connectionsPerCallerMax} balance streams per caller are open at once`);
    }
    this.byCaller.set(caller, ofCaller + 1);
    this.open += 1;
    let listeners = this.byWallet.get(walletKey);
    if (!listeners) {
      listeners = new Set();
      this.byWallet.set(walletKey, listeners);
      this.watchers?.watch(walletKey);
    }
    listeners.add(listener);
    let closed = false;
    return {
      close: () => {
        if (closed) return;
        closed = true;
        this.open -= 1;
        const left = (this.byCaller.get(caller) ?? 1) - 1;
        if (left > 0) this.byCaller.set(caller, left);
        else this.byCaller.delete(caller);
        const set = this.byWallet.get(walletKey);
        set?.delete(listener);
        if (set?.size === 0) {
          this.byWallet.delete(walletKey);
          this.watchers?.unwatch(walletKey);
        }
      },
    };
  }

  /** Whether a stream of `walletKey` is open on this instance. */
  watches(walletKey: string): boolean {
    return this.byWallet.has(walletKey);
  }

  /**
   * A record of coin.balances as the relay carried it, its key (the wallet key) and value:
   * validated, hostile or unknown input dropped and counted, never thrown. A record of a wallet no
   * stream here watches (one that closed meanwhile) is passed over by its key alone, unparsed and
   * uncounted.
   */
  publish(key: Buffer | string | null, value: EventValue): void {
    const walletKey = key === null ? null : key.toString();
    if (walletKey !== null && !this.byWallet.has(walletKey)) return;
    const parsed = parseCoinBalanceEvent(value);
    if (!parsed.ok) {
      this.counters.dropped(parsed.reason);
      return;
    }
    const eventKey = walletKeyOfEventWallet(parsed.event.wallet);
    if (eventKey !== null && eventKey !== walletKey) {
      this.counters.dropped('key-mismatch');
      return;
    }
    this.dispatch(parsed.event);
  }

  /** A valid event to the streams of its wallet. */
  dispatch(event: BalanceChanged): void {
    const key = walletKeyOfEventWallet(event.wallet);
    if (key === null) {
      this.counters.dropped('no-wallet');
      return;
    }
    const listeners = this.byWallet.get(key);
    if (!listeners) return;
    // A copy: a listener that ends on delivery (a slow client) leaves the set meanwhile.
    for (const listener of [...listeners]) listener.deliver(event);
    this.counters.delivered(listeners.size);
  }

  /** Sends a heartbeat on every stream now (what the interval does). */
  heartbeat(): void {
    for (const listeners of [...this.byWallet.values()]) for (const listener of [...listeners]) listener.heartbeat();
  }

  /** One timer for all streams of the instance, not one per connection. */
  startHeartbeats(intervalMs: number): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => this.heartbeat(), intervalMs);
    this.heartbeatTimer.unref();
  }

  /** Shutdown: refuses new streams and ends the open ones, so the HTTP server can close. */
  endAll(): void {
    this.closing = true;
    clearInterval(this.heartbeatTimer);
    for (const listeners of [...this.byWallet.values()]) for (const listener of [...listeners]) listener.end();
  }
}
