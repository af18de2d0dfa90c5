import { createPublicKey, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { TrustedKey } from './command-authority';

/**
 * The referral of a purchase (docs/CONTRACT.md "Affiliate splits"): a compact JWS the user
 * service signs, with the key it signs access tokens with, when a platform client attests that
 * one buyer was referred by one affiliate for purchases paying one treasury (POST
 * /api/platform/referrals). The buyer's purchase carries it; the ledger, which trusts that key
 * already (AUTHORITY_PUBLIC_KEYS), verifies it itself and pays the affiliate by the rule of the
 * client the referral names: neither the buyer nor the gateway names the affiliate or the client.
 *
 * Its header type and its audience are its own: a referral cannot pass as an access token or a
 * key proof (wrong audience for every verifier of those), nor either of them as a referral.
 */

/** The `typ` header of a referral (explicit typing, RFC 8725 §3.11); access tokens are `JWT`. */
export const referralProofType = 'coin-referral+jwt';
/** The audience of a referral; access tokens have the deployment's JWT_AUDIENCE, key proofs theirs. */
export const referralProofAudience = 'coin-ledger-referral';
/** How long a referral is valid from its signing: an hour, time for the buyer to pay. */
export const referralProofTtlSeconds = 3600;
const algorithm = 'EdDSA';

/**
 * What a referral says: the platform client that attests it (the subject), the buyer and the
 * affiliate, the treasury the purchase pays, the purchase's reference when the client bound it to
 * one, and the people behind the client's grant (its `createdBy` and `approvedBy`: null, no one),
 * whom the ledger never pays a commission attested by it.
 */
export interface ReferralClaims {
  clientId: string;
  buyerUserId: number;
  affiliateUserId: number;
  treasury: string;
  reference?: string | undefined;
  createdBy: number | null;
  approvedBy: number | null;
}

/** Signs a referral valid from `nowMs` for `ttlSeconds`, with the access-token signing key and its id. */
export async function signReferralProof(
  signingKey: { kid: string; privateKey: CryptoKey | KeyObject },
  issuer: string,
  claims: ReferralClaims,
  options: { nowMs: number; ttlSeconds: number },
): Promise<string> {
  const iat = Math.floor(options.nowMs / 1000);
  return new SignJWT({
    buyer: claims.buyerUserId,
    affiliate: claims.affiliateUserId,
    treasury: claims.treasury,
    ...(claims.reference === undefined ? {} : { reference: claims.reference }),
    createdBy: claims.createdBy,
    approvedBy: claims.approvedBy,
  })
    .setProtectedHeader({ alg: algorithm, kid: signingKey.kid, typ: referralProofType })
    .setSubject(claims.clientId)
    .setIssuer(issuer)
    .setAudience(referralProofAudience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + options.ttlSeconds)
    .sign(signingKey.privateKey);
}

/** A referral whose signature, type, issuer and audience verified, and which was valid at the time asked. */
export interface VerifiedReferral {
  clientId: string;
  iatS: number;
  expS: number;
}

/** Verified referrals kept (one per buyer and hour at most): the next purchase with one skips the signature. */
const verifiedMax = 10_000;

/**
 * Verifies referrals against the keys this service was configured to trust (never fetched from
 * the sender), EdDSA only, with this type, issuer and audience, valid at the time the command is
 * judged (its append time). What the referral binds (the buyer, the treasury, the reference, the
 * affiliate) is the deciders' to judge against the command: this says only that the user service
 * signed it and when it was valid.
 */
export class ReferralProofVerifier {
  private readonly keys: Map<string, KeyObject>;
  private readonly verified = new Map<string, VerifiedReferral>();
  private readonly toleranceS: number;

  constructor(private readonly options: { keys: readonly TrustedKey[]; issuer: string; clockToleranceS?: number }) {
    if (options.keys.length === 0) throw new Error('ReferralProofVerifier: no trusted key configured');
    const privateOne = options.keys.find((k) => /PRIVATE KEY/.test(k.publicKeyPem));
    if (privateOne) throw new Error(`ReferralProofVerifier: key ${privateOne.kid} is a private key; give its public half only`);
    this.keys = new Map(options.keys.map((k) => [k.kid, createPublicKey(k.publicKeyPem)]));
    for (const [kid, key] of this.keys) {
      if (key.asymmetricKeyType !== 'ed25519') throw new Error(`ReferralProofVerifier: key ${kid} is not an Ed25519 public key`);
    }
    this.toleranceS = options.clockToleranceS ?? 60;
  }

  /** The referral when the user service signed it and it was valid at `at`; else why not. Never throws for a bad one. */
  async check(referral: string, at: Date): Promise<{ ok: true; referral: VerifiedReferral } | { ok: false; reason: string }> {
    const proof = await this.verify(referral);
    if (!proof) return { ok: false, reason: 'Command refused: its referral is not one the user service signed' };
    const atS = at.getTime() / 1000;
    if (!Number.isFinite(atS) || proof.iatS > atS + this.toleranceS || proof.expS < atS - this.toleranceS) {
      return { ok: false, reason: 'Command refused: its referral was not valid when the command is judged (expired, or not yet issued)' };
    }
    return { ok: true, referral: proof };
  }

  private async verify(token: string): Promise<VerifiedReferral | null> {
    const known = this.verified.get(token);
    if (known) return known;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, (header) => this.keyOf(header.kid), {
        issuer: this.options.issuer,
        audience: referralProofAudience,
        typ: referralProofType,
        algorithms: [algorithm],
        requiredClaims: ['sub', 'iat', 'exp'],
        // Signature, type, issuer and audience here; the times are judged against the command (check).
        currentDate: new Date(0),
        clockTolerance: Number.MAX_SAFE_INTEGER,
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
    const { sub, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    const proof: VerifiedReferral = { clientId: sub, iatS: iat, expS: exp };
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
