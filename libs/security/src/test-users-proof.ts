import { createPublicKey, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { TrustedKey } from './command-authority';

/**
 * The proof of a test-mode client's users (docs/decisions/0018-sandbox.md "Whose users a test
 * client names"): a compact JWS the user service signs, with the key it signs access tokens with,
 * when the gateway asks which of the users a test-mode client names are its own (its undeleted
 * test users, the live accounts that linked it). The command carries it; the sandbox ledger, which
 * trusts that key already (AUTHORITY_PUBLIC_KEYS), verifies it itself and admits a command of the
 * client only when every user it names is one the proof lists for that client: the gateway's word
 * alone never makes a user a client's.
 *
 * Its header type and its audience are its own: it cannot pass as an access token, a key proof or
 * a referral, nor any of them as it.
 */

/** The `typ` header of a proof of a test client's users; access tokens are `JWT`. */
export const testUsersProofType = 'coin-test-users+jwt';
/** The audience of a proof of a test client's users: the sandbox ledger. */
export const testUsersProofAudience = 'coin-ledger-sandbox-users';
/**
 * How long the proof is valid from its signing: five minutes, time for the command it was asked
 * for to be written. A link removed or a test user deleted stops counting once the proofs signed
 * before it have run out.
 */
export const testUsersProofTtlSeconds = 300;
const algorithm = 'EdDSA';

/** Signs the proof that `userIds` are the test-mode client `clientId`'s, valid from `nowMs` for `ttlSeconds`. */
export async function signTestUsersProof(
  signingKey: { kid: string; privateKey: CryptoKey | KeyObject },
  issuer: string,
  claims: { clientId: string; userIds: readonly number[] },
  options: { nowMs: number; ttlSeconds: number },
): Promise<string> {
  const iat = Math.floor(options.nowMs / 1000);
  return new SignJWT({ users: [...new Set(claims.userIds)].sort((a, b) => a - b) })
    .setProtectedHeader({ alg: algorithm, kid: signingKey.kid, typ: testUsersProofType })
    .setSubject(claims.clientId)
    .setIssuer(issuer)
    .setAudience(testUsersProofAudience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + options.ttlSeconds)
    .sign(signingKey.privateKey);
}

/** A proof whose signature, type, issuer and audience verified: the client and the users it lists. */
export interface VerifiedTestUsers {
  clientId: string;
  userIds: ReadonlySet<number>;
  iatS: number;
  expS: number;
}

/** Verified proofs kept: the next command with the same one skips the signature. */
const verifiedMax = 10_000;

/**
 * Verifies proofs of test clients' users against the keys this service was configured to trust
 * (never fetched from the sender), EdDSA only, with this type, issuer and audience, valid at the
 * time the command is judged (its append time). Whether the proof is the author's and lists every
 * user the command names is the caller's to judge against the command.
 */
export class TestUsersProofVerifier {
  private readonly keys: Map<string, KeyObject>;
  private readonly verified = new Map<string, VerifiedTestUsers>();
  private readonly toleranceS: number;

  constructor(private readonly options: { keys: readonly TrustedKey[]; issuer: string; clockToleranceS?: number }) {
    if (options.keys.length === 0) throw new Error('TestUsersProofVerifier: no trusted key configured');
    const privateOne = options.keys.find((k) => /PRIVATE KEY/.test(k.publicKeyPem));
    if (privateOne) throw new Error(`TestUsersProofVerifier: key ${privateOne.kid} is a private key; give its public half only`);
    this.keys = new Map(options.keys.map((k) => [k.kid, createPublicKey(k.publicKeyPem)]));
    for (const [kid, key] of this.keys) {
      if (key.asymmetricKeyType !== 'ed25519') throw new Error(`TestUsersProofVerifier: key ${kid} is not an Ed25519 public key`);
    }
    this.toleranceS = options.clockToleranceS ?? 60;
  }

  /** The proof when the user service signed it and it was valid at `at`; else why not. Never throws for a bad one. */
  async check(proof: string, at: Date): Promise<{ ok: true; users: VerifiedTestUsers } | { ok: false; reason: string }> {
    const users = await this.verify(proof);
    if (!users) return { ok: false, reason: 'Command refused: its proof of the client’s users is not one the user service signed' };
    const atS = at.getTime() / 1000;
    if (!Number.isFinite(atS) || users.iatS > atS + this.toleranceS || users.expS < atS - this.toleranceS) {
      return { ok: false, reason: 'Command refused: its proof of the client’s users was not valid when the command is judged' };
    }
    return { ok: true, users };
  }

  private async verify(token: string): Promise<VerifiedTestUsers | null> {
    const known = this.verified.get(token);
    if (known) return known;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, (header) => this.keyOf(header.kid), {
        issuer: this.options.issuer,
        audience: testUsersProofAudience,
        typ: testUsersProofType,
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
    const { sub, iat, exp, users } = payload;
    if (typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    if (!Array.isArray(users) || !users.every((u): u is number => Number.isSafeInteger(u))) return null;
    const verified: VerifiedTestUsers = { clientId: sub, userIds: new Set(users), iatS: iat, expS: exp };
    if (this.verified.size >= verifiedMax) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, verified);
    return verified;
  }

  private keyOf(kid: string | undefined): KeyObject {
    const key = kid === undefined ? undefined : this.keys.get(kid);
    if (!key) throw new joseErrors.JWKSNoMatchingKey();
    return key;
  }
}
