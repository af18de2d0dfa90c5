import type { FetchLike } from './retry';

/**
 * How long one attempt may wait for its answer by default (ms). The gateway answers a command it
 * could not finish with 504 after its own wait (COMMAND_TIMEOUT_MS, 5 s by default) and every
 * other request well within that, so a connection silent for six times as long will not answer:
 * without a bound, a call on it would wait for as long as the socket lives (hours behind some
 * proxies) and hold its caller's request with it.
 */
export const defaultTimeoutMs = 30_000;

/** The largest timeout setTimeout keeps (ms, about 24.8 days): a larger one would fire at once. */
const timeoutMsMax = 2 ** 31 - 1;

/** The timeout of the options, checked: a whole number of ms, 0 for none. */
export function timeoutMsOf(timeoutMs: number | undefined): number {
  const ms = timeoutMs ?? defaultTimeoutMs;
  if (!Number.isInteger(ms) || ms < 0 || ms > timeoutMsMax)
    throw new TypeError(`timeoutMs must be a whole number of milliseconds from 0 (no timeout) to ${timeoutMsMax}`);
  return ms;
}

/** An event stream (the balance streams) is read for as long as it lasts: only its status and headers are timed. */
function isStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
}

/**
 * A fetch whose every attempt ends within `timeoutMs`: the answer's status and headers, and its
 * body but for an event stream, must arrive in time, or the attempt is aborted and rejects with a
 * `TimeoutError` (a DOMException naming the limit). The retrying fetch around it takes that as it
 * takes a lost connection: a keyed or safe request is sent again, the same key with it, and the
 * last failure becomes a CoinNetworkError. The caller's own signal still aborts at once. The
 * attempt is also raced against the limit, so a fetch that ignores signals (a test's fake, some
 * polyfills) cannot outwait it. 0: no limit.
 */
export function timeoutFetch(fetchImpl: FetchLike, timeoutMs: number): FetchLike {
  if (timeoutMs === 0) return fetchImpl;
  return async (request, init) => {
    const controller = new AbortController();
    const reason = new DOMException(`${request.method} ${request.url}: no answer within ${timeoutMs} ms`, 'TimeoutError');
    let rejectLate: (err: unknown) => void = () => undefined;
    const late = new Promise<never>((_, reject) => {
      rejectLate = reject;
    });
    const timer = setTimeout(() => {
      controller.abort(reason);
      rejectLate(reason);
    }, timeoutMs);
    // Unref'd: a finished call's pending timer never keeps a process alive until it fires.
    (timer as { unref?: () => void }).unref?.();
    const timed = new Request(request, { signal: AbortSignal.any([request.signal, controller.signal]) });
    try {
      const response = await Promise.race([fetchImpl(timed, init), late]);
      // A stream's body may rightly last for hours; any other body is bounded by the same timer.
      if (isStream(response)) clearTimeout(timer);
      return response;
    } catch (err) {
      clearTimeout(timer);
      throw controller.signal.aborted && !request.signal.aborted ? reason : err;
    }
  };
}
