import { randomBytes } from 'node:crypto';
import { newWebhookSecret, parseWebhookSecret, webhookSecretKey } from './webhook-secret';

/** A key whose encodings hold `+` and `/` (standard) or `-` and `_` (base64url), and need padding. */
const key = Buffer.from('fbefbefbff0123456789abcdef0123456789abcdeffbefbefbff', 'hex');
const standard = `whsec_${key.toString('base64')}`;
const url = `whsec_${key.toString('base64url')}`;
/** The same key spelled with a bit set past its last byte: decoders that skip such bits read the key, a strict one refuses it. */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const strayBits = standard.replace(/(.)=$/, (_all, last: string) => `${alphabet[alphabet.indexOf(last) ^ 1]}=`);

describe('webhook secrets: whsec_ and standard base64, or base64url as issued before', () => {
  it('when a secret is issued, then it is whsec_ and 32 random bytes in standard base64, padded, and reads back as those bytes', () => {
    const secrets = Array.from({ length: 20 }, () => newWebhookSecret());
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(webhookSecretKey(secret).toString('base64')).toBe(secret.slice('whsec_'.length));
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('when a secret is in the standard form, then its key is the bytes it spells, padded or not', () => {
    expect(standard).toMatch(/[+/].*=$/);
    expect(webhookSecretKey(standard)).toEqual(key);
    expect(webhookSecretKey(standard.replace(/=+$/, ''))).toEqual(key);
  });

  it('when a secret is in the earlier base64url form, then it is the same key as its standard spelling, so it verifies as before', () => {
    expect(url).toMatch(/[-_]/);
    expect(webhookSecretKey(url)).toEqual(key);
    expect(webhookSecretKey(`${url}=`)).toEqual(key);
    // An issued one: 43 characters, unpadded.
    const issuedBefore = randomBytes(32);
    expect(webhookSecretKey(`whsec_${issuedBefore.toString('base64url')}`)).toEqual(issuedBefore);
  });

  it('when a secret mixes the two alphabets, then it is no secret: no issuer wrote it, and the official libraries do not read it', () => {
    const mixed = `whsec_${key.toString('base64').replace('/', '_')}`;
    expect(mixed).toMatch(/_/);
    expect(mixed).toMatch(/\+/);
    expect(parseWebhookSecret(mixed)).toEqual({ error: expect.stringContaining('never a mix') });
    expect(() => webhookSecretKey(mixed)).toThrow(/never a mix/);
  });

  it.each([
    ['no prefix', key.toString('base64'), /starts with whsec_/],
    ['a character of neither alphabet', `${standard.slice(0, 10)}.${standard.slice(11)}`, /is whsec_ and base64/],
    ['whitespace', `${standard.slice(0, 10)} ${standard.slice(10)}`, /is whsec_ and base64/],
    ['padding in the middle', `${standard.slice(0, 10)}=${standard.slice(10)}`, /is whsec_ and base64/],
    ['too much padding', `${standard}=`, /not canonical/],
    ['padding on a body that needs none', `whsec_${randomBytes(33).toString('base64')}==`, /not canonical/],
    ['bits past the last byte (a second spelling of the key)', strayBits, /not canonical/],
    ['fewer than 16 bytes', `whsec_${randomBytes(15).toString('base64')}`, /at least 16 bytes/],
    ['nothing after the prefix', 'whsec_', /at least 16 bytes/],
  ])('when a secret has %s, then it is refused', (_case, secret, why) => {
    expect(parseWebhookSecret(secret)).toEqual({ error: expect.stringMatching(why) });
  });
});
