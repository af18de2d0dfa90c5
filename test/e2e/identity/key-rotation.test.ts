import { createPublicKey } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { startTestStack, type TestStack } from '../../harness/stack';
import { apiClient, http, registerUser } from '../../harness/http';
import { generateJwtKey } from '../../../scripts/stack/keys';

/**
 * Signing-key rotation (docs/DESIGN.md "Signing keys and rotation"): the user service signs with
 * the new key, the JWKS still serves the retired public key, so tokens issued before the
 * rotation stay valid until they expire.
 */
describe('signing-key rotation', () => {
  const retired = generateJwtKey('retired-key');
  let stack: TestStack;
  beforeAll(async () => {
    const retiredPublicPem = createPublicKey(retired.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
    stack = await startTestStack({
      extraEnv: { JWT_PREVIOUS_PUBLIC_KEYS: JSON.stringify([{ kid: retired.kid, publicKeyPem: retiredPublicPem }]) },
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  async function signWith(key: { kid: string; privateKeyPem: string }, userId: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ role: 'USER', ver: 0 })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer('coin-ledger')
      .setAudience('coin-ledger-api')
      .setIssuedAt(now - 60)
      .setExpirationTime(now + 600)
      .sign(await importPKCS8(key.privateKeyPem, 'EdDSA'));
  }

  it('when the key has been rotated, then the JWKS serves both keys and new tokens carry the new kid', async () => {
    const jwks = await http(stack.gatewayUrl, 'GET', '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toEqual([stack.jwtKey.kid, retired.kid]);
    for (const key of jwks.body.keys) {
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(key.d).toBeUndefined();
    }
    const user = await registerUser(stack.gatewayUrl);
    const header = JSON.parse(Buffer.from(user.accessToken.split('.')[0]!, 'base64url').toString());
    expect(header).toMatchObject({ alg: 'EdDSA', kid: stack.jwtKey.kid });
  });

  it('when a token signed with the retired key is presented before it expires, then it is still accepted', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const old = await signWith(retired, user.userId);
    // A valid token (signed by the retired key the JWKS still serves): a well-formed call, through the typed client.
    const response = await apiClient(stack.gatewayUrl, { accessToken: old }).api.GET('/api/wallets/me');
    expect(response.response.status).toBe(200);
    expect(response.data!.userId).toBe(user.userId);
  });

  it('when a token claims the retired kid but is signed by another key, then 401', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const impostor = await signWith({ kid: retired.kid, privateKeyPem: generateJwtKey('x').privateKeyPem }, user.userId);
    expect((await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: impostor })).status).toBe(401);
  });

  it('when a retired key is no longer configured, then its tokens are refused (the second start of the rotation)', async () => {
    const other = await startTestStack();
    try {
      const user = await registerUser(other.gatewayUrl);
      const old = await signWith(retired, user.userId);
      expect((await http(other.gatewayUrl, 'GET', '/api/wallets/me', { token: old })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
