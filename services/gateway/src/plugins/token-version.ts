import type { ConsumedUserEvent } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { isRedisUnreachable, redisFailureLogLevel, type Redis } from '@coin/redis';
import { InternalApi } from '../clients/internal-api';
import type { InternalHttpClient } from '../clients/internal-http';
import type { CacheAuthenticator } from './cache-mac';

const deletedMarker = 'deleted';

/**
 * Raises a cached version, never lowers it: a fallback read that raced with an event cannot
 * put an older version back. A deleted user stays deleted. Entries are MAC'd, `<version>.<mac>`
 * or `deleted.<mac>` (plugins/cache-mac.ts); the script compares the part before the MAC, which
 * it cannot verify (Redis never holds the key): ARGV[1] is the new plain value, ARGV[3] the
 * sealed entry to store. An entry in no known format (an unsealed one from before MACs) is
 * replaced. A forged entry that keeps a write out (a high version, "deleted") only makes a miss:
 * the reader fails its MAC, deletes it and reads the user service (CacheAuthenticator).
 */
const setMaxScript = `
local current = redis.call('GET', KEYS[1])
local stored = current and string.match(current, '^([^.]*)%.')
if stored == '${deletedMarker}' then return 0 end
if ARGV[1] ~= '${deletedMarker}' and stored and tonumber(stored) and tonumber(stored) >= tonumber(ARGV[1]) then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  return 0
end
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
 * Cached versions are MAC'd (plugins/cache-mac.ts), bound to `tokenver:<userId>`: a version
 * written by anything but a gateway (a revoked token's old version, another user's entry) does
 * not verify and is a miss, answered by the user service.
 */
export class TokenVersionStore {
  private readonly redis: RedisWithSetMax;

  /** The user service's routes of the contract table, their answers checked (clients/internal-api.ts). */
  private readonly internal: InternalApi;

  constructor(
    redis: Redis,
    users: InternalHttpClient,
    private readonly ttlSeconds: number,
    private readonly logger: Logger,
    private readonly auth: CacheAuthenticator,
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

  /** The entry Redis holds while `version` is the user's current one (plugins/request-gate.ts compares with it). */
  expectedEntry(userId: number, version: number): string {
    return this.auth.seal(this.key(userId), String(version));
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
   * MAC verifies, else the user service's answer, written back if the cache answered.
   */
  async resolve(userId: number, read: { stored: string | null } | { error: unknown }): Promise<number | null> {
    let cached: string | null = null;
    let cacheUp = true;
    if ('error' in read) {
      cacheUp = false;
      this.logger[redisFailureLogLevel(read.error)]({ err: read.error }, 'token version cache unavailable; reading the user service');
    } else cached = read.stored;
    const verified = await this.auth.verified('token-version', this.key(userId), cached);
    if (verified === deletedMarker) return null;
    if (verified !== null && /^\d+$/.test(verified)) return Number(verified);
    // With the cache down, writing the answer back would only wait out another timeout.
    try {
      const user = await this.internal.read('users.user', { id: userId });
      if (cacheUp) await this.remember(userId, user.tokenVersion);
      return user.tokenVersion;
    } catch (err) {
      if (err instanceof AppError && err.code === 'USER_NOT_FOUND') {
        if (cacheUp) await this.rememberDeleted(userId);
        return null;
      }
      throw err;
    }
  }

  async remember(userId: number, version: number): Promise<void> {
    await this.write(userId, String(version));
  }

  async rememberDeleted(userId: number): Promise<void> {
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

  private setMax(userId: number, value: string): Promise<number> {
    const key = this.key(userId);
    return this.redis.tokenVersionSetMax(key, value, this.ttlSeconds, this.auth.seal(key, value));
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
