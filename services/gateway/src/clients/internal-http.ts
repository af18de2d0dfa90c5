import { AppError, isErrorCode } from '@coin/errors';

/**
 * Reads from a service's internal API. A problem answer becomes the same AppError the service
 * raised; a network failure or a timeout becomes UNAVAILABLE (the details go to the log only).
 */
export class InternalHttpClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async request<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; requestId?: string } = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new AppError('UNAVAILABLE', `A backing service is unavailable: ${(err as Error).name}`);
    }
    const text = await response.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    if (response.ok) return body as T;
    const problem = body as { code?: string; detail?: string; errors?: Array<{ path: string; message: string }> } | undefined;
    if (problem?.code && isErrorCode(problem.code) && problem.code !== 'INTERNAL') {
      throw new AppError(problem.code, problem.detail, problem.errors ? { errors: problem.errors } : undefined);
    }
    throw new AppError('UNAVAILABLE', 'A backing service failed; retry later');
  }

  get<T>(path: string, requestId?: string): Promise<T> {
    return this.request<T>('GET', path, requestId ? { requestId } : {});
  }

  post<T>(path: string, body: unknown, requestId?: string): Promise<T> {
    return this.request<T>('POST', path, { body, ...(requestId ? { requestId } : {}) });
  }
}
