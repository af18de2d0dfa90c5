import { createCoinClient } from './client';
import type { RetryPolicy } from './retry';

export interface ClientCredentialsOptions {
  /** Where the API is, as for createCoinClient. */
  baseUrl: string;
  /** The platform client's id and secret (`npm run admin -- create-client`, or POST /api/admin/platform-clients). */
  clientId: string;
  clientSecret: string;
  /** A new token is fetched when less than this is left of the current one (default 60 s; at most half its lifetime). */
  refreshMarginSeconds?: number;
  fetch?: (input: Request) => Promise<Response>;
  retry?: RetryPolicy;
  /** Each token request's limit, as createCoinClient's `timeoutMs` (default 30,000 ms). */
  timeoutMs?: number;
  /** The clock, in milliseconds (default Date.now): a test's own. */
  now?: () => number;
}

/** The current SYSTEM token, fetched when needed; pass it as createCoinClient's `accessToken`. */
export type TokenSource = (() => Promise<string>) & {
  /** Forgets the token (e.g. after a 401: the client was revoked, or its grants changed): the next call fetches a new one. */
  invalidate(): void;
};

/**
 * A platform client's SYSTEM token from POST /api/auth/token (the JSON form of OAuth 2.0 client
 * credentials), kept until shortly before it expires and then fetched again:
 *
 *   const token = clientCredentialsToken({ baseUrl, clientId, clientSecret });
 *   const coin = createCoinClient({ baseUrl, accessToken: token });
 *   await coin.rewardUser({ body: { userId: 42, amount: 50, reason: 'Finished course 42' } });
 *
 * Calls that ask at the same time share one token request; a failed request is not kept (the
 * next call asks again) and throws CoinProblemError (a 401 for a wrong or revoked secret).
 */
export function clientCredentialsToken(options: ClientCredentialsOptions): TokenSource {
  const now = options.now ?? Date.now;
  const api = createCoinClient({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  let current: { token: string; refreshAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const asked = now();
    const answer = await api.issueToken({ body: { clientId: options.clientId, clientSecret: options.clientSecret } });
    const token = 'accessToken' in answer ? answer.accessToken : answer.access_token;
    const lifetime = 'expiresIn' in answer ? answer.expiresIn : answer.expires_in;
    const margin = Math.min(options.refreshMarginSeconds ?? 60, lifetime / 2);
    // From when it was asked for: the time the request took is already gone from the token's life.
    current = { token, refreshAt: asked + (lifetime - margin) * 1000 };
    return token;
  };

  const source = (async () => {
    if (current && now() < current.refreshAt) return current.token;
    inFlight ??= fetchToken().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }) as TokenSource;
  source.invalidate = () => {
    current = undefined;
  };
  return source;
}
