import { randomUUID } from 'node:crypto';
import { errors as joseErrors, exportJWK, importPKCS8, importSPKI, jwtVerify, SignJWT, type JWK, type CryptoKey } from 'jose';
import { roleSinceClaimOf, type Role } from '@coin/contracts';
import { credentialModeOf } from '@coin/security';
import type { PeopleBehind, PlatformClientGrants } from './rules';

export const accessTokenAlgorithm = 'EdDSA';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Current and retired public keys, served as the JWKS. */
  jwks: { keys: JWK[] };
  /** The current and retired public keys as {kid, publicKeyPem}. */
  trusted: Array<{ kid: string; publicKeyPem: string }>;
}

export async function loadSigningKeys(privateKeyPem: string, kid: string, previousPublicKeysJson: string): Promise<SigningKeys> {
  const privateKey = await importPKCS8(privateKeyPem, accessTokenAlgorithm, { extractable: true });
  const { createPublicKey } = await import('node:crypto');
  const publicPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  const current = await exportJWK(await importSPKI(publicPem, accessTokenAlgorithm, { extractable: true }));
  const previous = JSON.parse(previousPublicKeysJson) as Array<{ kid: string; publicKeyPem: string }>;
  const retired = await Promise.all(
    previous.map(async (p) => ({
      ...(await exportJWK(await importSPKI(p.publicKeyPem, accessTokenAlgorithm, { extractable: true }))),
      kid: p.kid,
    })),
  );
  const keys = [{ ...current, kid }, ...retired].map((k) => ({ ...k, alg: accessTokenAlgorithm, use: 'sig' }));
  // The same keys as PEM: what the command consumer verifies each command's proof against.
  const trusted = [{ kid, publicKeyPem: publicPem }, ...previous];
  return { kid, privateKey, jwks: { keys }, trusted };
}

export interface AccessTokenClaims {
  subject: string;
  role: Role | 'SYSTEM';
  tokenVersion: number;
  /**
   * SYSTEM tokens: the client's grants, as claims the gateway and the ledger check (`treasuries`,
   * `rewardCap` in minor units, null for the ledger default, and `cashout: true` for a payout provider), and the people behind it
   * (`createdBy`, `approvedBy`: user ids or null), whom the ledger never lets it pay.
   */
  grants?: PlatformClientGrants & Partial<PeopleBehind>;
  /** When the subject last gave a second factor (`mfa_at`, seconds); absent: password only. */
  mfaAt?: Date | null;
  /**
   * User tokens: the account is verified (`verified: true`, from `isVerified` when the token is
   * signed), which the ledger reads from a cash-out's proof for its daily amount (docs/CONTRACT.md
   * "Cash-out"); absent: not verified.
   */
  verified?: boolean;
  /**
   * User tokens: when the account took the role it holds (`role_since`, seconds to the millisecond),
   * which a service deciding a four-eyes act reads to judge that its decider held the role since
   * before the request (a role change bumps the token version, so the claim never outlives it).
   */
  roleSince?: Date;
  /** SYSTEM tokens: the API version the client is pinned to (`coin_version`, the gateway's Coin-Version default). */
  apiVersion?: string;
}

export interface TokenSettings {
  issuer: string;
  audience: string;
  ttlSeconds: number;
}

export async function signAccessToken(
  keys: SigningKeys,
  settings: TokenSettings,
  claims: AccessTokenClaims,
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const grants = claims.grants;
  const grantClaims = grants
    ? {
        treasuries: grants.treasuries,
        rewardCap: grants.dailyRewardCap,
        // The `cashout` grant (a payout provider), only when granted: the ledger judges a provider by it.
        ...(grants.cashout ? { cashout: true } : {}),
        createdBy: grants.createdBy ?? null,
        approvedBy: grants.approvedBy ?? null,
      }
    : {};
  const mfa = claims.mfaAt ? { mfa_at: Math.floor(claims.mfaAt.getTime() / 1000) } : {};
  const pinned = claims.apiVersion ? { coin_version: claims.apiVersion } : {};
  const verified = claims.verified === true && claims.role !== 'SYSTEM' ? { verified: true } : {};
  const roleSince = claims.roleSince && claims.role !== 'SYSTEM' ? { role_since: roleSinceClaimOf(claims.roleSince) } : {};
  // A platform client's mode (docs/decisions/0018-sandbox.md), from its id: the gateway and the ledger refuse test mode on real money.
  const mode = claims.role === 'SYSTEM' ? { mode: credentialModeOf('system', claims.subject) } : {};
  return new SignJWT({ role: claims.role, ver: claims.tokenVersion, ...grantClaims, ...mode, ...mfa, ...pinned, ...verified, ...roleSince })
    .setProtectedHeader({ alg: accessTokenAlgorithm, kid: keys.kid, typ: 'JWT' })
    .setSubject(claims.subject)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.ttlSeconds)
    .setJti(randomUUID())
    .sign(keys.privateKey);
}

const verificationKeys = new WeakMap<SigningKeys, Promise<Map<string, CryptoKey>>>();

/** The public keys of a key set, imported once. */
function verificationKeysOf(keys: SigningKeys): Promise<Map<string, CryptoKey>> {
  let imported = verificationKeys.get(keys);
  if (!imported) {
    imported = Promise.all(keys.trusted.map(async (k) => [k.kid, await importSPKI(k.publicKeyPem, accessTokenAlgorithm)] as const)).then(
      (entries) => new Map(entries),
    );
    verificationKeys.set(keys, imported);
  }
  return imported;
}

/** What the user service reads back from one of its own access tokens. */
export interface OwnTokenClaims {
  userId: number;
  tokenVersion: number;
  mfaAt: Date | null;
}

/**
 * One of this service's own user access tokens, verified here (signature, issuer, audience,
 * expiry), for the calls the gateway makes on a signed-in caller's behalf: the user service does
 * not take the gateway's word for whose account it changes. Null when it is not valid.
 */
export async function verifyOwnAccessToken(
  keys: SigningKeys,
  settings: Pick<TokenSettings, 'issuer' | 'audience'>,
  token: string,
  now: Date,
): Promise<OwnTokenClaims | null> {
  try {
    const publicKeys = await verificationKeysOf(keys);
    const { payload } = await jwtVerify(
      token,
      (header) => {
        const key = header.kid === undefined ? undefined : publicKeys.get(header.kid);
        if (!key) throw new joseErrors.JWKSNoMatchingKey();
        return key;
      },
      { issuer: settings.issuer, audience: settings.audience, algorithms: [accessTokenAlgorithm], currentDate: now },
    );
    const { sub, ver } = payload;
    const mfaAt = payload.mfa_at;
    if (typeof sub !== 'string' || !/^[1-9][0-9]{0,15}$/.test(sub) || typeof ver !== 'number' || payload.role === 'SYSTEM') return null;
    return { userId: Number(sub), tokenVersion: ver, mfaAt: typeof mfaAt === 'number' ? new Date(mfaAt * 1000) : null };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
