import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { loadGatewayConfig } from '../config';
import { CacheMac, decodeCacheMacSecret } from './cache-mac';

describe('CacheMac: cached authorization entries carry a MAC Redis cannot make, over their own expiry', () => {
  const secret = randomBytes(32);
  const mac = new CacheMac(secret, 'coin.gw:');
  const exp = 1_900_000_000;

  it('when an entry is sealed, then it opens under the same key to the same value and expiry, dots and JSON included', () => {
    for (const value of ['7', 'deleted', 'active', '{"id":"a.b","scopes":["mint"]}', '']) {
      const sealed = mac.seal('apikey:abc', value, exp);
      expect(sealed.startsWith(`${value}.${exp}.`)).toBe(true);
      expect(mac.open('apikey:abc', sealed)).toEqual({ value, expiresAtS: exp });
    }
  });

  it('when the value, the expiry, the key name, the prefix or the secret differs, or the MAC is missing or cut, then it does not open', () => {
    const sealed = mac.seal('tokenver:1', '5', exp);
    const macPart = sealed.slice(sealed.lastIndexOf('.'));
    expect(mac.open('tokenver:1', `6.${exp}${macPart}`)).toBeUndefined(); // another value under the same MAC
    expect(mac.open('tokenver:1', `5.${exp + 86_400}${macPart}`)).toBeUndefined(); // a longer life under the same MAC
    expect(mac.open('tokenver:2', sealed)).toBeUndefined(); // moved to another key
    expect(new CacheMac(secret, 'other.gw:').open('tokenver:1', sealed)).toBeUndefined(); // another deployment's prefix
    expect(new CacheMac(randomBytes(32), 'coin.gw:').open('tokenver:1', sealed)).toBeUndefined(); // another secret
    expect(mac.open('tokenver:1', '5')).toBeUndefined(); // unsealed (the format before MACs)
    expect(mac.open('tokenver:1', sealed.slice(0, -1))).toBeUndefined();
    expect(mac.open('tokenver:1', `${sealed}A`)).toBeUndefined();
    expect(mac.open('tokenver:1', `5.${'A'.repeat(43)}`)).toBeUndefined();
    expect(mac.open('tokenver:1', '')).toBeUndefined();
  });

  it('when an entry of the format before expiries (`<value>.<mac>`, version 1) is read, then it does not open', () => {
    const name = 'coin.gw:tokenver:1';
    const v1 = createHmac('sha256', secret).update(`coin-gateway-cache-v1\n${name.length}:${name}\n5`).digest('base64url');
    expect(mac.open('tokenver:1', `5.${v1}`)).toBeUndefined();
  });

  it('when the expiry is not a positive whole number of seconds, then nothing is sealed', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER * 2])
      expect(() => mac.seal('tokenver:1', '5', bad)).toThrow(/expiry/);
  });

  it('when an entry opened before is read again, then it opens to the same value; altered, moved or past the bound, it is judged afresh', () => {
    const small = new CacheMac(secret, 'coin.gw:', 2);
    const sealed = small.seal('tokenver:1', '5', exp);
    expect(small.open('tokenver:1', sealed)?.value).toBe('5');
    expect(small.open('tokenver:1', sealed)?.value).toBe('5');
    expect(small.open('tokenver:1', `6${sealed.slice(1)}`)).toBeUndefined();
    expect(small.open('tokenver:2', sealed)).toBeUndefined();
    // More entries than the bound: the first is dropped and verifies again on its next read.
    expect(small.open('tokenver:2', small.seal('tokenver:2', '1', exp))?.value).toBe('1');
    expect(small.open('tokenver:3', small.seal('tokenver:3', '1', exp))?.value).toBe('1');
    expect(small.open('tokenver:1', sealed)?.value).toBe('5');
    expect(small.open('tokenver:1', sealed.slice(0, -1))).toBeUndefined();
  });

  it('when a key name and a value would concatenate alike, then their MACs still differ', () => {
    const sealed = mac.seal('apikey:a', 'x\ny', exp);
    const tail = sealed.slice(sealed.length - 44 - String(exp).length - 1);
    expect(mac.open('apikey:a', sealed)?.value).toBe('x\ny');
    expect(mac.open('apikey:a\nx', `y${tail}`)).toBeUndefined();
  });

  it('when the secret is short, not base64, or one repeated byte, then it is refused; 32 random bytes in base64 or base64url pass', () => {
    expect(() => decodeCacheMacSecret(randomBytes(31).toString('base64'))).toThrow(/at least 32 bytes/);
    expect(() => decodeCacheMacSecret('not base64 at all!')).toThrow(/base64/);
    expect(() => decodeCacheMacSecret(Buffer.alloc(32, 7).toString('base64'))).toThrow(/repeated/);
    expect(decodeCacheMacSecret(`${randomBytes(32).toString('base64')}\n`)).toHaveLength(32);
    expect(decodeCacheMacSecret(randomBytes(48).toString('base64url'))).toHaveLength(48);
    expect(() => new CacheMac(randomBytes(16), '')).toThrow();
  });

  it('when the gateway configuration has no CACHE_MAC_SECRET or a weak one, then it does not load', () => {
    const SERVICE_TOKEN_PRIVATE_KEY = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadGatewayConfig({ SERVICE_TOKEN_PRIVATE_KEY })).toThrow(/CACHE_MAC_SECRET/);
    expect(() => loadGatewayConfig({ SERVICE_TOKEN_PRIVATE_KEY, CACHE_MAC_SECRET: 'short' })).toThrow(/CACHE_MAC_SECRET/);
    const good = randomBytes(32).toString('base64url');
    expect(loadGatewayConfig({ SERVICE_TOKEN_PRIVATE_KEY, CACHE_MAC_SECRET: good }).CACHE_MAC_SECRET).toBe(good);
  });
});
