import type { Logger } from '@coin/logger';
import { redisFailureLogLevel, type Redis } from '@coin/redis';
import { InternalApi } from '../clients/internal-api';
import type { InternalHttpClient } from '../clients/internal-http';
import { revocationDefaults, Revocations } from '../revocation/revocations';
import type { CacheAuthenticator } from './cache-mac';

/** The gateway's Redis key prefix; the operator CLI writes client revocations under it too. */
export function gatewayRedisPrefix(topicPrefix: string): string {
  return `${topicPrefix}gw:`;
}

/** How long a revocation tombstone lives: far beyond any cached status and any SYSTEM token (15 min). */
const tombstoneTtlSeconds = 24 * 3600;
const activeKey = (clientId: string) => `pclient:${clientId}`;
const revokedKey = (clientId: string) => `pclient-revoked:${clientId}`;
/** The one value a cached status has: "active" (a revoked client is its tombstone). */
const activeValue = 'active';

/**
 * Whether the platform client behind a SYSTEM token is still registered and not revoked, asked on
 * every SYSTEM request. The same mechanism as API keys (plugins/api-key.ts): a short Redis cache
 * of the user service's answer, and a revocation tombstone read in the same round trip (MGET), so
 * a revocation holds on the next request even if a lookup that started before it caches its stale
 * answer afterwards. The revoker writes the tombstone: for clients that is the operator CLI
 * (`revoke-client`, scripts/admin.ts), which has no gateway to call. User token versions travel
 * through user.events instead, because users change through Kafka commands; clients do not.
 * With Redis down the user service is asked directly: never a stale "active". The Redis client
 * bounds the failed read (libs/redis), and nothing is written back while it is down.
 *
 * The cached "active" is MAC'd (plugins/cache-mac.ts), bound to the client's key name and to its
 * own expiry: an "active" written by anything but a gateway does not verify and is a miss, answered
 * by the user service. One recorded before a revocation and written back after it (the tombstone
 * deleted) names a client this instance's revocation set holds (its own revocations at once, the
 * user service's list within a poll, the CLI's included), and past its sealed expiry it is not
 * believed anyway. Tombstones are not MAC'd: the operator CLI, which holds no gateway secret,
 * writes them, and forging one can only deny.
 */
export class PlatformClientStatus {
  /** The user service's routes of the contract table, their answers checked (clients/internal-api.ts). */
  private readonly internal: InternalApi;

  constructor(
    private readonly redis: Redis,
    users: InternalHttpClient,
    private readonly cacheTtlSeconds: number,
    private readonly logger: Logger,
    private readonly auth: CacheAuthenticator,
    /** What this instance knows of revoked clients: a cached "active" of one is not believed. */
    private readonly revocations: Revocations = new Revocations(revocationDefaults),
  ) {
    this.internal = new InternalApi({ users });
  }

  async isActive(clientId: string, requestId?: string): Promise<boolean> {
    let cached: string | null | undefined = null;
    let revoked: string | null | undefined = null;
    let cacheUp = true;
    try {
      [cached, revoked] = await this.redis.mget(activeKey(clientId), revokedKey(clientId));
    } catch (err) {
      cacheUp = false;
      this.logger[redisFailureLogLevel(err)]({ err }, 'platform client cache unavailable; asking the user service');
    }
    if (revoked) return false;
    const verified = await this.auth.verified('platform-client', activeKey(clientId), cached);
    if (verified?.value === activeValue && cached) {
      if (!this.revocations.clientRevoked(clientId)) return true;
      // Revoked since it was cached: written back, or cached by a lookup that raced the revocation.
      await this.auth.stale('platform-client', activeKey(clientId), cached, 'revoked');
      return false;
    }
    const { active } = await this.internal.read('users.platform-client-status', { id: clientId }, requestId);
    if (cacheUp) {
      // A revocation is final, so a "revoked" answer is cached as the tombstone itself.
      const write = active
        ? this.redis.set(
            activeKey(clientId),
            this.auth.seal(activeKey(clientId), activeValue, this.cacheTtlSeconds),
            'EX',
            this.cacheTtlSeconds,
          )
        : forgetPlatformClient(this.redis, clientId);
      await write.catch(() => undefined);
    }
    return active;
  }
}

/**
 * After a client's revocation committed: drops its cached status and blocks any late re-caching.
 * Throws when Redis cannot be written; cached copies then expire within the cache TTL.
 */
export async function forgetPlatformClient(redis: Redis, clientId: string): Promise<void> {
  const results = await redis.multi().del(activeKey(clientId)).set(revokedKey(clientId), '1', 'EX', tombstoneTtlSeconds).exec();
  const failed = results?.find(([err]) => err);
  if (!results || failed) throw failed?.[0] ?? new Error('the Redis transaction was aborted');
}
