import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { treasuryCodes } from '@coin/contracts';
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
}

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
  if (actor.kind === 'system') {
    claims['treasuries'] = actor.treasuries ?? [...treasuryCodes];
    claims['rewardCap'] = actor.rewardCap ?? null;
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

/** Signs once per actor and reuses the token while it is fresh: senders of many commands. */
export class ProofCache {
  private readonly tokens = new Map<string, { token: string; freshUntilMs: number }>();

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
}
