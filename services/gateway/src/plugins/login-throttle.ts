import { AppError } from '@coin/errors';
import type { Logger } from '@coin/logger';
import { redisFailureLogLevel, type Redis } from '@coin/redis';
import type { Counter } from 'prom-client';
import {
  isCredentialFailure,
  judgeLogin,
  loginThrottleKeys,
  type LoginThrottleKeys,
  type LoginThrottlePolicy,
  type LoginVerdict,
} from '../auth/login-throttle-policy';
import { LocalLoginCounts } from './local-limiter';

/**
 * Judges an attempt and, if it may go on, counts it in, in one script, so concurrent attempts
 * each see the others. The rule is judgeLogin's (auth/login-throttle-policy.ts), on Redis's
 * clock (every gateway instance then measures delays alike): past `max` failures a counter makes
 * the next attempt wait min(base × 2^(failures − max), cap) after its last failure (`last`: the
 * time an attempt was counted in, until failedScript dates its refusal); the account's counter is
 * skipped for a known client.
 * KEYS: the pair's counter, the account's counter, the known-client flag (counters are hashes
 * {n, last}). ARGV: pair max, pair window (ms), account max, account window (ms), base (ms), cap (ms).
 * Returns {1} when counted in, else {0, wait ms, pair exceeded 0/1, account exceeded 0/1}.
 */
const attemptScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local base = tonumber(ARGV[5])
local cap = tonumber(ARGV[6])
local function waitOf(key, max)
  local v = redis.call('HMGET', key, 'n', 'last')
  local n = tonumber(v[1]) or 0
  local last = tonumber(v[2]) or 0
  if n < max then return 0 end
  return last + math.min(base * 2 ^ (n - max), cap) - now
end
local pairWait = waitOf(KEYS[1], tonumber(ARGV[1]))
local accountWait = 0
if redis.call('EXISTS', KEYS[3]) == 0 then accountWait = waitOf(KEYS[2], tonumber(ARGV[3])) end
if pairWait > 0 or accountWait > 0 then
  local pairOver = 0
  local accountOver = 0
  if pairWait > 0 then pairOver = 1 end
  if accountWait > 0 then accountOver = 1 end
  return {0, math.ceil(math.max(pairWait, accountWait)), pairOver, accountOver}
end
for i = 1, 2 do
  redis.call('HINCRBY', KEYS[i], 'n', 1)
  redis.call('HSET', KEYS[i], 'last', now)
  redis.call('PEXPIRE', KEYS[i], ARGV[i * 2])
end
return {1}
`;

/**
 * A refused password: each counter that still exists takes the time of this failure as its last,
 * and is kept its window (ARGV[1], ARGV[2] ms) from now. The attempt script stamped the time it
 * was counted in; a password check takes time (longer on a loaded user service), and the delay is
 * after the failure, not after the attempt began.
 */
const failedScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    redis.call('HSET', KEYS[i], 'last', now)
    redis.call('PEXPIRE', KEYS[i], ARGV[i])
  end
end
return 0
`;

/** Gives an attempt back: one failure less in each counter that still exists (an expired one stays gone). */
const giveBackScript = `
for i = 1, #KEYS do
  if (tonumber(redis.call('HGET', KEYS[i], 'n')) or 0) > 0 then redis.call('HINCRBY', KEYS[i], 'n', -1) end
end
return 0
`;

/** A success: the pair's counter goes, the account's gets its attempt back, the client is known (ARGV[1] ms). */
const successScript = `
redis.call('DEL', KEYS[1])
if (tonumber(redis.call('HGET', KEYS[2], 'n')) or 0) > 0 then redis.call('HINCRBY', KEYS[2], 'n', -1) end
redis.call('SET', KEYS[3], '1', 'PX', ARGV[1])
return 0
`;

type RedisWithLoginScripts = Redis & {
  loginThrottleAttempt(pairKey: string, accountKey: string, knownKey: string, ...args: string[]): Promise<number[]>;
  loginThrottleFailed(pairKey: string, accountKey: string, pairWindowMs: string, accountWindowMs: string): Promise<number>;
  /** Keys counted by the first argument (ioredis's form for a script without a fixed key count). */
  loginThrottleGiveBack(numberOfKeys: number, ...keys: string[]): Promise<number>;
  loginThrottleSuccess(pairKey: string, accountKey: string, knownKey: string, knownTtlMs: string): Promise<number>;
};

/** Where an attempt was counted: the shared counters, or this instance's (Redis unreachable). */
type CountedIn = 'redis' | 'local';

/** What the password check said of a counted attempt: let in, refused, or neither (given back). */
type Settlement = 'success' | 'failure' | 'give-back';

/**
 * The Redis side of the login-throttling policy (auth/login-throttle-policy.ts), shared by every
 * gateway instance. With Redis unreachable it does not switch off: the same rule is applied to
 * counts kept in process (`LocalLoginCounts`), per gateway instance, so a guesser gets at most N
 * times the free failures with N instances, then the same delays. Each such attempt counts in
 * `coin_gateway_rate_limit_fail_open_total{limit="login-failures"}` (a historic name: checks made
 * without Redis); /readyz shows Redis down. The Redis client bounds each call, so an outage adds
 * at most one command timeout to a login.
 */
export class LoginThrottle {
  private readonly redis: RedisWithLoginScripts;

