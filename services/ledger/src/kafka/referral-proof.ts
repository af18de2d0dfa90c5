import type { LedgerCommand } from '@coin/contracts';
import type { ReferralProofVerifier } from '@coin/security';

/**
 * What a purchase naming an affiliate must show besides its buyer's token (docs/CONTRACT.md
 * "Affiliate splits"), judged in the consumer before any apply, like the proof of an API key: a
 * referral the user service signed (the key the ledger trusts for access tokens, the referral's
 * own type and audience), valid at `judgedAt` (the time the broker appended the command), of a
 * platform client not revoked before the command was written (`clientRevoked`: the revocation
 * floors of the command's partition, a map lookup). What the referral binds (this buyer, this
 * treasury, this reference) and whom it may pay are the deciders' to judge (domain/commands/split.ts,
 * typed refusals). Null when the command passes or carries no referral.
 */
export async function referralRefusal(
  referrals: ReferralProofVerifier,
  command: LedgerCommand,
  judgedAt: Date,
  clientRevoked: (clientId: string) => string | null,
): Promise<string | null> {
  // A sandbox purchase's affiliate named by its test-mode client carries no referral: the author's
  // check admits it in the sandbox only (domain/authority.ts).
  if (command.type !== 'ledger.transfer' || command.data.affiliate === undefined || !('referral' in command.data.affiliate)) return null;
  const checked = await referrals.check(command.data.affiliate.referral, judgedAt);
  return checked.ok ? clientRevoked(checked.referral.clientId) : checked.reason;
}
