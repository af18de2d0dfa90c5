import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { newWebhookSecret } from '@coin/events';

/**
 * A new endpoint secret: 256 random bits, shown to the client once and stored only sealed. In the
 * Standard Webhooks form (`whsec_` and standard base64), which the official libraries take as it
 * is; endpoints' earlier base64url secrets still sign until rotated (@coin/events webhook-secret).
 */
export function newEndpointSecret(): string {
  return newWebhookSecret();
}

const version = 1;
const ivBytes = 12;
const tagBytes = 16;

/**
 * Endpoint secrets at rest (AES-256-GCM under WEBHOOKS_ENCRYPTION_SECRET). A secret cannot be
 * hashed like a password: every delivery needs it to compute the HMAC. A copy of the database
 * without the key reveals none. Layout: version byte, IV, tag, ciphertext.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the webhook secret encryption key must be 32 bytes');
  }

  seal(secret: string): Buffer {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([version]), iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Buffer): string {
    if (sealed[0] !== version) throw new Error('unknown sealed secret version');
    const iv = sealed.subarray(1, 1 + ivBytes);
    const tag = sealed.subarray(1 + ivBytes, 1 + ivBytes + tagBytes);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(1 + ivBytes + tagBytes)), decipher.final()]).toString('utf8');
  }
}
