import { CoinNetworkError } from './problem';

export interface RetryPolicy {
  /** Attempts in all, the first included (default 3; 1 turns retries off). */
  attempts?: number;
  /** The first back-off; each further one doubles, with jitter (default 200 ms). */
  baseDelayMs?: number;
  /** The longest wait before a retry (default 10 s). A Retry-After asking for longer is not retried: the answer is returned. */
  maxDelayMs?: number;
}

/** Answers that say "not done, try again later": rate limited, unavailable, timed out at the gateway. */
export const retriedStatuses: ReadonlySet<number> = new Set([429, 503, 504]);

/**
 * 409 REQUEST_IN_PROGRESS: the first request with this key is still in flight (a retry sent while
 * it was), so this one did nothing; the contract asks to try again later with the same key. Read
 * from a copy: the answer stays whole for the caller. Other 409s are final (a hold not pending).
 */
async function isRequestInProgress(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown } | null;
    return body?.code === 'REQUEST_IN_PROGRESS';
  } catch {
    return false;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export type FetchLike = (input: Request, init?: Record<string, unknown>) => Promise<Response>;

/**
 * A fetch that retries what is safe to retry, and only that: a request with an Idempotency-Key
 * (always resent with that same key: the API answers a replay with the first answer and moves the
 * money once) or a safe method (GET, HEAD, OPTIONS). A POST, PATCH or DELETE without a key is sent
 * once, whatever happens. Retried: 429, 503 and 504 answers (Retry-After honoured, up to
 * maxDelayMs), a keyed request's 409 REQUEST_IN_PROGRESS, and network errors. A network error on
 * the last attempt becomes a CoinNetworkError naming the key; an abort by the caller's signal is
 * rethrown as is.
 */
export function retryingFetch(fetchImpl: FetchLike, policy: RetryPolicy = {}): FetchLike {
  const attemptsMax = Math.max(1, Math.floor(policy.attempts ?? 3));
  const baseDelayMs = Math.max(0, policy.baseDelayMs ?? 200);
  const maxDelayMs = Math.max(0, policy.maxDelayMs ?? 10_000);
  return async (request, init) => {
    const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
    const retriable = idempotencyKey !== undefined || safeMethods.has(request.method.toUpperCase());
    const attempts = retriable ? attemptsMax : 1;
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= attempts;
      // The original stays unread until the last attempt: every retry sends the same bytes and headers.
      const sent = last ? request : request.clone();
      let response: Response;
      try {
        response = await fetchImpl(sent, init);
      } catch (err) {
        if (request.signal?.aborted) throw err;
        if (last) {
          const what = `${request.method} ${request.url}`;
          throw new CoinNetworkError(`${what}: no answer after ${attempt} attempt(s): ${(err as Error)?.message ?? err}`, {
            cause: err,
            idempotencyKey,
            attempts: attempt,
          });
        }
        await sleep(backoff(attempt, baseDelayMs, maxDelayMs), request.signal);
        continue;
      }
      if (last) return response;
      const notDoneYet = retriedStatuses.has(response.status) || (idempotencyKey !== undefined && (await isRequestInProgress(response)));
      if (!notDoneYet) return response;
      const asked = retryAfterMs(response.headers.get('retry-after'));
      if (asked !== undefined && asked > maxDelayMs) return response;
      // Not awaited: a cancel can wait on a reader it does not own (a tee), and the wait is ours to decide.
      response.body?.cancel().catch(() => undefined);
      await sleep(asked ?? backoff(attempt, baseDelayMs, maxDelayMs), request.signal);
    }
  };
}

/** Exponential back-off with jitter: between half and all of base x 2^(attempt-1), at most max. */
export function backoff(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
