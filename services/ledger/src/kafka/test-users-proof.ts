import type { LedgerCommand } from '@coin/contracts';
import type { TestUsersProofVerifier } from '@coin/security';
import type { VerifiedAuthor } from '../domain/authority';
import { sandboxUsersNamedBy, sandboxUsersRefusal } from '../domain/sandbox-users';

/**
 * What a test-mode client's sandbox command naming users must show besides the client's token
 * (docs/decisions/0018-sandbox.md "Whose users a test client names"), judged in the consumer
 * before any apply, like a referral: a proof the user service signed (the key the ledger trusts for
 * access tokens, the proof's own type and audience), valid at `judgedAt` (the time the broker
 * appended the command), for this client, listing every user the command names. The gateway's
 * word is never enough: a command written past it with the client's genuine token names no other
 * client's user. Null when the command passes or names no user.
 */
export async function testUsersRefusal(
  verifier: TestUsersProofVerifier,
  command: LedgerCommand,
  judgedAt: Date,
  author: VerifiedAuthor,
): Promise<string | null> {
  const named = sandboxUsersNamedBy(command);
  if (named.length === 0) return null;
  if (command.usersProof === undefined) return sandboxUsersRefusal(named, author.id, null);
  const checked = await verifier.check(command.usersProof, judgedAt);
  return checked.ok ? sandboxUsersRefusal(named, author.id, checked.users) : checked.reason;
}
