import { olderThan, type UserState } from '../revocation/revocations';

/** Who holds a stream open: the user of the access token it was opened with, that token's version and expiry. */
export interface StreamHolder {
  userId: number;
  tokenVersion: number;
  expiresAtMs: number;
}

/** Why the gateway ended a stream. */
export type StreamEndReason = 'revoked' | 'expired';

interface Held {
  tokenVersion: number;
  end: () => void;
  timer: NodeJS.Timeout;
}

/** setTimeout's longest delay (about 24.8 days); a longer wait is cut to it and ends the stream early, never late. */
const timerDelayMsMax = 2 ** 31 - 1;

/**
 * The live streams of this instance by the user whose token opened them (docs/DESIGN.md "Live
 * balance"): a stream lives only as long as its token would be accepted. It ends when the token
 * expires (one timer per stream, at the token's `exp`), and when a revocation makes the token's
 * version old (a role change, a deletion, a logout everywhere: `revoked`, told by the instance's
 * revocation state as it learns them from its own commands and from user.events.v2). The client
 * reconnects with a valid token and `Last-Event-ID`, or is refused as any request would be.
 */
export class StreamHolders {
  private readonly byUser = new Map<number, Set<Held>>();

  constructor(private readonly ended: (reason: StreamEndReason) => void = () => undefined) {}

  /**
   * Registers a stream; `end` is called once when the token expires or is revoked. Returns the
   * release the stream calls when it ends for any other reason (idempotent).
   */
  hold(holder: StreamHolder, end: () => void, nowMs: number): () => void {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(held.timer);
      const set = this.byUser.get(holder.userId);
      set?.delete(held);
      if (set?.size === 0) this.byUser.delete(holder.userId);
    };
    const timer = setTimeout(
      () => {
        release();
        this.ended('expired');
        end();
      },
      Math.min(timerDelayMsMax, Math.max(0, holder.expiresAtMs - nowMs)),
    );
    // A stream does not keep the process alive; the service's close ends every stream anyway.
    timer.unref();
    const held: Held = {
      tokenVersion: holder.tokenVersion,
      end: () => {
        release();
        this.ended('revoked');
        end();
      },
      timer,
    };
    let set = this.byUser.get(holder.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(holder.userId, set);
    }
    set.add(held);
    return release;
  }

  /** A revocation left this user's state at `state`: the streams of older tokens end. */
  revoked(userId: number, state: UserState): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const held of [...set]) if (olderThan(held.tokenVersion, state)) held.end();
  }

  /** Streams held now (tests). */
  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }
}
