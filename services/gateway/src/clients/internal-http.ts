import { askerHeaders, idempotentReplayedHeader } from '@coin/contracts';
import { AppError, isErrorCode } from '@coin/errors';

const readRetryPauseMs = 200;

/** The backing service answered that it cannot serve now (503, or a failure it did not explain). */
class BackingServiceUnavailable extends AppError {
  constructor() {
    super('UNAVAILABLE', 'A backing service failed; retry later');
  }
}

export interface InternalRequestOptions {
  body?: unknown;
  requestId?: string;
  /** Told when the service answered from the outcome a first request with the same id stored (its `idempotent-replayed: true`). */
  onReplayed?: () => void;
  /** This call's time limit instead of the client's (a long poll's, which the service holds). */
  timeoutMs?: number;
  /** Ends the call early (a stop). */
  signal?: AbortSignal;
  /** The person who reads, for a service that verifies them itself (monitoring's reads): @coin/contracts askerHeaders. */
  asker?: Asker;
}

/** A person who asks, as the gateway names them to a service, with their own access token as the proof. */
export interface Asker {
  id: string;
  role: string;
  token: string;
}

function askerHeadersOf(asker: Asker | undefined): Record<string, string> {
  return asker ? { [askerHeaders.id]: asker.id, [askerHeaders.role]: asker.role, [askerHeaders.token]: asker.token } : {};
}

/** The `authorization` header of the next call: a cached service token (ServiceTokenSigner.authorizationFor). */
export type InternalAuthorization = () => Promise<string>;

/**
 * Reads from a service's internal API, as the gateway (a service token in every request,
 * docs/DESIGN.md "Internal HTTP credentials"). A problem answer becomes the same AppError the
 * service raised; a network failure or a timeout becomes UNAVAILABLE (the details go to the log
 * only). A 401 or 403 from the service is the gateway's own misconfiguration (a key the callee
 * does not hold, a route table without the gateway), never the end user's: it becomes the
 * generic UNAVAILABLE, and the callee's log says which.
 */
export class InternalHttpClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
    private readonly authorization: InternalAuthorization,
  ) {}

  async request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, options: InternalRequestOptions = {}): Promise<T> {
    try {
      return await this.requestOnce<T>(method, path, options);
    } catch (err) {
      // A read is safe to repeat: one more try after a short pause rides out a backing service
      // that lost its database connections a moment ago (a failover leaves every pooled one
      // broken, and each fails once). A POST may have done something: never repeated here.
      // Only when the service answered so: a timeout is not repeated (it would double the wait).
      if (method !== 'GET' || !(err instanceof BackingServiceUnavailable)) throw err;
      await new Promise((resolve) => setTimeout(resolve, readRetryPauseMs));
      return this.requestOnce<T>(method, path, options);
    }
  }

  private async requestOnce<T>(method: 'GET' | 'POST' | 'DELETE', path: string, options: InternalRequestOptions): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          authorization: await this.authorization(),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.requestId ? { 'x-request-id': options.requestId } : {}),
          ...askerHeadersOf(options.asker),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        signal: options.signal
          ? AbortSignal.any([AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs), options.signal])
          : AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
      });
    } catch (err) {
      throw new AppError('UNAVAILABLE', `A backing service is unavailable: ${(err as Error).name}`);
    }
    const text = await response.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    if (response.ok) {
      if (response.headers.get(idempotentReplayedHeader) === 'true') options.onReplayed?.();
      return body as T;
    }
    // The service's credential check (it alone answers with WWW-Authenticate) refused the gateway
    // itself; a route's own 401 (a wrong password) is the end user's answer and passes through.
    if ((response.status === 401 || response.status === 403) && response.headers.has('www-authenticate')) {
      throw new BackingServiceUnavailable();
    }
    const problem = body as { code?: string; detail?: string; errors?: Array<{ path: string; message: string }> } | undefined;
    if (problem?.code && isErrorCode(problem.code) && problem.code !== 'INTERNAL' && problem.code !== 'UNAVAILABLE') {
      throw new AppError(problem.code, problem.detail, problem.errors ? { errors: problem.errors } : undefined);
    }
    throw new BackingServiceUnavailable();
  }

  /**
   * GET an answer that is passed through unread (a statement's CSV): the headers must come within
   * the timeout, the body then flows as fast as the caller reads it, however long (a year of a
   * treasury), and `close()` cuts the upstream read when the caller goes away. Errors before the
   * body are the same AppErrors as `request`'s.
   */
  async stream(path: string, requestId?: string): Promise<{ response: Response; close: () => void }> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error('timeout')), this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        headers: { authorization: await this.authorization(), ...(requestId ? { 'x-request-id': requestId } : {}) },
        signal: abort.signal,
      });
    } catch (err) {
      throw new AppError('UNAVAILABLE', `A backing service is unavailable: ${(err as Error).name}`);
    } finally {
      clearTimeout(timer);
    }
    if (response.ok) return { response, close: () => abort.abort(new Error('caller gone')) };
    const text = await response.text();
    const problem = (text ? JSON.parse(text) : undefined) as
      | { code?: string; detail?: string; errors?: Array<{ path: string; message: string }> }
      | undefined;
    if (
      problem?.code &&
      isErrorCode(problem.code) &&
      problem.code !== 'INTERNAL' &&
      problem.code !== 'UNAVAILABLE' &&
      !response.headers.has('www-authenticate')
    ) {
      throw new AppError(problem.code, problem.detail, problem.errors ? { errors: problem.errors } : undefined);
    }
    throw new BackingServiceUnavailable();
  }

  get<T>(path: string, requestId?: string): Promise<T> {
    return this.request<T>('GET', path, requestId ? { requestId } : {});
  }

  post<T>(path: string, body: unknown, requestId?: string): Promise<T> {
    return this.request<T>('POST', path, { body, ...(requestId ? { requestId } : {}) });
  }
}
