import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { topicNames } from '@coin/contracts';
import { createPool, type Pool, schemaName } from '@coin/db';
import {
  type AdminServiceActionRecorded,
  adminAuditEvent,
  type BalanceChanged,
  type BalanceMonitorCrossed,
  type BalanceWallet,
  parseCoinBalanceMonitorEvent,
} from '@coin/events';
import { ServiceTokenSigner } from '@coin/http';
import { createLogger } from '@coin/logger';
import { type Consumer, Kafka, logLevel, type Producer } from 'kafkajs';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { eventually } from '../../../test/harness/eventually';
import { generateServiceKeys } from '../../../scripts/stack/keys';
import { provision } from '../../../scripts/stack/provision';
import { devServiceDatabaseUrl } from '../../../scripts/stack/services';
import { loadWebhooksConfig, type RunningWebhooksService, startWebhooksService } from './index';
import { crossingEventId } from './kafka/balance-events';
import { balanceMonitorsGroupId } from './service';

/** A real HTTP receiver on 127.0.0.1 that answers 200 and keeps what it got, by path. */
class Receiver {
  readonly received: { path: string; body: string; eventId: string }[] = [];
  private server: Server | undefined;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({
          path: req.url ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
          eventId: String(req.headers['coin-event-id']),
        });
        res.writeHead(200).end('ok');
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const gatewayKeys = generateServiceKeys().gateway;
const asGateway = new ServiceTokenSigner('gateway', gatewayKeys.privateKeyPem);

let sequence = 0;
/** A well-formed coin.balance.changed of the wallet, from `previous` to `balance` coins. */
function balanceChanged(wallet: BalanceWallet, previous: number, balance: number): BalanceChanged {
  sequence += 1;
  return {
    eventId: randomUUID(),
    type: 'coin.balance.changed',
    version: 1,
    occurredAt: new Date().toISOString(),
    wallet,
    sequence,
    balance,
    previousBalance: previous,
    transactionId: 10_000 + sequence,
    transactionType: 'REWARD',
  };
}

const keyOf = (wallet: BalanceWallet) => (wallet.userId !== null ? `user:${wallet.userId}` : `treasury:${wallet.treasury}`);

describe('balance monitors (webhooks service in-process, real Kafka, PostgreSQL and an HTTP receiver)', () => {
  let service: RunningWebhooksService;
  let producer: Producer;
  let consumer: Consumer;
  let pool: Pool;
  let balancesTopic: string;
  let adminAuditTopic: string;
  let prefix: string;
  const crossed: BalanceMonitorCrossed[] = [];
  const receiver = new Receiver();

  beforeAll(async () => {
    const infra = testInfra();
    prefix = uniquePrefix();
    await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.COIN_TEST_LOG_LEVEL ?? 'warn',
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      TOPIC_PREFIX: prefix,
      DB_SCHEMA_PREFIX: prefix,
      HOST: '127.0.0.1',
      WEBHOOKS_HTTP_PORT: '0',
      METRICS_PORT: '0',
      SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: gatewayKeys.publicKeyPem }),
      SERVICE_TOKEN_PRIVATE_KEY: generateServiceKeys().webhooks.privateKeyPem,
      WEBHOOKS_DATABASE_URL: devServiceDatabaseUrl(infra.databaseUrl, 'webhooks'),
      // No user service here: the clients are those with an endpoint (the table read from the user service stays empty).
      USER_SERVICE_URL: 'http://127.0.0.1:9',
      WEBHOOKS_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
      // The receiver is on 127.0.0.1 over http: the operator's allowance, set explicitly here.
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_POLL_INTERVAL_MS: '50',
      WEBHOOKS_MAX_BALANCE_MONITORS: '6',
    };
    service = await startWebhooksService(loadWebhooksConfig(env), createLogger('webhooks', env.LOG_LEVEL as 'warn'));
    const kafka = new Kafka({ clientId: 'monitors-test', brokers: infra.kafkaBrokers, logLevel: logLevel.NOTHING });
    producer = kafka.producer();
    await producer.connect();
    const topics = topicNames(prefix);
    balancesTopic = topics.coinBalances;
    adminAuditTopic = topics.adminAudit;
    consumer = kafka.consumer({ groupId: `${prefix}monitors-test` });
    await consumer.connect();
    await consumer.subscribe({ topic: topics.coinBalanceMonitors, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const parsed = parseCoinBalanceMonitorEvent(message.value);
        if (!parsed.ok) throw new Error(`a message of coin.balance-monitors fails its contract: ${parsed.message}`);
        crossed.push(parsed.event);
      },
    });
    pool = createPool({ url: infra.databaseUrl, schema: schemaName(prefix, 'webhooks'), applicationName: 'monitors-test' });
    await receiver.start();
  }, 90_000);

  afterAll(async () => {
    await consumer?.disconnect();
    await producer?.disconnect();
    await service?.close();
    await pool?.end();
    await receiver.close();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${await asGateway.tokenFor('webhooks')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  const publish = (events: BalanceChanged[]) =>
    producer.send({
      topic: balancesTopic,
      messages: events.map((e) => ({ key: keyOf(e.wallet), value: JSON.stringify(e), headers: { type: e.type } })),
    });

  const admin = { actor: { kind: 'user', id: '1', role: 'ADMIN' }, requestId: 'req-monitors' };
  const createMonitor = async (wallet: { treasury: string } | { userId: number }, threshold: number, direction: string) => {
    const created = await call('POST', '/internal/webhooks/balance-monitors', {
      id: randomUUID(),
      createdBy: 1,
      ...admin,
      wallet,
      threshold,
      direction,
    });
    expect(created.status).toBe(201);
    return created.body as { id: string };
  };

  const endpoint = async (treasuries: string[], path: string) => {
    const created = await call('POST', '/internal/webhooks/endpoints', {
      id: randomUUID(),
      clientId: `client-${randomUUID()}`,
      treasuries,
      url: `${receiver.base}${path}`,
      eventTypes: ['coin.balance-monitor.crossed'],
    });
    expect(created.status).toBe(201);
  };

  const crossingsOf = async (monitorId: string) =>
    (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM balance_monitor_crossings WHERE monitor_id = $1', [monitorId])).rows[0]
      ?.n;

  it('when a platform client sets its own monitor, then only it reads and deletes it, its crossing goes to its own endpoint alone though another client is granted the treasury, an ADMIN+ lists it, and a test_ client has none here', async () => {
    const wallet = { userId: null, treasury: 'OPERATIONS' as const };
    const [ownerId, otherId] = [`client-a-${randomUUID()}`, `client-b-${randomUUID()}`];
    for (const [clientId, path] of [
      [ownerId, '/own-a'],
      [otherId, '/other-b'],
    ] as const) {
      const made = await call('POST', '/internal/webhooks/endpoints', {
        id: randomUUID(),
        clientId,
        treasuries: ['OPERATIONS'],
        url: `${receiver.base}${path}`,
        eventTypes: ['coin.balance-monitor.crossed'],
      });
      expect(made.status).toBe(201);
    }
    const id = randomUUID();
    const body = { id, clientId: ownerId, requestId: 'req-client', wallet: { treasury: 'OPERATIONS' }, threshold: 100, direction: 'down' };
    const created = await call('POST', '/internal/webhooks/client-balance-monitors', body);
    expect([created.status, created.body]).toEqual([
      201,
      expect.objectContaining({ id, clientId: ownerId, wallet, threshold: 100, direction: 'down', enabled: true }),
    ]);
    expect(created.body).not.toHaveProperty('createdBy');
    expect(await call('POST', '/internal/webhooks/client-balance-monitors', body)).toEqual(created);
    // A user's wallet is no client's to watch; a test_ client has no monitors in the live instance.
    expect(
      (await call('POST', '/internal/webhooks/client-balance-monitors', { ...body, id: randomUUID(), wallet: { userId: 5 } })).status,
    ).toBe(400);
    const testClient = await call('POST', '/internal/webhooks/client-balance-monitors', {
      ...body,
      id: randomUUID(),
      clientId: 'test_shop',
    });
    expect([testClient.status, testClient.body.code]).toEqual([403, 'TEST_MODE_CREDENTIALS']);

    // Only its client reads or deletes it; an ADMIN+ lists it among the clients' monitors, not its own.
    expect((await call('GET', `/internal/webhooks/clients/${otherId}/balance-monitors/${id}`)).status).toBe(404);
    expect(
      (await call('POST', '/internal/webhooks/client-balance-monitors/delete', { id, clientId: otherId, requestId: null })).status,
    ).toBe(404);
    expect((await call('GET', `/internal/webhooks/clients/${otherId}/balance-monitors`)).body).toEqual({ monitors: [] });
    expect((await call('GET', `/internal/webhooks/clients/${ownerId}/balance-monitors`)).body).toEqual({ monitors: [created.body] });
    const all = (await call('GET', '/internal/webhooks/balance-monitors')).body as {
      monitors: { id: string }[];
      clientMonitors: { id: string }[];
    };
    expect([all.clientMonitors.map((m) => m.id), all.monitors.map((m) => m.id)]).toEqual([[id], []]);
    expect((await call('GET', `/internal/webhooks/balance-monitors/${id}`)).status).toBe(404);

    const crossing = balanceChanged(wallet, 150, 90);
    await publish([crossing]);
    await eventually(async () => (await crossingsOf(id)) === 1, 30_000, "the client's crossing");
    // The deliveries were written with the crossing: its client's endpoint alone.
    const deliveries = await pool.query<{ url: string }>(
      'SELECT e.url FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.event_id = $1',
      [crossingEventId(id, crossing.eventId)],
    );
    expect(deliveries.rows.map((r) => r.url)).toEqual([`${receiver.base}/own-a`]);
    await service.deliverDue();
    await eventually(async () => receiver.at('/own-a').length >= 1, 15_000, "the delivery to the monitor's client");
    expect(receiver.at('/other-b')).toEqual([]);

    expect(
      (await call('POST', '/internal/webhooks/client-balance-monitors/delete', { id, clientId: ownerId, requestId: 'req-gone' })).status,
    ).toBe(204);
    expect((await call('GET', `/internal/webhooks/clients/${ownerId}/balance-monitors/${id}`)).status).toBe(404);
    const records = await pool.query<{ payload: AdminServiceActionRecorded }>(
      "SELECT payload FROM outbox WHERE topic = $1 AND payload->'record'->>'target' = $2 ORDER BY id",
      [adminAuditTopic, `balance-monitor:${id}`],
    );
    expect(records.rows.map((r) => adminAuditEvent.parse(r.payload).record)).toEqual([
      expect.objectContaining({
        actor: { kind: 'system', id: ownerId },
        action: 'balance-monitor.create',
        summary: { wallet: 'treasury:OPERATIONS', threshold: 100, direction: 'down', enabled: true, clientId: ownerId },
      }),
      expect.objectContaining({ actor: { kind: 'system', id: ownerId }, action: 'balance-monitor.delete', requestId: 'req-gone' }),
    ]);
  }, 60_000);

  it('when REWARDS drains past a down monitor, and the crossing event comes twice, then one crossing row, one Kafka message and one delivery to the client granted REWARDS, none to another', async () => {
    const wallet = { userId: null, treasury: 'REWARDS' as const };
    const monitor = await createMonitor({ treasury: 'REWARDS' }, 1000, 'down');
    await endpoint(['REWARDS'], '/granted');
    await endpoint(['COURSE_FEES'], '/other');
    const above = balanceChanged(wallet, 1500, 1200);
    const crossing = balanceChanged(wallet, 1200, 999.99);
    const below = balanceChanged(wallet, 999.99, 800);
    // The crossing again (a redelivery or a late copy), then a way back up: the sentinel after which nothing more comes.
    const back = balanceChanged(wallet, 800, 1000);
    await publish([above, crossing, below, crossing]);
    await publish([crossing, back]);
    const mine = () => crossed.filter((e) => e.monitorId === monitor.id);
    await eventually(async () => (await crossingsOf(monitor.id)) === 1 && mine().length >= 1, 30_000, 'the crossing');
    // The way back up fires nothing on a down monitor; wait until it was handled (its offset after the copy's).
    const upMonitor = await createMonitor({ treasury: 'REWARDS' }, 900, 'up');
    const sentinel = balanceChanged(wallet, 800, 950);
    await publish([sentinel]);
    await eventually(async () => crossed.some((e) => e.monitorId === upMonitor.id), 30_000, 'the sentinel crossing');
    expect(mine()).toEqual([
      {
        eventId: crossingEventId(monitor.id, crossing.eventId),
        type: 'coin.balance-monitor.crossed',
        version: 1,
        occurredAt: crossing.occurredAt,
        monitorId: monitor.id,
        wallet,
        threshold: 1000,
        direction: 'down',
        balance: 999.99,
        previousBalance: 1200,
        transactionId: crossing.transactionId,
        transactionType: 'REWARD',
        sequence: crossing.sequence,
      },
    ]);
    expect(await crossingsOf(monitor.id)).toBe(1);
    await service.deliverDue();
    await eventually(async () => receiver.at('/granted').length >= 2, 15_000, 'the deliveries to the granted client');
    const granted = receiver.at('/granted').map((r) => JSON.parse(r.body) as BalanceMonitorCrossed);
    expect(granted.filter((e) => e.monitorId === monitor.id).map((e) => e.eventId)).toEqual([
      crossingEventId(monitor.id, crossing.eventId),
    ]);
    expect(receiver.at('/other')).toEqual([]);
    const shown = await call('GET', `/internal/webhooks/balance-monitors/${monitor.id}`);
    expect(shown.body.lastCrossedAt).not.toBeNull();
  }, 60_000);

  it("when a user's wallet crosses, then Kafka gets the crossing and no webhook goes out; a hostile message before it does not stop the partition", async () => {
    const userId = 900_000 + Math.floor(Math.random() * 1000);
    const wallet = { userId, treasury: null };
    const monitor = await createMonitor({ userId }, 0.5, 'both');
    await producer.send({ topic: balancesTopic, messages: [{ key: `user:${userId}`, value: '{"not":"an event"' }] });
    const down = balanceChanged(wallet, 0.5, 0.49);
    const up = balanceChanged(wallet, 0.49, 0.5);
    await publish([down, up]);
    await eventually(async () => crossed.filter((e) => e.monitorId === monitor.id).length >= 2, 30_000, 'both crossings');
    expect(crossed.filter((e) => e.monitorId === monitor.id).map((e) => e.direction)).toEqual(['down', 'up']);
    const deliveries = await pool.query('SELECT 1 FROM webhook_deliveries WHERE event_id = ANY($1::uuid[])', [
      [crossingEventId(monitor.id, down.eventId), crossingEventId(monitor.id, up.eventId)],
    ]);
    expect(deliveries.rowCount).toBe(0);
  }, 60_000);

  /** A sample of the service's metrics, 0 when it has none yet. */
  const metric = async (name: string, labels: Record<string, string>) => {
    const text = await (await fetch(`${service.metricsUrl}/metrics`)).text();
    const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  it("when changes of wallets no monitor watches come (garbage among them), then they are passed over by key unparsed, and a change under another wallet's key fires nothing", async () => {
    const watched = 910_000 + Math.floor(Math.random() * 1000);
    const alsoWatched = watched + 1000;
    const unwatched = watched + 2000;
    const monitor = await createMonitor({ userId: watched }, 5, 'both');
    await createMonitor({ userId: alsoWatched }, 5, 'both');
    const consumed = { group: balanceMonitorsGroupId(prefix), topic: balancesTopic };
    const deadLettered = await metric('coin_kafka_consumer_messages_total', { ...consumed, outcome: 'dead_lettered' });
    const passedOver = await metric('coin_kafka_consumer_messages_total', { ...consumed, outcome: 'passed_over' });
    const skippedForKey = await metric('coin_webhooks_balance_events_skipped_total', { reason: 'key' });
    const wallet = { userId: watched, treasury: null };
    await producer.send({
      topic: balancesTopic,
      messages: [
        // Garbage of a wallet no monitor watches: never parsed, so never dead-lettered.
        { key: `user:${unwatched}`, value: '{"not":"an event"' },
        // A crossing of the watched wallet under a key no monitor watches: passed over by its key.
        { key: `user:${unwatched}`, value: JSON.stringify(balanceChanged(wallet, 6, 4)) },
        // Under another watched wallet's key: parsed, and skipped for naming another wallet.
        { key: `user:${alsoWatched}`, value: JSON.stringify(balanceChanged(wallet, 6, 4)) },
      ],
    });
    const sentinel = balanceChanged(wallet, 6, 4);
    await publish([sentinel]);
    await eventually(async () => crossed.some((e) => e.monitorId === monitor.id), 30_000, 'the sentinel crossing');
    // The three records sit on other keys, so possibly other partitions than the sentinel's:
    // wait until each has been consumed before judging what it did.
    await eventually(
      async () =>
        (await metric('coin_kafka_consumer_messages_total', { ...consumed, outcome: 'passed_over' })) >= passedOver + 2 &&
        (await metric('coin_webhooks_balance_events_skipped_total', { reason: 'key' })) >= skippedForKey + 1,
      30_000,
      'the three records consumed',
    );
    expect(crossed.filter((e) => e.monitorId === monitor.id).map((e) => e.eventId)).toEqual([
      crossingEventId(monitor.id, sentinel.eventId),
    ]);
    expect(await crossingsOf(monitor.id)).toBe(1);
    expect(await metric('coin_kafka_consumer_messages_total', { ...consumed, outcome: 'passed_over' })).toBe(passedOver + 2);
    expect(await metric('coin_kafka_consumer_messages_total', { ...consumed, outcome: 'dead_lettered' })).toBe(deadLettered);
    expect(await metric('coin_webhooks_balance_events_skipped_total', { reason: 'key' })).toBe(skippedForKey + 1);
  }, 60_000);

  it('when monitors are created, read, listed and deleted, then a retried create answers the same monitor, a reused id with other settings is refused, and the limit holds', async () => {
    const id = randomUUID();
    const actor = { kind: 'user', id: '7', role: 'SUPERADMIN' };
    const body = {
      id,
      createdBy: 7,
      actor,
      requestId: 'req-create',
      wallet: { treasury: 'OPERATIONS' },
      threshold: 250.25,
      direction: 'up',
      enabled: false,
    };
    const first = await call('POST', '/internal/webhooks/balance-monitors', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id,
      wallet: { userId: null, treasury: 'OPERATIONS' },
      threshold: 250.25,
      direction: 'up',
      enabled: false,
      createdBy: 7,
      lastCrossedAt: null,
    });
    expect(await call('POST', '/internal/webhooks/balance-monitors', body)).toEqual(first);
    expect((await call('POST', '/internal/webhooks/balance-monitors', { ...body, threshold: 1 })).status).toBe(422);
    for (const threshold of [-1, 0.001, 'ten'])
      expect([
        threshold,
        (await call('POST', '/internal/webhooks/balance-monitors', { ...body, id: randomUUID(), threshold })).status,
      ]).toEqual([threshold, 400]);
    expect(
      (await call('POST', '/internal/webhooks/balance-monitors', { ...body, id: randomUUID(), wallet: { treasury: 'REWARDS', userId: 3 } }))
        .status,
    ).toBe(400);
    const list = await call('GET', '/internal/webhooks/balance-monitors');
    expect((list.body.monitors as { id: string }[]).map((m) => m.id)).toContain(id);
    // The limit (6 here) counts every monitor not deleted.
    const statuses: number[] = [];
    for (let i = list.body.monitors.length; i < 7; i++)
      statuses.push((await call('POST', '/internal/webhooks/balance-monitors', { ...body, id: randomUUID() })).status);
    expect(statuses.at(-1)).toBe(422);
    const deletion = { id, actor, requestId: 'req-delete' };
    expect((await call('POST', '/internal/webhooks/balance-monitors/delete', deletion)).status).toBe(204);
    expect((await call('GET', `/internal/webhooks/balance-monitors/${id}`)).status).toBe(404);
    expect((await call('POST', '/internal/webhooks/balance-monitors/delete', deletion)).status).toBe(404);
    // Each was recorded once for the admin audit log, in the transaction of the change (the outbox): the retry and the second delete not at all.
    const records = await pool.query<{ payload: AdminServiceActionRecorded }>(
      "SELECT payload FROM outbox WHERE topic = $1 AND payload->'record'->>'target' = $2 ORDER BY id",
      [adminAuditTopic, `balance-monitor:${id}`],
    );
    expect(records.rows.map((r) => adminAuditEvent.parse(r.payload))).toEqual([
      expect.objectContaining({
        type: 'admin.service-action.recorded',
        record: expect.objectContaining({
          source: 'webhooks',
          actor,
          action: 'balance-monitor.create',
          target: `balance-monitor:${id}`,
          summary: { wallet: 'treasury:OPERATIONS', threshold: 250.25, direction: 'up', enabled: false },
          result: 'applied',
          requestId: 'req-create',
        }),
      }),
      expect.objectContaining({
        record: expect.objectContaining({
          actor,
          action: 'balance-monitor.delete',
          target: `balance-monitor:${id}`,
          requestId: 'req-delete',
        }),
      }),
    ]);
  }, 60_000);
});
