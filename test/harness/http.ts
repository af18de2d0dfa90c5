import { requestJson } from '../../scripts/stack/http-json';

/** Longer than any test waits: a hung request fails the test by its own timeout first. */
const testRequestTimeoutMs = 120_000;

/** A small HTTP client for tests: JSON in, status + parsed body + headers out. */
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
  const result = await http(baseUrl, 'POST', '/api/auth/register', {
    body: { email, password, fullName: overrides.fullName ?? 'Test User' },
  });
  if (result.status !== 201) throw new Error(`register failed: ${result.status} ${JSON.stringify(result.body)}`);
  return {
    email,
    password,
    userId: result.body.user.id as number,
    accessToken: result.body.accessToken as string,
    refreshToken: result.body.refreshToken as string,
  };
}
