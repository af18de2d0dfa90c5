import { generateKeyPairSync } from 'node:crypto';
import { CommandAuthority } from './command-authority';
import { ReferralProofVerifier, signReferralProof } from './referral-proof';
import { signTestUsersProof, TestUsersProofVerifier, testUsersProofTtlSeconds } from './test-users-proof';

const pair = generateKeyPairSync('ed25519');
const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const signingKey = { kid: 'k1', privateKey: pair.privateKey };
const keys = [{ kid: 'k1', publicKeyPem }];
const verifier = new TestUsersProofVerifier({ keys, issuer: 'coin-ledger' });
const now = new Date('2026-11-25T10:00:00Z');
const sign = (options: { key?: typeof signingKey; issuer?: string; userIds?: number[] } = {}) =>
  signTestUsersProof(
    options.key ?? signingKey,
    options.issuer ?? 'coin-ledger',
    { clientId: 'test_shop', userIds: options.userIds ?? [8, 7, 8] },
    { nowMs: now.getTime(), ttlSeconds: testUsersProofTtlSeconds },
  );

describe('TestUsersProofVerifier: the users of a test-mode client, as the user service signed them', () => {
  it('when the user service signed it and it is judged within its five minutes, then it names its client and its users', async () => {
    const checked = await verifier.check(await sign(), now);
    expect(checked).toMatchObject({ ok: true, users: { clientId: 'test_shop' } });
    expect(checked.ok && [...checked.users.userIds]).toEqual([7, 8]);
    expect(await verifier.check(await sign(), new Date(now.getTime() + 290_000))).toMatchObject({ ok: true });
  });

  it('when it is judged after its five minutes (beyond the clock tolerance) or before it was issued, then it is refused', async () => {
    const proof = await sign();
    expect(await verifier.check(proof, new Date(now.getTime() + 300_000 + 61_000))).toMatchObject({ ok: false, reason: /not valid/ });
    expect(await verifier.check(proof, new Date(now.getTime() - 61_000))).toMatchObject({ ok: false });
  });

  it('when it is signed by another key, by another issuer, or its users altered, then it is refused', async () => {
    const other = generateKeyPairSync('ed25519');
    expect(await verifier.check(await sign({ key: { kid: 'k1', privateKey: other.privateKey } }), now)).toMatchObject({ ok: false });
    expect(await verifier.check(await sign({ issuer: 'someone-else' }), now)).toMatchObject({ ok: false });
    const [header, payload, signature] = (await sign()).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const altered = Buffer.from(JSON.stringify({ ...claims, users: [7, 8, 9] })).toString('base64url');
    expect(await verifier.check(`${header}.${altered}.${signature}`, now)).toMatchObject({ ok: false });
  });

  it('when it is offered as an access token or a referral, or a referral as it, then each verifier refuses it', async () => {
    const proof = await sign();
    const authority = new CommandAuthority({ keys, issuer: 'coin-ledger', audience: 'coin-ledger-api', maxCommandAgeMs: 60_000 });
    const asToken = await authority.check({ issuedAt: now.toISOString(), actor: { kind: 'system', id: 'test_shop' }, proof }, now, { now });
    expect(asToken).toMatchObject({ ok: false });
    expect(await new ReferralProofVerifier({ keys, issuer: 'coin-ledger' }).check(proof, now)).toMatchObject({ ok: false });
    const referral = await signReferralProof(
      signingKey,
      'coin-ledger',
      { clientId: 'test_shop', buyerUserId: 7, affiliateUserId: 8, treasury: 'COURSE_FEES', createdBy: null, approvedBy: null },
      { nowMs: now.getTime(), ttlSeconds: 300 },
    );
    expect(await verifier.check(referral, now)).toMatchObject({ ok: false });
  });
});
