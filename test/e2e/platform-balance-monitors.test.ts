import { randomUUID } from 'node:crypto';
import { type CoinClient, CoinProblemError, clientCredentialsToken, createCoinClient } from '@coin/client';
import { clientBalanceMonitorsMax } from '@coin/contracts';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury, type AdminSession } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { applied, http, registerUser } from '../harness/http';
import { startTestStack, type TestStack, sandboxStack } from '../harness/stack';
import { startReceiver } from '../harness/webhook-receiver';

type Problem = { status: number; code: string; detail?: string };

/**
 * A platform sets its own balance monitors (docs/DESIGN.md "Balance monitors"), live and in the
 * sandbox, through the real stack: on a treasury it was granted only, its crossing delivered to
 * its own endpoints and events and to no other client granted the same treasury; it reads and
 * deletes its own, another's answering as absent; an ADMIN still sees them all. Hostile cases first.
 */
describe("a platform's own balance monitors", () => {
  let stack: TestStack;
  let admin: AdminSession;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let shopA: CoinClient;
  let shopB: CoinClient;
  let tokenA: string;
  let tokenB: string;
  let shopAId: string;
  let shopBId: string;
  let testA: { token: string; client: CoinClient; id: string };
  const run = randomUUID().slice(0, 8);

  const clientOf = (token: string) => createCoinClient({ baseUrl: stack.gatewayUrl, accessToken: token });
  const tokenOf = (clientId: string, clientSecret: string) =>
    clientCredentialsToken({ baseUrl: stack.gatewayUrl, clientId, clientSecret })();
  const send = <T = Problem>(token: string, method: string, path: string, body?: unknown, key: string | null = randomUUID()) =>
    http<T>(stack.gatewayUrl, method, path, {
      token,
      ...(body !== undefined ? { body } : {}),
      headers: key ? { 'idempotency-key': key } : {},
    });
  const rewardOnceOpen = (client: CoinClient, userId: number, amount: number, reason: string) =>
    eventually(
      () =>
        applied(client.rewardUser({ body: { userId, amount, reason } })).catch((err: unknown) => {
          if (err instanceof CoinProblemError && err.code === 'USER_NOT_FOUND') return undefined;
          throw err;
        }),
      30_000,
      `${reason}: the payee's wallet`,
    );
  /** The crossings of a monitor among a client's events (recorded in the transaction of its deliveries). */
  const crossingsOf = async (client: CoinClient, monitorId: string) =>
    (await client.listEvents({ query: { type: 'coin.balance-monitor.crossed', limit: 100 } })).events.filter(
      (e) => (e.payload as { monitorId?: string }).monitorId === monitorId,
    );

  beforeAll(async () => {
    stack = await startTestStack(sandboxStack);
    const superadmin = await adminSession(stack, 'SUPERADMIN');
    admin = await adminSession(stack, 'ADMIN');
    const apiKey = await apiKeyFor(stack, superadmin.accessToken, ['mint']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey }, 'REWARDS', 1_000);
    const a = await createPlatformClientWithCli(stack, `monitors-a-${run}`, { treasuries: ['REWARDS'] });
    const b = await createPlatformClientWithCli(stack, `monitors-b-${run}`, { treasuries: ['REWARDS'] });
    shopAId = a.clientId;
    shopBId = b.clientId;
    [tokenA, tokenB] = [await tokenOf(a.clientId, a.clientSecret), await tokenOf(b.clientId, b.clientSecret)];
    [shopA, shopB] = [clientOf(tokenA), clientOf(tokenB)];
    const made = await send<{ client: { id: string }; clientSecret: string }>(tokenA, 'POST', '/api/platform/test-clients', {
      name: `monitors test ${run}`,
      treasuries: ['REWARDS'],
    });
    expect(made.status).toBe(201);
    const testToken = await tokenOf(made.body.client.id, made.body.clientSecret);
    testA = { token: testToken, client: clientOf(testToken), id: made.body.client.id };
    receiver = await startReceiver();
    const events = ['coin.balance-monitor.crossed' as const];
    await shopA.createWebhookEndpoint({ body: { url: `${receiver.url}/a-${run}`, eventTypes: events } });
    await shopB.createWebhookEndpoint({ body: { url: `${receiver.url}/b-${run}`, eventTypes: events } });
    await testA.client.createWebhookEndpoint({ body: { url: `${receiver.url}/test-${run}`, eventTypes: events } });
  }, 240_000);
  afterAll(async () => {
    await receiver?.close();
    await stack?.close();
  });

  it('when a client watches a treasury it was not granted, a user, past its bound, without a key, or reads and deletes another’s monitor, then a clear RFC 9457 problem and nothing made or touched', async () => {
    const base = '/api/platform/balance-monitors';
    const body = { wallet: { treasury: 'REWARDS' }, threshold: 1, direction: 'down' };
    const notGranted = await send(tokenA, 'POST', base, { ...body, wallet: { treasury: 'COURSE_FEES' } });
    expect([notGranted.status, notGranted.body.code]).toEqual([404, 'NOT_FOUND']);
    for (const bad of [
      { ...body, wallet: { userId: 42 } },
      { ...body, wallet: { treasury: '__proto__' } },
      { ...body, threshold: -1 },
      { ...body, threshold: 0.001 },
      { ...body, direction: 'sideways' },
      { ...body, clientId: 'someone-else' },
    ]) {
      const refused = await send(tokenA, 'POST', base, bad);
      expect({ bad, status: refused.status, code: refused.body.code }).toEqual({ bad, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await send(tokenA, 'POST', base, body, null)).body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((await shopA.listClientBalanceMonitors()).monitors).toEqual([]);

    // A person, an ADMIN included, has no platform monitor routes; a platform client no admin ones.
    const person = await registerUser(stack.gatewayUrl);
    for (const token of [person.accessToken, admin.accessToken]) {
      expect((await send(token, 'POST', base, body)).body).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect((await send(tokenA, 'GET', '/api/admin/balance-monitors', undefined, null)).body).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });

    // Another client's monitor reads and deletes as an id nobody has.
    const mine = await shopA.createClientBalanceMonitor({ body: { wallet: { treasury: 'REWARDS' }, threshold: 1, direction: 'down' } });
    for (const id of [mine.id, randomUUID()]) {
      const [read, deleted] = [
        await send(tokenB, 'GET', `${base}/${id}`, undefined, null),
        await send(tokenB, 'DELETE', `${base}/${id}`, undefined, null),
      ];
      expect([read.status, read.body.code, deleted.status, deleted.body.code]).toEqual([404, 'NOT_FOUND', 404, 'NOT_FOUND']);
    }
    expect((await send(tokenB, 'GET', `${base}/not-a-uuid`, undefined, null)).body).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await shopA.getClientBalanceMonitor({ path: { id: mine.id } })).toEqual(mine);
    expect((await shopB.listClientBalanceMonitors()).monitors).toEqual([]);

    // Its own bound: one past it is 422 LIMIT_EXCEEDED, and made nothing.
    const made = [mine.id];
    for (let i = 1; i < clientBalanceMonitorsMax; i++) {
      made.push(
        (await shopA.createClientBalanceMonitor({ body: { wallet: { treasury: 'REWARDS' }, threshold: i + 1, direction: 'up' } })).id,
      );
    }
    const over = await send(tokenA, 'POST', base, body);
    expect([over.status, over.body.code]).toEqual([422, 'LIMIT_EXCEEDED']);
    expect((await shopA.listClientBalanceMonitors()).monitors).toHaveLength(clientBalanceMonitorsMax);
    for (const id of made) await shopA.deleteClientBalanceMonitor({ path: { id } });
    expect((await shopA.listClientBalanceMonitors()).monitors).toEqual([]);
  });

  it('when a live client’s monitor on its treasury is crossed, then its own endpoint and events get the crossing and another client granted the same treasury does not; an ADMIN sees the monitor', async () => {
    const balance = (await shopA.listClientTreasuries()).treasuries.find((t) => t.code === 'REWARDS')!.balance;
    const threshold = Math.round((balance - 5) * 100) / 100;
    const key = `monitor-${run}`;
    const monitor = await shopA.createClientBalanceMonitor({
      body: { wallet: { treasury: 'REWARDS' }, threshold, direction: 'down' },
      idempotencyKey: key,
    });
    expect(monitor).toMatchObject({ clientId: shopAId, wallet: { treasury: 'REWARDS' }, threshold, enabled: true, lastCrossedAt: null });
    // A retry is the same monitor; the same key with another body is refused.
    expect(
      await shopA.createClientBalanceMonitor({
        body: { wallet: { treasury: 'REWARDS' }, threshold, direction: 'down' },
        idempotencyKey: key,
      }),
    ).toEqual(monitor);
    const reused = await send(
      tokenA,
      'POST',
      '/api/platform/balance-monitors',
      { wallet: { treasury: 'REWARDS' }, threshold: 1, direction: 'down' },
      key,
    );
    expect([reused.status, reused.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);

    const winner = await registerUser(stack.gatewayUrl);
    await rewardOnceOpen(shopA, winner.userId, 10, `prize ${run}`);
    const delivered = await eventually(
      async () => receiver.received.find((r) => r.path === `/a-${run}` && r.body.includes(monitor.id)),
      30_000,
      "the crossing at A's endpoint",
    );
    expect(JSON.parse(delivered.body)).toMatchObject({ type: 'coin.balance-monitor.crossed', monitorId: monitor.id, direction: 'down' });
    expect(await crossingsOf(shopA, monitor.id)).toHaveLength(1);
    // B's events would hold it from the same transaction as A's deliveries: it has none.
    expect(await crossingsOf(shopB, monitor.id)).toEqual([]);
    expect(receiver.received.filter((r) => r.path === `/b-${run}` && r.body.includes(monitor.id))).toEqual([]);

    const operator = clientOf(admin.accessToken);
    const all = await operator.listBalanceMonitors();
    expect(all.clientMonitors.find((m) => m.id === monitor.id)).toMatchObject({ clientId: shopAId, lastCrossedAt: expect.any(String) });
    expect(all.monitors.find((m) => m.id === monitor.id)).toBeUndefined();
    // An ADMIN reads it by id under its client; under another client, or an id nobody has, it is absent.
    const byId = await send<typeof monitor>(
      admin.accessToken,
      'GET',
      `/api/admin/platform-clients/${shopAId}/balance-monitors/${monitor.id}`,
      undefined,
      null,
    );
    expect([byId.status, byId.body]).toEqual([200, all.clientMonitors.find((m) => m.id === monitor.id)]);
    for (const path of [`${shopBId}/balance-monitors/${monitor.id}`, `${shopAId}/balance-monitors/${randomUUID()}`]) {
      const absent = await send(admin.accessToken, 'GET', `/api/admin/platform-clients/${path}`, undefined, null);
      expect([path, absent.status, absent.body.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
    // A platform client has no admin route, its own monitor's included; a person neither.
    const person = await registerUser(stack.gatewayUrl);
    for (const token of [tokenA, person.accessToken]) {
      const refused = await send(token, 'GET', `/api/admin/platform-clients/${shopAId}/balance-monitors/${monitor.id}`, undefined, null);
      expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    }

    await shopA.deleteClientBalanceMonitor({ path: { id: monitor.id } });
    expect((await send(tokenA, 'GET', `/api/platform/balance-monitors/${monitor.id}`, undefined, null)).status).toBe(404);
    expect((await send(tokenA, 'DELETE', `/api/platform/balance-monitors/${monitor.id}`, undefined, null)).status).toBe(404);
  });

  it('when a test-mode client’s monitor on its sandbox treasury is crossed, then its sandbox endpoint gets the crossing, and no live list or client sees the monitor', async () => {
    await testA.client.fundSandboxTreasury({ body: { treasury: 'REWARDS', amount: 100, reason: `sandbox funds ${run}` } });
    const balance = (await testA.client.listClientTreasuries()).treasuries[0]!.balance;
    const threshold = Math.round((balance - 5) * 100) / 100;
    const monitor = await testA.client.createClientBalanceMonitor({
      body: { wallet: { treasury: 'REWARDS' }, threshold, direction: 'down' },
    });
    expect(monitor).toMatchObject({ clientId: testA.id, threshold });
    const { testUser } = await testA.client.createSandboxTestUser({ body: { name: `player ${run}` } });
    await rewardOnceOpen(testA.client, testUser.userId, 10, `sandbox prize ${run}`);
    const delivered = await eventually(
      async () => receiver.received.find((r) => r.path === `/test-${run}` && r.body.includes(monitor.id)),
      30_000,
      "the sandbox crossing at the test client's endpoint",
    );
    expect(JSON.parse(delivered.body)).toMatchObject({ monitorId: monitor.id, wallet: { treasury: 'REWARDS' } });
    // The live space knows nothing of it: not the live owner's list, nor the ADMIN's, nor a live read by id.
    expect((await shopA.listClientBalanceMonitors()).monitors.map((m) => m.id)).not.toContain(monitor.id);
    const all = await clientOf(admin.accessToken).listBalanceMonitors();
    expect([...all.monitors, ...all.clientMonitors].map((m) => m.id)).not.toContain(monitor.id);
    expect((await send(tokenA, 'GET', `/api/platform/balance-monitors/${monitor.id}`, undefined, null)).status).toBe(404);
    expect((await testA.client.listClientBalanceMonitors()).monitors.map((m) => m.id)).toEqual([monitor.id]);
    // Deleting its test data deletes its monitors too.
    expect(await testA.client.resetSandbox({})).toMatchObject({ deletedBalanceMonitors: 1 });
    expect((await testA.client.listClientBalanceMonitors()).monitors).toEqual([]);
  });
});
