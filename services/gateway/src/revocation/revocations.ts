/** A user's state as a revocation leaves it: the token version now current, or deleted. */
export type UserState = number | 'deleted';

export interface RevocationLimits {
  /**
   * How long a user's revocation is remembered (ms): at least an access token's lifetime, since a
   * token issued before the revocation is what a written-back old version would let in.
   */
  userWindowMs: number;
  /** Users remembered at once; past it the one learned first is forgotten (counted). */
  usersMax: number;
  /** Keys and clients this instance revoked and the user service's list does not show yet. */
  localMax?: number;
}

interface Floor {
  state: UserState;
  learnedAtMs: number;
}

/** Whether `state` is older than `floor`: a lower version, or anything but deleted below a deletion. */
export function olderThan(state: UserState, floor: UserState): boolean {
  if (floor === 'deleted') return state !== 'deleted';
  return state !== 'deleted' && state < floor;
}

const localMaxDefault = 10_000;

/** The limits when the configuration does not say (tests, the document): GATEWAY_REVOCATION_WINDOW_S's and GATEWAY_REVOCATIONS_TRACKED_MAX's defaults. */
export const revocationDefaults: RevocationLimits = { userWindowMs: 3_600_000, usersMax: 100_000 };

/**
 * What this gateway instance knows of recent revocations, in memory, where whoever writes Redis
 * cannot reach it (docs/DESIGN.md "A cache cannot grant"): for users, the token version (or the
 * deletion) each revocation left, learned from this instance's own commands and from user.events.v2;
 * for API keys and platform clients, the ids revoked, from the user service's list and this
 * instance's own revocations. A cached entry older than what is known here is not believed.
 *
 * A user's entry is a floor only while a token issued before it could still be valid
 * (`userWindowMs`); the sealed expiry of the cached entries does the rest. Nothing here does I/O,
 * and every method takes the time it judges by.
 */
export class Revocations {
  /** In the order learned (an update moves an entry to the end), so the oldest are first. */
  private readonly users = new Map<number, Floor>();
  private readonly userListeners = new Set<(userId: number, state: UserState) => void>();
  private apiKeys = new Set<string>();
  private clients = new Set<string>();
  /** Revoked here and not yet in the user service's list (a poll that started before the revocation committed). */
  private readonly localApiKeys = new Set<string>();
  private readonly localClients = new Set<string>();

  constructor(
    private readonly limits: RevocationLimits,
    /** Told when a user's entry is forgotten before its window ended (usersMax). */
    private readonly onUserForgotten: () => void = () => undefined,
  ) {}

  /** A user's state after a revocation (or any change of the version): a floor for cached versions, and the listeners told when it rises. */
  userChanged(userId: number, state: UserState, nowMs: number): void {
    const floor = this.floorOf(userId, nowMs);
    if (floor !== undefined && !olderThan(floor.state, state)) return;
    this.users.delete(userId);
    this.prune(nowMs);
    while (this.users.size >= this.limits.usersMax) {
      this.users.delete(this.users.keys().next().value as number);
      this.onUserForgotten();
    }
    this.users.set(userId, { state, learnedAtMs: nowMs });
    for (const listener of [...this.userListeners]) listener(userId, state);
  }

  /**
   * The user service's answer to a read that started at `readStartedAtMs`, after the cache was not
   * believed. It raises the floor as any change does; it lowers it only when the read started after
   * the floor was learned (a floor from an event the user service does not bear out: a record
   * produced by hand), so that a read older than the revocation cannot undo it.
   */
  userConfirmed(userId: number, state: UserState, readStartedAtMs: number, nowMs: number): void {
    const floor = this.floorOf(userId, nowMs);
    if (floor === undefined) return;
    if (olderThan(floor.state, state)) this.userChanged(userId, state, nowMs);
    else if (olderThan(state, floor.state) && readStartedAtMs > floor.learnedAtMs) floor.state = state;
  }

  /** The state the latest revocation of this user left, while it is remembered. */
  userFloor(userId: number, nowMs: number): UserState | undefined {
    return this.floorOf(userId, nowMs)?.state;
  }

  /** Whether a cached state of this user is older than a revocation known here. */
  userStale(userId: number, cached: UserState, nowMs: number): boolean {
    const floor = this.floorOf(userId, nowMs);
    return floor !== undefined && olderThan(cached, floor.state);
  }

  /** Calls `listener` whenever a user's floor rises (the live streams of older tokens end). Returns the unsubscribe. */
  onUserChanged(listener: (userId: number, state: UserState) => void): () => void {
    this.userListeners.add(listener);
    return () => this.userListeners.delete(listener);
  }

  /** Users remembered now (metrics, tests). */
  get usersTracked(): number {
    return this.users.size;
  }

  apiKeyRevoked(id: string): boolean {
    return this.apiKeys.has(id) || this.localApiKeys.has(id);
  }

  clientRevoked(id: string): boolean {
    return this.clients.has(id) || this.localClients.has(id);
  }

  /** This instance revoked the key: refused here from now on, before the user service's list shows it. */
  revokeApiKey(id: string): void {
    addBounded(this.localApiKeys, id, this.limits.localMax ?? localMaxDefault);
  }

  revokeClient(id: string): void {
    addBounded(this.localClients, id, this.limits.localMax ?? localMaxDefault);
  }

  /** The user service's list of revoked keys (all of them, or the latest): replaces the one held. */
  revokedApiKeys(ids: readonly string[]): void {
    this.apiKeys = new Set(ids);
    for (const id of ids) this.localApiKeys.delete(id);
  }

  /** The user service's list of revoked clients: replaces the one held. */
  revokedClients(ids: readonly string[]): void {
    this.clients = new Set(ids);
    for (const id of ids) this.localClients.delete(id);
  }

  private floorOf(userId: number, nowMs: number): Floor | undefined {
    const floor = this.users.get(userId);
    if (floor === undefined) return undefined;
    if (floor.learnedAtMs + this.limits.userWindowMs > nowMs) return floor;
    this.users.delete(userId);
    return undefined;
  }

  /** Forgets the entries whose window has ended, oldest first. */
  private prune(nowMs: number): void {
    for (const [userId, floor] of this.users) {
      if (floor.learnedAtMs + this.limits.userWindowMs > nowMs) return;
      this.users.delete(userId);
    }
  }
}

function addBounded(set: Set<string>, id: string, max: number): void {
  set.delete(id);
  if (set.size >= max) set.delete(set.values().next().value as string);
  set.add(id);
}
