import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { apiKeyScopeNeeded, apiKeyScopes, roleSinceClaimOf, treasuryCodes } from '@coin/contracts';
import {
  referralProofTtlSeconds,
  signKeyProof,
  signReferralProof,
  signTestUsersProof,
  testUsersProofTtlSeconds,
  uuidV5,
} from '@coin/security';
import type { JwtKey } from './keys';

/**
 * Access tokens for test and benchmark senders that write commands to Kafka themselves, in place
 * of the gateway: signed with the stack's key exactly as the user service signs them, so the
 * ledger and the user service verify them like any caller's (docs/DESIGN.md "Who asks: proof of
 * authority in every command"). Never used by a service.
 */
export interface ProofActor {
  kind: 'user' | 'system';
  id: string;
  role?: string;
  /** SYSTEM tokens: the treasuries granted (default: every one) and the daily reward cap (minor units). */
  treasuries?: string[];
  rewardCap?: number | null;
  /** SYSTEM tokens: the `mode` claim, as the user service signs it from the client id (absent: none, an older token). */
  mode?: 'live' | 'test';
  /** SYSTEM tokens: granted `cashout` (a payout provider, the claim `cashout: true`); absent: not one. */
  cashout?: boolean;
  /**
   * Users: when they took their role (the `role_since` claim, which a four-eyes decision judges);
   * default: long before any test (2020-01-01), an ADMIN+ since before every request; null: no
   * claim (a token signed before the user service signed it).
   */
  roleSince?: Date | null;
}

/** The `role_since` of a test person who names none: long before any request a test makes. */
const longAgo = new Date('2020-01-01T00:00:00Z');

export async function signProof(
  key: JwtKey,
  actor: ProofActor,
  options: { issuer?: string; audience?: string; issuedAt?: Date; ttlSeconds?: number; mfaAt?: Date | null; tokenVersion?: number } = {},
): Promise<string> {
  const iat = Math.floor((options.issuedAt ?? new Date()).getTime() / 1000);
  const claims: Record<string, unknown> = { role: actor.kind === 'system' ? 'SYSTEM' : actor.role, ver: options.tokenVersion ?? 0 };
  // A person signed in with the second factor when the token was issued (what step-up commands
  // need), unless the sender says otherwise (null: a password-only session).
  if (actor.kind === 'user' && options.mfaAt !== null) claims.mfa_at = options.mfaAt ? Math.floor(options.mfaAt.getTime() / 1000) : iat;
  if (actor.kind === 'user' && actor.roleSince !== null) claims['role_since'] = roleSinceClaimOf(actor.roleSince ?? longAgo);
  if (actor.kind === 'system') {
    claims['treasuries'] = actor.treasuries ?? [...treasuryCodes];
    claims['rewardCap'] = actor.rewardCap ?? null;
    if (actor.mode) claims['mode'] = actor.mode;
    if (actor.cashout) claims['cashout'] = true;
  }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setSubject(actor.id)
    .setIssuer(options.issuer ?? 'coin-ledger')
    .setAudience(options.audience ?? 'coin-ledger-api')
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.ttlSeconds ?? 900))
    .sign(createPrivateKey(key.privateKeyPem));
}

/**
 * The proof of an API key of `owner` (docs/DESIGN.md "API keys"), signed with the stack's key as
 * the user service signs it when the gateway looks a key up: what an admin's money command on
 * ledger.commands carries besides the admin's token. By default a key with every scope, issued
 * now, valid for 5 minutes, that no one asked for or approved (an operator's); the key id is
 * derived from the owner unless given.
 */
export async function signTestKeyProof(
  key: JwtKey,
  owner: { id: string },
  options: {
    scopes?: readonly string[];
    issuedAt?: Date;
    ttlSeconds?: number;
    keyId?: string;
    issuer?: string;
    createdBy?: number | null;
    approvedBy?: number | null;
  } = {},
): Promise<string> {
  return signKeyProof(
    { kid: key.kid, privateKey: createPrivateKey(key.privateKeyPem) },
    options.issuer ?? 'coin-ledger',
    {
      keyId: options.keyId ?? uuidV5(`test-api-key:${owner.id}`),
      ownerUserId: Number(owner.id),
      scopes: options.scopes ?? apiKeyScopes,
      createdBy: options.createdBy ?? null,
      approvedBy: options.approvedBy ?? null,
    },
    { nowMs: (options.issuedAt ?? new Date()).getTime(), ttlSeconds: options.ttlSeconds ?? 300 },
  );
}

