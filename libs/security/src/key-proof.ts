import { createPublicKey, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { TrustedKey } from './command-authority';

/**
 * The proof of an API key (docs/DESIGN.md "API keys"): a compact JWS the user service signs when
 * the gateway looks a key up, with the key it signs access tokens with, so that the ledger, which
 * trusts that key already (AUTHORITY_PUBLIC_KEYS), can tell for itself that an admin's money
 * command was sent with a live key of that admin holding the scope the command needs. The
 * gateway only carries it: its word that it checked a key is not what the ledger relies on.
 *
 * Its header type and its audience are its own, never an access token's: a key proof cannot pass
 * as an access token (wrong audience for every verifier of those), and an access token cannot
 * pass as a key proof (wrong type and audience here).
 */

/** The `typ` header of a key proof (explicit typing, RFC 8725 §3.11); access tokens are `JWT`. */
export const keyProofType = 'coin-api-key+jwt';
/** The audience of a key proof; access tokens have the deployment's JWT_AUDIENCE, never this. */
export const keyProofAudience = 'coin-ledger-api-key';
const algorithm = 'EdDSA';

/**
 * What a key proof says: which key, whose, with which scopes, and the people behind it (the
 * claims `createdBy` and `approvedBy`, as a platform client's token names its own): the
 * SUPERADMINs who asked for and approved the key, whom no payment made with it may reach
 * (docs/DESIGN.md "Two-person acts"). Null: no one (an operator's key, or one made before
 * approvals existed); the claim is present either way.
 */
export interface KeyProofClaims {
  keyId: string;
  /** The user the key was issued to (the JWT subject, as a decimal string). */
  ownerUserId: number;
  scopes: readonly string[];
  createdBy: number | null;
  approvedBy: number | null;
}

/**
 * Signs a key proof valid from `nowMs` for `ttlSeconds`. `signingKey` is the access-token signing
 * key (a jose CryptoKey or a node KeyObject) and `kid` its id, as the access tokens carry it.
 */
export async function signKeyProof(
  signingKey: { kid: string; privateKey: CryptoKey | KeyObject },
  issuer: string,
  claims: KeyProofClaims,
  options: { nowMs: number; ttlSeconds: number },
): Promise<string> {
  const iat = Math.floor(options.nowMs / 1000);
  return new SignJWT({ api_key_id: claims.keyId, scopes: [...claims.scopes], createdBy: claims.createdBy, approvedBy: claims.approvedBy })
    .setProtectedHeader({ alg: algorithm, kid: signingKey.kid, typ: keyProofType })
    .setSubject(String(claims.ownerUserId))
    .setIssuer(issuer)
    .setAudience(keyProofAudience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + options.ttlSeconds)
    .sign(signingKey.privateKey);
}

/** What a key proof must show for one command: the key's owner, a scope, and the time it is judged at. */
export interface KeyProofNeed {
  ownerUserId: string;
  /** Null: any scope, the caller judging the scope itself later (an approve naming only its request). */
  scope: string | null;
  at: Date;
}

/** A key proof whose signature, type, issuer and audience verified, with its claims. */
export interface VerifiedKeyProof {
  keyId: string;
  ownerUserId: string;
  scopes: readonly string[];
  /** The people behind the key (its `createdBy` and `approvedBy`, those that are someone). */
  peopleBehind: readonly number[];
  iatS: number;
  expS: number;
}

/** Verified proofs kept (a few per key and gateway instance per cache period): the next command with one skips the signature. */
const verifiedMax = 10_000;
const userIdText = /^[1-9][0-9]{0,15}$/;

/**
 * Verifies key proofs against the keys this service was configured to trust (never fetched from
 * the sender), EdDSA only, with this type, issuer and audience; remembers verified ones, so a
 * command costs a map lookup and the time and claim checks once its proof was seen.
 */
export class KeyProofVerifier {
  private readonly keys: Map<string, KeyObject>;
  private readonly verified = new Map<string, VerifiedKeyProof>();
  private readonly toleranceS: number;

  constructor(private readonly options: { keys: readonly TrustedKey[]; issuer: string; clockToleranceS?: number }) {
    if (options.keys.length === 0) throw new Error('KeyProofVerifier: no trusted key configured');
    const privateOne = options.keys.find((k) => /PRIVATE KEY/.test(k.publicKeyPem));
    if (privateOne) throw new Error(`KeyProofVerifier: key ${privateOne.kid} is a private key; give its public half only`);
    this.keys = new Map(options.keys.map((k) => [k.kid, createPublicKey(k.publicKeyPem)]));
    for (const [kid, key] of this.keys) {
      if (key.asymmetricKeyType !== 'ed25519') throw new Error(`KeyProofVerifier: key ${kid} is not an Ed25519 public key`);
    }
    this.toleranceS = options.clockToleranceS ?? 60;
  }

  /**
   * Why `keyProof` does not prove a live key of `need.ownerUserId` with `need.scope` at
   * `need.at`, or null when it does. Never throws for a bad proof.
   */
  async refusal(keyProof: string | undefined, need: KeyProofNeed): Promise<string | null> {
    const checked = await this.check(keyProof, need);
    return checked.ok ? null : checked.reason;
  }

  /** As `refusal`, with the proof when it passes: its key id (revoked since?) and the people behind the key. */
  async check(
    keyProof: string | undefined,
    need: KeyProofNeed,
  ): Promise<{ ok: true; proof: VerifiedKeyProof } | { ok: false; reason: string }> {
    const no = (reason: string) => ({ ok: false as const, reason: refused(reason) });
    if (!keyProof) return no('it carries no proof of an API key (an admin money command needs the key of the admin who sends it)');
    const proof = await this.verify(keyProof);
    if (proof === 'without people') {
      return no('its key proof does not name the people behind the key (signed before proofs named them; the gateway asks for a new one)');
    }
    if (!proof) return no('its key proof is not one the user service signed');
    if (proof.ownerUserId !== need.ownerUserId) return no(`its key proof is of a key issued to another user, not ${need.ownerUserId}`);
    if (need.scope !== null && !proof.scopes.includes(need.scope)) return no(`its key proof is of a key without the "${need.scope}" scope`);
    const atS = need.at.getTime() / 1000;
    if (!Number.isFinite(atS) || proof.iatS > atS + this.toleranceS || proof.expS < atS - this.toleranceS) {
      return no('its key proof was not valid when the command is judged');
    }
    return { ok: true, proof };
  }

  /** The proof's claims once its signature verified; 'without people' for one that lacks `createdBy` or `approvedBy`. */
  private async verify(token: string): Promise<VerifiedKeyProof | 'without people' | null> {
    const known = this.verified.get(token);
    if (known) return known;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, (header) => this.keyOf(header.kid), {
        issuer: this.options.issuer,
        audience: keyProofAudience,
        typ: keyProofType,
        algorithms: [algorithm],
        requiredClaims: ['sub', 'iat', 'exp'],
        // Signature, type, issuer and audience here; the times are judged against the command (refusal).
        currentDate: new Date(0),
        clockTolerance: Number.MAX_SAFE_INTEGER,
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
    const { sub, iat, exp, api_key_id: keyId, scopes, createdBy, approvedBy } = payload;
    if (typeof sub !== 'string' || !userIdText.test(sub) || typeof iat !== 'number' || typeof exp !== 'number') return null;
    if (typeof keyId !== 'string' || !Array.isArray(scopes)) return null;
    // Who is behind the key must be said, even when it is no one (null): a proof that says nothing
    // is one signed before proofs named them, and is not taken as "no one" (docs/DESIGN.md "API keys").
    if (!isPersonOrNone(createdBy) || !isPersonOrNone(approvedBy)) return 'without people';
    const proof: VerifiedKeyProof = {
      keyId,
      ownerUserId: sub,
      scopes: scopes.filter((s): s is string => typeof s === 'string'),
      peopleBehind: [createdBy, approvedBy].filter((id): id is number => id !== null),
      iatS: iat,
      expS: exp,
    };
    if (this.verified.size >= verifiedMax) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, proof);
    return proof;
  }

  private keyOf(kid: string | undefined): KeyObject {
    const key = kid === undefined ? undefined : this.keys.get(kid);
    if (!key) throw new joseErrors.JWKSNoMatchingKey();
    return key;
  }
}

/** A user id, or null for no one; anything else (absent included) is neither. */
function isPersonOrNone(value: unknown): value is number | null {
  return value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value > 0);
}

function refused(reason: string): string {
  return `Command refused: ${reason}`;
}
