import { randomBytes } from 'node:crypto';
import {
  acceptedTotpStep,
  afterFailure,
  groupedCodeHash,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUriOf,
  secondFactorLocked,
  totpCodeAt,
  totpStepAt,
} from './second-factor';
import { SecretBox } from './secret-box';

const secret = newTotpSecret();
const nowMs = Date.UTC(2026, 10, 23, 10, 0, 15);

describe('second factor: TOTP codes (RFC 6238)', () => {
  it("when the code is the current step's, or the step before or after (drift), then it is accepted with its step", () => {
    for (const offset of [-1, 0, 1]) {
      const code = totpCodeAt(secret, nowMs + offset * 30_000);
      expect(acceptedTotpStep(secret, code, nowMs, null)).toBe(totpStepAt(nowMs) + offset);
    }
  });

  it('when the code is two steps away, of another secret, or not six digits, then it is refused', () => {
    expect(acceptedTotpStep(secret, totpCodeAt(secret, nowMs - 60_000), nowMs, null)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, nowMs + 60_000), nowMs, null)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(newTotpSecret(), nowMs), nowMs, null)).toBeNull();
    expect(acceptedTotpStep(secret, '12345', nowMs, null)).toBeNull();
  });

  it('when a code of a step already used (or an earlier one) comes again, then it is refused: no replay', () => {
    const code = totpCodeAt(secret, nowMs);
    const step = acceptedTotpStep(secret, code, nowMs, null)!;
    expect(acceptedTotpStep(secret, code, nowMs + 5_000, step)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, nowMs - 30_000), nowMs, step)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, nowMs + 30_000), nowMs, step)).toBe(step + 1);
  });

  it('then the otpauth URI names the issuer and the account and carries the secret for the app', () => {
    const uri = new URL(otpauthUriOf(secret, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Coin Ledger');
    expect(decodeURIComponent(uri.pathname)).toContain('ada@example.com');
  });
});

describe('second factor: recovery codes and wrong attempts', () => {
  it('then ten distinct recovery codes of 16 base32 characters are made, hashed whatever the case or dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect(groupedCodeHash(codes[0]!.toLowerCase().replace(/-/g, ''))).toBe(groupedCodeHash(codes[0]!));
  });

  it('when the wrong codes of a window reach the maximum, then the account is locked until the window ends', () => {
    const policy = { max: 3, windowMs: 60_000 };
    const start = new Date(nowMs);
    let state = { failures: 0, since: null as Date | null };
    for (let i = 0; i < 3; i += 1) {
      expect(secondFactorLocked(state, policy, start)).toBe(false);
      state = afterFailure(state, policy, start);
    }
    expect(secondFactorLocked(state, policy, new Date(nowMs + 59_000))).toBe(true);
    expect(secondFactorLocked(state, policy, new Date(nowMs + 60_000))).toBe(false);
    expect(afterFailure(state, policy, new Date(nowMs + 60_000))).toEqual({ failures: 1, since: new Date(nowMs + 60_000) });
  });
});

describe('second factor: secrets at rest', () => {
  const box = new SecretBox(randomBytes(32).toString('base64'));

  it('when a secret is sealed for a user, then it opens for that user only, and never under another key', () => {
    const sealed = box.seal(secret, 7);
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed, 7)).toBe(secret);
    expect(box.open(sealed, 8)).toBeNull();
    expect(new SecretBox(randomBytes(32).toString('base64url')).open(sealed, 7)).toBeNull();
    expect(box.open('v1.garbage', 7)).toBeNull();
  });

  it('when the tag is cut to fewer than 16 bytes, then the secret does not open, though GCM would take the shorter tag as valid', () => {
    const sealed = box.seal(secret, 7);
    const [v, iv, body, tag] = sealed.split('.');
    for (const bytes of [4, 8, 12, 15]) {
      const cut = Buffer.from(tag!, 'base64url').subarray(0, bytes).toString('base64url');
      expect(box.open([v, iv, body, cut].join('.'), 7)).toBeNull();
    }
    expect(box.open(sealed, 7)).toBe(secret);
  });

  it('when the key is not 32 random bytes, then it is refused', () => {
    expect(() => new SecretBox('c2hvcnQ=')).toThrow(/32/);
    expect(() => new SecretBox(Buffer.alloc(32, 1).toString('base64'))).toThrow(/32/);
  });
});