/**
 * A referral (docs/CONTRACT.md "Affiliate splits"), signed with the stack's key as the user
 * service signs it when a platform client asks POST /api/platform/referrals: what a purchase
 * naming an affiliate carries. By default issued now, valid for the referral's hour, of a client no
 * one is behind.
 */
export async function signTestReferral(
  key: JwtKey,
  claims: {
    clientId: string;
    buyerUserId: number;
    affiliateUserId: number;
    treasury: string;
    reference?: string;
    createdBy?: number | null;
    approvedBy?: number | null;
  },
  options: { issuedAt?: Date; ttlSeconds?: number; issuer?: string } = {},
): Promise<string> {
  return signReferralProof(
    { kid: key.kid, privateKey: createPrivateKey(key.privateKeyPem) },
    options.issuer ?? 'coin-ledger',
    { createdBy: null, approvedBy: null, ...claims },
    { nowMs: (options.issuedAt ?? new Date()).getTime(), ttlSeconds: options.ttlSeconds ?? referralProofTtlSeconds },
  );
}

/**
 * The proof that `userIds` are the test-mode client `clientId`'s (docs/decisions/0018-sandbox.md
 * "Whose users a test client names"), signed with the stack's key as the user service signs it
 * when the gateway asks which users a test client names are its own. Issued now, valid five minutes.
 */
export async function signTestUsers(
  key: JwtKey,
  claims: { clientId: string; userIds: readonly number[] },
  options: { issuedAt?: Date; ttlSeconds?: number; issuer?: string } = {},
): Promise<string> {
  return signTestUsersProof({ kid: key.kid, privateKey: createPrivateKey(key.privateKeyPem) }, options.issuer ?? 'coin-ledger', claims, {
    nowMs: (options.issuedAt ?? new Date()).getTime(),
    ttlSeconds: options.ttlSeconds ?? testUsersProofTtlSeconds,
  });
}

/** Signs once per actor and reuses the token while it is fresh: senders of many commands. */
export class ProofCache {
  private readonly tokens = new Map<string, { token: string; freshUntilMs: number }>();
  private readonly keyProofs = new Map<string, { token: string; freshUntilMs: number }>();

  constructor(private readonly key: JwtKey) {}

  async of(actor: ProofActor): Promise<string> {
    const id = JSON.stringify(actor);
    const cached = this.tokens.get(id);
    if (cached && cached.freshUntilMs > Date.now()) return cached.token;
    const token = await signProof(this.key, actor);
    // Re-signed well inside the step-up window (STEP_UP_MAX_AGE_S, 300 s): an approval sent with
    // a cached token still carries a second factor recent enough.
    this.tokens.set(id, { token, freshUntilMs: Date.now() + 240_000 });
    return token;
  }

  /** The proof of a key of every scope issued to `actor`, re-signed a minute before it expires. */
  async keyProofOf(actor: ProofActor): Promise<string> {
    const cached = this.keyProofs.get(actor.id);
    if (cached && cached.freshUntilMs > Date.now()) return cached.token;
    const token = await signTestKeyProof(this.key, actor);
    this.keyProofs.set(actor.id, { token, freshUntilMs: Date.now() + 240_000 });
    return token;
  }

  /**
   * What a command sent in place of the gateway carries: the actor's token, and for a person's
   * admin money command (apiKeyScopeNeeded) the proof of the actor's own key too, as the gateway
   * copies it from the key's look-up.
   */
  async forCommand(actor: ProofActor, command: { type: string; data: unknown }): Promise<{ proof: string; keyProof?: string }> {
    const proof = await this.of(actor);
    return needsKeyProof(actor, command) ? { proof, keyProof: await this.keyProofOf(actor) } : { proof };
  }
}

/** Whether a command of `actor` needs the proof of an API key (a person's admin money command). */
export function needsKeyProof(actor: ProofActor, command: { type: string; data: unknown }): boolean {
  return apiKeyScopeNeeded({ ...command, actor } as Parameters<typeof apiKeyScopeNeeded>[0]) !== null;
}
