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
} from '../auth/login-throttle-policy';
import { LocalLimiter } from './local-limiter';

/**
 * Counts this attempt in on both counters, starting a counter's window with its first failure
 * (fixed windows, as the other limits), and returns the counts and the windows' remaining time.
 * One script, so concurrent attempts of one client each see the others.
 */
const countInScript = `
local out = {}
for i = 1, 2 do
  local n = redis.call('INCR', KEYS[i])
  local ttl = redis.call('PTTL', KEYS[i])
  if n == 1 or ttl < 0 then
    redis.call('PEXPIRE', KEYS[i], ARGV[i])
    ttl = tonumber(ARGV[i])
  end
  out[#out + 1] = n
  out[#out + 1] = ttl
end
return out
`;

/** Gives an attempt back: decrements each counter that still exists (an expired one stays gone). */
const giveBackScript = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 0
`;

type RedisWithLoginScripts = Redis & {
  loginThrottleCountIn(pairKey: string, clientKey: string, pairWindowMs: number, clientWindowMs: number): Promise<number[]>;
  /** Keys counted by the first argument (ioredis's form for a script without a fixed key count). */
  loginThrottleGiveBack(numberOfKeys: number, ...keys: string[]): Promise<number>;
};

/** Where an attempt was counted: the shared counters, or this instance's (Redis unreachable). */
type CountedIn = 'redis' | 'local';

/**
 * The Redis side of the login-throttling policy (auth/login-throttle-policy.ts), shared by every
 * gateway instance. With Redis unreachable it does not switch off (issue 29 item 6): the same
 * budgets are counted in process (`LocalLimiter`), per gateway instance, so a guesser gets at
 * most N times the budgets with N instances, not unlimited attempts. Each such attempt counts in
 * `coin_gateway_rate_limit_fail_open_total{limit="login-failures"}` (a historic name: checks
 * made without Redis); /readyz shows Redis down. The Redis client bounds each call, so an outage
 * adds at most one command timeout to a login.
 */
export class LoginThrottle {
  private readonly redis: RedisWithLoginScripts;

  constructor(
    redis: Redis,
    private readonly policy: LoginThrottlePolicy,
    private readonly logger: Logger,
    private readonly failOpen: Counter<'limit'>,
    private readonly local: LocalLimiter = new LocalLimiter(),
  ) {
    if (!('loginThrottleCountIn' in redis)) {
      redis.defineCommand('loginThrottleCountIn', { numberOfKeys: 2, lua: countInScript });
      redis.defineCommand('loginThrottleGiveBack', { lua: giveBackScript });
    }
    this.redis = redis as RedisWithLoginScripts;
  }

  /**
   * Runs `checkPassword` (the user service's login) if the client is within its budgets; answers
   * 429 RATE_LIMITED with Retry-After (set on `reply`) if not. The attempt stays counted only if
   * the password was refused; a success resets the pair's count.
   */
  async attempt<T>(
    email: string,
    client: string,
    reply: { header(name: string, value: string): unknown },
    checkPassword: () => Promise<T>,
  ): Promise<T> {
    const keys = loginThrottleKeys(email, client);
    let countedIn: CountedIn;
    let counts: [number, number, number, number];
    try {
      const [accountClient = 0, accountClientTtlMs = 0, clientCount = 0, clientTtlMs = 0] = await this.redis.loginThrottleCountIn(
        keys.accountClient,
        keys.client,
        this.policy.perAccountClient.windowMs,
        this.policy.perClient.windowMs,
      );
      countedIn = 'redis';
      counts = [accountClient, accountClientTtlMs, clientCount, clientTtlMs];
    } catch (err) {
      this.failOpen.inc({ limit: 'login-failures' });
      this.logger[redisFailureLogLevel(err)]({ err }, 'login throttling counters (Redis) unavailable; counting in process');
      const pair = this.local.hit(keys.accountClient, this.policy.perAccountClient.windowMs);
      const own = this.local.hit(keys.client, this.policy.perClient.windowMs);
      countedIn = 'local';
      counts = [pair.count, pair.ttlMs, own.count, own.ttlMs];
    }
    const [accountClient, accountClientTtlMs, clientCount, clientTtlMs] = counts;
    const verdict = judgeLogin({ accountClient, accountClientTtlMs, client: clientCount, clientTtlMs }, this.policy);
    if (!verdict.allowed) {
      // A refused attempt was never checked, so it is not a failure either.
      await this.settle(countedIn, keys, 'give-back');
      this.logger.info(
        { event: 'login-throttled', client, exceeded: verdict.exceeded, counters: countedIn },
        'login refused: failure budget used',
      );
      reply.header('retry-after', String(verdict.retryAfterS));
      throw new AppError('RATE_LIMITED', 'Too many failed logins; retry after the time in Retry-After');
    }
    try {
      const result = await checkPassword();
      await this.settle(countedIn, keys, 'success');
      return result;
    } catch (err) {
      if (!isCredentialFailure(err)) await this.settle(countedIn, keys, 'give-back');
      throw err;
    }
  }

  private async settle(countedIn: CountedIn, keys: LoginThrottleKeys, outcome: 'success' | 'give-back'): Promise<void> {
    if (countedIn === 'local') {
      if (outcome === 'success') this.local.reset(keys.accountClient);
      else this.local.giveBack(keys.accountClient);
      this.local.giveBack(keys.client);
      return;
    }
    try {
      if (outcome === 'success') {
        await Promise.all([this.redis.del(keys.accountClient), this.redis.loginThrottleGiveBack(1, keys.client)]);
      } else {
        await this.redis.loginThrottleGiveBack(2, keys.accountClient, keys.client);
      }
    } catch (err) {
      // The attempt stays counted until its window ends: at worst one more failure than happened.
      this.logger.warn({ err }, 'could not settle a login attempt in the throttling counters');
    }
  }
}
