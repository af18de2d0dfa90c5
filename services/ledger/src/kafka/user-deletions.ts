import { AppError } from '@coin/errors';
import { type InternalReadOptions, internalReader } from '@coin/http';

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
export function userDeletionReader(options: InternalReadOptions): UserDeletionReader {
  const read = internalReader('user', 'The user service', options);
  return async (userId) => {
    const { status, ok, body: answered } = await read(`/internal/users/${userId}/deletion`);
    const body = answered as { deleted?: unknown; userId?: unknown; code?: unknown } | undefined;
    if (status === 404 && body?.code === 'USER_NOT_FOUND') return 'unknown';
    if (ok && body?.userId === userId && typeof body.deleted === 'boolean') return body.deleted ? 'deleted' : 'live';
    throw new AppError('UNAVAILABLE', `The user service answered ${status} to a deletion check`);
  };
}
