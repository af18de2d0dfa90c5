import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest (docs/DESIGN.md "Admin sign-in: second factor and step-up"): AES-256-GCM
 * under MFA_ENCRYPTION_SECRET, which lives in configuration (a Secret), never in the database. A copy of
 * the users table alone does not let anyone compute an admin's codes. The user id is the
 * additional data, so a ciphertext moved to another row does not decrypt; the tag is 16 bytes,
 * and a shorter one does not open (docs/design/security.md "Secrets at rest").
 */
const keyBytes = 32;
const ivBytes = 12;
/** Always a whole GCM tag: a shorter one, which GCM would check as far as it goes, is refused. */
const tagBytes = 16;
const version = 'v1';
const base64Pattern = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The 32 bytes of an MFA_ENCRYPTION_SECRET (base64 or base64url), or null when it is not one. */
export function mfaKeyBytes(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!base64Pattern.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== keyBytes || bytes.every((byte) => byte === bytes[0])) return null;
  return bytes;
}

export class SecretBox {
  private readonly key: Buffer;

  constructor(keyText: string) {
    const key = mfaKeyBytes(keyText);
    if (!key) throw new Error('MFA_ENCRYPTION_SECRET must be 32 random bytes, base64 or base64url');
    this.key = key;
  }

  seal(plaintext: string, userId: number): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: tagBytes });
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [version, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The plaintext, or null when the text was not sealed for this user under this key. */
  open(sealedText: string, userId: number): string | null {
    const [v, iv, sealed, tag] = sealedText.split('.');
    if (v !== version || !iv || !sealed || !tag) return null;
    const tagRead = Buffer.from(tag, 'base64url');
    if (tagRead.length !== tagBytes) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: tagBytes });
      decipher.setAAD(Buffer.from(`user:${userId}`));
      decipher.setAuthTag(tagRead);
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
