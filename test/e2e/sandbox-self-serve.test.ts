import { randomUUID } from 'node:crypto';
import { clientCredentialsToken, createCoinClient } from '@coin/client';
import { startTestStack, type TestStack } from '../harness/stack';
import { http, registerUser } from '../harness/http';
import { adminSession, createPlatformClientWithCli } from '../harness/admin';

/**
 * A live platform client makes and revokes its own test-mode clients, no ADMIN in the loop
 * (docs/decisions/0018-sandbox.md "Self-serve test clients"), and such a test client touches
 * nothing live: no live account can link it, so every live user's id is unknown to it, whatever
 * the route. The hostile cases come first.
 */
describe('self-serve test clients', () => {
  let stack: TestStack;
  let owner: { clientId: string; clientSecret: string };
  let ownerToken: string;
  let strangerToken: string;
  const run = randomUUID().slice(0, 8);

  const tokenOf = async (clientId: string, clientSecret: string) =>
    clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId, clientSecret })();
  const createTestClient = (token: string, body: unknown, key = randomUUID()) =>
    http<{ client: { id: string; treasuries: string[] }; clientSecret?: string }>(stack.gatewayUrl, 'POST', '/api/platform/test-clients', {
      token,
      body,
      headers: { 'idempotency-key': key },
    });

  beforeAll(async () => {
    stack = await startTestStack({ sandbox: true });
    owner = await createPlatformClientWithCli(stack, `self-serve-owner-${run}`, { treasuries: ['REWARDS'] });
    ownerToken = await tokenOf(owner.clientId, owner.clientSecret);
    const stranger = await createPlatformClientWithCli(stack, `self-serve-stranger-${run}`, { treasuries: ['REWARDS'] });
    strangerToken = await tokenOf(stranger.clientId, stranger.clientSecret);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('when its test client names a live user, even one who tried to link it, then the user is unknown (404) and nothing is sent', async () => {
    const made = await createTestClient(ownerToken, { name: `attack ${run}`, treasuries: ['REWARDS'] });
    expect(made.status).toBe(201);
    const testToken = await tokenOf(made.body.client.id, made.body.clientSecret!);
    const person = await registerUser(stack.gatewayUrl);
    // A live account cannot make itself a test user of a self-serve test client: the client is unknown to it.
    const link = await http(stack.gatewayUrl, 'POST', '/api/auth/platform-links', {
      token: person.accessToken,
      body: { clientId: made.body.client.id },
    });
    expect(link.status).toBe(404);
    await http(stack.gatewayUrl, 'POST', '/api/sandbox/fund', {
      token: testToken,
      body: { treasury: 'REWARDS', amount: 100, reason: 'attack funds' },
      headers: { 'idempotency-key': randomUUID() },
    });
    for (const [path, body] of [
      ['/api/admin/reward', { userId: person.userId, amount: 1, reason: 'attack' }],
      ['/api/sandbox/holds', { fromUserId: person.userId, toTreasury: 'REWARDS', amount: 1, reason: 'attack' }],
      ['/api/sandbox/cashouts', { userId: person.userId, amount: 1, msisdn: '+237670000000' }],
    ] as const) {
      const answer = await http<{ code: string }>(stack.gatewayUrl, 'POST', path, {
        token: testToken,
        body,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status: 404, code: 'USER_NOT_FOUND' });
    }
    const live = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: person.accessToken });
    expect((await live.getMyWallet()).balance).toBe(0);
  });

  it('when a test client, another live client or a person asks, then they make no test client and revoke none of another', async () => {
    const made = await createTestClient(ownerToken, { name: `guarded ${run}`, treasuries: ['REWARDS'] });
    const testToken = await tokenOf(made.body.client.id, made.body.clientSecret!);
    // A test client makes no test clients: the route is live clients' only.
    expect((await createTestClient(testToken, { name: 'nested' })).status).toBe(403);
    // A person (even signed in) is not a platform client.
    const person = await registerUser(stack.gatewayUrl);
    expect((await createTestClient(person.accessToken, { name: 'by a person' })).status).toBe(403);
    // A test client's grants are at most its owner's: a treasury the owner was not granted is refused.
    const wider = await createTestClient(ownerToken, { name: 'wider', treasuries: ['COURSE_FEES'] });
    expect(wider.status).toBe(403);
    // Another live client's revocation of it is as for an id that does not exist.
    const path = `/api/platform/test-clients/${made.body.client.id}/revoke`;
    const foreign = await http(stack.gatewayUrl, 'POST', path, { token: strangerToken });
    expect(foreign.status).toBe(404);
    expect((await http(stack.gatewayUrl, 'GET', '/api/sandbox/clock', { token: testToken })).status).toBe(200);
    // Nor may the owner revoke a live client through this route.
    expect(
      (await http(stack.gatewayUrl, 'POST', `/api/platform/test-clients/${owner.clientId}/revoke`, { token: ownerToken })).status,
    ).toBe(404);
  });

  it('when an ADMIN+ registered a test client, then it works as before: a live account links it, and no live client revokes it', async () => {
    const admin = await adminSession(stack, 'ADMIN');
    const operator = createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: admin.accessToken });
    const registered = await operator.createTestClient({ body: { name: `admin-made ${run}`, treasuries: ['REWARDS'] } });
    const person = await registerUser(stack.gatewayUrl);
    const link = await http(stack.gatewayUrl, 'POST', '/api/auth/platform-links', {
      token: person.accessToken,
      body: { clientId: registered.client.id },
    });
    expect(link.status).toBe(201);
    const path = `/api/platform/test-clients/${registered.client.id}/revoke`;
    expect((await http(stack.gatewayUrl, 'POST', path, { token: ownerToken })).status).toBe(404);
    const testToken = await tokenOf(registered.client.id, registered.clientSecret!);
    expect((await http(stack.gatewayUrl, 'GET', '/api/sandbox/clock', { token: testToken })).status).toBe(200);
  });

  it('when the owner makes one, then it is a test client at once (no approval); revoking it twice answers the same and its token stops', async () => {
    const key = randomUUID();
    const made = await createTestClient(ownerToken, { name: `own ${run}`, treasuries: ['REWARDS'] }, key);
    expect(made.status).toBe(201);
    expect(made.body.client).toMatchObject({ id: expect.stringMatching(/^test_/), treasuries: ['REWARDS'], revokedAt: null });
    // A retry with the same key is the same client, without its secret.
    const retried = await createTestClient(ownerToken, { name: `own ${run}`, treasuries: ['REWARDS'] }, key);
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual({ client: made.body.client });
    const testToken = await tokenOf(made.body.client.id, made.body.clientSecret!);
    const funded = await http(stack.gatewayUrl, 'POST', '/api/sandbox/fund', {
      token: testToken,
      body: { treasury: 'REWARDS', amount: 10, reason: 'self-serve funds' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(funded.status).toBe(201);

    const path = `/api/platform/test-clients/${made.body.client.id}/revoke`;
    const revoked = await http<{ id: string; revokedAt: string }>(stack.gatewayUrl, 'POST', path, { token: ownerToken });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const again = await http<{ revokedAt: string }>(stack.gatewayUrl, 'POST', path, { token: ownerToken });
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await http(stack.gatewayUrl, 'GET', '/api/sandbox/clock', { token: testToken })).status).toBe(401);
  });
});
