/**
 * What an answer said beside its body, as Stripe's `lastResponse`: each named operation's result
 * (an object or an array) carries it as a non-enumerable `lastResponse` property, so the body
 * stays what it was for every existing caller (JSON.stringify, spreading, deep equality and
 * `Object.keys` see the body alone) while a caller who wants the headers reads them there.
 */
export interface CoinResponse {
  /** The HTTP status of the answer (after any retries: the one that was returned). */
  readonly status: number;
  /** Every header of the answer. */
  readonly headers: Headers;
  /** The gateway's request id (`x-request-id`): what to quote to the operators. */
  readonly requestId: string | undefined;
  /** The Idempotency-Key the call was sent with (money calls), the one every retry resent. */
  readonly idempotencyKey: string | undefined;
  /** `Idempotent-Replayed: true`: the answer the key already got; nothing was done again. */
  readonly idempotentReplayed: boolean;
  /** `Coin-Version`: the API version (X.Y.Z) the answer is shaped for. */
  readonly coinVersion: string | undefined;
  /** `Deprecation` (RFC 9745), e.g. `@1767225600`: the operation is deprecated since that Unix time. */
  readonly deprecation: string | undefined;
  /** `Sunset` (RFC 8594), an HTTP date: from when a deprecated operation may be gone. */
  readonly sunset: string | undefined;
}

/**
 * A named operation's result: an object or array body carries `lastResponse`; `undefined` (204) or
 * text does not. The client sets it on every such result; it is optional in the type so that a
 * fake of the client (a test's stub returning a plain body) still type-checks.
 */
export type WithLastResponse<T> = T extends object ? T & { readonly lastResponse?: CoinResponse } : T;

/** The metadata of an answer, read from its status and headers. */
export function coinResponseOf(response: Response, idempotencyKey?: string): CoinResponse {
  const header = (name: string) => response.headers.get(name) ?? undefined;
  return {
    status: response.status,
    headers: response.headers,
    requestId: header('x-request-id'),
    idempotencyKey,
    idempotentReplayed: header('idempotent-replayed') === 'true',
    coinVersion: header('coin-version'),
    deprecation: header('deprecation'),
    sunset: header('sunset'),
  };
}

/** The body with `lastResponse` set on it, not enumerable; a body that is not an object is returned as it is. */
export function withLastResponse<T>(body: T, metadata: CoinResponse): WithLastResponse<T> {
  if (typeof body === 'object' && body !== null && Object.isExtensible(body))
    Object.defineProperty(body, 'lastResponse', { value: metadata, enumerable: false, configurable: true, writable: false });
  return body as WithLastResponse<T>;
}
