import { startTestStack, type TestStack } from '../harness/stack';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { http, registerUser } from '../harness/http';

/** RFC 6749 §4.4 client credentials on POST /api/auth/token, beside the JSON form it always took. */
describe('POST /api/auth/token in the OAuth 2.0 client-credentials form (RFC 6749 §4.4)', () => {
  let stack: TestStack;
  let client: { clientId: string; clientSecret: string };

  beforeAll(async () => {
    stack = await startTestStack();
    client = await createPlatformClientWithCli(stack, 'oauth-tournaments');
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
  });

  const form = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString();
  const basic = (id: string, secret: string) =>
    `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  async function tokenRequest(body: string, headers: Record<string, string> = {}) {
    const response = await fetch(new URL('/api/auth/token', stack.gatewayUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Record<string, unknown> };
  }

  function expectTokenAnswer(answer: Awaited<ReturnType<typeof tokenRequest>>) {
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(answer.body.expires_in).toBeGreaterThan(0);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(answer.headers.get('content-type')).toContain('application/json');
  }

  function expectOAuthError(answer: Awaited<ReturnType<typeof tokenRequest>>, status: number, error: string) {
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status, error });
    expect(Object.keys(answer.body).sort()).toEqual(['error', 'error_description']);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(answer.text).not.toContain(client.clientSecret);
  }

  it('when the client id and secret are in the form body, then it answers access_token, token_type and expires_in', async () => {
    expectTokenAnswer(
      await tokenRequest(form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret })),
    );
  });

  it('when the client authenticates with HTTP Basic (form-urlencoded id and secret), then it gets a token', async () => {
    expectTokenAnswer(
      await tokenRequest(form({ grant_type: 'client_credentials', scope: 'ignored' }), {
        authorization: basic(client.clientId, client.clientSecret),
      }),
    );
  });

  it('when the token of the form request is used, then the client can pay a reward with it', async () => {
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    const funded = await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 10);
    expect(funded.transaction.type).toBe('MINT');
    const winner = await registerUser(stack.gatewayUrl);
    const answer = await tokenRequest(form({ grant_type: 'client_credentials' }), {
      authorization: basic(client.clientId, client.clientSecret),
    });
    expectTokenAnswer(answer);
    const reward = await http(stack.gatewayUrl, 'POST', '/api/admin/reward', {
      token: answer.body.access_token as string,
      body: { userId: winner.userId, amount: 1, reason: 'oauth prize' },
    });
    expect(reward.status).toBe(201);
  });

  it('when credentials come both in HTTP Basic and in the body, then 400 invalid_request', async () => {
    const answer = await tokenRequest(
      form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }),
      { authorization: basic(client.clientId, client.clientSecret) },
    );
    expectOAuthError(answer, 400, 'invalid_request');
  });

  it('when the secret is wrong, then invalid_client: 400 in the body form, 401 with WWW-Authenticate with Basic', async () => {
    const wrong = `${client.clientSecret}x`;
    expectOAuthError(
      await tokenRequest(form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: wrong })),
      400,
      'invalid_client',
    );
    const viaBasic = await tokenRequest(form({ grant_type: 'client_credentials' }), { authorization: basic(client.clientId, wrong) });
    expectOAuthError(viaBasic, 401, 'invalid_client');
    expect(viaBasic.headers.get('www-authenticate')).toMatch(/^Basic\b/);
    // An unknown client is refused the same way.
    expectOAuthError(
      await tokenRequest(form({ grant_type: 'client_credentials', client_id: 'no-such-client', client_secret: wrong })),
      400,
      'invalid_client',
    );
  });

  it('when the grant type is not client_credentials, then 400 unsupported_grant_type; when it is missing, invalid_request', async () => {
    const credentials = { client_id: client.clientId, client_secret: client.clientSecret };
    expectOAuthError(await tokenRequest(form({ grant_type: 'password', ...credentials })), 400, 'unsupported_grant_type');
    expectOAuthError(await tokenRequest(form(credentials)), 400, 'invalid_request');
  });

  it.each([
    ['a repeated parameter', `grant_type=client_credentials&grant_type=client_credentials&client_id=a&client_secret=b`],
    ['a malformed escape', 'grant_type=client_credentials&client_id=%zz&client_secret=b'],
    ['an escape that is not UTF-8', 'grant_type=client_credentials&client_id=%ff%fe&client_secret=b'],
    ['a control character', 'grant_type=client_credentials&client_id=a%00b&client_secret=b'],
    ['a raw non-ASCII byte', 'grant_type=client_credentials&client_id=\u00e9&client_secret=b'],
    ['only the id', 'grant_type=client_credentials&client_id=a'],
    ['a body far over the limit', `grant_type=client_credentials&client_id=a&client_secret=${'x'.repeat(10_000)}`],
  ])('when the form has %s, then 400 in RFC 6749 form, never a 500', async (_case, body) => {
    const answer = await tokenRequest(body);
    expect(answer.status).toBe(400);
    expect(['invalid_request', 'invalid_client']).toContain(answer.body.error);
    expect(typeof answer.body.error_description).toBe('string');
  });

  it.each([
    ['a Basic header that is not base64', 'Basic !!!'],
    ['a Basic value without a colon', `Basic ${Buffer.from('justanid').toString('base64')}`],
    ['Basic credentials that are not UTF-8', `Basic ${Buffer.from([0xff, 0x3a, 0xfe]).toString('base64')}`],
  ])('when the client sends %s, then 401 invalid_client with WWW-Authenticate', async (_case, authorization) => {
    const answer = await tokenRequest(form({ grant_type: 'client_credentials' }), { authorization });
    expectOAuthError(answer, 401, 'invalid_client');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic\b/);
  });

  it('when the JSON form is used, then it still answers camelCase and problem+json errors, as before', async () => {
    const ok = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: client });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: expect.any(Number) });
    const wrong = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: { ...client, clientSecret: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('UNAUTHENTICATED');
    expect(wrong.headers.get('content-type')).toContain('application/problem+json');
    const noBody = await fetch(new URL('/api/auth/token', stack.gatewayUrl), { method: 'POST' });
    expect(noBody.status).toBe(400);
    expect(((await noBody.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });

  it('when another route gets a form body, then it answers 400 VALIDATION_FAILED as before', async () => {
    const response = await fetch(new URL('/api/auth/login', stack.gatewayUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&password=whatever1',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });

  it('the OpenAPI document lists both request bodies of the operation', async () => {
    const document = await http(stack.gatewayUrl, 'GET', '/openapi.json');
    const content = document.body.paths['/api/auth/token'].post.requestBody.content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(content['application/x-www-form-urlencoded'].schema.properties).toHaveProperty('grant_type');
    expect(content['application/json'].schema.properties).toHaveProperty('clientId');
  });
});
