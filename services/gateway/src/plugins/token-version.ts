import type { ConsumedUserEvent } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { isRedisUnreachable, redisFailureLogLevel, type Redis } from '@coin/redis';
import { InternalApi } from '../clients/internal-api';
import type { InternalHttpClient } from '../clients/internal-http';
import { revocationDefaults, Revocations, type UserState } from '../revocation/revocations';
import type { CacheAuthenticator } from './cache-mac';

const deletedMarker = 'deleted';
/** Users whose current entry this instance remembers for write admission: about 3 MB at most. */
const currentEntriesMax = 20_000;

/**
 * Raises a cached version, never lowers it: a fallback read that raced with an event cannot
 * put an older version back. A deleted user stays deleted. Entries are MAC'd and carry their own
 * expiry, `<version>.<expiry>.<mac>` or `deleted.<expiry>.<mac>` (plugins/cache-mac.ts); the
 * script compares the part before the first dot, which it cannot verify (Redis never holds the
 * key): ARGV[1] is the new plain value, ARGV[3] the sealed entry to store. The same value is
 * stored again, so that its expiry moves on with its Redis TTL; a higher one is left as it is. An
 * entry in no known format (an unsealed one from before MACs) is replaced. A forged entry that
 * keeps a write out (a high version, "deleted") only makes a miss: the reader fails its MAC,
 * deletes it and reads the user service (CacheAuthenticator).
 */
const setMaxScript = `
local current = redis.call('GET', KEYS[1])
local stored = current and string.match(current, '^([^.]*)%.')
if stored == '${deletedMarker}' and ARGV[1] ~= '${deletedMarker}' then return 0 end
if ARGV[1] ~= '${deletedMarker}' and stored and tonumber(stored) and tonumber(stored) > tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[3], 'EX', ARGV[2])
return 1
`;

type RedisWithSetMax = Redis & {
  tokenVersionSetMax(key: string, value: string, ttlSeconds: number, sealed: string): Promise<number>;
};

/**
 * Immediate revocation (docs/CONTRACT.md "Authentication and roles"). Each user's current token version lives in Redis as
 * `tokenver:<userId>`, written from user.events and by the gateway itself after a role change,
 * deletion or logout-everywhere it executed. A miss reads the user service.
 *
 * With Redis unreachable the check is authoritative or fails closed, never stale-open: the user
 * service (the source of the version) is asked directly, and if it cannot answer either the
 * request gets 503. The Redis client bounds each call (libs/redis), so an outage adds at most
 * one command timeout to the check.
 *
 * Cached versions are MAC'd (plugins/cache-mac.ts), bound to `tokenver:<userId>` and to their own
 * expiry: a version written by anything but a gateway (another user's entry, an invented one) does
 * not verify, and one recorded earlier and written back after a revocation is older than what this
 * instance knows of the user's revocations (revocation/revocations.ts: its own commands and
 * user.events.v2); either is a miss, answered by the user service.
 */
export class TokenVersionStore {
  private readonly redis: RedisWithSetMax;

  /** The user service's routes of the contract table, their answers checked (clients/internal-api.ts). */
  private readonly internal: InternalApi;
  /**
   * Each user's entry as this instance last verified or wrote it, with its version: what the
   * write admission compares Redis with (an entry's expiry makes it unpredictable, so it is
   * remembered rather than recomputed). The oldest makes room.
   */
  private readonly currentEntries = new Map<number, { version: number; entry: string; expiresAtS: number }>();

  constructor(
    redis: Redis,
    users: InternalHttpClient,
    private readonly ttlSeconds: number,
    private readonly logger: Logger,
    private readonly auth: CacheAuthenticator,
    /** What this instance knows of revocations: a cached version older than it is not believed. */
    readonly revocations: Revocations = new Revocations(revocationDefaults),
    private readonly nowMs: () => number = Date.now,
  ) {
    this.internal = new InternalApi({ users });
    if (!('tokenVersionSetMax' in redis)) redis.defineCommand('tokenVersionSetMax', { numberOfKeys: 1, lua: setMaxScript });
    this.redis = redis as RedisWithSetMax;
  }

  private key(userId: number): string {
    return `tokenver:${userId}`;
  }

  /** The Redis key of a user's version (without the client's prefix). */
  keyOf(userId: number): string {
    return this.key(userId);
  }

  /**
   * The entry Redis holds while `version` is the user's current one, as far as this instance knows
   * (plugins/admission.ts compares with it): the one it last verified or wrote, if still within
   * its expiry and not older than a revocation known here; '' (which no entry is) otherwise.
   */
  expectedEntry(userId: number, version: number): string {
    const known = this.currentEntries.get(userId);
    if (known === undefined || known.version !== version) return '';
    const nowMs = this.nowMs();
    if (known.expiresAtS * 1000 <= nowMs || this.revocations.userStale(userId, version, nowMs)) return '';
    return known.entry;
  }

  /** The version a token must carry to be accepted; null for a deleted user. */
  async current(userId: number): Promise<number | null> {
    let read: { stored: string | null } | { error: unknown };
    try {
      read = { stored: await this.redis.get(this.key(userId)) };
    } catch (error) {
      read = { error };
    }
    return this.resolve(userId, read);
  }

