import { type CoinProblem, CoinProblemError } from '@coin/client';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser, tokensOf, uniqueEmail } from '../harness/http';

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
    const coin = apiClient(stack.gatewayUrl);
    const registered = await coin.api.POST('/api/auth/register', {
      body: { email, password: 'a long enough password', fullName: 'Ada Lovelace' },
    });
    expect(registered.response.status).toBe(201);
    expect(registered.data!.user).toMatchObject({ email, fullName: 'Ada Lovelace', role: 'USER', isVerified: false });
    expect(registered.data!.expiresIn).toBe(900);

    const login = tokensOf(await coin.login({ body: { email, password: 'a long enough password' } }));
    expect(typeof login.accessToken).toBe('string');

    const wallet = await apiClient(stack.gatewayUrl, { accessToken: login.accessToken }).getMyWallet();
    expect(wallet).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: registered.data!.user.id,
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
    const again = await apiClient(stack.gatewayUrl)
      .registerUser({ body: { email: email.toUpperCase(), password: 'another password', fullName: 'Someone' } })
      .catch((err: unknown) => err);
    expect(again).toBeInstanceOf(CoinProblemError);
    expect(again).toMatchObject({ status: 409, code: 'EMAIL_TAKEN', requestId: expect.any(String) });
    expect((again as CoinProblemError).response?.headers.get('content-type')).toContain('application/problem+json');
  });

  it('when the password is wrong or the email unknown, then the same 401 body', async () => {
    const { email } = await registerUser(stack.gatewayUrl);
    const coin = apiClient(stack.gatewayUrl);
    const failed = (body: { email: string; password: string }) =>
      coin.login({ body }).then(
        () => undefined,
        (err: CoinProblemError) => err,
      );
    const wrong = await failed({ email, password: 'not the password' });
    const unknown = await failed({ email: uniqueEmail('nobody'), password: 'not the password' });
    expect(wrong?.status).toBe(401);
    expect(unknown?.status).toBe(401);
    const strip = (p: CoinProblem | undefined) => ({ ...p, requestId: undefined });
    expect(strip(wrong?.problem)).toEqual(strip(unknown?.problem));
  });

  it('when the wallet is read without a token, then 401', async () => {
    await expect(apiClient(stack.gatewayUrl).getMyWallet()).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
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
    await expect(apiClient(stack.gatewayUrl).login({ body: { email, password: 'short' } })).rejects.toMatchObject({ status: 401 });
  });

  it('when malformed JSON is sent, then 400 MALFORMED_JSON', async () => {
    const response = await http(stack.gatewayUrl, 'POST', '/api/auth/login', { rawBody: '{"email":' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('MALFORMED_JSON');
  });

  it('then every service answers /healthz and /readyz on its metrics port, and the gateway serves its OpenAPI document and docs page', async () => {
    for (const url of Object.values(stack.metricsUrls)) {
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
