import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AuditLogEntry, topicNames } from '@coin/contracts';
import { type BalanceMonitorCrossed, parseCoinBalanceMonitorEvent } from '@coin/events';
import { ServiceTokenSigner } from '@coin/http';
import { type Consumer, Kafka, logLevel } from 'kafkajs';
import { adminSession, apiKeyFor, createPlatformClientWithCli, fundTreasury, type Session } from '../harness/admin';
import { eventually } from '../harness/eventually';
import { http, registerUser } from '../harness/http';
import { startTestStack, type TestStack } from '../harness/stack';

/**
 * Balance monitors through the gateway (docs/DESIGN.md "Balance monitors"): an
 * ADMIN watches REWARDS below a threshold; rewards drain it past the threshold, then further
 * below: exactly one coin.balance-monitor.crossed on Kafka, from the ledger's real
 * coin.balance.changed, and one signed webhook delivery to a real receiver of a client granted
 * REWARDS. A USER may not create one (403, audited).
 */
describe('balance monitors (ledger, webhooks service and gateway, real Kafka, PostgreSQL and an HTTP receiver)', () => {
  let stack: TestStack;
  let admin: Session;
  let superadmin: Session;
  let consumer: Consumer;
  let server: Server;
  const received: { path: string; body: string; signature: string }[] = [];
  const crossed: BalanceMonitorCrossed[] = [];
  let receiverBase = '';
  const run = randomUUID().slice(0, 8);

  beforeAll(async () => {
    stack = await startTestStack({ ownStack: "watches the REWARDS treasury cross a threshold, which every file's rewards move" });
    [admin, superadmin] = await Promise.all([adminSession(stack, 'ADMIN'), adminSession(stack, 'SUPERADMIN')]);
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['coin-signature']),
        });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiverBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const kafka = new Kafka({ clientId: 'monitors-e2e', brokers: stack.kafkaBrokers, logLevel: logLevel.NOTHING });
    consumer = kafka.consumer({ groupId: `${stack.prefix}monitors-e2e` });
    await consumer.connect();
    await consumer.subscribe({ topic: topicNames(stack.prefix).coinBalanceMonitors, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const parsed = parseCoinBalanceMonitorEvent(message.value);
        if (!parsed.ok) throw new Error(`coin.balance-monitors carries a message outside its contract: ${parsed.message}`);
        crossed.push(parsed.event);
      },
    });
  }, 120_000);

  afterAll(async () => {
    await consumer?.disconnect();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await stack?.close();
  });

  /** A webhook endpoint of a platform client, registered on the webhooks service's internal API as the gateway does. */
  const endpointFor = async (clientId: string, treasuries: string[], path: string) => {
    const signer = new ServiceTokenSigner('gateway', stack.env.gateway.SERVICE_TOKEN_PRIVATE_KEY!);
    const res = await fetch(`${stack.webhooksUrl}/internal/webhooks/endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await signer.tokenFor('webhooks')}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: randomUUID(),
        clientId,
        treasuries,
        url: `${receiverBase}${path}`,
        eventTypes: ['coin.balance-monitor.crossed'],
      }),
    });
    expect(res.status).toBe(201);
  };

  it('when rewards drain REWARDS past a down monitor and on below it, then one crossing on Kafka and one delivery to the client granted REWARDS', async () => {
    const moneyKey = await apiKeyFor(stack, superadmin.accessToken, ['mint', 'reward']);
    await fundTreasury(stack, { accessToken: superadmin.accessToken, apiKey: moneyKey }, 'REWARDS', 100);
    const granted = await createPlatformClientWithCli(stack, `shop ${run}`, { treasuries: ['REWARDS'] });
    const other = await createPlatformClientWithCli(stack, `courses ${run}`, { treasuries: ['COURSE_FEES'] });
    await endpointFor(granted.clientId, ['REWARDS'], '/granted');
    await endpointFor(other.clientId, ['COURSE_FEES'], '/other');

    const created = await http(stack.gatewayUrl, 'POST', '/api/admin/balance-monitors', {
      token: admin.accessToken,
      headers: { 'idempotency-key': `monitor-${run}` },
      body: { wallet: { treasury: 'REWARDS' }, threshold: 60, direction: 'down' },
    });
    expect(created.status).toBe(201);
    const monitor = created.body as { id: string };
    expect(created.body).toMatchObject({
      wallet: { userId: null, treasury: 'REWARDS' },
      threshold: 60,
      direction: 'down',
      enabled: true,
      createdBy: admin.userId,
    });
    // A retry with the same key is the same monitor; the same key with another body is refused.
    const retried = await http(stack.gatewayUrl, 'POST', '/api/admin/balance-monitors', {
      token: admin.accessToken,
      headers: { 'idempotency-key': `monitor-${run}` },
      body: { wallet: { treasury: 'REWARDS' }, threshold: 60, direction: 'down' },
    });
    expect([retried.status, retried.body.id]).toEqual([201, monitor.id]);
    const reused = await http(stack.gatewayUrl, 'POST', '/api/admin/balance-monitors', {
      token: admin.accessToken,
      headers: { 'idempotency-key': `monitor-${run}` },
      body: { wallet: { treasury: 'REWARDS' }, threshold: 61, direction: 'down' },
    });
    expect(reused.status).toBe(422);
    // A second monitor that the last reward crosses: once its crossing is on Kafka, everything the
    // earlier balance changes fired is there too (one wallet: one partition, in order).
    const sentinel = await http(stack.gatewayUrl, 'POST', '/api/admin/balance-monitors', {
      token: admin.accessToken,
      headers: { 'idempotency-key': `sentinel-${run}` },
      body: { wallet: { treasury: 'REWARDS' }, threshold: 42, direction: 'down' },
    });
    expect(sentinel.status).toBe(201);

    const winner = await registerUser(stack.gatewayUrl);
    const reward = async (amount: number) => {
      const answer = await http(stack.gatewayUrl, 'POST', '/api/admin/reward', {
        token: superadmin.accessToken,
        headers: { 'x-api-key': moneyKey, 'idempotency-key': randomUUID() },
        body: { userId: winner.userId, amount, reason: 'tournament prize' },
      });
      expect([amount, answer.status]).toEqual([amount, 201]);
    };
    await reward(30); // 100 → 70: above the threshold, nothing
    await reward(20); // 70 → 50: the crossing
    await reward(5); // 50 → 45: below already, nothing
    await reward(5); // 45 → 40: crosses the sentinel's 42 only

    await eventually(async () => crossed.some((e) => e.monitorId === sentinel.body.id), 30_000, 'the crossings on Kafka');
    await eventually(async () => received.filter((r) => r.path === '/granted').length >= 2, 30_000, 'the webhook deliveries');
    const mine = crossed.filter((e) => e.monitorId === monitor.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'coin.balance-monitor.crossed',
      wallet: { userId: null, treasury: 'REWARDS' },
      threshold: 60,
      direction: 'down',
      previousBalance: 70,
      balance: 50,
      transactionType: 'REWARD',
    });
    const deliveries = received.filter((r) => r.path === '/granted').map((r) => JSON.parse(r.body) as BalanceMonitorCrossed);
    expect(deliveries.filter((d) => d.monitorId === monitor.id).map((d) => d.eventId)).toEqual([mine[0]!.eventId]);
    expect(received.filter((r) => r.path === '/granted')[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(received.filter((r) => r.path === '/other')).toEqual([]);

    const shown = await http(stack.gatewayUrl, 'GET', `/api/admin/balance-monitors/${monitor.id}`, { token: admin.accessToken });
    expect(shown.status).toBe(200);
    expect(shown.body.lastCrossedAt).toEqual(expect.any(String));
    const listed = await http(stack.gatewayUrl, 'GET', '/api/admin/balance-monitors', { token: admin.accessToken });
    expect((listed.body.monitors as { id: string }[]).map((m) => m.id)).toContain(monitor.id);
    const deleted = await http(stack.gatewayUrl, 'DELETE', `/api/admin/balance-monitors/${monitor.id}`, { token: admin.accessToken });
    expect(deleted.status).toBe(204);
    expect((await http(stack.gatewayUrl, 'GET', `/api/admin/balance-monitors/${monitor.id}`, { token: admin.accessToken })).status).toBe(
      404,
    );
    // The creation and the deletion are in the admin audit log, with the ADMIN who asked (the retry recorded nothing).
    const recorded = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', `/api/admin/audit-log/service-actions?target=balance-monitor:${monitor.id}`, {
          token: superadmin.accessToken,
        });
        expect(page.status).toBe(200);
        return page.body.entries.length >= 2 ? (page.body.entries as { action: string; actor: unknown; source: string }[]) : undefined;
      },
      20_000,
      "the monitor's audit records",
    );
    expect(recorded.map((e) => [e.source, e.action, e.actor])).toEqual([
      ['webhooks', 'balance-monitor.delete', { kind: 'user', id: String(admin.userId), role: 'ADMIN' }],
      ['webhooks', 'balance-monitor.create', { kind: 'user', id: String(admin.userId), role: 'ADMIN' }],
    ]);
  }, 120_000);

  it('when a USER creates a monitor, then 403, recorded in the admin audit log', async () => {
    const user = await registerUser(stack.gatewayUrl);
    const requestId = `monitor-user-${run}`;
    const answer = await http(stack.gatewayUrl, 'POST', '/api/admin/balance-monitors', {
      token: user.accessToken,
      headers: { 'idempotency-key': randomUUID(), 'x-request-id': requestId },
      body: { wallet: { treasury: 'REWARDS' }, threshold: 10, direction: 'both' },
    });
    expect(answer.status).toBe(403);
    const entry = await eventually(
      async () => {
        const page = await http(stack.gatewayUrl, 'GET', '/api/admin/audit-log?result=rejected&limit=1000', {
          token: superadmin.accessToken,
        });
        return (page.body.entries as AuditLogEntry[]).find((e) => e.requestId === requestId);
      },
      20_000,
      'the refusal record',
    );
    expect(entry).toMatchObject({
      source: 'gateway',
      actor: { kind: 'user', id: String(user.userId), role: 'USER', verified: true },
      action: 'createBalanceMonitor',
      target: 'route:POST /api/admin/balance-monitors',
      errorCode: 'FORBIDDEN',
    });
  }, 60_000);
});
