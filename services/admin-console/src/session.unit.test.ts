import { needsRefresh, SubmissionKey, secondFactorTime, tokenExpiry } from './session';

const jwtWith = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('admin console session helpers', () => {
  it('when a token carries exp, then it is refreshed 30 s before it expires and not earlier', () => {
    const token = jwtWith({ sub: '1', exp: 1_000 });
    expect(tokenExpiry(token)).toBe(1_000);
    expect(needsRefresh(token, 969_000)).toBe(false);
    expect(needsRefresh(token, 970_000)).toBe(true);
    expect(needsRefresh(token, 2_000_000)).toBe(true);
  });

  it('when a token carries mfa_at, then the session has a second factor; a password-only token has none (the console then enrols)', () => {
    expect(secondFactorTime(jwtWith({ sub: '1', exp: 1_000, mfa_at: 900 }))).toBe(900);
    expect(secondFactorTime(jwtWith({ sub: '1', exp: 1_000 }))).toBeUndefined();
    expect(secondFactorTime(jwtWith({ sub: '1', mfa_at: '900' }))).toBeUndefined();
  });

  it('when a token cannot be read, then it is used as it is (the API judges it)', () => {
    expect(tokenExpiry('not-a-jwt')).toBeUndefined();
    expect(tokenExpiry('a.%%%.c')).toBeUndefined();
    expect(needsRefresh('not-a-jwt', Date.now())).toBe(false);
  });

  it('when a form is submitted twice before its answer, then both carry one key; after the answer the next gets a new one', () => {
    let n = 0;
    const key = new SubmissionKey(() => `key-${++n}`);
    const first = key.current;
    const second = key.current;
    expect(second).toBe(first);
    expect(key.next()).toBe('key-2');
    expect(key.current).toBe('key-2');
    expect(new SubmissionKey().current).toMatch(/^[0-9a-f-]{36}$/);
  });
});
