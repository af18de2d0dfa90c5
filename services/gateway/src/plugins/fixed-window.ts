/**
 * Lua that counts one hit in a fixed window, as @fastify/rate-limit's RedisStore does (without its
 * options this gateway does not use): INCR, the window's expiry set on the first hit, else the
 * PTTL left. Leaves `current` and `ttl` (ms) as locals. The per-caller write limit counts with it
 * in the write-admission script (plugins/admission-redis.ts), so it counts as the other limits do.
 */
export function fixedWindowCountLua(keyRef: string, windowMsRef: string): string {
  return `local current = redis.call('INCR', ${keyRef})
local ttl = tonumber(${windowMsRef})
if current == 1 then redis.call('PEXPIRE', ${keyRef}, ttl) else ttl = redis.call('PTTL', ${keyRef}) end`;
}
