import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { revocationRecordType, type TrustedKey } from './command-authority';

/**
 * A revocation the user service writes into every partition of ledger.commands (docs/DESIGN.md
 * "Who asks", revocation floors): from this record on, in its partition, the ledger accepts no
 * proof of `subject` below `minTokenVersion` (a person: logout-all, a role change, a deletion),
 * or none at all (`client:<id>`, a platform client revoked for good; `apikey:<id>`, an API key
 * revoked for good: no key proof of it).
 *
 * It travels as a compact JWS signed with the user service's access-token key, under its own
 * `typ` and audience: an access token never passes as a revocation, and a revocation never
 * passes as an access token (CommandAuthority refuses the type and the audience).
 */
export interface Revocation {
  /** `user:<id>`, `client:<id>` or `apikey:<id>`. */
  subject: string;
  /** People only: the lowest token version still valid. */
  minTokenVersion?: number;
  /** The user service's time of the revocation. */
  at: Date;
}

/** The audience of revocation records: never the access tokens' one. */
export const revocationAudience = 'coin-ledger-revocation';

/** The key a revocation record travels under: no wallet key has this form, so it is never a command's. */
export const revocationRecordKey = 'authority.revoked';

const subjectText =
  /^(user:[1-9][0-9]{0,15}|client:[A-Za-z0-9_-]{1,100}|apikey:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function revocationSubjectOfUser(userId: number): string {
  return `user:${userId}`;
}

export function revocationSubjectOfClient(clientId: string): string {
  return `client:${clientId}`;
}

/** An API key (its id, a UUID as the user service stores it): its key proofs stop proving. */
export function revocationSubjectOfApiKey(keyId: string): string {
  return `apikey:${keyId}`;
}

/** Signs a revocation with the user service's access-token signing key (PKCS#8 PEM or a KeyObject). */
export async function signRevocation(
  signer: { kid: string; privateKey: KeyObject | CryptoKey | string },
  issuer: string,
  revocation: Revocation,
): Promise<string> {
  if (!subjectText.test(revocation.subject)) throw new Error(`not a revocation subject: ${revocation.subject}`);
  const key = typeof signer.privateKey === 'string' ? createPrivateKey(signer.privateKey) : signer.privateKey;
  const claims = revocation.minTokenVersion === undefined ? {} : { ver: revocation.minTokenVersion };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: signer.kid, typ: revocationRecordType })
    .setSubject(revocation.subject)
    .setIssuer(issuer)
    .setAudience(revocationAudience)
    .setIssuedAt(Math.floor(revocation.at.getTime() / 1000))
    .sign(key);
}

/** Verifies revocation records against keys this service was configured with (the ledger's AUTHORITY_PUBLIC_KEYS). */
export class RevocationVerifier {
  private readonly keys: Map<string, KeyObject>;

  constructor(
    keys: readonly TrustedKey[],
    private readonly issuer: string,
  ) {
    this.keys = new Map(keys.map((k) => [k.kid, createPublicKey(k.publicKeyPem)]));
  }

  /** The revocation a record says, or a reason it says none (a forgery, a stranger's key, another kind of token). */
  async verify(compact: string): Promise<{ ok: true; revocation: Revocation } | { ok: false; reason: string }> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(
        compact,
        (header) => {
          const key = header.kid === undefined ? undefined : this.keys.get(header.kid);
          if (!key) throw new joseErrors.JWKSNoMatchingKey();
          return key;
        },
        { issuer: this.issuer, audience: revocationAudience, algorithms: ['EdDSA'], typ: revocationRecordType },
      ));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return { ok: false, reason: `not a revocation signed by the user service (${err.code})` };
      throw err;
    }
    const { sub, ver, iat } = payload;
    if (typeof sub !== 'string' || !subjectText.test(sub)) {
      return { ok: false, reason: 'its subject is not a user, a platform client or an API key' };
    }
    if (typeof iat !== 'number') return { ok: false, reason: 'it carries no time' };
    const at = new Date(iat * 1000);
    if (sub.startsWith('client:') || sub.startsWith('apikey:')) return { ok: true, revocation: { subject: sub, at } };
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return { ok: false, reason: 'it carries no token version' };
    return { ok: true, revocation: { subject: sub, minTokenVersion: ver, at } };
  }
}
