import { randomBytes } from 'node:crypto';
import { webhookDeliveryHeaders } from '@coin/events';
import { Webhook } from 'standardwebhooks';
import { newEndpointSecret, SecretBox } from './secret-box';

describe('endpoint secrets as issued', () => {
  it('when a secret is issued, then the official Standard Webhooks library takes it as it is and verifies a delivery signed with it', () => {
    const body = JSON.stringify({ eventId: 'evt_1', type: 'coin.webhook.test' });
    // Many secrets: a base64url one fails the library only when it holds a `-` or `_`, most do.
    for (let i = 0; i < 32; i += 1) {
      const secret = newEndpointSecret();
      const headers = webhookDeliveryHeaders({ id: 'evt_1', timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] });
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    }
  });
});

describe('endpoint secrets at rest', () => {
  const box = new SecretBox(randomBytes(32));

  it('when a secret is sealed, then only the same key opens it, and the sealed bytes do not contain it', () => {
    const secret = newEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const sealed = box.seal(secret);
    expect(sealed.includes(Buffer.from(secret))).toBe(false);
    expect(box.open(sealed)).toBe(secret);
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('when the sealed bytes are changed, then opening fails', () => {
    const sealed = box.seal(newEndpointSecret());
    sealed.writeUInt8(sealed.readUInt8(sealed.length - 1) ^ 1, sealed.length - 1);
    expect(() => box.open(sealed)).toThrow();
  });

  it('when the key is not 32 bytes, then the box refuses it', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
