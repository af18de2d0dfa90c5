import { generateKeyPairSync } from 'node:crypto';
import { AuditRecordSigner, AuditSignatureVerifier, auditSignatureHeaders } from './audit-signature';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

describe('audit records bound to their writer', () => {
  const ledger = pair();
  const user = pair();
  const signer = new AuditRecordSigner('ledger', ledger.privateKeyPem);
  const verifier = new AuditSignatureVerifier({ ledger: ledger.publicKeyPem, user: [pair().publicKeyPem, user.publicKeyPem] });
  const value = '{"eventId":"x","record":{"id":"x"}}';

  it('when a writer signs a value, then it verifies for that writer, as a string or as the bytes on the wire', () => {
    const headers = signer.headersFor(value);
    expect(headers[auditSignatureHeaders.signer]).toBe('ledger');
    expect(verifier.check(value, headers)).toEqual({ ok: true, signer: 'ledger' });
    expect(verifier.check(Buffer.from(value), headers)).toEqual({ ok: true, signer: 'ledger' });
  });

  it('when the value changes, the signer is renamed, the signature is missing or the writer is unknown, then it does not verify', () => {
    const headers = signer.headersFor(value);
    expect(verifier.check(`${value} `, headers).ok).toBe(false);
    expect(verifier.check(value, { ...headers, [auditSignatureHeaders.signer]: 'user' })).toMatchObject({ ok: false });
    expect(verifier.check(value, { [auditSignatureHeaders.signer]: 'ledger' })).toMatchObject({ ok: false });
    expect(verifier.check(value, { ...headers, [auditSignatureHeaders.signer]: 'webhooks' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a known writer/),
    });
    expect(verifier.check(null, headers).ok).toBe(false);
  });

  it('when another key signs in the name of the ledger, then it does not verify; a rotating writer verifies with either key', () => {
    const forged = new AuditRecordSigner('ledger', pair().privateKeyPem).headersFor(value);
    expect(verifier.check(value, forged)).toMatchObject({ ok: false, reason: expect.stringMatching(/does not verify/) });
    expect(verifier.check(value, new AuditRecordSigner('user', user.privateKeyPem).headersFor(value))).toEqual({
      ok: true,
      signer: 'user',
    });
  });

  it('when a record id is derived, then it is the same for the same name and key, another for another key, a version 8 UUID', () => {
    const id = signer.recordId('admin.audit:c1:money.mint');
    expect(signer.recordId('admin.audit:c1:money.mint')).toBe(id);
    expect(new AuditRecordSigner('ledger', ledger.privateKeyPem).recordId('admin.audit:c1:money.mint')).toBe(id);
    expect(new AuditRecordSigner('ledger', pair().privateKeyPem).recordId('admin.audit:c1:money.mint')).not.toBe(id);
    expect(signer.recordId('admin.audit:c2:money.mint')).not.toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('when a writer is given a key that is not Ed25519, then it refuses to start', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => new AuditRecordSigner('ledger', rsa)).toThrow(/Ed25519/);
  });
});
