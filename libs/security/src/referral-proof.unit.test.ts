import { generateKeyPairSync } from 'node:crypto';
import { CommandAuthority } from './command-authority';
import { KeyProofVerifier, signKeyProof } from './key-proof';
import { ReferralProofVerifier, referralProofTtlSeconds, signReferralProof } from './referral-proof';

const pair = generateKeyPairSync('ed25519');
const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const signingKey = { kid: 'k1', privateKey: pair.privateKey };
const keys = [{ kid: 'k1', publicKeyPem }];
const verifier = new ReferralProofVerifier({ keys, issuer: 'coin-ledger' });
const now = new Date('2026-11-25T10:00:00Z');
const claims = { clientId: 'pc_shop', buyerUserId: 7, affiliateUserId: 8, treasury: 'COURSE_FEES', createdBy: 1, approvedBy: null };
const sign = (options: { key?: typeof signingKey; issuer?: string; issuedAt?: Date } = {}) =>
  signReferralProof(options.key ?? signingKey, options.issuer ?? 'coin-ledger', claims, {
    nowMs: (options.issuedAt ?? now).getTime(),
    ttlSeconds: referralProofTtlSeconds,
  });

describe('ReferralProofVerifier: a platform client’s referral, verified by the ledger itself', () => {
  it('when the user service signed it and it is judged within its hour, then it passes and names its client', async () => {
    const referral = await sign();
    expect(await verifier.check(referral, now)).toEqual({ ok: true, referral: expect.objectContaining({ clientId: 'pc_shop' }) });
    expect(await verifier.check(referral, new Date(now.getTime() + 3500_000))).toMatchObject({ ok: true });
  });

  it('when it is judged after its hour (beyond the clock tolerance) or before it was issued, then it is refused', async () => {
    const referral = await sign();
    expect(await verifier.check(referral, new Date(now.getTime() + 3600_000 + 61_000))).toMatchObject({ ok: false, reason: /not valid/ });
    expect(await verifier.check(referral, new Date(now.getTime() - 61_000))).toMatchObject({ ok: false });
  });

  it('when it is signed by another key, by another issuer, or altered, then it is refused', async () => {
    const other = generateKeyPairSync('ed25519');
    expect(await verifier.check(await sign({ key: { kid: 'k1', privateKey: other.privateKey } }), now)).toMatchObject({ ok: false });
    expect(await verifier.check(await sign({ issuer: 'someone-else' }), now)).toMatchObject({ ok: false });
    const [header, , signature] = (await sign()).split('.');
    const altered = Buffer.from(JSON.stringify({ ...claims, sub: 'pc_shop', buyer: 7, affiliate: 9 })).toString('base64url');
    expect(await verifier.check(`${header}.${altered}.${signature}`, now)).toMatchObject({ ok: false });
  });

  it('when a referral is offered as an access token or a key proof, or either of them as a referral, then each verifier refuses it', async () => {
    const referral = await sign();
    const authority = new CommandAuthority({ keys, issuer: 'coin-ledger', audience: 'coin-ledger-api', maxCommandAgeMs: 60_000 });
    const asToken = await authority.check({ issuedAt: now.toISOString(), actor: { kind: 'system', id: 'pc_shop' }, proof: referral }, now, {
      now,
    });
    expect(asToken).toMatchObject({ ok: false });
    const keyProofs = new KeyProofVerifier({ keys, issuer: 'coin-ledger' });
    expect(await keyProofs.check(referral, { ownerUserId: '7', scope: null, at: now })).toMatchObject({ ok: false });
    const keyProof = await signKeyProof(
      signingKey,
      'coin-ledger',
      { keyId: 'k', ownerUserId: 7, scopes: ['mint'], createdBy: null, approvedBy: null },
      { nowMs: now.getTime(), ttlSeconds: 300 },
    );
    expect(await verifier.check(keyProof, now)).toMatchObject({ ok: false });
  });
});
