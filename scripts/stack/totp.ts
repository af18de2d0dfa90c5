/**
 * An authenticator app for tools and tests (docs/DESIGN.md "Admin sign-in: second factor and
 * step-up"): enrols an account's second factor through the real API and computes its TOTP codes
 * as a phone would (RFC 6238, `otpauth`). The server refuses a code of a time step it already
 * accepted, so the device never offers one twice: it takes the current step or the next (the
 * server accepts one step of drift), and waits for the clock when both are used.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { requestJson } from './http-json';

const periodS = 30;

export interface TokenPair {
  user: { id: number; email: string; role: string };
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export class TotpDevice {
  private readonly totp: TOTP;

  /** `lastStep`: the last step whose code was offered already (recalledStep: by another process of this machine). */
  constructor(
    readonly secret: string,
    private lastStep = Number.NEGATIVE_INFINITY,
  ) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: periodS });
  }

  /** The last step whose code this device offered (or was told of). */
  get usedStep(): number {
    return this.lastStep;
  }

  /** A code the server has not accepted before, if one is ready now (null: the clock must move first). */
  codeIfReady(): string | null {
    const step = Math.max(Math.floor(Date.now() / 1000 / periodS), this.lastStep + 1);
    if (step > Math.floor(Date.now() / 1000 / periodS) + 1) return null;
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * periodS * 1000 });
  }

  /** A code the server has not accepted before (waits up to a step when two were used within one). */
  async nextCode(): Promise<string> {
    const nowStep = Math.floor(Date.now() / 1000 / periodS);
    const step = Math.max(nowStep, this.lastStep + 1);
    if (step > nowStep + 1) {
      await new Promise((resolve) => setTimeout(resolve, (step - 1) * periodS * 1000 - Date.now() + 50));
    }
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * periodS * 1000 });
  }
}

/**
 * The tools of one machine (dev-seed, `admin token`, `admin totp`) run as separate processes but
 * share an account's codes: each remembers the last step it offered, in a file named by a hash of
 * the secret under the temp directory, so the next one starts after it instead of offering a code
 * the server refuses as used (a refusal also counts against the login limit). Best effort: a
 * device that cannot read or write the file (a read-only file system) offers codes as before and
 * the server's refusal is retried.
 */
function stepFile(secret: string): string {
  return join(tmpdir(), 'coin-ledger-totp', createHash('sha256').update(secret).digest('hex').slice(0, 32));
}

/** The last step offered for `secret` by a tool of this machine, -Infinity when none is known. */
export function recalledStep(secret: string): number {
  try {
    const step = Number(readFileSync(stepFile(secret), 'utf8'));
    return Number.isSafeInteger(step) ? step : Number.NEGATIVE_INFINITY;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/** Remembers the last step `device` offered, for the next tool (see recalledStep). */
export function rememberStep(device: TotpDevice): void {
  if (!Number.isSafeInteger(device.usedStep) || device.usedStep <= recalledStep(device.secret)) return;
  try {
    mkdirSync(dirname(stepFile(device.secret)), { recursive: true, mode: 0o700 });
    writeFileSync(stepFile(device.secret), String(device.usedStep), { mode: 0o600 });
  } catch {
    // Best effort (see stepFile).
  }
}

/** The otpauth:// URI an authenticator app reads, as the enrolment answers it (issuer Coin Ledger, the account's email). */
export function otpauthUri(secret: string, email: string): string {
  return new TOTP({
    issuer: 'Coin Ledger',
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: periodS,
  }).toString();
}

async function call<T>(gatewayUrl: string, path: string, body: unknown, accessToken?: string, expected = 200): Promise<T> {
  const response = await requestJson<T>(gatewayUrl, 'POST', path, {
    body,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    timeoutMs: 30_000,
  });
  if (response.status !== expected) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  return response.body;
}

/**
 * Enrols a second factor for the signed-in account (POST /api/auth/mfa/enrolment, then /confirm
 * with the first code): the device, the new session (signed in with both factors) and the
 * recovery codes.
 */
export async function enrolSecondFactor(
  gatewayUrl: string,
  accessToken: string,
): Promise<{ device: TotpDevice; session: TokenPair; recoveryCodes: string[]; otpauthUri: string }> {
  const started = await call<{ otpauthUri: string; secret: string }>(gatewayUrl, '/api/auth/mfa/enrolment', undefined, accessToken);
  const device = new TotpDevice(started.secret);
  const confirmed = await call<TokenPair & { recoveryCodes: string[] }>(
    gatewayUrl,
    '/api/auth/mfa/enrolment/confirm',
    { code: await device.nextCode() },
    accessToken,
  );
  const { recoveryCodes, ...session } = confirmed;
  return { device, session, recoveryCodes, otpauthUri: started.otpauthUri };
}

/** Where a sign-in or a step-up takes its code from: a device, or a test's mix of its codes and recovery codes. */
export type CodeSource = Pick<TotpDevice, 'nextCode'>;

/** Password, then (second factor enrolled) the challenge answered with the device's next code. */
export async function signIn(gatewayUrl: string, email: string, password: string, device?: CodeSource): Promise<TokenPair> {
  const first = await call<TokenPair | { mfaRequired: true; challenge: string }>(gatewayUrl, '/api/auth/login', { email, password });
  if (!('mfaRequired' in first)) return first;
  if (!device) throw new Error(`${email} has a second factor: sign-in needs its device`);
  return call<TokenPair>(gatewayUrl, '/api/auth/mfa/verify', { challenge: first.challenge, code: await device.nextCode() });
}

/** Step-up: an access token whose second factor is fresh (POST /api/auth/mfa/step-up). */
export async function stepUp(gatewayUrl: string, accessToken: string, device: CodeSource): Promise<string> {
  const answer = await call<{ accessToken: string }>(gatewayUrl, '/api/auth/mfa/step-up', { code: await device.nextCode() }, accessToken);
  return answer.accessToken;
}
