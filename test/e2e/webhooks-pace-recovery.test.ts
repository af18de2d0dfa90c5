import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlatformEvent, WebhookEndpoint, WebhookRecovery } from '@coin/contracts';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack, fastLoopsStack } from '../harness/stack';

interface Delivery {
  id: number;
  eventId: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  lastAttemptAt: string | null;
  createdAt: string;
  endpointDisabled: { at: string; eventId: string; toldEndpoints: number } | null;
}

/**
 * A receiver on this machine: a path in `down` answers 500, any other 200; every request is kept,
 * in the order it came, with its path and the event's id (webhook-id).
 */
async function startSwitchableReceiver(): Promise<{
  url: string;
  down: Set<string>;
  received: Array<{ path: string; eventId: string; status: number }>;
  close: () => Promise<void>;
}> {
  const down = new Set<string>();
  const received: Array<{ path: string; eventId: string; status: number }> = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '';
      const status = down.has(path) ? 500 : 200;
      received.push({ path, eventId: String(request.headers['webhook-id'] ?? ''), status });
      response.writeHead(status).end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    down,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Webhooks keep pace (docs/reference/platform.md "Webhooks"): an endpoint's pace, set by its
 * platform, spaces its attempts (deliveries beyond it wait, in order, none dropped); "recover
 * since T" sends every failed delivery of an endpoint again as one background task whose progress
 * is read; the delivery whose failure disabled an endpoint says so in the delivery log. Hostile
 * input first: a pace of 0 or 10^9, a recovery over a year or in the future, another client's
 * endpoint. On the stack of the events test (the retry schedule's minute is 2 ms, so an endpoint
 * runs out of retries in seconds).
 */
describe('webhooks keep pace: the pace of an endpoint, recovering its failed deliveries', () => {
  let stack: TestStack;
  let receiver: Awaited<ReturnType<typeof startSwitchableReceiver>>;
  let clientA: { clientId: string; token: string };
  let clientB: { clientId: string; token: string };
  const run = randomUUID().slice(0, 8);

  const call = (token: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    http(stack.gatewayUrl, method, path, { token, ...options });
  const register = async (token: string, path: string): Promise<WebhookEndpoint> => {
    const created = await call(token, 'POST', '/api/webhooks/endpoints', {
      body: { url: `${receiver.url}${path}`, eventTypes: ['coin.transaction.recorded'] },
      headers: { 'idempotency-key': `${path.slice(1)}-${run}` },
    });
    expect(created.status).toBe(201);
    return created.body as WebhookEndpoint;
  };
  const deliveriesOf = async (endpointId: string): Promise<Delivery[]> => {
    const page = await call(clientA.token, 'GET', `/api/webhooks/endpoints/${endpointId}/deliveries?limit=100`);
    expect(page.status).toBe(200);
    return page.body.deliveries as Delivery[];
  };
  const reward = async (userIds: number[], reason: string) => {
    const answers = await Promise.all(
      userIds.map((userId) =>
        call(clientA.token, 'POST', '/api/admin/reward', {
          body: { userId, amount: 1, reason },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    for (const answer of answers) expect(answer.status).toBe(201);
  };
  const expectProblem = (answer: { status: number; headers: Headers; body: any }, status: number) => {
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
  };

  beforeAll(async () => {
    stack = await startTestStack(fastLoopsStack);
    receiver = await startSwitchableReceiver();
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1000);
    const [a, b] = await Promise.all([
      createPlatformClientWithCli(stack, `pace-a-${run}`, { treasuries: ['REWARDS'] }),
      createPlatformClientWithCli(stack, `pace-b-${run}`, { treasuries: ['REWARDS'] }),
    ]);
    const tokenOf = async (client: { clientId: string; clientSecret: string }) =>
      ((await http(stack.gatewayUrl, 'POST', '/api/auth/token', { body: client })).body as { accessToken: string }).accessToken;
    clientA = { clientId: a.clientId, token: await tokenOf(a) };
    clientB = { clientId: b.clientId, token: await tokenOf(b) };
  }, 180_000);
  afterAll(async () => {
    await receiver?.close();
    await stack?.close();
  });

  describe('the pace', () => {
    let paced: WebhookEndpoint;
    beforeAll(async () => {
      paced = await register(clientA.token, '/paced');
    });
    // The recoveries below count the client's other enabled endpoints: this one is gone by then.
    afterAll(async () => {
      if (paced) await call(clientA.token, 'DELETE', `/api/webhooks/endpoints/${paced.id}`);
    });

    it.each([
      ['0', { maxDeliveriesPerSecond: 0 }],
      ['10^9', { maxDeliveriesPerSecond: 1_000_000_000 }],
      ['1001', { maxDeliveriesPerSecond: 1001 }],
      ['a fraction', { maxDeliveriesPerSecond: 0.5 }],
      ['a string', { maxDeliveriesPerSecond: '1' }],
      ['no field', {}],
    ])(
      'when a pace of %s is asked for, then it is refused with a 400 problem naming the field, and the endpoint keeps no pace',
      async (_what, body) => {
        const refused = await call(clientA.token, 'PUT', `/api/webhooks/endpoints/${paced.id}/pace`, { body });
        expectProblem(refused, 400);
        expect(JSON.stringify(refused.body)).toContain('maxDeliveriesPerSecond');
        const endpoint = await call(clientA.token, 'GET', `/api/webhooks/endpoints/${paced.id}`);
        expect(endpoint.body.maxDeliveriesPerSecond).toBeNull();
      },
    );

    it("when another client sets the pace of this client's endpoint, or of none, then it is a 404 as if absent, and nothing changes", async () => {
      const other = await call(clientB.token, 'PUT', `/api/webhooks/endpoints/${paced.id}/pace`, { body: { maxDeliveriesPerSecond: 1 } });
      expectProblem(other, 404);
      const unknown = await call(clientA.token, 'PUT', `/api/webhooks/endpoints/${randomUUID()}/pace`, {
        body: { maxDeliveriesPerSecond: 1 },
      });
      expectProblem(unknown, 404);
      expect(other.body.detail).toBe(unknown.body.detail);
      expect((await call(clientA.token, 'GET', `/api/webhooks/endpoints/${paced.id}`)).body.maxDeliveriesPerSecond).toBeNull();
    });

    it('when an endpoint is limited to 1 delivery a second and four users are rewarded at once, then the four deliveries go out in the queue order, each once, their attempts a second apart or more', async () => {
      const set = await call(clientA.token, 'PUT', `/api/webhooks/endpoints/${paced.id}/pace`, { body: { maxDeliveriesPerSecond: 1 } });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ id: paced.id, maxDeliveriesPerSecond: 1 });
      const users = await Promise.all([1, 2, 3, 4].map(() => registerUser(stack.gatewayUrl)));
      await reward(
        users.map((user) => user.userId),
        `pace ${run}`,
      );
      const log = await eventually(
        async () => {
          const deliveries = await deliveriesOf(paced.id);
          return deliveries.length === 4 && deliveries.every((d) => d.status === 'DELIVERED') ? deliveries : undefined;
        },
        60_000,
        'the four deliveries of the paced endpoint delivered',
      );
      const queueOrder = [...log].sort((a, b) => a.id - b.id);
      // Each once, none dropped, in the order they were queued.
      const arrived = receiver.received.filter((r) => r.path === '/paced').map((r) => r.eventId);
      expect(arrived).toEqual(queueOrder.map((d) => d.eventId));
      // The service's own record of each attempt's start: a second apart at least.
      const starts = queueOrder.map((d) => Date.parse(d.lastAttemptAt as string));
      for (let i = 1; i < starts.length; i++) expect((starts[i] as number) - (starts[i - 1] as number)).toBeGreaterThanOrEqual(1000);
    });

    it('when the pace is removed, then the endpoint shows none', async () => {
      const cleared = await call(clientA.token, 'PUT', `/api/webhooks/endpoints/${paced.id}/pace`, {
        body: { maxDeliveriesPerSecond: null },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body.maxDeliveriesPerSecond).toBeNull();
    });
  });

  describe('recovering failed deliveries, and the delivery log of a disabled endpoint', () => {
    let flaky: WebhookEndpoint;
    let healthy: WebhookEndpoint;
    let since: string;
    let failed: Delivery[];

    beforeAll(async () => {
      receiver.down.add('/flaky');
      flaky = await register(clientA.token, '/flaky');
      healthy = await register(clientA.token, '/healthy');
      since = new Date(Date.now() - 60_000).toISOString();
      const users = await Promise.all([1, 2].map(() => registerUser(stack.gatewayUrl)));
      await reward(
        users.map((user) => user.userId),
        `recover ${run}`,
      );
      await eventually(
        async () => (await call(clientA.token, 'GET', `/api/webhooks/endpoints/${flaky.id}`)).body.status === 'DISABLED',
        60_000,
        'the flaky endpoint disabled after its retries',
      );
      // Back up: its deliveries still pending go out once it is enabled; the failed ones wait for a recovery.
      receiver.down.delete('/flaky');
      const enabled = await call(clientA.token, 'POST', `/api/webhooks/endpoints/${flaky.id}/enable`);
      expect(enabled.status).toBe(200);
      failed = await eventually(
        async () => {
          const deliveries = await deliveriesOf(flaky.id);
          return deliveries.length === 2 && deliveries.every((d) => d.status !== 'PENDING')
            ? deliveries.filter((d) => d.status === 'FAILED')
            : undefined;
        },
        60_000,
        "the flaky endpoint's deliveries settled",
      );
    }, 180_000);

    it('when an endpoint is disabled after its retries, then the delivery that ran out says so in its log, naming the event that told the other endpoint', async () => {
      expect(failed.length).toBeGreaterThanOrEqual(1);
      const noted = (await deliveriesOf(flaky.id)).filter((d) => d.endpointDisabled !== null);
      expect(noted).toHaveLength(1);
      const note = noted[0]?.endpointDisabled;
      expect(note).toEqual({ at: expect.any(String), eventId: expect.any(String), toldEndpoints: 1 });
      const events = await call(clientA.token, 'GET', '/api/events?limit=100&type=coin.webhook-endpoint.disabled');
      const told = (events.body.events as PlatformEvent[]).find((e) => e.id === note?.eventId);
      expect(told?.payload).toMatchObject({ data: { endpointId: flaky.id } });
      await eventually(
        async () => receiver.received.some((r) => r.path === '/healthy' && r.eventId === note?.eventId),
        30_000,
        'the disabled event sent to the other endpoint',
      );
      expect((await deliveriesOf(healthy.id)).every((d) => d.endpointDisabled === null)).toBe(true);
    });

    it.each([
      ['over a year ago', () => new Date(Date.now() - 366 * 86_400_000).toISOString()],
      ['15 days ago', () => new Date(Date.now() - 15 * 86_400_000).toISOString()],
      ['in the future', () => new Date(Date.now() + 3_600_000).toISOString()],
    ])(
      'when a recovery since %s is asked for, then it is a 400 problem naming since, and no delivery is queued again',
      async (_what, sinceOf) => {
        const refused = await call(clientA.token, 'POST', `/api/webhooks/endpoints/${flaky.id}/recoveries`, {
          body: { since: sinceOf() },
          headers: { 'idempotency-key': randomUUID() },
        });
        expectProblem(refused, 400);
        expect(JSON.stringify(refused.body)).toContain('since');
        expect((await deliveriesOf(flaky.id)).filter((d) => d.status === 'FAILED').map((d) => d.id)).toEqual(failed.map((d) => d.id));
      },
    );

    it("when another client recovers this client's endpoint, then it is a 404 as if absent, and nothing is queued", async () => {
      const other = await call(clientB.token, 'POST', `/api/webhooks/endpoints/${flaky.id}/recoveries`, {
        body: { since },
        headers: { 'idempotency-key': randomUUID() },
      });
      expectProblem(other, 404);
      const unknown = await call(clientB.token, 'POST', `/api/webhooks/endpoints/${randomUUID()}/recoveries`, {
        body: { since },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(other.body.detail).toBe(unknown.body.detail);
      expect((await deliveriesOf(flaky.id)).filter((d) => d.status === 'FAILED')).toHaveLength(failed.length);
    });

    it('when the client recovers since a minute ago, then one background task sends every failed delivery again, its progress read to DONE; the same key answers the same recovery; another client reads nothing of it', async () => {
      const key = `recover-${run}`;
      const started = await call(clientA.token, 'POST', `/api/webhooks/endpoints/${flaky.id}/recoveries`, {
        body: { since },
        headers: { 'idempotency-key': key },
      });
      expect(started.status).toBe(202);
      const recovery = started.body as WebhookRecovery;
      expect(recovery).toMatchObject({ endpointId: flaky.id, since, total: failed.length });
      const again = await call(clientA.token, 'POST', `/api/webhooks/endpoints/${flaky.id}/recoveries`, {
        body: { since },
        headers: { 'idempotency-key': key },
      });
      expect(again.status).toBe(202);
      expect(again.body.id).toBe(recovery.id);
      expect(again.headers.get('idempotent-replayed')).toBe('true');

      const done = await eventually(
        async () => {
          const read = await call(clientA.token, 'GET', `/api/webhooks/endpoints/${flaky.id}/recoveries/${recovery.id}`);
          expect(read.status).toBe(200);
          return read.body.status === 'DONE' ? (read.body as WebhookRecovery) : undefined;
        },
        30_000,
        'the recovery done',
      );
      expect(done).toMatchObject({ total: failed.length, requeued: failed.length, finishedAt: expect.any(String) });
      await eventually(
        async () => (await deliveriesOf(flaky.id)).every((d) => d.status === 'DELIVERED'),
        30_000,
        'every recovered delivery delivered',
      );
      for (const delivery of failed)
        expect(receiver.received.some((r) => r.path === '/flaky' && r.eventId === delivery.eventId && r.status === 200)).toBe(true);

      const byOther = await call(clientB.token, 'GET', `/api/webhooks/endpoints/${flaky.id}/recoveries/${recovery.id}`);
      expectProblem(byOther, 404);
      const onAnotherEndpoint = await call(clientA.token, 'GET', `/api/webhooks/endpoints/${healthy.id}/recoveries/${recovery.id}`);
      expectProblem(onAnotherEndpoint, 404);
    });
  });
});
