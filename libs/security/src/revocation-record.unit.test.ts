import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { CommandAuthority } from './command-authority';
import { RevocationVerifier, revocationSubjectOfApiKey, signRevocation } from './revocation-record';

const pair = generateKeyPairSync('ed25519');
const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const trusted = [{ kid: 'k1', publicKeyPem }];
const verifier = new RevocationVerifier(trusted, 'coin-ledger');
const signer = { kid: 'k1', privateKey: pair.privateKey };
const at = new Date('2026-11-23T10:00:00Z');

describe('revocation records: signed by the user service, never an access token', () => {
  it('when the user service signs a revocation of a person, then it verifies with its subject, minimum version and time', async () => {
    const record = await signRevocation(signer, 'coin-ledger', { subject: 'user:42', minTokenVersion: 3, at });
    expect(await verifier.verify(record)).toEqual({ ok: true, revocation: { subject: 'user:42', minTokenVersion: 3, at } });
  });

  it('when a platform client is revoked, then the record names it for good', async () => {
    const record = await signRevocation(signer, 'coin-ledger', { subject: 'client:pc_1', at });
    expect(await verifier.verify(record)).toEqual({ ok: true, revocation: { subject: 'client:pc_1', at } });
  });

  it('when an API key is revoked, then the record names the key for good, and a key id of another form is not signed', async () => {
    const keyId = '3f2e1d0c-9b8a-4776-8564-a3b2c1d0e9f8';
    const record = await signRevocation(signer, 'coin-ledger', { subject: revocationSubjectOfApiKey(keyId), at });
    expect(await verifier.verify(record)).toEqual({ ok: true, revocation: { subject: `apikey:${keyId}`, at } });
    await expect(signRevocation(signer, 'coin-ledger', { subject: 'apikey:not-a-uuid', at })).rejects.toThrow(/not a revocation subject/);
  });

  it.each([
    [
      'another key',
      async () =>
        signRevocation({ kid: 'k1', privateKey: generateKeyPairSync('ed25519').privateKey }, 'coin-ledger', {
          subject: 'user:1',
          minTokenVersion: 1,
          at,
        }),
    ],
    ['another issuer', async () => signRevocation(signer, 'someone', { subject: 'user:1', minTokenVersion: 1, at })],
    [
      'an access token of the same key',
      async () =>
        new SignJWT({ role: 'ADMIN', ver: 9 })
          .setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ: 'JWT' })
          .setSubject('user:1')
          .setIssuer('coin-ledger')
          .setAudience('coin-ledger-api')
          .setIssuedAt()
          .setExpirationTime('15m')
          .sign(pair.privateKey),
    ],
    [
      'the revocation audience but no revocation type',
      async () =>
        new SignJWT({ ver: 9 })
          .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
          .setSubject('user:1')
          .setIssuer('coin-ledger')
          .setAudience('coin-ledger-revocation')
          .setIssuedAt()
          .sign(pair.privateKey),
    ],
    ['not a JWS at all', async () => 'garbage'],
  ])('when the record is %s, then it is refused with a reason', async (_name, make) => {
    expect(await verifier.verify(await make())).toMatchObject({ ok: false, reason: expect.any(String) });
  });

  it('when a revocation record is offered as a command proof, then it proves nothing', async () => {
    const authority = new CommandAuthority({
      keys: trusted,
      issuer: 'coin-ledger',
      audience: 'coin-ledger-api',
      maxCommandAgeMs: 86_400_000,
    });
    const record = await signRevocation(signer, 'coin-ledger', { subject: 'user:42', minTokenVersion: 3, at });
    const check = await authority.check(
      { issuedAt: at.toISOString(), actor: { kind: 'user', id: '42', role: 'ADMIN' }, proof: record },
      at,
      { now: at },
    );
    expect(check.ok).toBe(false);
  });

  it('when the subject is neither a user nor a client, then the user service refuses to sign it', async () => {
    await expect(signRevocation(signer, 'coin-ledger', { subject: 'admin', at })).rejects.toThrow(/not a revocation subject/);
  });
});
