import { randomBytes } from 'node:crypto';

/**
 * Webhook and callback secrets: `whsec_` and the HMAC key in standard base64 (`+`, `/`, `=`
 * padding), the form of the Standard Webhooks spec, which its libraries (npm and PyPI
 * `standardwebhooks`) decode as it is. Secrets issued before this form are base64url (`-`, `_`,
 * unpadded); they keep verifying until rotated, so a secret is read in either form. The reading is
 * strict, so that one text never names two keys: a body of either alphabet alone, padded right,
 * in its canonical spelling; a body mixing the two alphabets is no secret.
 */
export const webhookSecretPrefix = 'whsec_';

/** Bytes of a new secret's key: 256 random bits. */
const newKeyBytes = 32;
/** The fewest key bytes a secret may hold: the gateway's configured ones were 16 and up. */
const minKeyBytes = 16;

const standardOnly = /[+/]/;
const urlOnly = /[-_]/;
const base64Text = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** A new secret: `whsec_` and 32 random bytes in standard base64. */
export function newWebhookSecret(): string {
  return `${webhookSecretPrefix}${randomBytes(newKeyBytes).toString('base64')}`;
}

/** The key a body spells in `encoding`, or null unless the body is its canonical spelling (padded or not). */
function decodeCanonical(body: string, encoding: 'base64' | 'base64url'): Buffer | null {
  // Node's decoders skip what they cannot read (stray characters, bits past the last byte): only
  // the key spelled back proves the body is that key's one spelling.
  const key = Buffer.from(body, encoding);
  const unpadded = key.toString(encoding).replace(/=+$/, '');
  const padded = unpadded.padEnd(Math.ceil(unpadded.length / 4) * 4, '=');
  return body === unpadded || body === padded ? key : null;
}

/**
 * The HMAC key of a secret in either form, or why it is none: standard base64 (as issued now) or
 * base64url (as issued before), padded or not. A body of letters and digits alone is both, and
 * reads the same either way.
 */
export function parseWebhookSecret(secret: string): { key: Buffer } | { error: string } {
  if (!secret.startsWith(webhookSecretPrefix)) return { error: 'a webhook secret starts with whsec_' };
  const body = secret.slice(webhookSecretPrefix.length);
  if (!base64Text.test(body)) return { error: 'a webhook secret is whsec_ and base64' };
  const url = urlOnly.test(body);
  if (url && standardOnly.test(body)) return { error: 'a webhook secret is standard base64 or base64url, never a mix of the two' };
  const key = decodeCanonical(body, url ? 'base64url' : 'base64');
  if (key === null) return { error: 'a webhook secret’s base64 is not canonical (its padding or its last character)' };
  if (key.length < minKeyBytes) return { error: `a webhook secret holds at least ${minKeyBytes} bytes` };
  return { key };
}

/** The HMAC key of a secret (`parseWebhookSecret`); throws on anything that is not one. */
export function webhookSecretKey(secret: string): Buffer {
  const parsed = parseWebhookSecret(secret);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.key;
}
