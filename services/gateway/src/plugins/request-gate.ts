import type { Redis } from '@coin/redis';
import type { FastifyRequest } from 'fastify';
import type { Principal } from './access';
import { fixedWindowCountLua } from './fixed-window';
import type { TokenVersionStore } from './token-version';

/** The per-caller write limit a request would count (plugins/rate-limit.ts), told what the gate counted. */
export interface WriteLimitRider {
  /** The counter's key, as plugins/rate-limit.ts names it (`rl:writes-caller:<subject>`). */
  key: string;
  max: number;
  windowMs: number;
  settle(result: { current: number; ttlMs: number } | { error: unknown }): void;
}

/** The Idempotency-Key lock a request would take (plugins/idempotency.ts), told what became of it. */
export interface LockRider {
  key: string;
  token: string;
  ms: number;
  /** `skipped`: the write limit was exceeded, so the lock was not taken (the request gets 429). */
  settle(result: { acquired: boolean } | { error: unknown } | { skipped: true }): void;
}

/**
 * One script for a user's write: the token version, then the write limit, then the lock, each only
 * if the one before let the request on. KEYS: token version, write-limit counter, lock (an unused
 * one repeats KEYS[1]). ARGV: the sealed entry the token's `ver` must find; the limit's window (ms)
 * and max ('' for none); the lock's token and lifetime (ms) ('' for none).
 *
 * The counting is the write limit's own (plugins/fixed-window.ts).
 * Returns {0, stored} when the token version is not the expected entry (nothing counted, nothing
 * locked), else {1, count or -1, ttl ms or -1, 1 locked / 0 held by another / -1 not tried}.
 */
const gateScript = `
local stored = redis.call('GET', KEYS[1])
if stored ~= ARGV[1] then
  if stored then return {0, stored} end
  return {0}
end
local answer = {1, -1, -1, -1}
if ARGV[2] ~= '' then
  ${fixedWindowCountLua('KEYS[2]', 'ARGV[2]')}
  answer[2] = current
  answer[3] = ttl
  if current > tonumber(ARGV[3]) then return answer end
end
if ARGV[4] ~= '' then
  if redis.call('SET', KEYS[3], ARGV[4], 'PX', ARGV[5], 'NX') then answer[4] = 1 else answer[4] = 0 end
end
return answer
`;

type GateReply = [0, string?] | [1, number, number, number];
type RedisWithGate = Redis & {
  requestGate(tokenKey: string, limitKey: string, lockKey: string, ...args: string[]): Promise<GateReply>;
};

type UserPrincipal = Principal & { userId: number };

/**
 * The Redis round trips of a user's write merged into one: the token version check
 * (immediate revocation), the per-caller write limit and the Idempotency-Key lock, in that order
 * and each only if the one before passed, so a revoked token counts against no limit and a
 * rate-limited request holds no lock. The gateway knows the entry a current version has in Redis
 * (the cache MAC is deterministic: plugins/cache-mac.ts), so the script compares the stored text
 * with it; anything else (a miss, another version, a forged entry, a deleted user) counts and
 * locks nothing and is answered as before from what the script read (TokenVersionStore.resolve:
 * MAC check, the user service on a miss), the limit and the lock then taken by their own plugins.
 *
 * With Redis unreachable each part fails as it did on its own: the version is read from the user
 * service (fail closed if it cannot answer), the limit is counted in process (fail open, counted
 * in the metric), the lock answers 503 (fail closed); one command timeout instead of two.
 */
export class RequestGate {
  private readonly redis: RedisWithGate;
  /** Set by registerRateLimits: the write limit of a request, if its route has one. */
  writeLimit?: (request: FastifyRequest, principal: Principal) => WriteLimitRider | undefined;
  /** Set by registerIdempotency: the lock of a request, if its route is keyed and the key is valid. */
  lock?: (request: FastifyRequest, principal: Principal) => LockRider | undefined;

  constructor(
    redis: Redis,
    private readonly tokenVersions: TokenVersionStore,
  ) {
    if (!('requestGate' in redis)) redis.defineCommand('requestGate', { numberOfKeys: 3, lua: gateScript });
    this.redis = redis as RedisWithGate;
  }

  /** The version the user's token must carry (null: deleted), with the request's limit and lock settled on the way. */
  async admit(principal: UserPrincipal, request: FastifyRequest, goesOn: boolean): Promise<number | null> {
    // The lock rides only with the limit: a route without one (a keyed route needing an API key,
    // checked after this) takes each on its own path, after everything that may refuse it.
    const limit = goesOn ? this.writeLimit?.(request, principal) : undefined;
    if (!limit) return this.tokenVersions.current(principal.userId);
    const lock = this.lock?.(request, principal);
    const tokenKey = this.tokenVersions.keyOf(principal.userId);
    let reply: GateReply;
    try {
      reply = await this.redis.requestGate(
        tokenKey,
        limit.key,
        lock?.key ?? tokenKey,
        this.tokenVersions.expectedEntry(principal.userId, principal.tokenVersion),
        String(limit.windowMs),
        String(limit.max),
        lock?.token ?? '',
        lock ? String(lock.ms) : '',
      );
    } catch (error) {
      limit.settle({ error });
      lock?.settle({ error });
      return this.tokenVersions.resolve(principal.userId, { error });
    }
    if (reply[0] === 0) return this.tokenVersions.resolve(principal.userId, { stored: reply[1] ?? null });
    const [, current, ttlMs, locked] = reply;
    limit.settle({ current, ttlMs });
    if (lock) lock.settle(locked === -1 ? { skipped: true } : { acquired: locked === 1 });
    return principal.tokenVersion;
  }
}
