import { generateKeyPairSync } from 'node:crypto';
import { AppError } from '@coin/errors';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { installProblemHandler } from './index';
import { installServiceAuth, ServiceTokenSigner, ServiceTokenVerifier, serviceTokenTtlS } from './service-auth';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
  };
};
const gateway = pair();
const history = pair();
const stranger = pair();
const publicKeys = { gateway: gateway.publicKeyPem, history: history.publicKeyPem };
const t0 = Date.parse('2030-01-01T00:00:00Z');

/** The error a verification threw (fails when it passed). */
async function refusal(verifying: Promise<unknown>): Promise<AppError> {
  try {
    await verifying;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('service tokens: signer and verifier', () => {
  it('when the gateway signs for the ledger, then the ledger verifies the caller as gateway', async () => {
    const token = await new ServiceTokenSigner('gateway', gateway.privateKeyPem, () => t0).tokenFor('ledger');
    expect(await new ServiceTokenVerifier('ledger', publicKeys, () => t0).verify(`Bearer ${token}`)).toBe('gateway');
  });

  it('when a token is asked for again within its life, then the same one comes back, and a new one near its expiry', async () => {
    let now = t0;
    const signer = new ServiceTokenSigner('gateway', gateway.privateKeyPem, () => now);
    const first = await signer.tokenFor('user');
    now += 30_000;
    expect(await signer.tokenFor('user')).toBe(first);
    expect(await signer.tokenFor('ledger')).not.toBe(first);
    now = t0 + (serviceTokenTtlS - 10) * 1000;
    expect(await signer.tokenFor('user')).not.toBe(first);
  });

  it('when there is no bearer, a malformed one, or another scheme, then UNAUTHENTICATED', async () => {
    const verifier = new ServiceTokenVerifier('ledger', publicKeys, () => t0);
    for (const header of [undefined, '', 'Bearer', 'Bearer not-a-jwt', 'Basic Z2F0ZXdheTp4', 'Bearer a.b.c']) {
      expect((await refusal(verifier.verify(header))).code).toBe('UNAUTHENTICATED');
    }
  });

  it('when the token is for another audience, expired, signed by a key not the issuer’s, or from an unknown issuer, then UNAUTHENTICATED', async () => {
    const verifier = new ServiceTokenVerifier('ledger', publicKeys, () => t0);
    const forOther = await new ServiceTokenSigner('gateway', gateway.privateKeyPem, () => t0).tokenFor('user');
    const expired = await new ServiceTokenSigner('gateway', gateway.privateKeyPem, () => t0 - 120_000).tokenFor('ledger');
    const forged = await new ServiceTokenSigner('gateway', stranger.privateKeyPem, () => t0).tokenFor('ledger');
    // History's own key, claiming to be the gateway: a callee holds only public keys, and each
    // caller's key signs for that caller alone.
    const impersonating = await new ServiceTokenSigner('gateway', history.privateKeyPem, () => t0).tokenFor('ledger');
    const unknown = await new ServiceTokenSigner('user', stranger.privateKeyPem, () => t0).tokenFor('ledger');
    for (const token of [forOther, expired, forged, impersonating, unknown]) {
      expect((await refusal(verifier.verify(`Bearer ${token}`))).code).toBe('UNAUTHENTICATED');
    }
  });

  it('when the token is HS256 (keyed with the public key text, the classic confusion), or lives longer than 60 s, then UNAUTHENTICATED', async () => {
    const verifier = new ServiceTokenVerifier('ledger', publicKeys, () => t0);
    const nowS = t0 / 1000;
    const hs256 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('gateway')
      .setAudience('ledger')
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + 30)
      .sign(new TextEncoder().encode(gateway.publicKeyPem));
    const longLived = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer('gateway')
      .setAudience('ledger')
      .setIssuedAt(nowS)
      .setExpirationTime(nowS + 3600)
      .sign(gateway.privateKey);
    for (const token of [hs256, longLived]) expect((await refusal(verifier.verify(`Bearer ${token}`))).code).toBe('UNAUTHENTICATED');
  });
});

describe('service route table: default-deny per route', () => {
  async function appWith(routes: Record<string, readonly ('gateway' | 'history')[]>, register: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    installProblemHandler(app);
    installServiceAuth(app, { audience: 'ledger', publicKeys, routes, open: ['/.well-known/jwks.json'] });
    register(app);
    await app.ready();
    return app;
  }
  const bearer = async (key: string, caller: 'gateway' | 'history') =>
    `Bearer ${await new ServiceTokenSigner(caller, key).tokenFor('ledger')}`;

  it('when a route is registered that the table does not name, then registration throws (the service does not start)', () => {
    const app = Fastify();
    installServiceAuth(app, { audience: 'ledger', publicKeys, routes: {} });
    expect(() => app.get('/internal/secret', async () => ({}))).toThrow('GET /internal/secret: an internal route needs an entry');
  });

  it('when the table names a route no one serves, then the app refuses to become ready', async () => {
    const app = Fastify();
    installServiceAuth(app, { audience: 'ledger', publicKeys, routes: { 'GET /internal/typo': ['gateway'] } });
    await expect(app.ready()).rejects.toThrow('GET /internal/typo');
  });

  it('when callers call: no token 401, an admitted caller 200, a known caller the route does not admit 403, an open route 200', async () => {
    const app = await appWith({ 'GET /internal/supply': ['gateway'], 'GET /internal/transactions': ['history'] }, (a) => {
      a.get('/internal/supply', async () => ({ ok: true }));
      a.get('/internal/transactions', async () => ({ ok: true }));
      a.get('/.well-known/jwks.json', async () => ({ keys: [] }));
    });
    const none = await app.inject({ method: 'GET', url: '/internal/supply' });
    expect([none.statusCode, none.json().code, none.headers['www-authenticate']]).toEqual([401, 'UNAUTHENTICATED', 'Bearer']);
    const asGateway = await bearer(gateway.privateKeyPem, 'gateway');
    expect((await app.inject({ method: 'GET', url: '/internal/supply', headers: { authorization: asGateway } })).statusCode).toBe(200);
    // HEAD is GET's route: same table entry.
    expect((await app.inject({ method: 'HEAD', url: '/internal/supply', headers: { authorization: asGateway } })).statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/internal/transactions', headers: { authorization: asGateway } });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const asHistory = await bearer(history.privateKeyPem, 'history');
    expect((await app.inject({ method: 'GET', url: '/internal/transactions', headers: { authorization: asHistory } })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).statusCode).toBe(200);
  });

  it('when an unknown path is asked for, then 401 without a token and 404 only with one', async () => {
    const app = await appWith({ 'GET /internal/supply': ['gateway'] }, (a) => a.get('/internal/supply', async () => ({})));
    expect((await app.inject({ method: 'GET', url: '/internal/nothing' })).statusCode).toBe(401);
    const authorization = await bearer(gateway.privateKeyPem, 'gateway');
    expect((await app.inject({ method: 'GET', url: '/internal/nothing', headers: { authorization } })).statusCode).toBe(404);
  });
});

describe('service key rotation', () => {
  it('when a callee holds the caller’s old and new public keys, then tokens signed with either are accepted', async () => {
    const next = pair();
    const verifier = new ServiceTokenVerifier('user', { gateway: [gateway.publicKeyPem, next.publicKeyPem] }, () => t0);
    for (const key of [gateway.privateKeyPem, next.privateKeyPem]) {
      const token = await new ServiceTokenSigner('gateway', key, () => t0).tokenFor('user');
      expect(await verifier.verify(`Bearer ${token}`)).toBe('gateway');
    }
  });
});
