import { AppError } from '@coin/errors';
import {
  delayAfterMs,
  isCredentialFailure,
  judgeLogin,
  loginThrottleKeys,
  type LoginCounts,
  type LoginThrottlePolicy,
} from './login-throttle-policy';

const policy: LoginThrottlePolicy = {
  perAccountClient: { max: 10, windowMs: 15 * 60_000 },
  perAccount: { max: 30, windowMs: 15 * 60_000 },
  delayBaseMs: 1000,
  delayMaxMs: 300_000,
  knownClientTtlMs: 30 * 24 * 3600_000,
};
const nowMs = 10_000_000;
const counts = (overrides: Partial<LoginCounts>): LoginCounts => ({
  accountClient: { failures: 0, lastMs: 0 },
  account: { failures: 0, lastMs: 0 },
  knownClient: false,
  nowMs,
  ...overrides,
});

describe('login throttling policy: a slow-down, never a lock-out', () => {
  it('when failures are within the free ones, then there is no delay; past them the delay doubles with each failure up to the cap', () => {
    const budget = policy.perAccountClient;
    expect([0, 9].map((f) => delayAfterMs(f, budget, policy))).toEqual([0, 0]);
    expect([10, 11, 12, 13].map((f) => delayAfterMs(f, budget, policy))).toEqual([1000, 2000, 4000, 8000]);
    expect(delayAfterMs(19, budget, policy)).toBe(300_000);
    expect(delayAfterMs(5000, budget, policy)).toBe(300_000);
  });

  it('when the pair has used its free failures (9 and 10 of them), then the 10th attempt is checked and the 11th waits 1 s after the last failure', () => {
    expect(judgeLogin(counts({ accountClient: { failures: 9, lastMs: nowMs } }), policy)).toEqual({ allowed: true });
    expect(judgeLogin(counts({ accountClient: { failures: 10, lastMs: nowMs - 200 } }), policy)).toEqual({
      allowed: false,
      exceeded: ['account-client'],
      retryAfterS: 1,
    });
    expect(judgeLogin(counts({ accountClient: { failures: 10, lastMs: nowMs - 1000 } }), policy)).toEqual({ allowed: true });
  });

  it('when the delay has partly passed, then Retry-After is what remains, rounded up, never below 1 s', () => {
    expect(judgeLogin(counts({ accountClient: { failures: 14, lastMs: nowMs - 6_500 } }), policy)).toMatchObject({ retryAfterS: 10 });
    expect(judgeLogin(counts({ accountClient: { failures: 10, lastMs: nowMs - 999 } }), policy)).toMatchObject({ retryAfterS: 1 });
  });

  it('when the account has used its free failures across clients, then a new client waits, and a client that logged in to it before does not', () => {
    const attacked = { account: { failures: 31, lastMs: nowMs - 500 } };
    expect(judgeLogin(counts(attacked), policy)).toEqual({ allowed: false, exceeded: ['account'], retryAfterS: 2 });
    expect(judgeLogin(counts({ ...attacked, knownClient: true }), policy)).toEqual({ allowed: true });
  });

  it("when both wait, then Retry-After is the later of the two, and a known client still waits for its own pair's delay", () => {
    expect(
      judgeLogin(counts({ accountClient: { failures: 12, lastMs: nowMs }, account: { failures: 30, lastMs: nowMs } }), policy),
    ).toEqual({ allowed: false, exceeded: ['account-client', 'account'], retryAfterS: 4 });
    expect(judgeLogin(counts({ accountClient: { failures: 12, lastMs: nowMs }, knownClient: true }), policy)).toMatchObject({
      exceeded: ['account-client'],
    });
  });

  it('when keys are derived, then they ignore e-mail case and spaces, the pair differs per client, and none shows the e-mail or the address', () => {
    const a = loginThrottleKeys(' Admin@Example.com ', '203.0.113.1');
    expect(a).toEqual(loginThrottleKeys('admin@example.com', '203.0.113.1'));
    expect(a.accountClient).not.toEqual(loginThrottleKeys('admin@example.com', '203.0.113.2').accountClient);
    expect(a.account).toEqual(loginThrottleKeys('admin@example.com', '203.0.113.2').account);
    expect(JSON.stringify(a)).not.toMatch(/admin|203\.0/);
    expect(a.knownClient).not.toEqual(a.accountClient);
    // The separator keeps (e-mail, client) pairs from colliding by concatenation.
    expect(loginThrottleKeys('a@b.c1', '2.3.4.5').accountClient).not.toEqual(loginThrottleKeys('a@b.c', '12.3.4.5').accountClient);
  });

  it('when the user service refuses the password, then that is a failure; any other error is not', () => {
    expect(isCredentialFailure(new AppError('UNAUTHENTICATED', 'Invalid email or password'))).toBe(true);
    expect(isCredentialFailure(new AppError('UNAVAILABLE', 'down'))).toBe(false);
    expect(isCredentialFailure(new AppError('VALIDATION_FAILED', 'bad'))).toBe(false);
    expect(isCredentialFailure(new Error('socket hang up'))).toBe(false);
  });
});