  constructor(
    redis: Redis,
    private readonly policy: LoginThrottlePolicy,
    private readonly logger: Logger,
    private readonly failOpen: Counter<'limit'>,
    private readonly local: LocalLoginCounts = new LocalLoginCounts(),
  ) {
    if (!('loginThrottleAttempt' in redis)) {
      redis.defineCommand('loginThrottleAttempt', { numberOfKeys: 3, lua: attemptScript });
      redis.defineCommand('loginThrottleFailed', { numberOfKeys: 2, lua: failedScript });
      redis.defineCommand('loginThrottleGiveBack', { lua: giveBackScript });
      redis.defineCommand('loginThrottleSuccess', { numberOfKeys: 3, lua: successScript });
    }
    this.redis = redis as RedisWithLoginScripts;
  }

  /**
   * Runs `checkPassword` (the user service's login) if the attempt is not inside a delay; answers
   * 429 RATE_LIMITED with Retry-After (set on `reply`) if it is. The attempt stays counted only
   * if the password was refused, and the delay then runs from that refusal; a success resets the
   * pair's count and marks the client known.
   */
  async attempt<T>(
    email: string,
    client: string,
    reply: { header(name: string, value: string): unknown },
    checkPassword: () => Promise<T>,
  ): Promise<T> {
    const keys = loginThrottleKeys(email, client);
    let countedIn: CountedIn;
    let verdict: LoginVerdict;
    try {
      verdict = await this.attemptInRedis(keys);
      countedIn = 'redis';
    } catch (err) {
      this.failOpen.inc({ limit: 'login-failures' });
      this.logger[redisFailureLogLevel(err)]({ err }, 'login throttling counters (Redis) unavailable; counting in process');
      verdict = this.attemptLocally(keys);
      countedIn = 'local';
    }
    if (!verdict.allowed) {
      this.logger.info(
        { event: 'login-throttled', client, exceeded: verdict.exceeded, retryAfterS: verdict.retryAfterS, counters: countedIn },
        'login refused: inside its slow-down delay',
      );
      reply.header('retry-after', String(verdict.retryAfterS));
      throw new AppError('RATE_LIMITED', 'Too many failed logins; retry after the time in Retry-After');
    }
    try {
      const result = await checkPassword();
      await this.settle(countedIn, keys, 'success');
      return result;
    } catch (err) {
      await this.settle(countedIn, keys, isCredentialFailure(err) ? 'failure' : 'give-back');
      throw err;
    }
  }

  private async attemptInRedis(keys: LoginThrottleKeys): Promise<LoginVerdict> {
    const { perAccountClient, perAccount, delayBaseMs, delayMaxMs } = this.policy;
    const [counted, waitMs = 0, pairOver = 0, accountOver = 0] = await this.redis.loginThrottleAttempt(
      keys.accountClient,
      keys.account,
      keys.knownClient,
      ...[perAccountClient.max, perAccountClient.windowMs, perAccount.max, perAccount.windowMs, delayBaseMs, delayMaxMs].map(String),
    );
    if (counted === 1) return { allowed: true };
    return {
      allowed: false,
      exceeded: [...(pairOver === 1 ? ['account-client' as const] : []), ...(accountOver === 1 ? ['account' as const] : [])],
      retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)),
    };
  }

  /** The same judgement on this instance's counts; synchronous, so the check and the count are one step. */
  private attemptLocally(keys: LoginThrottleKeys): LoginVerdict {
    const pair = this.local.read(keys.accountClient);
    const account = this.local.read(keys.account);
    const verdict = judgeLogin(
      { accountClient: pair, account, knownClient: this.local.knows(keys.knownClient), nowMs: pair.nowMs },
      this.policy,
    );
    if (verdict.allowed) {
      this.local.countIn(keys.accountClient, this.policy.perAccountClient.windowMs, pair.nowMs);
      this.local.countIn(keys.account, this.policy.perAccount.windowMs, pair.nowMs);
    }
    return verdict;
  }

  /**
   * What the password check said: a success resets the pair and marks the client known; a refused
   * password dates both counters' last failure now; anything else gives the attempt back.
   */
  private async settle(countedIn: CountedIn, keys: LoginThrottleKeys, outcome: Settlement): Promise<void> {
    if (countedIn === 'local') {
      this.settleLocally(keys, outcome);
      return;
    }
    const { perAccountClient, perAccount, knownClientTtlMs } = this.policy;
    try {
      if (outcome === 'success') {
        await this.redis.loginThrottleSuccess(keys.accountClient, keys.account, keys.knownClient, String(knownClientTtlMs));
      } else if (outcome === 'failure') {
        await this.redis.loginThrottleFailed(
          keys.accountClient,
          keys.account,
          String(perAccountClient.windowMs),
          String(perAccount.windowMs),
        );
      } else {
        await this.redis.loginThrottleGiveBack(2, keys.accountClient, keys.account);
      }
    } catch (err) {
      // A give-back or success not recorded leaves the attempt counted until its window ends (at
      // worst one more failure than happened); a failure not dated keeps its count-in time.
      this.logger.warn({ err }, 'could not settle a login attempt in the throttling counters');
    }
  }

  private settleLocally(keys: LoginThrottleKeys, outcome: Settlement): void {
    if (outcome === 'failure') {
      this.local.dateFailure(keys.accountClient, this.policy.perAccountClient.windowMs);
      this.local.dateFailure(keys.account, this.policy.perAccount.windowMs);
      return;
    }
    if (outcome === 'success') {
      this.local.reset(keys.accountClient);
      this.local.remember(keys.knownClient, this.policy.knownClientTtlMs);
    } else this.local.giveBack(keys.accountClient);
    this.local.giveBack(keys.account);
  }
}
