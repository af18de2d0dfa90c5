import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { WebhookEndpoint } from '@coin/contracts';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury, type AdminSession } from '../harness/admin';
import { eventually, eventuallyHolds } from '../harness/eventually';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/** Pages of the admins' list read at most to find this file's endpoint among the shared stack's. */
const adminPagesMax = 50;

/** A receiver on this machine: `/down` always answers 500, anything else 200; it counts what it answered, by path. */
async function startReceiver(): Promise<{ url: string; answered: (path: string, status: number) => number; close: () => Promise<void> }> {
  const answers: Array<{ path: string; status: number }> = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const status = request.url === '/down' ? 500 : 200;
      answers.push({ path: request.url ?? '', status });
      response.writeHead(status).end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered: (path, status) => answers.filter((a) => a.path === path && a.status === status).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The value of one sample of the webhooks service's /metrics whose labels include all of `labels`; undefined while it has none. */
function sampleOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((pair) => l.includes(pair)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/**
 * Webhook delivery health through the gateway and the webhooks service's /metrics (docs/OPERATIONS.md
 * "Webhook delivery health"): a platform client's two endpoints, one whose receiver answers 500 and
 * one that answers 200, get the same three events (three wallets: three lanes). On the shared stack,
 * with the production retry unit (a minute), so the failed deliveries wait for their retries while
 * the test reads them. Every series read is labelled by this file's own endpoints.
 */
describe('webhook delivery health: a receiver answering 500', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let superadmin: AdminSession;
  let client: { clientId: string; token: string };
  let failing: WebhookEndpoint;
  let healthy: WebhookEndpoint;
  const run = randomUUID().slice(0, 8);

  const call = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    http(stack.gatewayUrl, method, path, { token: client.token, ...options });
  const metrics = async () => (await fetch(`${stack.metricsUrls.webhooks}/metrics`)).text();
  const register = async (path: string): Promise<WebhookEndpoint> => {
    const created = await call('POST', '/api/webhooks/endpoints', {
      body: { url: `${receiver.url}${path}`, eventTypes: ['coin.transaction.recorded'] },
      headers: { 'idempotency-key': `health-${path.slice(1)}-${run}` },
    });
    expect(created.status).toBe(201);
    return created.body as WebhookEndpoint;
  };

  beforeAll(async () => {
    stack = await startTestStack();
    receiver = await startReceiver();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 100);
    const created = await createPlatformClientWithCli(stack, `delivery-health-${run}`, { treasuries: ['REWARDS'] });
    const token = await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: created });
    client = { clientId: created.clientId, token: (token.body as { accessToken: string }).accessToken };
    failing = await register('/down');
    healthy = await register('/up');
  }, 120_000);
  afterAll(async () => {
    // The failing endpoint would be retried on the shared stack for its 26.5 hours: delete both.
    if (client) for (const endpoint of [failing, healthy]) if (endpoint) await call('DELETE', `/api/webhooks/endpoints/${endpoint.id}`);
    await receiver?.close();
    await stack?.close();
  });

  it('when nothing was sent yet, then the endpoint shows no attempts and nothing waiting, and its series are exported at zero', async () => {
    expect(failing.deliveryHealth).toEqual({ attempts24h: 0, succeeded24h: 0, successRate: null, oldestPendingAgeSeconds: null });
    const endpoint = { endpoint_id: failing.id, client_id: client.clientId };
    // The endpoint's series appear at the scrapes after it was made (the backlog is read at scrape, each read serving a second of scrapes).
    await eventually(
      async () => {
        const text = await metrics();
        return (
          sampleOf(text, 'coin_webhooks_delivery_attempts_total', { ...endpoint, outcome: 'server_error', status_class: '5xx' }) === 0 &&
          sampleOf(text, 'coin_webhooks_retry_backlog_deliveries', endpoint) === 0 &&
          sampleOf(text, 'coin_webhooks_oldest_pending_age_seconds', endpoint) === 0
        );
      },
      20_000,
      "the new endpoint's series at zero",
    );
  });

  it('when three users are rewarded, then the failed attempts show in the metrics and the success rate, the retry backlog rises, and the healthy endpoint shows 100 %', async () => {
    const users = await Promise.all([registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl), registerUser(stack.gatewayUrl)]);
    for (const user of users) {
      const rewarded = await call('POST', '/api/admin/reward', {
        body: { userId: user.userId, amount: 1, reason: `delivery health ${run}` },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(rewarded.status).toBe(201);
    }
    await eventually(async () => receiver.answered('/down', 500) >= 3 && receiver.answered('/up', 200) >= 3, 20_000, 'the first attempts');

    const failingSeries = { endpoint_id: failing.id, client_id: client.clientId };
    const healthySeries = { endpoint_id: healthy.id, client_id: client.clientId };
    const text = await eventually(
      async () => {
        const scraped = await metrics();
        // Three wallets, three lanes: each lane's delivery failed once and waits for its retry (a minute away).
        const backlog = sampleOf(scraped, 'coin_webhooks_retry_backlog_deliveries', failingSeries);
        const delivered = sampleOf(scraped, 'coin_webhooks_delivery_attempts_total', { ...healthySeries, outcome: 'success' });
        // The attempt counters are live, the backlog gauges a read of up to a second ago: wait for a read made after the deliveries.
        const healthyWaiting = sampleOf(scraped, 'coin_webhooks_oldest_pending_age_seconds', healthySeries);
        return backlog === 3 && delivered === 3 && healthyWaiting === 0 ? scraped : undefined;
      },
      20_000,
      'the retry backlog of the failing endpoint and the healthy one delivered',
    );
    expect(
      sampleOf(text, 'coin_webhooks_delivery_attempts_total', { ...failingSeries, outcome: 'server_error', status_class: '5xx' }),
    ).toBeGreaterThanOrEqual(3);
    expect(sampleOf(text, 'coin_webhooks_delivery_attempts_total', { ...failingSeries, outcome: 'success' })).toBe(0);
    expect(sampleOf(text, 'coin_webhooks_delivery_attempts_total', { ...healthySeries, outcome: 'success', status_class: '2xx' })).toBe(3);
    expect(sampleOf(text, 'coin_webhooks_delivery_attempts_total', { ...healthySeries, outcome: 'server_error' })).toBe(0);
    expect(sampleOf(text, 'coin_webhooks_oldest_pending_age_seconds', failingSeries)).toBeGreaterThan(0);
    expect(sampleOf(text, 'coin_webhooks_retry_backlog_deliveries', healthySeries)).toBe(0);
    expect(sampleOf(text, 'coin_webhooks_oldest_pending_age_seconds', healthySeries)).toBe(0);
    expect(
      sampleOf(text, 'coin_webhooks_delivery_duration_seconds_count', { client_id: client.clientId, outcome: 'server_error' }),
    ).toBeGreaterThanOrEqual(3);

    const one = await call('GET', `/api/webhooks/endpoints/${failing.id}`);
    expect(one.status).toBe(200);
    expect(one.body.deliveryHealth).toEqual({
      attempts24h: expect.any(Number),
      succeeded24h: 0,
      successRate: 0,
      oldestPendingAgeSeconds: expect.any(Number),
    });
    expect(one.body.deliveryHealth.attempts24h).toBeGreaterThanOrEqual(3);
    // The healthy endpoint's last delivery is recorded a moment after its receiver answered.
    await eventuallyHolds(async () => {
      const listed = await call('GET', '/api/webhooks/endpoints');
      const byId = new Map((listed.body.endpoints as WebhookEndpoint[]).map((e) => [e.id, e.deliveryHealth]));
      expect(byId.get(failing.id)).toMatchObject({ succeeded24h: 0, successRate: 0 });
      expect(byId.get(healthy.id)).toEqual({ attempts24h: 3, succeeded24h: 3, successRate: 1, oldestPendingAgeSeconds: null });
    }, 10_000);
    // The admins' list (the console's Webhooks screen) shows the same: paged by id across every client of the stack.
    let seen: WebhookEndpoint | undefined;
    for (let cursor: string | null = null, pages = 0; !seen && pages < adminPagesMax; pages += 1) {
      const page = await http(stack.gatewayUrl, 'GET', `/api/admin/webhooks/endpoints?limit=100${cursor ? `&cursor=${cursor}` : ''}`, {
        token: superadmin.accessToken,
      });
      seen = (page.body.endpoints as WebhookEndpoint[]).find((e) => e.id === failing.id);
      cursor = page.body.nextCursor as string | null;
      if (cursor === null) break;
    }
    expect(seen?.deliveryHealth).toMatchObject({ succeeded24h: 0, successRate: 0 });
  });
});
