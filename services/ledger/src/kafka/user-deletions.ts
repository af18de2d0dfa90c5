import { AppError, callFailureOf } from '@coin/errors';
import type { ServiceTokenSigner } from '@coin/http';

/** What the user service says of an account: deleted, live, or no such account. */
export type UserDeletionStatus = 'deleted' | 'live' | 'unknown';

/** Asks the owner of accounts whether one is deleted. */
export type UserDeletionReader = (userId: number) => Promise<UserDeletionStatus>;

/**
 * Asks the user service (`GET /internal/users/:id/deletion`, with this service's own token) whether
 * a user is deleted (docs/DESIGN.md "Deleting a user"): the ledger closes a wallet, burning its
 * balance, only on the owner's word, never on an event's. Any failure but a clear answer is
 * UNAVAILABLE, which the consumer treats as transient: the event is retried, never decided
 * without the answer.
 */
export function userDeletionReader(options: {
  baseUrl: string;
  timeoutMs: number;
  signer: Pick<ServiceTokenSigner, 'authorizationFor'>;
  /** The HTTP client; tests pass a stub. */
  fetch?: typeof fetch;
}): UserDeletionReader {
  const authorization = options.signer.authorizationFor('user');
  const send = options.fetch ?? fetch;
  return async (userId) => {
    let response: Response;
    try {
      response = await send(new URL(`/internal/users/${userId}/deletion`, options.baseUrl), {
        headers: { authorization: await authorization() },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw new AppError('UNAVAILABLE', `The user service is unavailable: ${callFailureOf(err)}`);
    }
    const body = (await response.json().catch(() => undefined)) as { deleted?: unknown; userId?: unknown; code?: unknown } | undefined;
    if (response.status === 404 && body?.code === 'USER_NOT_FOUND') return 'unknown';
    if (response.ok && body?.userId === userId && typeof body.deleted === 'boolean') return body.deleted ? 'deleted' : 'live';
    throw new AppError('UNAVAILABLE', `The user service answered ${response.status} to a deletion check`);
  };
}
