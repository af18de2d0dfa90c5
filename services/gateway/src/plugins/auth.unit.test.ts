import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { AppError } from '@coin/errors';
import type { Principal } from './access';
import { bearerTokenOf, isAllowed, secondFactorRefusal, verifyAccessToken } from './auth';

const withHeader = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } });

describe('bearer token parsing', () => {
  it('when the scheme is written in any case (RFC 7235), then the token is read', () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) expect(bearerTokenOf(withHeader(`${scheme} a.b-c_d`))).toBe('a.b-c_d');
  });

  it('when several spaces separate scheme and token, then the token is read', () => {
    expect(bearerTokenOf(withHeader('Bearer   a.b.c'))).toBe('a.b.c');
  });

  it('when the header is missing, empty, of another scheme or carries no token, then UNAUTHENTICATED', () => {
    for (const header of [undefined, '', 'Basic a.b.c', 'Bearer', 'Bearer ', 'Bearera.b.c', 'Bearer a.b c', 'Bearer a+b']) {
      expect(() => bearerTokenOf(withHeader(header))).toThrow(AppError);
      try {
        bearerTokenOf(withHeader(header));
      } catch (err) {
        expect({ header, code: (err as AppError).code }).toEqual({ header, code: 'UNAUTHENTICATED' });
      }
    }
  });
});

/** A loopback port a server listened on and closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return port;
}

describe('access tokens when the signing keys cannot be fetched', () => {
  const options = { jwksUrl: '', issuer: 'coin-ledger', audience: 'coin-ledger-api' };

  it('when the key-set endpoint refuses connections, then 503 UNAVAILABLE (retry), not a final 401', async () => {
    const { generateKeyPair, SignJWT, createRemoteJWKSet } = await import('jose');
    const { privateKey } = await generateKeyPair('EdDSA');
    const token = await new SignJWT({ role: 'USER', ver: 0 })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setSubject('7')
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setExpirationTime('5m')
      .sign(privateKey);
    // A loopback port just given up by a server: nothing listens there, the connection is refused.
    // (Not a well-known port such as 9: fetch refuses those itself, without connecting.)
    const keys = createRemoteJWKSet(new URL(`http://127.0.0.1:${await closedPort()}/.well-known/jwks.json`));
    await expect(verifyAccessToken(token, keys, options)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('when the token itself is broken, then 401 UNAUTHENTICATED whatever the keys', async () => {
    const { createRemoteJWKSet } = await import('jose');
    const keys = createRemoteJWKSet(new URL('http://127.0.0.1:9/.well-known/jwks.json'));
    await expect(verifyAccessToken('not.a.token', keys, options)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('the payout access level (routes/payouts.ts judges from where)', () => {
  const person = (role: 'USER' | 'ADMIN', mfa: boolean): Principal => ({
    kind: 'user',
    subject: '7',
    userId: 7,
    role,
    tokenVersion: 1,
    ...(mfa ? { mfaAtMs: 0 } : {}),
  });
  const client: Principal = { kind: 'system', subject: 'pc_shop', role: 'SYSTEM', tokenVersion: 0, treasuries: ['REWARDS'] };

  it('when a user or a platform client calls it, then the route is reached; an admin without a second factor too (paying from their own wallet)', () => {
    expect([isAllowed(person('USER', false), 'payout'), isAllowed(client, 'payout'), isAllowed(client, 'user')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(secondFactorRefusal(person('ADMIN', false), { access: 'payout' }, 0, 300)).toBeNull();
    expect(secondFactorRefusal(person('ADMIN', false), { access: 'reward' }, 0, 300)?.code).toBe('MFA_REQUIRED');
  });
});

describe('the platform access level (a platform client’s own webhooks)', () => {
  const system: Principal = { kind: 'system', subject: 'pc_1', role: 'SYSTEM', tokenVersion: 0, treasuries: ['REWARDS'] };
  const user = (role: 'USER' | 'DEVELOPER' | 'ADMIN' | 'SUPERADMIN'): Principal => ({
    kind: 'user',
    subject: '7',
    userId: 7,
    role,
    tokenVersion: 0,
    mfaAtMs: 0,
  });

  it('when a SYSTEM token asks, then it is allowed; a user of any role, a SUPERADMIN included, is not', () => {
    expect(isAllowed(system, 'platform')).toBe(true);
    for (const role of ['USER', 'DEVELOPER', 'ADMIN', 'SUPERADMIN'] as const)
      expect([role, isAllowed(user(role), 'platform')]).toEqual([role, false]);
  });

  it('when a SYSTEM token asks for an admin route, then it stays refused', () => {
    expect(isAllowed(system, 'admin')).toBe(false);
    expect(isAllowed(system, 'superadmin')).toBe(false);
  });
});
