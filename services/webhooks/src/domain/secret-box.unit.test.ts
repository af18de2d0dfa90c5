import { createCipheriv, randomBytes } from 'node:crypto';
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
  const key = randomBytes(32);
  const box = new SecretBox(key);
  const endpointId = '0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20';
  const otherEndpointId = '7d1c0b2e-9a4f-4c3d-8e5b-6a2f1d0c9b38';

  /** A box as the version before the endpoint id was bound wrote it: version 1, IV, tag, ciphertext, no associated data. */
  const sealedTheOldWay = (secret: string): Buffer => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
  };

  it('when a secret is sealed, then only the same key opens it, and the sealed bytes do not contain it', () => {
    const secret = newEndpointSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const sealed = box.seal(secret, endpointId);
    expect(sealed.includes(Buffer.from(secret))).toBe(false);
    expect(box.open(sealed, endpointId)).toBe(secret);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, endpointId)).toThrow();
  });

  it('when a sealed secret is copied to another endpoint, then it does not open there', () => {
    const sealed = box.seal(newEndpointSecret(), endpointId);
    expect(() => box.open(sealed, otherEndpointId)).toThrow();
  });

  it('when the tag is shorter than 16 bytes, then opening is refused, even a tag that authenticates', () => {
    // A 4-byte tag that GCM accepts for an empty secret (what a search of 2^32 tags would find without the key):
    // in the old layout a box shorter than a whole tag read its rest as the tag and an empty ciphertext.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 4 });
    cipher.final();
    const shortTagged = Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag()]);
    expect(() => box.open(shortTagged, endpointId)).toThrow(/tag/);
    const sealed = box.seal(newEndpointSecret(), endpointId);
    expect(() => box.open(sealed.subarray(0, 1 + 12 + 8), endpointId)).toThrow(/tag/);
    expect(() => box.open(Buffer.alloc(0), endpointId)).toThrow();
  });

  it('when a secret was sealed before the endpoint id was bound, then it still opens', () => {
    const secret = newEndpointSecret();
    expect(box.open(sealedTheOldWay(secret), endpointId)).toBe(secret);
  });

  it('when the sealed bytes are changed, then opening fails', () => {
    const sealed = box.seal(newEndpointSecret(), endpointId);
    sealed.writeUInt8(sealed.readUInt8(sealed.length - 1) ^ 1, sealed.length - 1);
    expect(() => box.open(sealed, endpointId)).toThrow();
  });

  it('when the key is not 32 bytes, then the box refuses it', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
