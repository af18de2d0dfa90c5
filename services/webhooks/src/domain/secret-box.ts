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

/** Boxes written before the endpoint id was bound: read the old way, never written. */
const unboundVersion = 1;
/** Boxes that bind their endpoint's id as associated data: what `seal` writes. */
const boundVersion = 2;
const ivBytes = 12;
const tagBytes = 16;
const headerBytes = 1 + ivBytes + tagBytes;

/** The associated data of a version 2 box: the endpoint's id, so the box opens for that endpoint alone. */
function associatedData(endpointId: string): Buffer {
  return Buffer.from(`coin webhook endpoint secret:${endpointId}`, 'utf8');
}

/**
 * Endpoint secrets at rest (AES-256-GCM under WEBHOOKS_ENCRYPTION_SECRET). A secret cannot be
 * hashed like a password: every delivery needs it to compute the HMAC. A copy of the database
 * without the key reveals none. Layout: version byte, IV, tag (16 bytes, always: a shorter one is
 * refused), ciphertext. Version 2 binds the endpoint's id as associated data, so a box copied to
 * another endpoint's row does not open there (docs/design/security.md "Secrets at rest");
 * version 1 boxes, written before, open without it and are replaced at the endpoint's next
 * rotation.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the webhook secret encryption key must be 32 bytes');
  }

  seal(secret: string, endpointId: string): Buffer {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: tagBytes });
    cipher.setAAD(associatedData(endpointId));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([boundVersion]), iv, cipher.getAuthTag(), body]);
  }

  /** The secret of this endpoint; throws when the box was not sealed for it under this key, or is malformed. */
  open(sealed: Buffer, endpointId: string): string {
    const boxVersion = sealed[0];
    if (boxVersion !== boundVersion && boxVersion !== unboundVersion) throw new Error('unknown sealed secret version');
    if (sealed.length < headerBytes) throw new Error(`the sealed secret's tag is shorter than ${tagBytes} bytes`);
    const iv = sealed.subarray(1, 1 + ivBytes);
    const tag = sealed.subarray(1 + ivBytes, headerBytes);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: tagBytes });
    if (boxVersion === boundVersion) decipher.setAAD(associatedData(endpointId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(headerBytes)), decipher.final()]).toString('utf8');
  }
}
