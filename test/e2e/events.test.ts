import { randomUUID } from 'node:crypto';
import type { PlatformEvent, WebhookEndpoint } from '@coin/contracts';
import { verifyAndParseWebhook } from '@coin/events';
import { runCoinCommand } from '../../libs/cli/src/command';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack, fastLoopsStack } from '../harness/stack';
import { startReceiver } from '../harness/webhook-receiver';

/**
 * GET /api/events through the gateway: a platform client reads its own events as its deliveries
 * carried them, pages them with a cursor (another list's refused), filters them, and is told when
 * an endpoint of its is disabled (an event, delivered to its other endpoint). Another client never
 * sees them; a USER token is refused.
 */
describe('a platform client’s events (GET /api/events)', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let superadmin: AdminSession;
  let clientA: { clientId: string; token: string; secret: string };
  let clientB: { clientId: string; token: string };
  let clientOps: { clientId: string; token: string };
  let winner: { userId: number; accessToken: string };
  let healthy: WebhookEndpoint & { secret: string };
  const run = randomUUID().slice(0, 8);

  const tokenOf = async (client: { clientId: string; clientSecret: string }) =>
    ((await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: client })).body as { accessToken: string }).accessToken;
  const call = (token: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    http(stack.gatewayUrl, method, path, { token, ...options });
  const register = async (token: string, path: string, key: string) => {
    const created = await call(token, 'POST', '/api/webhooks/endpoints', {
      body: { url: `${receiver.url}${path}`, eventTypes: ['coin.transaction.recorded'] },
      headers: { 'idempotency-key': key },
    });
    expect(created.status).toBe(201);
    return created.body as WebhookEndpoint & { secret: string };
  };
  const eventsOf = async (token: string, query = ''): Promise<PlatformEvent[]> => {
    const page = await call(token, 'GET', `/api/events?limit=100${query}`);
    expect(page.status).toBe(200);
    return page.body.events;
  };

  beforeAll(async () => {
    stack = await startTestStack(fastLoopsStack);
    receiver = await startReceiver();
    superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1000);
    const [a, b, ops] = await Promise.all([
      createPlatformClientWithCli(stack, `events-a-${run}`, { treasuries: ['REWARDS'] }),
      createPlatformClientWithCli(stack, `events-b-${run}`, { treasuries: ['REWARDS'] }),
      createPlatformClientWithCli(stack, `events-ops-${run}`, { treasuries: ['OPERATIONS'] }),
    ]);
    const tokens = await Promise.all([a, b, ops].map(tokenOf));
    clientA = { clientId: a.clientId, token: tokens[0] as string, secret: a.clientSecret };
    clientB = { clientId: b.clientId, token: tokens[1] as string };
    clientOps = { clientId: ops.clientId, token: tokens[2] as string };
    winner = await registerUser(stack.gatewayUrl);
    healthy = await register(clientA.token, '/ok', `ok-${run}`);
    await register(clientB.token, '/b', `b-${run}`);
    await register(clientOps.token, '/ops', `ops-${run}`);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await receiver?.close();
  });

  let rewardEventId: string;

  it('when a platform client rewards a user, then its events hold the transaction exactly as its endpoint received it, verified and typed by verifyAndParseWebhook', async () => {
    const rewarded = await call(clientA.token, 'POST', '/api/admin/reward', {
      body: { userId: winner.userId, amount: 3, reason: `events ${run}` },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(rewarded.status).toBe(201);
    const delivered = await eventually(
      async () => receiver.received.find((r) => r.path === '/ok' && r.body.includes(`events ${run}`)),
      20_000,
      'the reward delivered',
    );
    const event = verifyAndParseWebhook(delivered.body, delivered.headers, healthy.secret);
    expect(event.type).toBe('coin.transaction.recorded');
    rewardEventId = event.eventId;
    const listed = (await eventsOf(clientA.token)).find((e) => e.id === rewardEventId);
    expect(listed).toEqual({
      id: rewardEventId,
      type: 'coin.transaction.recorded',
      createdAt: expect.any(String),
      payload: JSON.parse(delivered.body),
    });
    const one = await call(clientA.token, 'GET', `/api/events/${rewardEventId}`);
    expect(one).toMatchObject({ status: 200, body: listed });
    // The delivery log carries the payload too.
    const log = await call(clientA.token, 'GET', `/api/webhooks/endpoints/${healthy.id}/deliveries`);
    expect(log.body.deliveries.find((d: { eventId: string }) => d.eventId === rewardEventId).payload).toEqual(JSON.parse(delivered.body));
  });

  it('when a client not party to the event asks for it (granted another treasury, or the same one), then it is a 404 and its list does not show it; a USER token gets 403', async () => {
    expect((await call(clientOps.token, 'GET', `/api/events/${rewardEventId}`)).status).toBe(404);
    expect((await eventsOf(clientOps.token)).map((e) => e.id)).not.toContain(rewardEventId);
    for (const path of ['/api/events', `/api/events/${rewardEventId}`]) {
      const refused = await call(winner.accessToken, 'GET', path);
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({ path, status: 403, code: 'FORBIDDEN' });
    }
    // Granted REWARDS too, it is no party to A's reward (docs/EVENTS.md "Who sees an event"): neither listed nor readable.
    expect((await eventsOf(clientB.token)).map((e) => e.id)).not.toContain(rewardEventId);
    expect((await call(clientB.token, 'GET', `/api/events/${rewardEventId}`)).status).toBe(404);
  });

  it('when an endpoint fails its whole schedule, then the client gets coin.webhook-endpoint.disabled in its events and on its other endpoint; no other client sees it', async () => {
    const down = await register(clientA.token, '/down', `down-${run}`);
    const rewarded = await call(clientA.token, 'POST', '/api/admin/reward', {
      body: { userId: winner.userId, amount: 1, reason: `events down ${run}` },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(rewarded.status).toBe(201);
    const disabled = await eventually(
      async () =>
        (await eventsOf(clientA.token, '&type=coin.webhook-endpoint.disabled')).find(
          (e) => e.payload.data && (e.payload.data as { endpointId: string }).endpointId === down.id,
        ),
      60_000,
      'the disabled-endpoint event',
    );
    expect(disabled.payload).toMatchObject({
      type: 'coin.webhook-endpoint.disabled',
      data: { endpointId: down.id, clientId: clientA.clientId, url: down.url, reason: expect.stringContaining('13 attempts') },
    });
    const told = await eventually(
      async () => receiver.received.find((r) => r.path === '/ok' && r.body.includes(disabled.id)),
      20_000,
      'the disabled-endpoint event delivered to the healthy endpoint',
    );
    expect(verifyAndParseWebhook(told.body, told.headers, healthy.secret)).toEqual(disabled.payload);
    expect((await call(clientB.token, 'GET', `/api/events/${disabled.id}`)).status).toBe(404);
    expect(await eventsOf(clientB.token, '&type=coin.webhook-endpoint.disabled')).toEqual([]);
    expect(receiver.received.filter((r) => r.body.includes(disabled.id)).map((r) => r.path)).toEqual(['/ok']);
  });

  it('when the list is paged, then the cursor walks it without overlap, a filter narrows it, and another list’s cursor is 400 CURSOR_MISMATCH', async () => {
    const all = await eventsOf(clientA.token);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { events: PlatformEvent[]; nextCursor: string | null; hasMore: boolean } } = await call(
        clientA.token,
        'GET',
        `/api/events?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.events.map((e) => e.id));
      expect(page.body.hasMore).toBe(page.body.nextCursor !== null);
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all.map((e) => e.id));
    expect((await eventsOf(clientA.token, '&type=coin.transaction.recorded')).every((e) => e.type === 'coin.transaction.recorded')).toBe(
      true,
    );
    expect(await eventsOf(clientA.token, `&after=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    const users = await call(superadmin.accessToken, 'GET', '/api/admin/users?pageSize=1');
    expect(users.body.nextCursor).toEqual(expect.any(String));
    const mismatch = await call(clientA.token, 'GET', `/api/events?cursor=${users.body.nextCursor}`);
    expect({ status: mismatch.status, code: mismatch.body.code }).toEqual({ status: 400, code: 'CURSOR_MISMATCH' });
    const forged = await call(clientA.token, 'GET', '/api/events?cursor=eyJ2IjoxLCJzIjoxfQ');
    expect({ status: forged.status, code: forged.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('when coin listen runs for the platform, then an event recorded after it started arrives at the local receiver, signed with the local secret; one from before does not', async () => {
    const before = (await eventsOf(clientA.token)).map((e) => e.id);
    const stop = new AbortController();
    const lines: string[] = [];
    const env = { COIN_URL: stack.gatewayUrl, COIN_CLIENT_ID: clientA.clientId, COIN_CLIENT_SECRET: clientA.secret };
    const listening = runCoinCommand(
      ['listen', '--forward-to', `${receiver.url}/cli`, '--interval-ms', '200'],
      env,
      (line) => lines.push(line),
      stop.signal,
    );
    try {
      const secret = await eventually(async () => /(whsec_\S+)/.exec(lines.join('\n'))?.[1], 5_000, 'the printed forwarding secret');
      const rewarded = await call(clientA.token, 'POST', '/api/admin/reward', {
        body: { userId: winner.userId, amount: 2, reason: `events cli ${run}` },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(rewarded.status).toBe(201);
      const relayed = await eventually(
        async () => receiver.received.find((r) => r.path === '/cli' && r.body.includes(`events cli ${run}`)),
        30_000,
        'the event relayed by coin listen',
      );
      const event = verifyAndParseWebhook(relayed.body, relayed.headers, secret);
      expect(event.type).toBe('coin.transaction.recorded');
      const listed = await call(clientA.token, 'GET', `/api/events/${event.eventId}`);
      expect(event).toEqual(listed.body.payload);
      expect(receiver.received.filter((r) => r.path === '/cli').map((r) => JSON.parse(r.body).eventId as string)).not.toEqual(
        expect.arrayContaining(before.slice(0, 1)),
      );
      expect(lines.some((line) => line.includes(event.eventId) && line.endsWith('-> 200'))).toBe(true);
    } finally {
      stop.abort();
      await listening;
    }
  });
});
