import type { Logger } from '@coin/logger';
import { redisFailureLogLevel, type Redis } from '@coin/redis';
import { InternalApi } from '../clients/internal-api';
import type { InternalHttpClient } from '../clients/internal-http';
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
 * The cached "active" is MAC'd (plugins/cache-mac.ts), bound to the client's key name: an
 * "active" written by anything but a gateway (a revoked client's, after deleting its tombstone)
 * does not verify and is a miss, answered by the user service. Tombstones are not MAC'd: the
 * operator CLI, which holds no gateway secret, writes them, and forging one can only deny.
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
    if ((await this.auth.verified('platform-client', activeKey(clientId), cached)) === activeValue) return true;
    const { active } = await this.internal.read('users.platform-client-status', { id: clientId }, requestId);
    if (cacheUp) {
      // A revocation is final, so a "revoked" answer is cached as the tombstone itself.
      const write = active
        ? this.redis.set(activeKey(clientId), this.auth.seal(activeKey(clientId), activeValue), 'EX', this.cacheTtlSeconds)
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
