import { apiKeyScopeNeeded, scopeOfStoredCommand, type LedgerCommand } from '@coin/contracts';
import type { KeyProofVerifier } from '@coin/security';

/**
 * What a person's admin money command must show besides its author's token (docs/DESIGN.md "API
 * keys", "Who asks"), judged in the consumer after CommandAuthority verified the token and
 * authorRefusal the author's role: that the author signed in with a second factor (the token's
 * `mfa_at`), and the proof of the author's own API key with the scope the command needs
 * (apiKeyScopeNeeded, the contract's table), valid at `judgedAt`, the time the token was judged
 * at, and of a key not revoked before the command was written (`keyRevoked`: the revocation
 * floors of the command's partition, a map lookup). The gateway checks both before it sends;
 * this is what a process with the gateway's Kafka credentials and an admin's token cannot forge.
 * Null when the command passes (or needs neither).
 */
export async function adminMoneyRefusal(
  keyProofs: KeyProofVerifier,
  command: LedgerCommand,
  judgedAt: Date,
  keyRevoked: (keyId: string) => string | null,
): Promise<string | null> {
  const scope = apiKeyScopeNeeded(command);
  if (scope === null) return null;
  if (!signedInWithSecondFactor(command.proof)) {
    return `Command refused: ${command.type} of a person needs a session signed in with a second factor, and its proof carries none`;
  }
  // An approve naming only its request: its scope is the stored command's, judged once the apply loaded it (approve.ts).
  const need = { ownerUserId: command.actor.id, scope: scope === scopeOfStoredCommand ? null : scope, at: judgedAt };
  const checked = await keyProofs.check(command.keyProof, need);
  return checked.ok ? keyRevoked(checked.proof.keyId) : checked.reason;
}

/**
 * Whether the command's token says its holder gave a second factor. Read from the token's claims
 * without checking its signature again: CommandAuthority verified it before this is asked.
 */
function signedInWithSecondFactor(proof: string | undefined): boolean {
  const payload = proof?.split('.')[1];
  if (!payload) return false;
  try {
    const mfaAt = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { mfa_at?: unknown }).mfa_at;
    return typeof mfaAt === 'number' && Number.isFinite(mfaAt);
  } catch {
    return false;
  }
}
