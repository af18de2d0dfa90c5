import { type CoinClient, createCoinClient } from '@coin/client';
import { requestJson } from '../../scripts/stack/http-json';

/** Longer than any test waits: a hung request fails the test by its own timeout first. */
const testRequestTimeoutMs = 120_000;

/**
 * The typed API client (@coin/client, generated from the OpenAPI document) for a test's
 * well-formed calls, so the client is exercised by every e2e run and cannot rot: money calls
 * carry an Idempotency-Key, a non-2xx answer throws CoinProblemError (`await expect(call).rejects
 * .toMatchObject({ status: 422, code: 'INSUFFICIENT_FUNDS' })`). Requests the document forbids
 * (malformed, hostile, missing fields) go through `http()` below.
 */
export function apiClient(baseUrl: string, credentials: { accessToken?: string; apiKey?: string } = {}): CoinClient {
  return createCoinClient({ baseUrl, ...credentials });
}

/** A small raw HTTP client for tests: JSON in, status + parsed body + headers out; sends whatever it is given. */
export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function http<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // A JSON body is always sent as JSON here; raw bodies keep a content type the test chose.
  if (options.rawBody === undefined && options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await requestJson<T>(baseUrl, method, path, {
    ...(options.rawBody !== undefined ? { rawBody: options.rawBody } : options.body !== undefined ? { body: options.body } : {}),
    headers,
    timeoutMs: testRequestTimeoutMs,
  });
  return { status: response.status, body: response.body, headers: response.headers };
}

let counter = 0;
/** An email no other test of any run has used. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}.${Date.now().toString(36)}.${process.pid}.${counter}@example.test`;
}

export async function registerUser(baseUrl: string, overrides: { email?: string; password?: string; fullName?: string } = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const coin = apiClient(baseUrl);
  // Registration answers the same 202 for a free and a taken address (no tokens): log in next.
  const accepted = await coin.registerUser({ body: { email, password, fullName: overrides.fullName ?? 'Test User' } });
  if (accepted.status !== 'accepted') throw new Error(`registration of ${email}: ${JSON.stringify(accepted)}`);
  const session = tokensOf(await coin.login({ body: { email, password } }));
  return {
    email,
    password,
    userId: session.user.id,
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
  };
}

/**
 * Logs in through the API client: the token pair (throws CoinProblemError on a non-2xx answer).
 * An account with a second factor answers a challenge instead: sign those in with `signIn`
 * (scripts/stack/totp.ts) and the account's device.
 */
export async function login(baseUrl: string, email: string, password: string): Promise<{ accessToken: string; refreshToken: string }> {
  const answer = await apiClient(baseUrl).login({ body: { email, password } });
  if ('mfaRequired' in answer) throw new Error(`${email} has a second factor: sign in with signIn() and its TotpDevice`);
  return { accessToken: answer.accessToken, refreshToken: answer.refreshToken };
}

/**
 * The 201 of a money call that may also answer 202 (a MINT, BURN or REFUND above the four-eyes
 * thresholds waits for approval): the test's amounts are below them, so a 202 fails the test.
 */
export async function applied<T>(call: Promise<T>): Promise<Extract<T, { transaction: unknown }>> {
  const result = await call;
  if (!result || typeof result !== 'object' || !('transaction' in result)) {
    throw new Error(`expected the operation applied (201), got ${JSON.stringify(result)}`);
  }
  return result as Extract<T, { transaction: unknown }>;
}

/** A login's answer as tokens: an account without a second factor gets no challenge (the test fails if it does). */
export function tokensOf<T>(answer: T): Exclude<T, { mfaRequired: true }> {
  if (answer && typeof answer === 'object' && 'mfaRequired' in answer) throw new Error('expected tokens, got a second-factor challenge');
  return answer as Exclude<T, { mfaRequired: true }>;
}
