import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt } from 'jose';
import { loadSigningKeys, signAccessToken } from './tokens';

/**
 * The `verified` claim (docs/CONTRACT.md "Cash-out"): the ledger reads a user's verification
 * level from the token a cash-out was asked with, so it is set only for a verified person.
 */
describe('signAccessToken, the verified claim', () => {
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const settings = { issuer: 'coin', audience: 'coin', ttlSeconds: 60 };
  const claimsOf = async (claims: Parameters<typeof signAccessToken>[2]) =>
    decodeJwt(await signAccessToken(await loadSigningKeys(pem, 'k1', '[]'), settings, claims, Date.now()));

  it('when the account is verified, then the token says verified: true; otherwise it says nothing', async () => {
    expect(await claimsOf({ subject: '7', role: 'USER', tokenVersion: 1, verified: true })).toMatchObject({ sub: '7', verified: true });
    expect(await claimsOf({ subject: '7', role: 'USER', tokenVersion: 1, verified: false })).not.toHaveProperty('verified');
    expect(await claimsOf({ subject: '7', role: 'USER', tokenVersion: 1 })).not.toHaveProperty('verified');
  });

  it('when a platform client token is signed, then it never claims verification', async () => {
    expect(await claimsOf({ subject: 'pc_x', role: 'SYSTEM', tokenVersion: 0, verified: true })).not.toHaveProperty('verified');
  });
});
