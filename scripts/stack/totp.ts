/**
 * An authenticator app for tools and tests (docs/DESIGN.md "Admin sign-in: second factor and
 * step-up"): enrols an account's second factor through the real API and computes its TOTP codes
 * as a phone would (RFC 6238, `otpauth`). The server refuses a code of a time step it already
 * accepted, so the device never offers one twice: it takes the current step or the next (the
 * server accepts one step of drift), and waits for the clock when both are used.
 */
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
  private lastStep = Number.NEGATIVE_INFINITY;
  private readonly totp: TOTP;

  constructor(readonly secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: periodS });
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

/** Password, then (second factor enrolled) the challenge answered with the device's next code. */
export async function signIn(gatewayUrl: string, email: string, password: string, device?: TotpDevice): Promise<TokenPair> {
  const first = await call<TokenPair | { mfaRequired: true; challenge: string }>(gatewayUrl, '/api/auth/login', { email, password });
  if (!('mfaRequired' in first)) return first;
  if (!device) throw new Error(`${email} has a second factor: sign-in needs its device`);
  return call<TokenPair>(gatewayUrl, '/api/auth/mfa/verify', { challenge: first.challenge, code: await device.nextCode() });
}

/** Step-up: an access token whose second factor is fresh (POST /api/auth/mfa/step-up). */
export async function stepUp(gatewayUrl: string, accessToken: string, device: TotpDevice): Promise<string> {
  const answer = await call<{ accessToken: string }>(gatewayUrl, '/api/auth/mfa/step-up', { code: await device.nextCode() }, accessToken);
  return answer.accessToken;
}
