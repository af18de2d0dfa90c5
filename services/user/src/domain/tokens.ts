import { randomUUID } from 'node:crypto';
import { exportJWK, importPKCS8, importSPKI, SignJWT, type JWK, type CryptoKey } from 'jose';
import type { Role } from '@coin/contracts';
import type { PlatformClientGrants } from './commands';

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
   * and `rewardCap` in minor units, null for the ledger default).
   */
  grants?: PlatformClientGrants;
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
  const grantClaims = claims.grants ? { treasuries: claims.grants.treasuries, rewardCap: claims.grants.dailyRewardCap } : {};
  return new SignJWT({ role: claims.role, ver: claims.tokenVersion, ...grantClaims })
    .setProtectedHeader({ alg: accessTokenAlgorithm, kid: keys.kid, typ: 'JWT' })
    .setSubject(claims.subject)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + settings.ttlSeconds)
    .setJti(randomUUID())
    .sign(keys.privateKey);
}
