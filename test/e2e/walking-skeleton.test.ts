import { startTestStack, type TestStack } from '../harness/stack';
import { http, registerUser, uniqueEmail } from '../harness/http';

describe('walking skeleton: register -> wallet -> login -> wallet read, through all four services', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a user registers, then a token pair comes back and the wallet exists with balance 0', async () => {
    const email = uniqueEmail('skeleton');
    const registered = await http(stack.gatewayUrl, 'POST', '/api/auth/register', {
      body: { email, password: 'a long enough password', fullName: 'Ada Lovelace' },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ email, fullName: 'Ada Lovelace', role: 'USER', isVerified: false });
    expect(registered.body.expiresIn).toBe(900);

    const login = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email, password: 'a long enough password' } });
    expect(login.status).toBe(200);
    expect(typeof login.body.accessToken).toBe('string');

    const wallet = await http(stack.gatewayUrl, 'GET', '/api/wallets/me', { token: login.body.accessToken });
    expect(wallet.status).toBe(200);
    expect(wallet.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: registered.body.user.id,
      balance: 0,
      activeCoins: 0,
      totalReceived: 0,
      totalSent: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('when the same email registers again in another case, then 409 EMAIL_TAKEN as problem+json', async () => {
    const { email } = await registerUser(stack.gatewayUrl);
    const again = await http(stack.gatewayUrl, 'POST', '/api/auth/register', {
      body: { email: email.toUpperCase(), password: 'another password', fullName: 'Someone' },
    });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toContain('application/problem+json');
    expect(again.body).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', requestId: expect.any(String) });
  });

  it('when the password is wrong or the email unknown, then the same 401 body', async () => {
    const { email } = await registerUser(stack.gatewayUrl);
    const wrong = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email, password: 'not the password' } });
    const unknown = await http(stack.gatewayUrl, 'POST', '/api/auth/login', {
      body: { email: uniqueEmail('nobody'), password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(wrong.body)).toEqual(strip(unknown.body));
  });

  it('when the wallet is read without a token, then 401', async () => {
    const response = await http(stack.gatewayUrl, 'GET', '/api/wallets/me');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });

  it('when registration input is invalid or has unknown fields, then 400 naming the field and nothing is created', async () => {
    const email = uniqueEmail('invalid');
    const response = await http(stack.gatewayUrl, 'POST', '/api/auth/register', {
      body: { email, password: 'short', fullName: 'X', role: 'SUPERADMIN' },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    const paths = (response.body.errors as Array<{ path: string }>).map((e) => e.path).join(' ');
    expect(paths).toContain('password');
    const login = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { body: { email, password: 'short' } });
    expect(login.status).toBe(401);
  });

  it('when malformed JSON is sent, then 400 MALFORMED_JSON', async () => {
    const response = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { rawBody: '{"email":' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('MALFORMED_JSON');
  });

  it('then every service answers /healthz and /readyz, and the gateway serves its OpenAPI document and docs page', async () => {
    for (const url of [stack.gatewayUrl, stack.userUrl, stack.ledgerUrl, stack.historyUrl]) {
      expect((await http(url, 'GET', '/healthz')).status).toBe(200);
      const ready = await http(url, 'GET', '/readyz');
      expect(ready.status).toBe(200);
      expect(Object.values(ready.body.checks).every((s) => s === 'up')).toBe(true);
    }
    const openapi = await http(stack.gatewayUrl, 'GET', '/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/wallets/me']));
    const docs = await http(stack.gatewayUrl, 'GET', '/docs/');
    expect(docs.status).toBe(200);
  });
});
