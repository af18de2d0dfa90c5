/**
 * The one JSON-over-HTTP helper of the tooling: set-up work (funding, admin), the bank test's
 * clients and the test harness's `http()` all go through it.
 */
export interface JsonResponse<T = any> {
  status: number;
  body: T;
  contentType: string;
  headers: Headers;
}

export async function requestJson<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    ...(body !== undefined ? { body } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, contentType: response.headers.get('content-type') ?? '', headers: response.headers };
}
