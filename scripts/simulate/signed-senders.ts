import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { referralProofTtlSeconds, ServiceCommandSigner, signKeyProof, signReferralProof, uuidV5 } from '@coin/security';
import { monitoringCommandKeyId, type JwtKey, type ServiceKeys } from '../stack/keys';

/**
 * The simulation's senders with real signatures (the Kafka mode of `npm run simulate`): the
 * generator writes each proof as an unsigned token whose claims say what a verified one would
 * (services/ledger/src/simulation/actors.ts); here each is signed with the run's keys, as the user
 * service signs access tokens, key proofs and referrals and the monitoring service its own commands, so the
 * real consumer verifies them like any caller's. The claims are kept as written: a hostile or
 * wrong sender stays exactly as wrong, only now provably so.
 */

/** The claims of an unsigned token, or null when it is none (a hostile value in its place). */
function claimsOf(token: unknown): Record<string, unknown> | null {
  if (typeof token !== 'string') return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class SimulationSigner {
  private readonly privateKey: KeyObject;
  private readonly monitoring: ServiceCommandSigner;

  constructor(
    private readonly jwtKey: JwtKey,
    serviceKeys: ServiceKeys,
    private readonly issuer = 'coin-ledger',
    private readonly audience = 'coin-ledger-api',
  ) {
    this.privateKey = createPrivateKey(jwtKey.privateKeyPem);
    this.monitoring = new ServiceCommandSigner('monitoring', monitoringCommandKeyId, serviceKeys.monitoring.privateKeyPem);
  }

  /** The message with its proofs signed at `now` (a copy; the generator's own stays unsigned). */
  async sign(raw: Record<string, unknown>, now: Date): Promise<Record<string, unknown>> {
    const signed: Record<string, unknown> = { ...raw };
    const actor = raw.actor as { kind?: unknown; id?: unknown } | undefined;
    if (actor?.kind === 'service' && actor.id === 'monitoring' && typeof raw.commandId === 'string' && typeof raw.type === 'string') {
      signed.proof = await this.monitoring.proofOf({ commandId: raw.commandId, type: raw.type, issuedAt: String(raw.issuedAt) });
      return signed;
    }
    const proof = claimsOf(raw.proof);
    if (proof) signed.proof = await this.accessToken(proof, now);
    const keyProof = claimsOf(raw.keyProof);
    if (keyProof) signed.keyProof = await this.keyProof(keyProof, now);
    // A purchase's referral, signed as the user service signs one for a platform client.
    const data = raw.data as { affiliate?: { referral?: unknown } } | undefined;
    const referral = claimsOf(data?.affiliate?.referral);
    if (data?.affiliate && referral)
      signed.data = { ...data, affiliate: { ...data.affiliate, referral: await this.referral(referral, now) } };
    return signed;
  }

  private referral(claims: Record<string, unknown>, now: Date): Promise<string> {
    const person = (value: unknown) => (typeof value === 'number' ? value : null);
    return signReferralProof(
      { kid: this.jwtKey.kid, privateKey: this.privateKey },
      this.issuer,
      {
        clientId: String(claims.sub),
        buyerUserId: Number(claims.buyer),
        affiliateUserId: Number(claims.affiliate),
        treasury: String(claims.treasury),
        ...(typeof claims.reference === 'string' ? { reference: claims.reference } : {}),
        createdBy: person(claims.createdBy),
        approvedBy: person(claims.approvedBy),
      },
      { nowMs: now.getTime(), ttlSeconds: referralProofTtlSeconds },
    );
  }

  private accessToken(claims: Record<string, unknown>, now: Date): Promise<string> {
    const { sub, ...rest } = claims;
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT(rest)
      .setProtectedHeader({ alg: 'EdDSA', kid: this.jwtKey.kid })
      .setSubject(String(sub))
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .sign(this.privateKey);
  }

  private keyProof(claims: Record<string, unknown>, now: Date): Promise<string> {
    const person = (value: unknown) => (typeof value === 'number' ? value : null);
    return signKeyProof(
      { kid: this.jwtKey.kid, privateKey: this.privateKey },
      this.issuer,
      {
        // The generator names keys by their owner; a key id is a UUID.
        keyId: uuidV5(`simulation-key:${String(claims.keyId)}`),
        ownerUserId: Number(claims.sub),
        scopes: Array.isArray(claims.scopes) ? claims.scopes.filter((s): s is string => typeof s === 'string') : [],
        createdBy: person(claims.createdBy),
        approvedBy: person(claims.approvedBy),
      },
      { nowMs: now.getTime(), ttlSeconds: 300 },
    );
  }
}
