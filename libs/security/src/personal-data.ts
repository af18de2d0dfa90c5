import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Crypto-shredding (docs/DESIGN.md "Erasure"): personal data that must travel where it outlives
 * the account (a registration command on a retained Kafka topic) is sealed with AES-256-GCM under
 * a key of its own, kept by the user service with the account; erasure deletes the key, and the
 * bytes left on the topic can no longer be read. GCM authenticates: a changed byte fails to open.
 */

export const personalDataKeyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;

/** What travels: the key's id (never the key), the nonce and ciphertext with its tag, base64url. */
export interface SealedPersonalData {
  keyId: string;
  iv: string;
  data: string;
}

export function newPersonalDataKey(): Buffer {
  return randomBytes(personalDataKeyBytes);
}

function checkedKey(key: Buffer): Buffer {
  if (key.length !== personalDataKeyBytes) throw new Error(`a personal data key must be ${personalDataKeyBytes} bytes`);
  return key;
}

/** The key id is authenticated with the data: a sealed value cannot be passed off under another key's id. */
function associatedData(keyId: string): Buffer {
  return Buffer.from(`coin personal data v1:${keyId}`, 'utf8');
}

export function sealPersonalData(keyId: string, key: Buffer, value: unknown): SealedPersonalData {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', checkedKey(key), iv, { authTagLength: tagBytes });
  cipher.setAAD(associatedData(keyId));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { keyId, iv: iv.toString('base64url'), data: data.toString('base64url') };
}

/** The sealed value, parsed from JSON (validate it before use); throws when the key, nonce, id or data do not match. */
export function openPersonalData(key: Buffer, sealed: SealedPersonalData): unknown {
  const iv = Buffer.from(sealed.iv, 'base64url');
  const data = Buffer.from(sealed.data, 'base64url');
  if (iv.length !== ivBytes || data.length < tagBytes) throw new Error('sealed personal data is malformed');
  const decipher = createDecipheriv('aes-256-gcm', checkedKey(key), iv, { authTagLength: tagBytes });
  decipher.setAAD(associatedData(sealed.keyId));
  decipher.setAuthTag(data.subarray(data.length - tagBytes));
  const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - tagBytes)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}
