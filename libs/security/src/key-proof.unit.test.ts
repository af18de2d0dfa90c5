import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { CommandAuthority } from './command-authority';
import { KeyProofVerifier, keyProofAudience, keyProofType, signKeyProof } from './key-proof';

const pair = generateKeyPairSync('ed25519');
const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const signingKey = { kid: 'k1', privateKey: pair.privateKey };
const verifier = new KeyProofVerifier({ keys: [{ kid: 'k1', publicKeyPem }], issuer: 'coin-ledger' });
const now = new Date('2026-11-23T10:00:00Z');
const keyId = '3f2e1d0c-9b8a-4776-8564-a3b2c1d0e9f8';
const proofOf = (
  claims: { ownerUserId?: number; scopes?: string[]; createdBy?: number | null; approvedBy?: number | null } = {},
  options: { issuedAt?: Date; ttlSeconds?: number; key?: typeof signingKey; issuer?: string } = {},
) =>
  signKeyProof(
    options.key ?? signingKey,
    options.issuer ?? 'coin-ledger',
    {
      keyId,
      ownerUserId: claims.ownerUserId ?? 7,
      scopes: claims.scopes ?? ['mint', 'burn'],
      createdBy: claims.createdBy === undefined ? 1 : claims.createdBy,
      approvedBy: claims.approvedBy === undefined ? 2 : claims.approvedBy,
    },
    { nowMs: (options.issuedAt ?? now).getTime(), ttlSeconds: options.ttlSeconds ?? 300 },
  );
const need = { ownerUserId: '7', scope: 'mint', at: now };

describe('KeyProofVerifier: the proof of an API key, verified by the service that applies the command', () => {
  it("when the proof is the user service's, of a key of the command's actor with the scope, valid at the command's time, then it passes (again from the cache)", async () => {
    const proof = await proofOf();
    expect(await verifier.refusal(proof, need)).toBeNull();
    expect(await verifier.refusal(proof, { ...need, at: new Date(now.getTime() + 200_000) })).toBeNull();
  });

  it('when a proof passes, then the check names its key and the people behind the key (null claims: no one)', async () => {
    expect(await verifier.check(await proofOf(), need)).toEqual({
      ok: true,
      proof: expect.objectContaining({ keyId, ownerUserId: '7', peopleBehind: [1, 2] }),
    });
    const operatorKey = await proofOf({ createdBy: null, approvedBy: null, scopes: ['mint'] });
    expect(await verifier.check(operatorKey, need)).toMatchObject({ ok: true, proof: { peopleBehind: [] } });
  });

  it('when a genuine proof does not say who asked for and approved the key (signed before proofs named them), then it is refused, not taken as no one', async () => {
    const iat = Math.floor(now.getTime() / 1000);
    const withoutPeople = (claims: Record<string, unknown>) =>
      new SignJWT({ api_key_id: keyId, scopes: ['mint'], ...claims })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ: keyProofType })
        .setSubject('7')
        .setIssuer('coin-ledger')
        .setAudience(keyProofAudience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 300)
        .sign(pair.privateKey);
    for (const claims of [{}, { createdBy: 1 }, { createdBy: 1, approvedBy: '2' }, { createdBy: 0, approvedBy: 2 }]) {
      expect(await verifier.refusal(await withoutPeople(claims), need)).toMatch(/does not name the people behind the key/);
    }
  });

  it.each([
    ['no proof', async () => undefined, need],
    ['a key of another user', async () => proofOf({ ownerUserId: 8 }), need],
    ['a key without the scope', async () => proofOf({ scopes: ['burn'] }), need],
    [
      'a proof signed by another key',
      async () => proofOf({}, { key: { kid: 'k1', privateKey: generateKeyPairSync('ed25519').privateKey } }),
      need,
    ],
    ['a proof under an unknown key id', async () => proofOf({}, { key: { kid: 'k2', privateKey: pair.privateKey } }), need],
    ['another issuer', async () => proofOf({}, { issuer: 'someone-else' }), need],
    ['a proof expired at the command’s time', async () => proofOf({}, { issuedAt: new Date(now.getTime() - 3_600_000) }), need],
    ['a proof issued after the command’s time', async () => proofOf({}, { issuedAt: new Date(now.getTime() + 3_600_000) }), need],
    ['garbage', async () => 'a.b.c', need],
  ])('when the command carries %s, then it is refused with a reason', async (_name, make, judged) => {
    expect(await verifier.refusal(await make(), judged)).toMatch(/^Command refused: /);
  });

  it('when an access token (type JWT, the API audience) is offered as a key proof, then it is refused, even with the same key and claims', async () => {
    const iat = Math.floor(now.getTime() / 1000);
    const accessToken = await new SignJWT({ role: 'ADMIN', ver: 0, mfa_at: iat, api_key_id: keyId, scopes: ['mint'] })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ: 'JWT' })
      .setSubject('7')
      .setIssuer('coin-ledger')
      .setAudience('coin-ledger-api')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 900)
      .sign(pair.privateKey);
    expect(await verifier.refusal(accessToken, need)).toMatch(/not one the user service signed/);
    // The key proof's audience with an access token's type is refused too: both must be the key proof's.
    const untyped = await new SignJWT({ api_key_id: keyId, scopes: ['mint'] })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ: 'JWT' })
      .setSubject('7')
      .setIssuer('coin-ledger')
      .setAudience(keyProofAudience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 300)
      .sign(pair.privateKey);
    expect(await verifier.refusal(untyped, need)).toMatch(/not one the user service signed/);
  });

  it('when a key proof is offered as the access token of a command, then CommandAuthority refuses it (another audience)', async () => {
    const authority = new CommandAuthority({
      keys: [{ kid: 'k1', publicKeyPem }],
      issuer: 'coin-ledger',
      audience: 'coin-ledger-api',
      maxCommandAgeMs: 7 * 24 * 3600_000,
    });
    const proof = await proofOf();
    const header = JSON.parse(Buffer.from(proof.split('.')[0]!, 'base64url').toString('utf8')) as { typ: string };
    expect(header.typ).toBe(keyProofType);
    const check = await authority.check({ issuedAt: now.toISOString(), actor: { kind: 'user', id: '7', role: 'ADMIN' }, proof }, now);
    expect(check.ok).toBe(false);
  });

  it('when it is configured with a private key or a key of another type, then it refuses to start', () => {
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => new KeyProofVerifier({ keys: [{ kid: 'k1', publicKeyPem: privatePem }], issuer: 'coin-ledger' })).toThrow(/private key/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => new KeyProofVerifier({ keys: [{ kid: 'k1', publicKeyPem: rsa }], issuer: 'coin-ledger' })).toThrow(/Ed25519/);
    expect(() => new KeyProofVerifier({ keys: [], issuer: 'coin-ledger' })).toThrow(/no trusted key/);
  });
});
