import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { loadGatewayConfig } from '../config';
import { CacheMac, decodeCacheMacSecret } from './cache-mac';

describe('CacheMac: cached authorization entries carry a MAC Redis cannot make (issue 29 item 6)', () => {
  const secret = randomBytes(32);
  const mac = new CacheMac(secret, 'coin.gw:');

  it('when an entry is sealed, then it opens under the same key to the same value, dots and JSON included', () => {
    for (const value of ['7', 'deleted', 'active', '{"id":"a.b","scopes":["mint"]}', '']) {
      const sealed = mac.seal('apikey:abc', value);
      expect(sealed.startsWith(`${value}.`)).toBe(true);
      expect(mac.open('apikey:abc', sealed)).toBe(value);
    }
  });

  it('when the value, the key name, the prefix or the secret differs, or the MAC is missing or cut, then it does not open', () => {
    const sealed = mac.seal('tokenver:1', '5');
    const tail = sealed.slice(sealed.indexOf('.'));
    expect(mac.open('tokenver:1', `6${tail}`)).toBeUndefined(); // another value under the same MAC
    expect(mac.open('tokenver:2', sealed)).toBeUndefined(); // moved to another key
    expect(new CacheMac(secret, 'other.gw:').open('tokenver:1', sealed)).toBeUndefined(); // another deployment's prefix
    expect(new CacheMac(randomBytes(32), 'coin.gw:').open('tokenver:1', sealed)).toBeUndefined(); // another secret
    expect(mac.open('tokenver:1', '5')).toBeUndefined(); // unsealed (the format before MACs)
    expect(mac.open('tokenver:1', sealed.slice(0, -1))).toBeUndefined();
    expect(mac.open('tokenver:1', `${sealed}A`)).toBeUndefined();
    expect(mac.open('tokenver:1', `5.${'A'.repeat(43)}`)).toBeUndefined();
    expect(mac.open('tokenver:1', '')).toBeUndefined();
  });

  it('when an entry opened before is read again, then it opens to the same value; altered, moved or past the bound, it is judged afresh', () => {
    const small = new CacheMac(secret, 'coin.gw:', 2);
    const sealed = small.seal('tokenver:1', '5');
    expect(small.open('tokenver:1', sealed)).toBe('5');
    expect(small.open('tokenver:1', sealed)).toBe('5');
    const tail = sealed.slice(sealed.indexOf('.'));
    expect(small.open('tokenver:1', `6${tail}`)).toBeUndefined();
    expect(small.open('tokenver:2', sealed)).toBeUndefined();
    // More entries than the bound: the first is dropped and verifies again on its next read.
    expect(small.open('tokenver:2', small.seal('tokenver:2', '1'))).toBe('1');
    expect(small.open('tokenver:3', small.seal('tokenver:3', '1'))).toBe('1');
    expect(small.open('tokenver:1', sealed)).toBe('5');
    expect(small.open('tokenver:1', sealed.slice(0, -1))).toBeUndefined();
  });

  it('when a key name and a value would concatenate alike, then their MACs still differ', () => {
    const sealed = mac.seal('apikey:a', 'x\ny');
    const tail = sealed.slice(sealed.length - 44);
    expect(mac.open('apikey:a', sealed)).toBe('x\ny');
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
