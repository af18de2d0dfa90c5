import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { AuditLogEntry, ServiceActionLogEntry, WebhookEndpoint } from '@coin/contracts';
import { verifyWebhookSignature, webhookSignatureHeader } from '@coin/events';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { apiClient, http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/**
 * A real HTTP receiver on this machine (http and loopback: the test stack's operator flags
 * WEBHOOKS_ALLOW_HTTP and WEBHOOKS_ALLOW_PRIVATE_NETWORKS allow it). `/flaky` answers 500 to the
 * first request of each event and 200 to the next; `/down` always 500; anything else 200.
 */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const failedOnce = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const eventId = String(request.headers['coin-event-id']);
      let status = 200;
      if (request.url === '/down') status = 500;
      if (request.url === '/flaky' && !failedOnce.has(eventId)) {
        failedOnce.add(eventId);
        status = 500;
      }
      received.push({ path: request.url ?? '', headers: request.headers, body, answered: status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Through the gateway: A platform client registers an endpoint (the secret once),
 * a receiver that fails then recovers gets the delivery signed, the delivery log shows it, a
 * manual redelivery sends it again, another client sees nothing of it, a user token is refused
 * (audited), and an endpoint that never answers is disabled after its schedule, which the admin
 * list and the audit log show, and which a SUPERADMIN re-enables (audited too). The retry
 * schedule runs in milliseconds through WEBHOOKS_RETRY_UNIT_MS, same shape and count.
 */
describe('webhooks through the gateway', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let superadmin: AdminSession;
  let clientA: { clientId: string; token: string };
  let clientB: { clientId: string; token: string };
  let winner: { userId: number; accessToken: string };
  const run = randomUUID().slice(0, 8);

  const tokenOf = async (client: { clientId: string; clientSecret: string }) => {
    const answer = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: client });
    return (answer.body as { accessToken: string }).accessToken;
  };
  const call = (token: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    http(stack.gatewayUrl, method, path, { token, ...options });
  const reward = (amount: number) =>
    call(clientA.token, 'POST', '/api/admin/reward', {
      body: { userId: winner.userId, amount, reason: `webhook ${run}` },
      headers: { 'idempotency-key': randomUUID() },
    });
  const auditOf = (target: string, action: string) =>
    eventually(
      async () => {
        const page = await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken }).listAuditLog({ query: { target } });
        return (page.entries as AuditLogEntry[]).find((entry) => entry.action === action);
      },
      20_000,
      `audit record ${action} of ${target}`,
    );
  /** The services' own actions in the same log (GET /api/admin/audit-log/service-actions). */
  const serviceActionOf = (target: string, action: string) =>
    eventually(
      async () => {
        const page = await call(superadmin.accessToken, 'GET', `/api/admin/audit-log/service-actions?target=${encodeURIComponent(target)}`);
        return (page.body.entries as ServiceActionLogEntry[] | undefined)?.find((entry) => entry.action === action);
      },
      20_000,
      `service action ${action} of ${target}`,
    );

  beforeAll(async () => {
    // The worker's timers never fire within the test: a delivery goes out because a write woke the
    // worker (queued, redelivered, an endpoint enabled again) or its retry came due.
    stack = await startTestStack({
      extraEnv: { WEBHOOKS_RETRY_UNIT_MS: '2', WEBHOOKS_POLL_INTERVAL_MS: '600000', WEBHOOKS_IDLE_SWEEP_INTERVAL_MS: '600000' },
    });
    receiver = await startReceiver();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1000);
    const [a, b] = await Promise.all([
      createPlatformClientWithCli(stack, `webhooks-a-${run}`, { treasuries: ['REWARDS'] }),
      createPlatformClientWithCli(stack, `webhooks-b-${run}`, { treasuries: ['REWARDS'] }),
    ]);
    clientA = { clientId: a.clientId, token: await tokenOf(a) };
    clientB = { clientId: b.clientId, token: await tokenOf(b) };
    winner = await registerUser(stack.gatewayUrl);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });

  let endpoint: WebhookEndpoint & { secret: string };

  it('when a platform client registers an endpoint, then the secret is in the 201, a retry with the key answers the same endpoint (Idempotent-Replayed), and the key with another URL is 422', async () => {
    const key = `register-${run}`;
    const body = { url: `${receiver.url}/flaky`, eventTypes: ['coin.transaction.recorded'] };
    const created = await call(clientA.token, 'POST', '/api/webhooks/endpoints', { body, headers: { 'idempotency-key': key } });
    expect(created.status).toBe(201);
    endpoint = created.body;
    expect(endpoint).toMatchObject({ clientId: clientA.clientId, url: body.url, status: 'ENABLED', disabledReason: null });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const retried = await call(clientA.token, 'POST', '/api/webhooks/endpoints', { body, headers: { 'idempotency-key': key } });
    expect({ status: retried.status, id: retried.body.id, secret: retried.body.secret }).toEqual({
      status: 201,
      id: endpoint.id,
      secret: endpoint.secret,
    });
    // Only the retry says it is the first request's answer; a key reused for another URL is no replay.
    expect([created.headers.get('idempotent-replayed'), retried.headers.get('idempotent-replayed')]).toEqual([null, 'true']);
    const reused = await call(clientA.token, 'POST', '/api/webhooks/endpoints', {
      body: { ...body, url: `${receiver.url}/other` },
      headers: { 'idempotency-key': key },
    });
    expect({ status: reused.status, code: reused.body.code }).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(reused.headers.get('idempotent-replayed')).toBeNull();
    const withoutKey = await call(clientA.token, 'POST', '/api/webhooks/endpoints', { body });
    expect(withoutKey.status).toBe(400);
    const listed = await call(clientA.token, 'GET', '/api/webhooks/endpoints');
    expect(listed.body.endpoints.map((e: WebhookEndpoint) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
  });

  it('when an endpoint is deleted, then it is gone, and its key used again makes no new endpoint (422)', async () => {
    const key = `deleted-${run}`;
    const body = { url: `${receiver.url}/gone`, eventTypes: ['coin.transaction.recorded'] };
    const created = await call(clientA.token, 'POST', '/api/webhooks/endpoints', { body, headers: { 'idempotency-key': key } });
    expect(created.status).toBe(201);
    expect((await call(clientA.token, 'DELETE', `/api/webhooks/endpoints/${created.body.id}`)).status).toBe(204);
    expect((await call(clientA.token, 'GET', `/api/webhooks/endpoints/${created.body.id}`)).status).toBe(404);
    expect((await call(clientA.token, 'DELETE', `/api/webhooks/endpoints/${created.body.id}`)).status).toBe(404);
    const again = await call(clientA.token, 'POST', '/api/webhooks/endpoints', { body, headers: { 'idempotency-key': key } });
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('when a URL carries credentials, then the registration is refused with a problem naming the url', async () => {
    const refused = await call(clientA.token, 'POST', '/api/webhooks/endpoints', {
      body: { url: 'https://user:pw@example.com/hook', eventTypes: ['coin.transaction.recorded'] },
      headers: { 'idempotency-key': `refused-${run}` },
    });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
  });

  let eventId: string;

  it('when the receiver fails (500) and then recovers, then it gets the delivery signed with the secret, the same eventId both times, and the log shows two attempts', async () => {
    expect((await reward(5)).status).toBe(201);
    const delivered = await eventually(
      async () => receiver.received.find((r) => r.path === '/flaky' && r.answered === 200),
      20_000,
      'the delivery after the failure',
    );
    const attempts = receiver.received.filter((r) => r.path === '/flaky');
    expect(attempts.map((r) => r.answered)).toEqual([500, 200]);
    eventId = JSON.parse(delivered.body).eventId;
    expect(attempts.map((r) => JSON.parse(r.body).eventId)).toEqual([eventId, eventId]);
    expect(delivered.headers['coin-event-id']).toBe(eventId);
    const header = String(delivered.headers[webhookSignatureHeader.toLowerCase()]);
    expect(verifyWebhookSignature({ header, body: delivered.body, secret: endpoint.secret })).toMatchObject({ ok: true });
    expect(verifyWebhookSignature({ header, body: delivered.body, secret: 'whsec_not-the-secret' })).toMatchObject({ ok: false });
    const log = await eventually(
      async () => {
        const page = await call(clientA.token, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`);
        return page.body.deliveries?.[0]?.status === 'DELIVERED' ? page.body : undefined;
      },
      10_000,
      'the delivery log',
    );
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ eventId, status: 'DELIVERED', attempts: 2, lastResponseCode: 200 });
    expect(log).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('when a delivery is redelivered by hand, then the receiver gets the same event again', async () => {
    const log = await call(clientA.token, 'GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries?limit=1`);
    const before = receiver.received.filter((r) => r.answered === 200 && JSON.parse(r.body).eventId === eventId).length;
    const redelivered = await call(
      clientA.token,
      'POST',
      `/api/webhooks/endpoints/${endpoint.id}/deliveries/${log.body.deliveries[0].id}/redeliver`,
    );
    expect(redelivered).toMatchObject({ status: 202, body: { status: 'PENDING' } });
    await eventually(
      async () => receiver.received.filter((r) => r.answered === 200 && JSON.parse(r.body).eventId === eventId).length > before,
      10_000,
      'the redelivery',
    );
  });

  it('when a platform client asks for a test delivery, then its receiver gets a coin.webhook.test event now, signed with the secret', async () => {
    const asked = await call(clientA.token, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
    expect(asked).toMatchObject({ status: 202, body: { status: 'PENDING', deliveryId: expect.any(Number), eventId: expect.any(String) } });
    const got = await eventually(
      async () => receiver.received.find((r) => r.answered === 200 && JSON.parse(r.body).eventId === asked.body.eventId),
      10_000,
      'the test delivery',
    );
    expect(JSON.parse(got.body)).toMatchObject({ type: 'coin.webhook.test', data: { endpointId: endpoint.id } });
    const check = verifyWebhookSignature({ body: got.body, header: String(got.headers['coin-signature']), secret: endpoint.secret });
    expect(check.ok).toBe(true);
  });

  it('when another client names the endpoint, then every route answers 404 and its list does not show it', async () => {
    for (const [method, path] of [
      ['GET', `/api/webhooks/endpoints/${endpoint.id}`],
      ['GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/rotate-secret`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/enable`],
      ['POST', `/api/webhooks/endpoints/${endpoint.id}/test`],
      ['DELETE', `/api/webhooks/endpoints/${endpoint.id}`],
    ] as const) {
      const answer = await call(clientB.token, method, path);
      expect({ method, path, status: answer.status, code: answer.body?.code }).toEqual({ method, path, status: 404, code: 'NOT_FOUND' });
    }
    expect((await call(clientB.token, 'GET', '/api/webhooks/endpoints')).body).toEqual({ endpoints: [] });
    expect((await call(clientA.token, 'GET', `/api/webhooks/endpoints/${endpoint.id}`)).body.status).toBe('ENABLED');
  });

  it('when a USER token calls the webhook routes, then 403 and the refusal is in the audit log', async () => {
    const refused = await call(winner.accessToken, 'GET', '/api/webhooks/endpoints');
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    const record = await auditOf('route:GET /api/webhooks/endpoints', 'listWebhookEndpoints');
    expect(record).toMatchObject({ result: 'rejected', errorCode: 'FORBIDDEN', actor: { kind: 'user', id: String(winner.userId) } });
  });

  it('when an endpoint fails every attempt, then it is disabled, the admin list and the audit log show it, and a SUPERADMIN re-enables it (audited)', async () => {
    const created = await call(clientA.token, 'POST', '/api/webhooks/endpoints', {
      body: { url: `${receiver.url}/down`, eventTypes: ['coin.transaction.recorded'] },
      headers: { 'idempotency-key': `down-${run}` },
    });
    expect(created.status).toBe(201);
    const down: WebhookEndpoint = created.body;
    expect((await reward(1)).status).toBe(201);
    const disabled = await eventually(
      async () => {
        const page = await call(superadmin.accessToken, 'GET', '/api/admin/webhooks/endpoints?status=disabled&limit=100');
        return (page.body.endpoints as WebhookEndpoint[] | undefined)?.find((e) => e.id === down.id);
      },
      30_000,
      'the endpoint disabled',
    );
    expect(disabled).toMatchObject({ status: 'DISABLED', disabledReason: expect.stringContaining('13 attempts') });
    expect(disabled.disabledAt).not.toBeNull();
    expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(13);
    const active = await call(superadmin.accessToken, 'GET', '/api/admin/webhooks/endpoints?status=active&limit=100');
    expect(active.body.endpoints.map((e: WebhookEndpoint) => e.id)).toContain(endpoint.id);
    expect(active.body.endpoints.map((e: WebhookEndpoint) => e.id)).not.toContain(down.id);
    const disabling = await serviceActionOf(`webhook-endpoint:${down.id}`, 'webhook-endpoint.disable');
    expect(disabling).toMatchObject({ source: 'webhooks', actor: { kind: 'service', id: 'webhooks' }, result: 'applied' });
    expect(disabling.summary).toMatchObject({ clientId: clientA.clientId });

    const enabled = await call(
      superadmin.accessToken,
      'POST',
      `/api/admin/platform-clients/${clientA.clientId}/webhooks/endpoints/${down.id}/enable`,
    );
    expect(enabled).toMatchObject({ status: 200, body: { id: down.id, status: 'ENABLED', disabledReason: null } });
    const enabling = await serviceActionOf(`webhook-endpoint:${down.id}`, 'webhook-endpoint.enable');
    expect(enabling).toMatchObject({ actor: { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' }, result: 'applied' });
    expect(enabling.seq).toBeGreaterThan(disabling.seq);
    // The entries of the audit log's own route keep their shape (API 2.0.0): the services' actions are not among them.
    const entries = await apiClient(stack.gatewayUrl, { accessToken: superadmin.accessToken }).listAuditLog({
      query: { target: `webhook-endpoint:${down.id}` },
    });
    expect(entries.entries).toEqual([]);
    // A SUPERADMIN's other changes of a client's endpoint are admin actions too: recorded with who asked.
    const rotated = await call(
      superadmin.accessToken,
      'POST',
      `/api/admin/platform-clients/${clientA.clientId}/webhooks/endpoints/${down.id}/rotate-secret`,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    const rotation = await serviceActionOf(`webhook-endpoint:${down.id}`, 'webhook-endpoint.rotate-secret');
    expect(rotation).toMatchObject({ actor: { kind: 'user', id: String(superadmin.userId), role: 'SUPERADMIN' } });
    expect(JSON.stringify(rotation)).not.toContain(rotated.body.secret);
    // An ADMIN may list, not act for a client.
    const admin = await adminSession(stack, 'ADMIN');
    const notSuper = await call(
      admin.accessToken,
      'POST',
      `/api/admin/platform-clients/${clientA.clientId}/webhooks/endpoints/${down.id}/enable`,
    );
    expect(notSuper.status).toBe(403);
  }, 60_000);
});
