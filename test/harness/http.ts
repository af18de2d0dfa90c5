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
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(new URL(path, baseUrl), { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
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
  return { email, password, userId: result.body.user.id as number, accessToken: result.body.accessToken as string, refreshToken: result.body.refreshToken as string };
}
