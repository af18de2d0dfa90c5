/**
 * A stand-in for another service's internal API, for the unit tests of a reader built on
 * `internalReader` (@coin/http): every call answered by `answer`, and what each call sent (its URL
 * and its Authorization header) recorded.
 */
export function answeringInternalApi(answer: () => Promise<Response>) {
  const calls: Array<{ url: string; authorization: string | null }> = [];
  const fetch = (async (url: URL, init?: RequestInit) => {
    calls.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
    return answer();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** An answer of `status` with `body` as JSON. */
export const jsonAnswer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

/** A signer of the caller's service tokens: its Authorization header is `token`. */
export const stubSigner = (token: string) => ({ authorizationFor: () => async () => token });
