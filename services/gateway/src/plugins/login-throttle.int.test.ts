import { AppError } from '@coin/errors';
import { createLogger } from '@coin/logger';
import { createRedis, type Redis } from '@coin/redis';
import { Counter, Registry } from 'prom-client';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import type { LoginThrottlePolicy } from '../auth/login-throttle-policy';
import { LoginThrottle } from './login-throttle';

/**
 * The throttle's check-and-count on the real Redis, with every password check held open until
 * all attempts have been judged: the guesses are concurrent however slow the machine is. The
 * delay is an hour, so no attempt is let through because a delay ran out meanwhile; what is
 * measured is only whether judging and counting are one step.
 */
const policy: LoginThrottlePolicy = {
  perAccountClient: { max: 10, windowMs: 3_600_000 },
  perAccount: { max: 30, windowMs: 3_600_000 },
  delayBaseMs: 3_600_000,
  delayMaxMs: 3_600_000,
  knownClientTtlMs: 3_600_000,
};

describe('login throttle on Redis: concurrent guesses of one account', () => {
  let redis: Redis;
  let throttle: LoginThrottle;

  beforeAll(async () => {
    redis = createRedis(testInfra().redisUrl, uniquePrefix());
    await redis.connect();
    const failOpen = new Counter({
      name: 'fail_open_total',
      help: 'checks made without Redis',
      labelNames: ['limit'],
      registers: [new Registry()],
    });
    throttle = new LoginThrottle(redis, policy, createLogger('login-throttle-test', 'silent'), failOpen);
  });
  afterAll(() => redis?.disconnect());

  /** `count` attempts at once; each check waits until every attempt has been let through or refused. */
  async function burst(email: string, client: string, count: number, check: () => Promise<never>) {
    let judged = 0;
    let releaseChecks!: () => void;
    const allJudged = new Promise<void>((resolve) => {
      releaseChecks = resolve;
    });
    const noteJudged = () => {
      judged += 1;
      if (judged === count) releaseChecks();
    };
    let checked = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: count }, () =>
        throttle
          .attempt(email, client, { header: () => undefined }, async () => {
            checked += 1;
            noteJudged();
            await allJudged;
            return check();
          })
          .catch((err: unknown) => {
            if (err instanceof AppError && err.code === 'RATE_LIMITED') noteJudged();
            throw err;
          }),
      ),
    );
    const codes = outcomes.map((o) => (o.status === 'rejected' && o.reason instanceof AppError ? o.reason.code : 'other'));
    return { checked, codes };
  }

  const wrongPassword = () => Promise.reject(new AppError('UNAUTHENTICATED', 'Invalid e-mail or password'));

  it('when 20 wrong guesses arrive while the first ones are still being checked, then exactly the 10 free ones have their password checked', async () => {
    const { checked, codes } = await burst('burst@example.com', '203.0.113.88', 20, wrongPassword);
    expect(checked).toBe(10);
    expect(codes.filter((c) => c === 'UNAUTHENTICATED')).toHaveLength(10);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(10);
  });

  it('when the checks of a burst fail for another reason than the password, then each attempt is given back and the next burst again gets its 10', async () => {
    const unavailable = () => Promise.reject(new AppError('UNAVAILABLE', 'the user service did not answer'));
    const first = await burst('given-back@example.com', '203.0.113.89', 20, unavailable);
    expect([first.checked, first.codes.filter((c) => c === 'UNAVAILABLE').length]).toEqual([10, 10]);
    const second = await burst('given-back@example.com', '203.0.113.89', 20, wrongPassword);
    expect([second.checked, second.codes.filter((c) => c === 'UNAUTHENTICATED').length]).toEqual([10, 10]);
  });
});
