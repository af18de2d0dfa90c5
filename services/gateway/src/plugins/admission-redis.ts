import type { Redis } from '@coin/redis';
import type { AdmissionAnswer, AdmissionAsk, AdmissionStore } from './admission-store';
import { fixedWindowCountLua } from './fixed-window';

/**
 * One script for a write: the token version, then the write limit, then the lock, each only if
 * asked and only if the one before let the write on. KEYS: token version, write-limit counter,
 * lock (one not asked repeats another: a script names its keys). ARGV: '1' if the version is
 * asked, the entry it must be; the limit's window (ms, '' for none) and max; the lock's token
 * ('' for none) and lifetime (ms). The counting is the write limit's own (plugins/fixed-window.ts).
 *
 * Returns {0, stored} when the version is not the expected entry (nothing counted, nothing
 * locked), else {1, count or -1, ttl ms or -1, 1 locked / 0 held by another / -1 not tried}.
 */
const admitScript = `
if ARGV[1] ~= '' then
  local stored = redis.call('GET', KEYS[1])
  if stored ~= ARGV[2] then
    if stored then return {0, stored} end
    return {0}
  end
end
local answer = {1, -1, -1, -1}
if ARGV[3] ~= '' then
  ${fixedWindowCountLua('KEYS[2]', 'ARGV[3]')}
  answer[2] = current
  answer[3] = ttl
  if current > tonumber(ARGV[4]) then return answer end
end
if ARGV[5] ~= '' then
  if redis.call('SET', KEYS[3], ARGV[5], 'PX', ARGV[6], 'NX') then answer[4] = 1 else answer[4] = 0 end
end
return answer
`;

const releaseScript = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

type AdmitReply = [0, string?] | [1, number, number, number];
type RedisWithAdmission = Redis & {
  writeAdmission(versionKey: string, limitKey: string, lockKey: string, ...args: string[]): Promise<AdmitReply>;
  idempotencyRelease(key: string, token: string): Promise<number>;
};

/** The script's reply as the answer to what was asked: the one place its numbers are read. */
export function decodeAdmission(reply: AdmitReply, ask: AdmissionAsk): AdmissionAnswer {
  if (reply[0] === 0) return { version: { current: false, stored: reply[1] ?? null } };
  const [, current, ttlMs, locked] = reply;
  return {
    version: { current: true },
    ...(ask.limit ? { limit: { current, ttlMs } } : {}),
    ...(ask.lock ? { lock: locked === 1 ? 'acquired' : locked === 0 ? 'held' : 'skipped' } : {}),
  };
}

/**
 * The production store: every admission one EVALSHA (the scripts are defined commands, so their
 * text is not sent and hashed each time); the answer record and the lock release of one request
 * are sent in the same tick, so the client pipelines them into one round trip (libs/redis).
 */
export class RedisAdmissionStore implements AdmissionStore {
  private readonly redis: RedisWithAdmission;

  constructor(redis: Redis) {
    if (!('writeAdmission' in redis)) redis.defineCommand('writeAdmission', { numberOfKeys: 3, lua: admitScript });
    if (!('idempotencyRelease' in redis)) redis.defineCommand('idempotencyRelease', { numberOfKeys: 1, lua: releaseScript });
    this.redis = redis as RedisWithAdmission;
  }

  async admit(ask: AdmissionAsk): Promise<AdmissionAnswer> {
    const someKey = ask.version?.key ?? ask.limit?.key ?? ask.lock?.key;
    if (someKey === undefined) return { version: { current: true } };
    const reply = await this.redis.writeAdmission(
      ask.version?.key ?? someKey,
      ask.limit?.key ?? someKey,
      ask.lock?.key ?? someKey,
      ask.version ? '1' : '',
      ask.version?.expected ?? '',
      ask.limit ? String(ask.limit.windowMs) : '',
      ask.limit ? String(ask.limit.max) : '',
      ask.lock?.token ?? '',
      ask.lock ? String(ask.lock.ms) : '',
    );
    return decodeAdmission(reply, ask);
  }

  async release(lock: { key: string; token: string }): Promise<void> {
    await this.redis.idempotencyRelease(lock.key, lock.token);
  }

  async record(key: string, value: string, ttlMs: number, indexes: readonly string[] = []): Promise<void> {
    // Sent in the same tick: pipelined into the one round trip. An index lives as long as its latest entry.
    await Promise.all([
      this.redis.set(key, value, 'PX', ttlMs, 'NX'),
      ...indexes.flatMap((index) => [this.redis.sadd(index, key), this.redis.pexpire(index, ttlMs)]),
    ]);
  }

  async forget(index: string): Promise<void> {
    const keys = await this.redis.smembers(index);
    await this.redis.del(...keys, index);
  }

  async read(keys: string[]): Promise<Array<string | null>> {
    return this.redis.mget(...keys);
  }
}
