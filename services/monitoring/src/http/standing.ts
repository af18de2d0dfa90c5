import { internalUser } from '@coin/contracts';
import { AppError } from '@coin/errors';
import { type InternalReadOptions, internalReader } from '@coin/http';

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
export function standingReader(options: InternalReadOptions): StandingReader {
  const read = internalReader('user', 'The user service', options);
  return async (userId) => {
    const { status, ok, body } = await read(`/internal/users/${encodeURIComponent(userId)}`);
    if (status === 404 && (body as { code?: unknown } | undefined)?.code === 'USER_NOT_FOUND') return 'unknown';
    const user = ok ? internalUser.safeParse(body) : null;
    if (user?.success && String(user.data.id) === userId) return { tokenVersion: user.data.tokenVersion, role: user.data.role };
    throw new AppError('UNAVAILABLE', `The user service answered ${status} to a look-up of who asks`);
  };
}
