import { internalUser } from '@coin/contracts';
import { AppError, callFailureOf } from '@coin/errors';
import type { ServiceTokenSigner } from '@coin/http';

/** What the user service says of a person now: their token version and role, or no such live account. */
export type PersonStanding = { tokenVersion: number; role: string } | 'unknown';

/** Asks the owner of accounts where a person stands now. */
export type StandingReader = (userId: string) => Promise<PersonStanding>;

/**
 * Asks the user service (`GET /internal/users/:id`, with this service's own token) where a person
 * stands now (docs/design/monitoring.md "Who asks"): a token is signed once and believed until it
 * expires, so a person signed out everywhere, demoted or deleted since would still prove
 * themselves with it; the user service's current token version and role say whether it still
 * speaks for them. A deleted account is no account (404 USER_NOT_FOUND). Anything but a clear
 * answer is UNAVAILABLE: the step is refused, never taken without the answer.
 */
export function standingReader(options: {
  baseUrl: string;
  timeoutMs: number;
  signer: Pick<ServiceTokenSigner, 'authorizationFor'>;
  /** The HTTP client; tests pass a stub. */
  fetch?: typeof fetch;
}): StandingReader {
  const authorization = options.signer.authorizationFor('user');
  const send = options.fetch ?? fetch;
  return async (userId) => {
    let response: Response;
    try {
      response = await send(new URL(`/internal/users/${encodeURIComponent(userId)}`, options.baseUrl), {
        headers: { authorization: await authorization() },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new AppError('UNAVAILABLE', `The user service is unavailable: ${callFailureOf(err)}`);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status === 404 && (body as { code?: unknown } | undefined)?.code === 'USER_NOT_FOUND') return 'unknown';
    const user = response.ok ? internalUser.safeParse(body) : null;
    if (user?.success && String(user.data.id) === userId) return { tokenVersion: user.data.tokenVersion, role: user.data.role };
    throw new AppError('UNAVAILABLE', `The user service answered ${response.status} to a look-up of who asks`);
  };
}
