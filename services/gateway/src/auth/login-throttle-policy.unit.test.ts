import { AppError } from '@coin/errors';
import { isCredentialFailure, judgeLogin, loginThrottleKeys, type FailureCounts, type LoginThrottlePolicy } from './login-throttle-policy';

const policy: LoginThrottlePolicy = {
  perAccountClient: { max: 10, windowMs: 15 * 60_000 },
  perClient: { max: 30, windowMs: 15 * 60_000 },
};
const counts = (overrides: Partial<FailureCounts>): FailureCounts => ({
  accountClient: 1,
  accountClientTtlMs: 900_000,
  client: 1,
  clientTtlMs: 900_000,
  ...overrides,
});

describe('login throttling policy', () => {
  it('when this attempt is within both budgets (the 10th failure of the pair, the 30th of the client), then its password is checked', () => {
    expect(judgeLogin(counts({ accountClient: 10, client: 30 }), policy)).toEqual({ allowed: true });
  });

  it('when the pair has used its budget, then the attempt is refused until the pair window ends', () => {
    expect(judgeLogin(counts({ accountClient: 11, accountClientTtlMs: 61_500, client: 11, clientTtlMs: 800_000 }), policy)).toEqual({
      allowed: false,
      exceeded: ['account-client'],
      retryAfterS: 62,
    });
  });

  it('when the client has used its budget across e-mails, then the attempt is refused until the client window ends', () => {
    expect(judgeLogin(counts({ accountClient: 1, accountClientTtlMs: 900_000, client: 31, clientTtlMs: 4_000 }), policy)).toEqual({
      allowed: false,
      exceeded: ['client'],
      retryAfterS: 4,
    });
  });

  it('when both budgets are used, then Retry-After is the later of the two windows, and never below 1 s', () => {
    expect(judgeLogin(counts({ accountClient: 11, accountClientTtlMs: 5_000, client: 31, clientTtlMs: 9_000 }), policy)).toMatchObject({
      exceeded: ['account-client', 'client'],
      retryAfterS: 9,
    });
    expect(judgeLogin(counts({ accountClient: 11, accountClientTtlMs: 0 }), policy)).toMatchObject({ retryAfterS: 1 });
  });

  it('when keys are derived, then the pair key ignores e-mail case and spaces, differs per client, and does not show the e-mail', () => {
    const a = loginThrottleKeys(' Admin@Example.com ', '203.0.113.1');
    expect(a).toEqual(loginThrottleKeys('admin@example.com', '203.0.113.1'));
    expect(a.accountClient).not.toEqual(loginThrottleKeys('admin@example.com', '203.0.113.2').accountClient);
    expect(a.accountClient).not.toContain('admin');
    expect(a.client).toBe('login-fail:client:203.0.113.1');
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
