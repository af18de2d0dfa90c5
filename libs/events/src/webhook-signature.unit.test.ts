import { signWebhook, verifyWebhookSignature, webhookSignatureHeader } from './webhook-signature';

const secret = 'whsec_0123456789abcdef0123456789abcdef';
const rotatedSecret = 'whsec_fedcba9876543210fedcba9876543210';
const body = '{"eventId":"00000000-0000-4000-8000-000000000001","type":"coin.transaction.recorded"}';
const sentAt = 1_800_000_000;

describe('signWebhook / verifyWebhookSignature', () => {
  it('when the body and timestamp are the signed ones, then the signature verifies', () => {
    const header = signWebhook({ body, secrets: [secret], timestamp: sentAt });
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(webhookSignatureHeader).toBe('Coin-Signature');
    expect(verifyWebhookSignature({ body, header, secret, now: sentAt + 10 })).toEqual({ ok: true, timestamp: sentAt });
  });

  it('when one byte of the body changed, then it is refused as a mismatch', () => {
    const header = signWebhook({ body, secrets: [secret], timestamp: sentAt });
    const tampered = body.replace('recorded', 'recordee');
    expect(verifyWebhookSignature({ body: tampered, header, secret, now: sentAt })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('when the timestamp is older than the tolerance, then it is refused even with a valid signature', () => {
    const header = signWebhook({ body, secrets: [secret], timestamp: sentAt });
    expect(verifyWebhookSignature({ body, header, secret, now: sentAt + 301 })).toEqual({
      ok: false,
      reason: 'timestamp_outside_tolerance',
    });
    expect(verifyWebhookSignature({ body, header, secret, now: sentAt + 301, toleranceSeconds: 600 }).ok).toBe(true);
    // A timestamp from the future is as suspicious as an old one.
    expect(verifyWebhookSignature({ body, header, secret, now: sentAt - 301 })).toEqual({
      ok: false,
      reason: 'timestamp_outside_tolerance',
    });
  });

  it('when the timestamp in the header is changed, then the signature no longer matches', () => {
    const header = signWebhook({ body, secrets: [secret], timestamp: sentAt }).replace(`t=${sentAt}`, `t=${sentAt + 5}`);
    expect(verifyWebhookSignature({ body, header, secret, now: sentAt })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('during a rotation, then both the old and the new secret verify the same delivery', () => {
    const header = signWebhook({ body, secrets: [rotatedSecret, secret], timestamp: sentAt });
    expect(header.split(',v1=')).toHaveLength(3);
    expect(verifyWebhookSignature({ body, header, secret, now: sentAt }).ok).toBe(true);
    expect(verifyWebhookSignature({ body, header, secret: rotatedSecret, now: sentAt }).ok).toBe(true);
    expect(verifyWebhookSignature({ body, header, secret: 'whsec_other', now: sentAt })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('when the header is malformed, then it is refused without throwing', () => {
    for (const header of ['', 'v1=abc', 't=abc,v1=00', 't=1800000000', `t=${sentAt},v1=zz`, 'x'.repeat(10_000)]) {
      expect(verifyWebhookSignature({ body, header, secret, now: sentAt }).ok).toBe(false);
    }
    expect(verifyWebhookSignature({ body, header: 'v1=abc', secret, now: sentAt })).toEqual({ ok: false, reason: 'malformed_header' });
  });

  it('when the body is bytes, then it verifies the same as the string', () => {
    const header = signWebhook({ body, secrets: [secret], timestamp: sentAt });
    expect(verifyWebhookSignature({ body: Buffer.from(body), header, secret, now: sentAt }).ok).toBe(true);
  });

  it('when no secret is given, then signing refuses', () => {
    expect(() => signWebhook({ body, secrets: [], timestamp: sentAt })).toThrow(/secret/);
  });
});
