import { AppError, callFailureOf } from '@coin/errors';
import type { ServiceName, ServiceTokenSigner } from './service-auth';

/** Where and how a service reads another's internal API: its address, its own token, a time bound. */
export interface InternalReadOptions {
  baseUrl: string;
  timeoutMs: number;
  signer: Pick<ServiceTokenSigner, 'authorizationFor'>;
  /** The HTTP client; tests pass a stub. */
  fetch?: typeof fetch;
}

/** What the callee answered: its status and its JSON body (undefined when the body is not JSON). */
export interface InternalAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

/**
 * A GET of another service's internal API with this service's own token, within `timeoutMs`:
 * the answer as it came, for the caller to judge; a call that fails on the way (refused, reset,
 * timed out) is UNAVAILABLE naming the callee (`calleeWords`, e.g. "The user service"), which a
 * caller treats as transient, never as an answer.
 */
export function internalReader(
  callee: ServiceName,
  calleeWords: string,
  options: InternalReadOptions,
): (path: string) => Promise<InternalAnswer> {
  const authorization = options.signer.authorizationFor(callee);
  const send = options.fetch ?? fetch;
  return async (path) => {
    let response: Response;
    try {
      response = await send(new URL(path, options.baseUrl), {
        headers: { authorization: await authorization() },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new AppError('UNAVAILABLE', `${calleeWords} is unavailable: ${callFailureOf(err)}`);
    }
    const body: unknown = await response.json().catch(() => undefined);
    return { status: response.status, ok: response.ok, body };
  };
}
