import type { Actor } from '@coin/contracts';
import { roleSinceClaimOf } from '@coin/contracts';

/**
 * Proofs for the apply's unit tests: the consumer verified a command's proof (signature, subject,
 * role, time) before the apply, so here a proof is only its claims, unsigned.
 */

/** A compact JWS carrying `claims`, unsigned (the apply reads claims; the consumer verified the signature). */
export function claimsJws(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA' })}.${part(claims)}.signature`;
}

/** When the people of the unit tests took their roles, unless a test says: long before any request. */
export const longAgo = new Date('2020-01-01T00:00:00Z');

/** The decisions of four-eyes requests, whose decider's role and `role_since` the apply reads from the proof. */
const decisions: ReadonlySet<string> = new Set(['ledger.approve']);

/**
 * A person's token as the apply reads it: their role and when they took it (`role_since`), on a
 * decision of a four-eyes request (empty for any other command, or an actor who is no person).
 */
export function deciderProof(type: string, actor: Actor, roleSince: Date = longAgo): { proof?: string } {
  if (!decisions.has(type) || actor.kind !== 'user') return {};
  return { proof: claimsJws({ sub: actor.id, role: actor.role, role_since: roleSinceClaimOf(roleSince) }) };
}
