import { roleAtLeast, roleSinceOfClaim, type LedgerCommand, type Role } from '@coin/contracts';

/**
 * Who sent a client command, as the proof the consumer verified names them (docs/DESIGN.md "Who
 * asks: proof of authority in every command"), and the checks the command modules judge them by.
 */
export interface VerifiedAuthor {
  /** `service`: a service signing with its own key (the monitoring service), verified as such. */
  kind: 'user' | 'system' | 'service';
  id: string;
  role: string;
  /** Platform clients: the treasuries they were granted (a token without the claim grants none). */
  treasuries?: string[];
  /** Platform clients: granted `cashout` (a payout provider, the token's claim); absent: not one. */
  cashout?: boolean;
  /** The credential's mode (credentialModeOf, from the verified token): `test` never acts on real money. Absent: live. */
  mode?: 'live' | 'test';
}

function isRole(role: string): role is Role {
  return role === 'USER' || role === 'DEVELOPER' || role === 'ADMIN' || role === 'SUPERADMIN';
}

export function userAtLeast(author: VerifiedAuthor, minimum: Role): boolean {
  return author.kind === 'user' && isRole(author.role) && roleAtLeast(author.role, minimum);
}

/** The refusal of a command only an ADMIN+ sends, or null when the author is one. */
export function adminRefusal(command: Pick<LedgerCommand, 'type'>, author: VerifiedAuthor): string | null {
  return userAtLeast(author, 'ADMIN') ? null : `Command refused: ${command.type} needs an ADMIN+`;
}

/**
 * Whether the author is the monitoring service, verified by its own key (docs/DESIGN.md "Who asks"):
 * the one service whose commands the ledger accepts, and only to freeze a wallet.
 */
export function isMonitoring(author: VerifiedAuthor): boolean {
  return author.kind === 'service' && author.id === monitoringServiceName;
}

/** The monitoring service's name: its commands' actor id and its proofs' subject. */
export const monitoringServiceName = 'monitoring';

/** Whether the author is the user `userId`: a payer moves or reserves only their own wallet's coins. */
export function isUser(author: VerifiedAuthor, userId: number): boolean {
  return author.kind === 'user' && author.id === String(userId);
}

/**
 * What a platform client's token grants, read from the command's proof. The consumer verified the
 * proof's signature before the command reached the apply, so reading its claims here is reading
 * what the user service signed; a command without a proof (tests, the ledger's own) grants nothing.
 */
export function platformGrantsOf(command: Pick<LedgerCommand, 'actor'> & { proof?: string | undefined }): {
  treasuries?: string[];
  rewardCap?: number | null;
  /** Granted `cashout` (the claim `cashout: true`): a payout provider. */
  cashout?: boolean;
  /**
   * The people behind the client: the SUPERADMINs who asked for and approved it (claims
   * `createdBy`, `approvedBy`). It never pays them (docs/DESIGN.md "Two-person acts").
   */
  peopleBehind?: number[];
} {
  if (command.actor.kind !== 'system') return {};
  const claims = claimsOf(command.proof);
  if (!claims) return {};
  const cap = claims['rewardCap'];
  const treasuries = claims['treasuries'];
  const people = peopleOf(claims);
  return {
    ...(Array.isArray(treasuries) ? { treasuries: treasuries.filter((t): t is string => typeof t === 'string') } : {}),
    ...(typeof cap === 'number' && Number.isSafeInteger(cap) && cap >= 0 ? { rewardCap: cap } : {}),
    ...(people.length > 0 ? { peopleBehind: people } : {}),
    ...(claims['cashout'] === true ? { cashout: true } : {}),
  };
}

/**
 * When the person who sent the command took the role they hold (their token's `role_since`, which
 * the user service signs from its row): the consumer verified the proof, and that its role is the
 * actor's, before the apply. Null without a proof or the claim (an older token): such a person is
 * not known to have held the role before a request, so decides none.
 */
export function roleSinceOf(command: Pick<LedgerCommand, 'actor'> & { proof?: string | undefined }): Date | null {
  if (command.actor.kind !== 'user') return null;
  return roleSinceOfClaim(claimsOf(command.proof)?.['role_since']);
}

/**
 * The people behind the API key a person's command was sent with: the SUPERADMINs who asked for
 * and approved the key (its key proof's `createdBy`, `approvedBy`). No payment made with the key
 * goes to them (docs/DESIGN.md "Two-person acts"). The consumer verified the key proof, and that
 * it names both, before a command that needs one (apiKeyScopeNeeded) reached the apply; on any
 * other command the field is not the gateway's and not verified, and what it names can only
 * refuse its sender's own command. None for a command without one (tests, the ledger's own).
 */
export function peopleBehindKeyOf(command: Pick<LedgerCommand, 'actor'> & { keyProof?: string | undefined }): number[] {
  if (command.actor.kind !== 'user') return [];
  const claims = claimsOf(command.keyProof);
  return claims ? peopleOf(claims) : [];
}

/**
 * The scopes of the API key a person's command was sent with (its key proof's `scopes`), read
 * without verifying: the consumer verified the proof (signature, owner, time, revocation) before
 * a command that needs one reached the apply. None for a command without one.
 */
export function keyScopesOf(command: Pick<LedgerCommand, 'actor'> & { keyProof?: string | undefined }): string[] {
  if (command.actor.kind !== 'user') return [];
  const scopes = claimsOf(command.keyProof)?.['scopes'];
  return Array.isArray(scopes) ? scopes.filter((scope): scope is string => typeof scope === 'string') : [];
}

/** The `createdBy` and `approvedBy` claims that name someone. */
function peopleOf(claims: Record<string, unknown>): number[] {
  return [claims['createdBy'], claims['approvedBy']].filter(
    (id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0,
  );
}

/** The claims of a compact JWS, read without verifying (the consumer verified it), or null. */
function claimsOf(jws: string | undefined): Record<string, unknown> | null {
  const payload = jws?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the user who sent the command is verified (docs/CONTRACT.md "Cash-out"): the `verified`
 * claim of the access token the consumer verified as the command's proof, which the user service
 * sets from the account's `isVerified` when it issues the token. Absent, false or no proof: not verified.
 */
export function userVerifiedOf(command: Pick<LedgerCommand, 'actor'> & { proof?: string | undefined }): boolean {
  if (command.actor.kind !== 'user') return false;
  return claimsOf(command.proof)?.['verified'] === true;
}
