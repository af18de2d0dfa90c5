import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256Hex } from '@coin/security';

/**
 * The second factor (RFC 6238 TOTP through `otpauth`, docs/DESIGN.md "Admin sign-in: second factor
 * and step-up"): 160-bit secrets, SHA-1, 6 digits, 30 s steps, the step before and after accepted
 * for clock drift. Each accepted code's step is remembered: a code (or an earlier one) is never
 * accepted twice, so a code seen over a shoulder or in a log is useless once used.
 */
export const totpPeriodS = 30;
const totpDigits = 6;
/** Steps either side of now that are accepted: a phone's clock a little off, a code typed as it turns. */
const driftSteps = 1;
export const totpIssuer = 'Coin Ledger';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: totpIssuer,
    label,
    algorithm: 'SHA1',
    digits: totpDigits,
    period: totpPeriodS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI an authenticator app reads (as a QR code), labelled with the account's email. */
export function otpauthUriOf(secretBase32: string, email: string): string {
  return totpOf(secretBase32, email).toString();
}

export function totpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / totpPeriodS);
}

/**
 * The step a code belongs to, if it is the code of one of the accepted steps and that step is
 * after `lastUsedStep` (replay); null otherwise.
 */
export function acceptedTotpStep(secretBase32: string, code: string, nowMs: number, lastUsedStep: number | null): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: driftSteps });
  if (delta === null) return null;
  const step = totpStepAt(nowMs) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** The code of a step (tests and the harness compute codes the same way an app does). */
export function totpCodeAt(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}

// ---- Recovery codes ----
export const recoveryCodeCount = 10;
const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `groups` groups of 4 base32 characters (5 bits each) from the CSPRNG, e.g. `K7QD-2M4X-...`. */
export function randomGroupedCode(groups: number): string {
  const bytes = randomBytes(groups * 4);
  const chars = Array.from(bytes, (byte) => base32Alphabet[byte & 31]!);
  return Array.from({ length: groups }, (_, g) => chars.slice(g * 4, g * 4 + 4).join('')).join('-');
}

/** A code as typed (any case, with or without dashes) reduced to what is hashed. */
export function normalizeGroupedCode(code: string): string {
  return code.replace(/-/g, '').toUpperCase();
}

/** What is stored of a recovery or reset code: 80 or 100 random bits need no slow hash (like API keys). */
export function groupedCodeHash(code: string): string {
  return sha256Hex(normalizeGroupedCode(code));
}

/** Ten recovery codes of 80 bits each, shown once at enrolment. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => randomGroupedCode(4));
}

export function isTotpCode(code: string): boolean {
  return /^[0-9]{6}$/.test(code);
}

// ---- Attempts ----
export interface FailureWindow {
  failures: number;
  since: Date | null;
}

export interface FailurePolicy {
  max: number;
  windowMs: number;
}

/** Whether the account has used up its wrong codes for the current window (then no code is even checked). */
export function secondFactorLocked(state: FailureWindow, policy: FailurePolicy, now: Date): boolean {
  return state.since !== null && now.getTime() - state.since.getTime() < policy.windowMs && state.failures >= policy.max;
}

/** The window after one more wrong code: a new window starts when the last one ended. */
export function afterFailure(state: FailureWindow, policy: FailurePolicy, now: Date): FailureWindow {
  const current = state.since !== null && now.getTime() - state.since.getTime() < policy.windowMs;
  return current ? { failures: state.failures + 1, since: state.since } : { failures: 1, since: now };
}
