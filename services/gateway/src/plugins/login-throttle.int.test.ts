import { AppError } from '@coin/errors';
import { createLogger } from '@coin/logger';
import { createRedis, type Redis } from '@coin/redis';
import { Counter, Registry } from 'prom-client';
import { testInfra, uniquePrefix } from '../../../../test/harness/env';
import type { LoginThrottlePolicy } from '../auth/login-throttle-policy';
import { LoginThrottle } from './login-throttle';

/**
 * The throttle on the real Redis. Bursts: every password check is held open until all attempts
 * have been judged, so the guesses are concurrent however slow the machine is, and the delay is
 * an hour, so no attempt is let through because a delay ran out meanwhile; what is measured is
 * only whether judging and counting are one step. Then a check slower than the delay: the delay
 * runs from the refusal.
 */
const policy: LoginThrottlePolicy = {
  perAccountClient: { max: 10, windowMs: 3_600_000 },
  perAccount: { max: 30, windowMs: 3_600_000 },
  delayBaseMs: 3_600_000,
  delayMaxMs: 3_600_000,
  knownClientTtlMs: 3_600_000,
};

const failOpen = () =>
  new Counter({ name: 'fail_open_total', help: 'checks made without Redis', labelNames: ['limit'], registers: [new Registry()] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('login throttle on Redis: guesses of one account', () => {
  let redis: Redis;
  let throttle: LoginThrottle;

  beforeAll(async () => {
    redis = createRedis(testInfra().redisUrl, uniquePrefix());
    await redis.connect();
    throttle = new LoginThrottle(redis, policy, createLogger('login-throttle-test', 'silent'), failOpen());
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

  it('when a password check outlasts the delay, then the delay runs from the refusal, not from when the attempt began', async () => {
    const slowCheckPolicy = { ...policy, delayBaseMs: 2_000, delayMaxMs: 2_000 };
    const slow = new LoginThrottle(redis, slowCheckPolicy, createLogger('login-throttle-test', 'silent'), failOpen());
    const guess = (check: () => Promise<never>) =>
      slow.attempt('slow-check@example.com', '203.0.113.90', { header: () => undefined }, check);
    for (let i = 0; i < 9; i += 1) await expect(guess(wrongPassword)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    // The tenth check takes longer than the 2 s delay (a loaded user service).
    await expect(guess(() => sleep(2_500).then(wrongPassword))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(guess(wrongPassword)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('when the checks of a burst fail for another reason than the password, then each attempt is given back and the next burst again gets its 10', async () => {
    const unavailable = () => Promise.reject(new AppError('UNAVAILABLE', 'the user service did not answer'));
    const first = await burst('given-back@example.com', '203.0.113.89', 20, unavailable);
    expect([first.checked, first.codes.filter((c) => c === 'UNAVAILABLE').length]).toEqual([10, 10]);
    const second = await burst('given-back@example.com', '203.0.113.89', 20, wrongPassword);
    expect([second.checked, second.codes.filter((c) => c === 'UNAUTHENTICATED').length]).toEqual([10, 10]);
  });
});
