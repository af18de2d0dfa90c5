import type { CoinProblem, CoinProblemError } from '@coin/client';
import { registrationAcceptedDetail } from '@coin/contracts';
import { startTestStack, type TestStack } from '../harness/stack';
import { apiClient, http, registerUser, tokensOf, uniqueEmail } from '../harness/http';
import { eventuallyHolds } from '../harness/eventually';

describe('walking skeleton: register -> wallet -> login -> wallet read, through all four services', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when a user registers, then 202 accepted, and logging in gives a token pair and a wallet with balance 0', async () => {
    const email = uniqueEmail('skeleton');
    const coin = apiClient(stack.gatewayUrl);
    const registered = await coin.api.POST('/api/auth/register', {
      body: { email, password: 'a long enough password', fullName: 'Ada Lovelace' },
    });
    expect(registered.response.status).toBe(202);
    expect(registered.data).toEqual({ status: 'accepted', detail: registrationAcceptedDetail });

    const login = tokensOf(await coin.login({ body: { email, password: 'a long enough password' } }));
    expect(login.user).toMatchObject({ email, fullName: 'Ada Lovelace', role: 'USER', isVerified: false });
    expect(login.expiresIn).toBe(900);
    expect(login.notices).toEqual([]);

    const wallet = await apiClient(stack.gatewayUrl, { accessToken: login.accessToken }).getMyWallet();
    expect(wallet).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: login.user.id,
      balance: 0,
      activeCoins: 0,
      totalReceived: 0,
      totalSent: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      frozen: false,
    });
  });

  it('when an address that has an account registers again (in another case), then the very answer a free address gets, the account is unchanged, and its owner is told once at the next login', async () => {
    const owner = await registerUser(stack.gatewayUrl, { fullName: 'The Owner' });
    const send = (email: string) =>
      http(stack.gatewayUrl, 'POST', '/api/auth/register', { body: { email, password: 'an attacker password', fullName: 'Someone' } });
    const taken = await send(owner.email.toUpperCase());
    const free = await send(uniqueEmail('free'));
    // Status, body and headers alike, but for the request id.
    const shape = (r: Awaited<ReturnType<typeof send>>) => ({
      status: r.status,
      body: r.body,
      headers: [...r.headers.entries()].filter(([name]) => !['x-request-id', 'date', 'ratelimit', 'ratelimit-policy'].includes(name)),
    });
    expect(shape(taken)).toEqual(shape(free));
    expect(taken.status).toBe(202);
    await send(owner.email);

    // Nothing changed for the owner: the attacker's password does not open the account.
    await expect(
      apiClient(stack.gatewayUrl).login({ body: { email: owner.email, password: 'an attacker password' } }),
    ).rejects.toMatchObject({
      status: 401,
    });
    const next = tokensOf(await apiClient(stack.gatewayUrl).login({ body: { email: owner.email, password: owner.password } }));
    expect(next.user).toMatchObject({ id: owner.userId, fullName: 'The Owner' });
    expect(next.notices).toEqual([
      { kind: 'REGISTRATION_ATTEMPT', attempts: 2, firstAt: expect.any(String), lastAt: expect.any(String), detail: expect.any(String) },
    ]);
    // Shown once.
    expect(tokensOf(await apiClient(stack.gatewayUrl).login({ body: { email: owner.email, password: owner.password } })).notices).toEqual(
      [],
    );
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
    for (const [service, url] of Object.entries(stack.metricsUrls)) {
      expect((await http(url, 'GET', '/healthz')).status).toBe(200);
      // Each check has 2 s; on a loaded CI machine one can miss it once (a 503 naming it), so
      // readiness is asked until it holds, and a failure names the service and its checks.
      await eventuallyHolds(async () => {
        const ready = await http(url, 'GET', '/readyz');
        expect({ service, status: ready.status, checks: ready.body.checks }).toEqual({
          service,
          status: 200,
          checks: Object.fromEntries(Object.keys(ready.body.checks ?? {}).map((name) => [name, 'up'])),
        });
      }, 15_000);
    }
    const openapi = await http(stack.gatewayUrl, 'GET', '/openapi.json');
    expect(openapi.status).toBe(200);
    expect(openapi.body.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/wallets/me']));
    const docs = await http(stack.gatewayUrl, 'GET', '/docs/');
    expect(docs.status).toBe(200);
  });
});
