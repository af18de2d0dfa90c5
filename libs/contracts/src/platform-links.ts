import { z } from 'zod';
import { isoDateTime, userId } from './common';
import { payoutLinesMax } from './ledger';
import { platformClientId } from './user';

/**
 * Platform links (docs/CONTRACT.md "Platform links"): the users of a platform client are the ones
 * who linked it themselves, with their own token. A client names only these users where its word
 * alone would make it speak or act in someone's name: the referrals it attests, and everything a
 * test-mode client does in the sandbox for a test user. Naming anyone else, an existing account
 * or an id no account has, is answered alike, so existence is not an oracle.
 */

/** POST /api/auth/platform-links: the signed-in user links a platform client (they use it). */
export const platformLinkBody = z.strictObject({ clientId: platformClientId });
/** The link as kept: the client, and when the user first linked it (linking again changes nothing). */
export const platformLink = z.object({ clientId: platformClientId, linkedAt: isoDateTime });
export type PlatformLink = z.infer<typeof platformLink>;
/** The user service's internal route that records a link: the body above, with the user the gateway authenticated. */
export const internalPlatformLinkBody = platformLinkBody.extend({ userId });
/** Which of these users are linked to the client (live accounts only): what the rule below is judged on. */
export const linkedUsersQuery = z.strictObject({
  clientId: platformClientId,
  userIds: z.array(userId).min(1).max(payoutLinesMax),
});
/**
 * The users among those asked who are the client's, and the proof of it the user service signed
 * (libs/security test-users-proof.ts): what a test-mode client's sandbox command carries, so the
 * sandbox ledger judges the users it names on the user service's word, never the gateway's.
 */
export const linkedUsers = z.object({ userIds: z.array(userId), usersProof: z.string().min(1) });

/** A named user the client may not name, where in the request it was named, and the refusal's detail. */
export interface UnlinkedUser {
  userId: number;
  /** Its place among the names given (a payout's line). */
  index: number;
  detail: string;
}

/**
 * The first of `named` not among `linked`, or null when the client may name them all. An id no
 * account has and an account the client has no link to are one case, with one detail: the
 * refusal says nothing of whether the account exists (the caller answers it 404 USER_NOT_FOUND).
 */
export function unlinkedUserOf(named: readonly number[], linked: ReadonlySet<number>): UnlinkedUser | null {
  const index = named.findIndex((id) => !linked.has(id));
  if (index < 0) return null;
  const userId = named[index]!;
  return { userId, index, detail: `User ${userId} has not linked this platform client` };
}
