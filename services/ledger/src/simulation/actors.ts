import type { Actor, LedgerCommand } from '@coin/contracts';
import { credentialModeOf } from '@coin/security';
import type { VerifiedAuthor } from '../domain/authors';

/**
 * Who sends the simulation's commands (docs/RELIABILITY.md "The whole-ledger simulation"): users
 * (the payers), ADMIN and SUPERADMIN persons with API keys, platform clients with their grants,
 * and the monitoring service, as libs/contracts' actor schema and domain/authors.ts know them.
 *
 * Their proofs are tokens of the right shape whose claims say what a verified token would (a
 * person's second factor, a client's treasuries and `cashout` grant, an API key's scopes and the
 * people behind it, a referral's client, buyer, affiliate and treasury), unsigned: the deciders read those claims, and the simulation judges the
 * author as the consumer does once a signature has been checked (judge.ts). Signatures,
 * revocations and token ages are the security tests' subject, not this one's.
 */

export interface Cast {
  /** ADMIN and SUPERADMIN persons; they have wallets of their own among the users. */
  admins: ReadonlyArray<{ id: number; role: 'ADMIN' | 'SUPERADMIN' }>;
  platformClients: ReadonlyArray<{ id: string; treasuries: readonly string[]; cashout?: boolean; rewardCap?: number }>;
  services: readonly string[];
}

/** The SUPERADMINs who asked for and approved every API key and platform client: never paid by them. */
export const peopleBehindGrants = { createdBy: 900_003, approvedBy: 900_004 } as const;

export const defaultCast: Cast = {
  admins: [
    { id: 900_001, role: 'ADMIN' },
    { id: 900_002, role: 'ADMIN' },
    { id: 900_003, role: 'SUPERADMIN' },
  ],
  platformClients: [
    { id: 'pc_shop', treasuries: ['COURSE_FEES', 'REWARDS', 'SUBSCRIPTIONS'], rewardCap: 50_000 },
    { id: 'pc_stream', treasuries: ['SUBSCRIPTIONS'] },
    { id: 'pc_payout', treasuries: [], cashout: true },
    // A test-mode client: the live ledger refuses whatever it sends.
    { id: 'test_sandbox', treasuries: ['REWARDS'] },
  ],
  services: ['monitoring'],
};

/** A compact JWS of these claims, unsigned (see above): what the deciders read from a proof. */
export function unsignedToken(claims: Record<string, unknown>, typ = 'JWT'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'EdDSA', typ })}.${part(claims)}.c2ltdWxhdGlvbg`;
}

/**
 * A platform client's referral of a buyer (docs/CONTRACT.md "Affiliate splits"), unsigned as the
 * other proofs are: the client (`sub`), the buyer, the affiliate, the treasury, the people behind
 * the client's grant, valid for an hour from `iatS`.
 */
export function unsignedReferral(claims: { sub: string; buyer: number; affiliate: number; treasury: string; iatS: number }): string {
  const { iatS, ...named } = claims;
  return unsignedToken({ ...named, ...peopleBehindGrants, iat: iatS, exp: iatS + 3600 }, 'coin-referral+jwt');
}

/** The claims of a compact JWS as they are, unchecked (a hostile one included), or an empty record. */
export function rawClaimsOf(token: unknown): Record<string, unknown> {
  return typeof token === 'string' ? claimsOf(token) : {};
}

/** A command's actor and proofs. */
export interface Sender {
  actor: Actor;
  proof?: string;
  keyProof?: string;
}

export function userSender(userId: number, role: 'USER' | 'ADMIN' | 'SUPERADMIN' = 'USER', issuedAtS = 0): Sender {
  const person = role !== 'USER';
  return {
    actor: { kind: 'user', id: String(userId), role },
    // Even ids are verified users (a cash-out's daily limit depends on it); persons signed in with a second factor.
    proof: unsignedToken({
      sub: String(userId),
      role,
      ver: 0,
      ...(userId % 2 === 0 ? { verified: true } : {}),
      // Persons signed in with a second factor, in their role since the epoch's first second: before every request.
      ...(person ? { mfa_at: issuedAtS, role_since: 1 } : {}),
    }),
    ...(person
      ? {
          keyProof: unsignedToken({
            sub: String(userId),
            keyId: `key-${userId}`,
            scopes: ['mint', 'burn', 'refund', 'reward'],
            ...peopleBehindGrants,
          }),
        }
      : {}),
  };
}

export function clientSender(client: Cast['platformClients'][number]): Sender {
  return {
    actor: { kind: 'system', id: client.id },
    proof: unsignedToken({
      sub: client.id,
      role: 'SYSTEM',
      treasuries: client.treasuries,
      ...(client.rewardCap === undefined ? {} : { rewardCap: client.rewardCap }),
      ...(client.cashout ? { cashout: true } : {}),
      ...peopleBehindGrants,
    }),
  };
}

export function serviceSender(name: string): Sender {
  return { actor: { kind: 'service', id: name } };
}

/**
 * Every sender a command might come from: its payer, other users, the persons (signed in with a
 * second factor at `nowS`, seconds since the epoch), the clients, the services.
 */
export function candidateSenders(cast: Cast, users: readonly number[], payer: number | null, nowS: number): Sender[] {
  return [
    ...(payer === null ? [] : [userSender(payer)]),
    ...users.slice(0, 3).map((id) => userSender(id)),
    ...cast.admins.map((admin) => userSender(admin.id, admin.role, nowS)),
    ...cast.platformClients.map(clientSender),
    ...cast.services.map(serviceSender),
  ];
}

function claimsOf(token: string | undefined): Record<string, unknown> {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The author the consumer would have verified from the command's proof (kafka/command-judge.ts):
 * a service by its name, a person by the token's subject and role, a platform client with its
 * grants; null for an actor no proof could name (an operator acts on the database, never on Kafka).
 */
export function authorOf(command: Pick<LedgerCommand, 'actor'> & { proof?: string | undefined }): VerifiedAuthor | null {
  const { actor } = command;
  if (actor.kind === 'service') return { kind: 'service', id: actor.id, role: 'SERVICE' };
  if (actor.kind === 'user') return { kind: 'user', id: actor.id, role: actor.role ?? 'USER', mode: 'live' };
  if (actor.kind !== 'system') return null;
  const claims = claimsOf(command.proof);
  const treasuries = claims.treasuries;
  return {
    kind: 'system',
    id: actor.id,
    role: 'SYSTEM',
    mode: credentialModeOf('system', actor.id, claims.mode),
    ...(Array.isArray(treasuries) ? { treasuries: treasuries.filter((t): t is string => typeof t === 'string') } : {}),
    ...(claims.cashout === true ? { cashout: true } : {}),
  };
}
