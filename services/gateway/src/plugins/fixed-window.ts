import type { Redis } from '@coin/redis';

/**
 * Lua that counts one hit in a fixed window, as @fastify/rate-limit's RedisStore does (without its
 * options this gateway does not use): INCR, the window's expiry set on the first hit, else the
 * PTTL left. Leaves `current` and `ttl` (ms) as locals. One text for the per-caller write limit's
 * own command and the request gate's script (plugins/request-gate.ts), so both count alike.
 */
export function fixedWindowCountLua(keyRef: string, windowMsRef: string): string {
  return `local current = redis.call('INCR', ${keyRef})
local ttl = tonumber(${windowMsRef})
if current == 1 then redis.call('PEXPIRE', ${keyRef}, ttl) else ttl = redis.call('PTTL', ${keyRef}) end`;
}

const fixedWindowScript = `${fixedWindowCountLua('KEYS[1]', 'ARGV[1]')}
return {current, ttl}`;

type RedisWithFixedWindow = Redis & { fixedWindowCount(key: string, windowMs: number): Promise<[number, number]> };

/** Counts a hit under `key` (one EVALSHA): the count in the window so far and the ms until it resets. */
export function fixedWindowCounter(redis: Redis): (key: string, windowMs: number) => Promise<{ current: number; ttlMs: number }> {
  if (!('fixedWindowCount' in redis)) redis.defineCommand('fixedWindowCount', { numberOfKeys: 1, lua: fixedWindowScript });
  const counting = redis as RedisWithFixedWindow;
  return async (key, windowMs) => {
    const [current, ttlMs] = await counting.fixedWindowCount(key, windowMs);
    return { current, ttlMs };
  };
}
