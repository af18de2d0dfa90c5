import { randomUUID } from 'node:crypto';
import { clientCredentialsToken, createCoinClient } from '@coin/client';
import { createPool, schemaName } from '@coin/db';
import { sandboxPrefixOf } from '../../scripts/stack/sandbox';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { http, registerUser } from '../harness/http';
import { adminSession, createPlatformClientWithCli } from '../harness/admin';
import { eventually } from '../harness/eventually';

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
    stack = await startTestStack(sandboxStack);
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

  it('when a SUPERADMIN revokes a live client, then the test client it made ends with it within a second: its token refused, no new one, its sandbox endpoint stopped', async () => {
    const doomed = await createPlatformClientWithCli(stack, `self-serve-doomed-${run}`, { treasuries: ['REWARDS'] });
    const doomedToken = await tokenOf(doomed.clientId, doomed.clientSecret);
    const made = await createTestClient(doomedToken, { name: `orphan ${run}`, treasuries: ['REWARDS'] });
    expect(made.status).toBe(201);
    const testCredentials = { clientId: made.body.client.id, clientSecret: made.body.clientSecret! };
    const testToken = await tokenOf(testCredentials.clientId, testCredentials.clientSecret);
    const endpoint = await http<{ id: string; status: string }>(stack.gatewayUrl, 'POST', '/api/webhooks/endpoints', {
      token: testToken,
      body: { url: 'http://127.0.0.1:9/orphan-hooks', eventTypes: ['coin.transaction.recorded'] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect({ status: endpoint.status, endpointStatus: endpoint.body.status }).toEqual({ status: 201, endpointStatus: 'ENABLED' });
    expect((await http(stack.gatewayUrl, 'GET', '/api/sandbox/clock', { token: testToken })).status).toBe(200);

    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const revoked = await http(stack.gatewayUrl, 'POST', `/api/admin/platform-clients/${doomed.clientId}/revoke`, {
      token: superadmin.accessToken,
    });
    expect(revoked.status).toBe(200);
    // The token it holds, a new grant and its endpoints: each stops within a second (scaled to the machine).
    await eventually(
      async () => (await http(stack.gatewayUrl, 'GET', '/api/sandbox/clock', { token: testToken })).status === 401,
      1000,
      "the test client's existing token refused",
    );
    const grant = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: testCredentials });
    expect(grant.status).toBe(401);
    // Its endpoints are the sandbox's, which no live credential lists: read from the sandbox webhooks' table.
    const endpointRow = async () => {
      const pool = createPool({
        url: stack.databaseUrl,
        schema: schemaName(sandboxPrefixOf(stack.prefix), 'webhooks'),
        applicationName: 'test',
        connectionsMax: 1,
      });
      try {
        const r = await pool.query('SELECT status, disabled_reason FROM webhook_endpoints WHERE id = $1', [endpoint.body.id]);
        return r.rows[0] as { status: string; disabled_reason: string | null };
      } finally {
        await pool.end();
      }
    };
    const stopped = await eventually(
      async () => {
        const row = await endpointRow();
        return row.status === 'DISABLED' ? row : undefined;
      },
      1000,
      "the test client's sandbox endpoint disabled",
    );
    expect(stopped.disabled_reason).toContain('revoked');
    // The listing shows it revoked with its owner, at the owner's time.
    const { platformClients } = (
      await http<{ platformClients: Array<{ id: string; revokedAt: string | null }> }>(
        stack.gatewayUrl,
        'GET',
        '/api/admin/platform-clients',
        {
          token: superadmin.accessToken,
        },
      )
    ).body;
    const revokedAt = (id: string) => platformClients.find((c) => c.id === id)?.revokedAt;
    expect(revokedAt(testCredentials.clientId)).toEqual(expect.any(String));
    expect(revokedAt(testCredentials.clientId)).toBe(revokedAt(doomed.clientId));
  });

  it('when a live client keeps as many test clients as it may, then the next is 422 TEST_CLIENTS_LIMIT until it revokes one', async () => {
    const busy = await createPlatformClientWithCli(stack, `self-serve-busy-${run}`, { treasuries: ['REWARDS'] });
    const busyToken = await tokenOf(busy.clientId, busy.clientSecret);
    const kept: string[] = [];
    // TEST_CLIENTS_PER_OWNER_MAX's default.
    for (let i = 0; i < 5; i += 1) {
      const made = await createTestClient(busyToken, { name: `kept ${i} ${run}` });
      expect(made.status).toBe(201);
      kept.push(made.body.client.id);
    }
    const refused = await http<{ code: string; status: number }>(stack.gatewayUrl, 'POST', '/api/platform/test-clients', {
      token: busyToken,
      body: { name: `one too many ${run}` },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 422, code: 'TEST_CLIENTS_LIMIT' });
    // Revoked ones are not kept: revoking one makes room for one.
    expect((await http(stack.gatewayUrl, 'POST', `/api/platform/test-clients/${kept[0]}/revoke`, { token: busyToken })).status).toBe(200);
    expect((await createTestClient(busyToken, { name: `after a revocation ${run}` })).status).toBe(201);
    expect((await createTestClient(busyToken, { name: `past it again ${run}` })).status).toBe(422);
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
