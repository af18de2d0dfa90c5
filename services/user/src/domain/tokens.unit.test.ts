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

/** The `mode` claim of SYSTEM tokens (docs/decisions/0018-sandbox.md), which the gateway and the ledger refuse on real money. */
describe('signAccessToken', () => {
  const settings = { issuer: 'coin-ledger', audience: 'coin-ledger-api', ttlSeconds: 900 };
  const grants = { treasuries: ['REWARDS'], dailyRewardCap: null, cashout: false };
  const signed = async (subject: string, role: 'SYSTEM' | 'USER') => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const keys = await loadSigningKeys(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'k1', '[]');
    return decodeJwt(
      await signAccessToken(keys, settings, { subject, role, tokenVersion: 0, ...(role === 'SYSTEM' ? { grants } : {}) }, Date.now()),
    );
  };

  it('when the platform client id starts with test_, then its token claims test mode', async () => {
    expect(await signed('test_Xk3v9QmT2bLw', 'SYSTEM')).toMatchObject({ sub: 'test_Xk3v9QmT2bLw', role: 'SYSTEM', mode: 'test' });
  });

  it('when it is a live client, then its token claims live mode', async () => {
    expect(await signed('pc_Xk3v9QmT2bLw', 'SYSTEM')).toMatchObject({ role: 'SYSTEM', mode: 'live' });
  });

  it('when it is a person, then the token carries no mode claim', async () => {
    expect(await signed('7', 'USER')).not.toHaveProperty('mode');
  });

  it('when the client is granted cashout, then its token claims cashout: true; without the grant, no claim', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const keys = await loadSigningKeys(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 'k1', '[]');
    const sign = async (cashout: boolean) =>
      decodeJwt(
        await signAccessToken(
          keys,
          settings,
          { subject: 'pc_payer', role: 'SYSTEM', tokenVersion: 0, grants: { ...grants, cashout } },
          Date.now(),
        ),
      );
    expect(await sign(true)).toMatchObject({ sub: 'pc_payer', cashout: true });
    expect(await sign(false)).not.toHaveProperty('cashout');
  });
});