  /**
   * The version from what was read of the cache (or why it could not be read): the entry if its
   * MAC verifies, it is within its expiry and no revocation known here is newer; else the user
   * service's answer, written back if the cache answered.
   */
  async resolve(userId: number, read: { stored: string | null } | { error: unknown }): Promise<number | null> {
    let cached: string | null = null;
    let cacheUp = true;
    if ('error' in read) {
      cacheUp = false;
      this.logger[redisFailureLogLevel(read.error)]({ err: read.error }, 'token version cache unavailable; reading the user service');
    } else cached = read.stored;
    const key = this.key(userId);
    const opened = await this.auth.verified('token-version', key, cached);
    const state = opened === null ? undefined : stateOf(opened.value);
    if (opened !== null && cached !== null && state !== undefined) {
      if (!this.revocations.userStale(userId, state, this.nowMs())) {
        if (state !== deletedMarker) this.remembered(userId, state, cached, opened.expiresAtS);
        return state === deletedMarker ? null : state;
      }
      // Believable once, no longer: written back after a revocation this instance knows of.
      await this.auth.stale('token-version', key, cached, 'revoked');
    }
    // With the cache down, writing the answer back would only wait out another timeout.
    const readStartedAtMs = this.nowMs();
    try {
      const user = await this.internal.read('users.user', { id: userId });
      this.revocations.userConfirmed(userId, user.tokenVersion, readStartedAtMs, this.nowMs());
      if (cacheUp) await this.write(userId, String(user.tokenVersion));
      return user.tokenVersion;
    } catch (err) {
      if (err instanceof AppError && err.code === 'USER_NOT_FOUND') {
        this.revocations.userConfirmed(userId, deletedMarker, readStartedAtMs, this.nowMs());
        if (cacheUp) await this.write(userId, deletedMarker);
        return null;
      }
      throw err;
    }
  }

  /**
   * A version this instance's own command set (a role change, a deletion, a logout everywhere): a
   * floor here at once, so an older entry written back is not believed and the live streams of
   * older tokens end, and written to the cache for every instance.
   */
  async remember(userId: number, version: number): Promise<void> {
    this.revocations.userChanged(userId, version, this.nowMs());
    await this.write(userId, String(version));
  }

  async rememberDeleted(userId: number): Promise<void> {
    this.revocations.userChanged(userId, deletedMarker, this.nowMs());
    await this.write(userId, deletedMarker);
  }

  private async write(userId: number, value: string): Promise<void> {
    try {
      await this.setMax(userId, value);
    } catch (err) {
      // The user.events consumer writes the same value and retries until Redis answers; meanwhile
      // try to drop the entry so the next check reads the user service.
      this.logger.warn({ err, userId }, 'could not cache a token version');
      await this.redis.del(this.key(userId)).catch(() => undefined);
    }
  }

  private async setMax(userId: number, value: string): Promise<number> {
    const key = this.key(userId);
    const expiresAtS = this.auth.expiryIn(this.ttlSeconds);
    const entry = this.auth.mac.seal(key, value, expiresAtS);
    const written = await this.redis.tokenVersionSetMax(key, value, this.ttlSeconds, entry);
    const state = stateOf(value);
    if (written === 1 && typeof state === 'number') this.remembered(userId, state, entry, expiresAtS);
    return written;
  }

  private remembered(userId: number, version: number, entry: string, expiresAtS: number): void {
    const known = this.currentEntries.get(userId);
    if (known?.entry === entry) return;
    this.currentEntries.delete(userId);
    if (this.currentEntries.size >= currentEntriesMax) this.currentEntries.delete(this.currentEntries.keys().next().value as number);
    this.currentEntries.set(userId, { version, entry, expiresAtS });
  }

  /**
   * The user.events.v2 (and user.events) consumer: keeps the cache current whoever changed the
   * user. An event says only that the user changed: the version (or the deletion) cached is the
   * user service's answer, never the event's word, so a record produced by hand on the topic
   * cannot lock a live user out with a "deleted" or a version from the future (docs/DESIGN.md
   * "Deleting a user"). User events are rare (registrations, role changes, deletions, logouts):
   * one read each, none on the request path.
   */
  handleUserEvents() {
    return async (items: Delivered<ConsumedUserEvent>[]): Promise<void> => {
      for (const { value: event } of new Map(items.map((item) => [item.value.user.id, item])).values()) {
        let version: string;
        try {
          version = String((await this.internal.read('users.user', { id: event.user.id })).tokenVersion);
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'USER_NOT_FOUND')) throw err;
          version = deletedMarker;
        }
        await this.writeOrThrow(event.user.id, version);
      }
    };
  }

  /**
   * From the consumer, a failed write must be retried (the batch is redelivered), not skipped.
   * Redis out of reach is said as UNAVAILABLE, which the consumer retries for as long as it lasts;
   * a bare client error ("Command timed out") would count as unknown and could set the event
   * aside, leaving a revoked version cached. An error Redis answered (WRONGTYPE) is the event's.
   */
  private async writeOrThrow(userId: number, value: string): Promise<void> {
    try {
      await this.setMax(userId, value);
    } catch (err) {
      if (isRedisUnreachable(err))
        throw new AppError('UNAVAILABLE', `The token version cache (Redis) is unreachable: ${(err as Error).message}`);
      throw err;
    }
  }
}

/** A cached value as a user's state: a version, deleted, or undefined for anything else. */
function stateOf(value: string): UserState | undefined {
  if (value === deletedMarker) return deletedMarker;
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}
