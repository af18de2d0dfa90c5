import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { topicNames, webhookTestEvent } from '@coin/contracts';
import { createPool, type Pool, schemaName } from '@coin/db';
import { verifyWebhookSignature } from '@coin/events';
import { Webhook } from 'standardwebhooks';
import { ServiceTokenSigner } from '@coin/http';
import { createLogger } from '@coin/logger';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { eventually } from '../../../test/harness/eventually';
import { freshId, publishEvents, transactionEvent } from '../../../test/harness/history';
import { generateServiceKeys } from '../../../scripts/stack/keys';
import { provision } from '../../../scripts/stack/provision';
import { devServiceDatabaseUrl } from '../../../scripts/stack/services';
import { loadWebhooksConfig, type RunningWebhooksService, startWebhooksService } from './index';
import { disableEndpoint } from './db/endpoints-repo';
import { OutboundSender } from './delivery/outbound';

interface Received {
  /** The request's path: each test's endpoint has its own, so deliveries to earlier tests' endpoints are told apart. */
  path: string;
  body: string;
  signature: string;
  eventId: string;
  attempt: string;
  /** The Standard Webhooks headers. */
  standard: Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>;
}

/** A real HTTP receiver on 127.0.0.1 that answers 503 while `failing` is set, then 200. */
class Receiver {
  readonly received: Received[] = [];
  readonly refused: Received[] = [];
  failing = true;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const got = {
          path: req.url ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['coin-signature'] ?? ''),
          standard: {
            'webhook-id': String(req.headers['webhook-id'] ?? ''),
            'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
            'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
          },
          eventId: String(req.headers['coin-event-id'] ?? ''),
          attempt: String(req.headers['coin-delivery-attempt'] ?? ''),
        };
        if (this.failing) {
          this.refused.push(got);
          res.writeHead(503).end('down');
        } else {
          this.received.push(got);
          res.writeHead(200).end('ok');
        }
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const gatewayKeys = generateServiceKeys().gateway;
const asGateway = new ServiceTokenSigner('gateway', gatewayKeys.privateKeyPem);

describe('webhooks service (in-process, real Kafka, PostgreSQL and an HTTP receiver)', () => {
  let service: RunningWebhooksService;
  let producer: Producer;
  let pool: Pool;
  let topic: string;
  const receiver = new Receiver();

  beforeAll(async () => {
    const infra = testInfra();
    const prefix = uniquePrefix();
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
      // Neither of the worker's timers fires within these tests: every delivery here is sent
      // because a write woke it (PostgreSQL's notification) or a retry it scheduled came due.
      WEBHOOKS_POLL_INTERVAL_MS: '600000',
      WEBHOOKS_IDLE_SWEEP_INTERVAL_MS: '600000',
    };
    service = await startWebhooksService(loadWebhooksConfig(env), createLogger('webhooks', env.LOG_LEVEL as 'warn'));
    const kafka = new Kafka({ clientId: 'webhooks-test', brokers: infra.kafkaBrokers, logLevel: logLevel.NOTHING });
    producer = kafka.producer();
    await producer.connect();
    topic = topicNames(prefix).coinTransactions;
    pool = createPool({ url: infra.databaseUrl, schema: schemaName(prefix, 'webhooks'), applicationName: 'webhooks-test' });
    await receiver.start();
  }, 90_000);

  afterAll(async () => {
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

  /** Time passes for the retry schedule: every pending delivery of the endpoint is due now. */
  const makeDue = (endpointId: string) =>
    pool.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1 AND status = 'PENDING'`, [endpointId]);

  it('when an endpoint is asked for a test-mode client (a test_ id), then 403 TEST_MODE_CREDENTIALS and none is made: its grants must not show it live movements (docs/decisions/0018-sandbox.md)', async () => {
    const clientId = `test_${randomUUID().slice(0, 12)}`;
    const created = await call('POST', '/internal/webhooks/endpoints', {
      id: randomUUID(),
      clientId,
      treasuries: ['REWARDS'],
      url: receiver.url,
      eventTypes: ['coin.transaction.recorded'],
    });
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject({ code: 'TEST_MODE_CREDENTIALS' });
    // Nor is anything of it read here: its endpoints and events are the sandbox instance's.
    const listed = await call('GET', `/internal/webhooks/clients/${clientId}/endpoints`);
    expect(listed).toMatchObject({ status: 403, body: { code: 'TEST_MODE_CREDENTIALS' } });
  });

  it('when the receiver fails then recovers, then each event is retried and delivered once, in order per wallet, signed', async () => {
    const clientId = `client-${randomUUID()}`;
    const created = await call('POST', '/internal/webhooks/endpoints', {
      id: randomUUID(),
      clientId,
      treasuries: ['REWARDS'],
      url: receiver.url,
      eventTypes: ['coin.transaction.recorded'],
    });
    expect(created.status).toBe(201);
    const { id: endpointId, secret } = created.body as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);
    // The secret is shown once: the list never carries it.
    const listed = await call('GET', `/internal/webhooks/clients/${clientId}/endpoints`);
    expect(listed.body.endpoints).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const wallet = freshId() + 1_000_000;
    const rewards = [1, 2, 3].map(() =>
      transactionEvent({
        id: freshId() + 1_000_000,
        type: 'REWARD',
        fromUserId: null,
        fromTreasury: 'REWARDS',
        toUserId: wallet,
        clientId,
      }),
    );
    // Not visible to this client: a transfer between users.
    const transfer = transactionEvent({ id: freshId() + 1_000_000, fromUserId: wallet, toUserId: wallet + 1 });
    // One partition, so the order consumed (the order per wallet) is the order produced.
    for (const event of [...rewards, transfer]) await publishEvents(producer, topic, [event], 0);
    // A redelivered event adds no second delivery.
    await publishEvents(producer, topic, [rewards[0]!], 0);

    // The first attempt of the first reward fails; the later ones wait behind it (same wallet).
    await eventually(async () => receiver.refused.length >= 1, 20_000, 'a first refused attempt');
    const log = await eventually(
      async () => {
        const r = await call('GET', `/internal/webhooks/clients/${clientId}/endpoints/${endpointId}/deliveries?limit=10`);
        return r.body.deliveries.length === 3 ? r.body.deliveries : undefined;
      },
      20_000,
      'three deliveries',
    );
    expect(log.map((d: { eventId: string }) => d.eventId)).toEqual(rewards.map((e) => e.eventId).reverse());
    expect(receiver.refused.map((r) => r.eventId)).toEqual([rewards[0]!.eventId]);
    const first = log.find((d: { eventId: string }) => d.eventId === rewards[0]!.eventId);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, lastResponseCode: 503 });

    receiver.failing = false;
    await makeDue(endpointId);
    await eventually(async () => receiver.received.length === 3, 20_000, 'three deliveries received');
    expect(receiver.received.map((r) => r.eventId)).toEqual(rewards.map((e) => e.eventId));
    expect(receiver.received[0]!.attempt).toBe('2');
    for (const got of receiver.received) {
      expect(verifyWebhookSignature({ body: got.body, header: got.signature, secret })).toMatchObject({ ok: true });
      expect(JSON.parse(got.body).eventId).toBe(got.eventId);
      // A Standard Webhooks library verifies the same delivery with the secret as returned, its id the event's on every attempt.
      expect(new Webhook(secret).verify(got.body, got.standard)).toEqual(JSON.parse(got.body));
      expect(got.standard['webhook-id']).toBe(got.eventId);
    }
    expect(receiver.refused[0]!.standard['webhook-id']).toBe(receiver.received[0]!.standard['webhook-id']);
    // The receiver has the request before the worker records its answer: the log catches up just after.
    const after = await eventually(
      async () => {
        const r = await call('GET', `/internal/webhooks/clients/${clientId}/endpoints/${endpointId}/deliveries`);
        return r.body.deliveries.every((d: { status: string }) => d.status === 'DELIVERED') ? r : undefined;
      },
      10_000,
      'the three deliveries recorded as delivered',
    );
    expect(after.body.deliveries.map((d: { status: string }) => d.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);

    // A manual redelivery sends the same event again, with its event id for the receiver's dedup.
    const again = await call('POST', `/internal/webhooks/clients/${clientId}/endpoints/${endpointId}/deliveries/${log[2].id}/redeliver`);
    expect(again.status).toBe(202);
    await eventually(async () => receiver.received.length === 4, 20_000, 'the redelivery');
    expect(receiver.received[3]!.eventId).toBe(rewards[0]!.eventId);
    // Another client cannot read or redeliver this endpoint's log.
    expect((await call('GET', `/internal/webhooks/clients/other/endpoints/${endpointId}/deliveries`)).status).toBe(404);

    // The client resends one of its events: its delivery is queued again, the same one on a repeat, each queuing
    // audited with the client as actor; another client naming the event gets the 404 of an event that does not exist.
    const resendOf = (client: string, requestId: string | null) =>
      call('POST', `/internal/webhooks/clients/${client}/events/${rewards[1]!.eventId}/resend`, { requestId });
    const resent = await resendOf(clientId, 'req-resend');
    expect([resent.status, resent.body]).toEqual([
      202,
      { eventId: rewards[1]!.eventId, deliveries: [{ endpointId, deliveryId: log[1].id, status: 'PENDING' }] },
    ]);
    await eventually(async () => receiver.received.length === 5, 20_000, 'the resent delivery');
    expect(receiver.received[4]!.eventId).toBe(rewards[1]!.eventId);
    const resends = await pool.query<{ payload: { record: Record<string, unknown> } }>(
      `SELECT payload FROM outbox WHERE payload->'record'->>'action' = 'webhook-endpoint.resend-event' AND payload->'record'->>'target' = $1`,
      [`webhook-endpoint:${endpointId}`],
    );
    expect(resends.rows.map((r) => r.payload.record)).toEqual([
      expect.objectContaining({
        actor: { kind: 'system', id: clientId },
        requestId: 'req-resend',
        summary: expect.objectContaining({ clientId, eventId: rewards[1]!.eventId, deliveryId: String(log[1].id) }),
      }),
    ]);
    expect((await resendOf('other', null)).status).toBe(404);
    expect((await call('POST', `/internal/webhooks/clients/${clientId}/events/${randomUUID()}/resend`, { requestId: null })).status).toBe(
      404,
    );
  }, 90_000);

  it('during a rotation, the delivery verifies with the old and the new secret', async () => {
    receiver.failing = false;
    const clientId = `client-${randomUUID()}`;
    const created = await call('POST', '/internal/webhooks/endpoints', {
      id: randomUUID(),
      clientId,
      treasuries: ['REWARDS'],
      url: `${receiver.url}/${clientId}`,
      eventTypes: ['coin.transaction.recorded'],
    });
    const rotated = await call('POST', `/internal/webhooks/clients/${clientId}/endpoints/${created.body.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const event = transactionEvent({
      id: freshId() + 2_000_000,
      type: 'REWARD',
      fromUserId: null,
      fromTreasury: 'REWARDS',
      toUserId: 77,
      clientId,
    });
    await publishEvents(producer, topic, [event]);
    const got = await eventually(
      async () => receiver.received.find((r) => r.eventId === event.eventId && r.path.endsWith(clientId)),
      20_000,
      'the delivery',
    );
    for (const secret of [created.body.secret, rotated.body.secret]) {
      expect(verifyWebhookSignature({ body: got.body, header: got.signature, secret }).ok).toBe(true);
    }
  }, 60_000);

  it('when a test delivery is asked for, then a coin.webhook.test event reaches the endpoint now, signed both ways, and shows in its delivery log; another client cannot ask for it', async () => {
    receiver.failing = false;
    const clientId = `client-${randomUUID()}`;
    const created = await call('POST', '/internal/webhooks/endpoints', {
      id: randomUUID(),
      clientId,
      treasuries: [],
      url: `${receiver.url}/${clientId}`,
      eventTypes: ['coin.transaction.recorded'],
    });
    const endpointId = created.body.id as string;
    const path = `/internal/webhooks/clients/${clientId}/endpoints/${endpointId}`;
    const queued = await call('POST', `${path}/test`);
    expect(queued).toEqual({ status: 202, body: { status: 'PENDING', deliveryId: expect.any(Number), eventId: expect.any(String) } });
    const got = await eventually(async () => receiver.received.find((r) => r.eventId === queued.body.eventId), 20_000, 'the test delivery');
    expect(got.path).toBe(`/hook/${clientId}`);
    const event = webhookTestEvent.parse(JSON.parse(got.body));
    expect(event).toEqual({
      eventId: queued.body.eventId,
      type: 'coin.webhook.test',
      version: 1,
      occurredAt: expect.any(String),
      data: { endpointId, clientId },
    });
    expect(verifyWebhookSignature({ body: got.body, header: got.signature, secret: created.body.secret }).ok).toBe(true);
    expect(new Webhook(created.body.secret).verify(got.body, got.standard)).toEqual(event);
    const log = await eventually(
      async () => {
        const r = await call('GET', `${path}/deliveries`);
        return r.body.deliveries[0]?.status === 'DELIVERED' ? r.body.deliveries : undefined;
      },
      20_000,
      'the test delivery logged',
    );
    expect(log[0]).toMatchObject({ id: queued.body.deliveryId, eventId: queued.body.eventId, eventType: 'coin.webhook.test', attempts: 1 });
    // Another client naming this endpoint finds nothing, and nothing is sent.
    const stranger = await call('POST', `/internal/webhooks/clients/client-${randomUUID()}/endpoints/${endpointId}/test`);
    expect(stranger.status).toBe(404);
  }, 60_000);

  it('when the schedule runs out, then the endpoint is disabled and nothing more is sent', async () => {
    receiver.failing = true;
    const clientId = `client-${randomUUID()}`;
    const created = await call('POST', '/internal/webhooks/endpoints', {
      id: randomUUID(),
      clientId,
      treasuries: ['REWARDS'],
      url: `${receiver.url}/${clientId}`,
      eventTypes: ['coin.transaction.recorded'],
    });
    const endpointId = created.body.id as string;
    const event = transactionEvent({
      id: freshId() + 3_000_000,
      type: 'REWARD',
      fromUserId: null,
      fromTreasury: 'REWARDS',
      toUserId: 78,
      clientId,
    });
    await publishEvents(producer, topic, [event]);
    await eventually(
      async () => receiver.refused.some((r) => r.eventId === event.eventId && r.path.endsWith(clientId)),
      20_000,
      'a first attempt',
    );
    // The worker records the attempt after the receiver answers: wait for that record, or the
    // fast-forward below would be overwritten by it.
    await eventually(
      async () => {
        const { rows } = await pool.query<{ attempts: number }>(`SELECT attempts FROM webhook_deliveries WHERE endpoint_id = $1`, [
          endpointId,
        ]);
        return rows[0] && rows[0].attempts >= 1 ? true : undefined;
      },
      20_000,
      'the first attempt recorded',
    );
    // Twelve retries later (the schedule's 26 h, skipped): the thirteenth attempt is the last.
    await pool.query(`UPDATE webhook_deliveries SET attempts = 12, next_attempt_at = now() WHERE endpoint_id = $1`, [endpointId]);
    const listed = await eventually(
      async () => {
        const r = await call('GET', `/internal/webhooks/clients/${clientId}/endpoints`);
        return r.body.endpoints[0].status === 'DISABLED' ? r.body.endpoints[0] : undefined;
      },
      20_000,
      'the endpoint disabled',
    );
    expect(listed.disabledReason).toMatch(/13 attempts/);
    const log = await call('GET', `/internal/webhooks/clients/${clientId}/endpoints/${endpointId}/deliveries`);
    expect(log.body.deliveries[0]).toMatchObject({ status: 'FAILED', attempts: 13, lastResponseCode: 503 });
    // The disabling's admin audit record was written with it, once: a second disabling of a disabled endpoint adds none.
    const audit = () =>
      pool.query<{ payload: { type: string; record: { action: string; actor: unknown } } }>(
        `SELECT payload FROM outbox WHERE payload->'record'->>'target' = $1`,
        [`webhook-endpoint:${endpointId}`],
      );
    const records = (await audit()).rows.map((r) => r.payload);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      type: 'admin.service-action.recorded',
      record: { action: 'webhook-endpoint.disable', actor: { kind: 'service', id: 'webhooks' } },
    });
    expect(await disableEndpoint(pool, endpointId, 'again', 'admin.audit')).toBeUndefined();
    expect((await audit()).rows).toHaveLength(1);
    // Re-enabling names who asked; re-enabling an enabled endpoint adds nothing.
    const enable = () =>
      call('POST', `/internal/webhooks/clients/${clientId}/endpoints/${endpointId}/enable`, {
        actor: { kind: 'system', id: clientId },
        requestId: 'req-enable',
      });
    expect((await enable()).body).toMatchObject({ status: 'ENABLED', disabledReason: null, disabledAt: null });
    expect((await enable()).body.status).toBe('ENABLED');
    const after = (await audit()).rows.map((r) => r.payload.record);
    expect(after.map((r) => r.action).sort()).toEqual(['webhook-endpoint.disable', 'webhook-endpoint.enable']);
    expect(after.find((r) => r.action === 'webhook-endpoint.enable')?.actor).toEqual({ kind: 'system', id: clientId });
  }, 60_000);

  it('when a client is revoked, then its retrying delivery is never sent again, its endpoints are shown stopped (audited) and can be read and deleted, never added, enabled, rotated or redelivered', async () => {
    receiver.failing = true;
    const clientId = `client-${randomUUID()}`;
    const path = `/internal/webhooks/clients/${clientId}/endpoints`;
    const created = await call('POST', '/internal/webhooks/endpoints', {
      id: randomUUID(),
      clientId,
      treasuries: ['REWARDS'],
      url: `${receiver.url}/${clientId}`,
      eventTypes: ['coin.transaction.recorded'],
    });
    const endpointId = created.body.id as string;
    const event = transactionEvent({
      id: freshId() + 4_000_000,
      type: 'REWARD',
      fromUserId: null,
      fromTreasury: 'REWARDS',
      toUserId: 79,
      clientId,
    });
    await publishEvents(producer, topic, [event]);
    const attempts = () => receiver.refused.filter((r) => r.path.endsWith(clientId)).length;
    await eventually(async () => attempts() >= 1, 20_000, 'a first attempt');
    await eventually(
      async () => {
        const { rows } = await pool.query<{ attempts: number }>('SELECT attempts FROM webhook_deliveries WHERE endpoint_id = $1', [
          endpointId,
        ]);
        return (rows[0]?.attempts ?? 0) >= 1;
      },
      20_000,
      'the first attempt recorded',
    );

    const revoked = await call('POST', '/internal/webhooks/revoked-clients', { clientIds: [clientId, `never-${randomUUID()}`] });
    expect(revoked).toEqual({ status: 200, body: { stopped: 1 } });
    // Its retry comes due: the worker passes it over, now and later.
    const before = attempts();
    await makeDue(endpointId);
    await service.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(attempts()).toBe(before);
    const { rows } = await pool.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]);
    expect(rows.map((r) => r.status)).toEqual(['PENDING']);

    const listed = await call('GET', path);
    expect(listed.body.endpoints).toEqual([
      expect.objectContaining({ id: endpointId, status: 'DISABLED', disabledReason: 'the platform client was revoked' }),
    ]);
    expect((await call('GET', `${path}/${endpointId}`)).status).toBe(200);
    expect((await call('GET', `${path}/${endpointId}/deliveries`)).status).toBe(200);
    const disabling = await pool.query<{ payload: { record: { action: string; summary: { reason: string } } } }>(
      `SELECT payload FROM outbox WHERE payload->'record'->>'target' = $1`,
      [`webhook-endpoint:${endpointId}`],
    );
    expect(disabling.rows.map((r) => r.payload.record)).toEqual([
      expect.objectContaining({
        action: 'webhook-endpoint.disable',
        summary: expect.objectContaining({ reason: 'the platform client was revoked' }),
      }),
    ]);

    for (const [method, target, body] of [
      [
        'POST',
        '/internal/webhooks/endpoints',
        { id: randomUUID(), clientId, treasuries: [], url: `${receiver.url}/x`, eventTypes: ['coin.transaction.recorded'] },
      ],
      ['POST', `${path}/${endpointId}/enable`, { actor: { kind: 'system', id: clientId }, requestId: 'req-enable' }],
      ['POST', `${path}/${endpointId}/rotate-secret`, undefined],
      ['POST', `${path}/${endpointId}/deliveries/1/redeliver`, undefined],
      ['POST', `${path}/${endpointId}/test`, undefined],
    ] as const) {
      const answer = await call(method, target, body);
      expect({ target, status: answer.status, code: answer.body?.code }).toEqual({ target, status: 409, code: 'PLATFORM_CLIENT_REVOKED' });
    }
    // Told again (another gateway's poll): nothing more to stop, nothing recorded twice.
    expect((await call('POST', '/internal/webhooks/revoked-clients', { clientIds: [clientId] })).body).toEqual({ stopped: 0 });
    expect((await call('DELETE', `${path}/${endpointId}`)).status).toBe(204);
    expect((await call('GET', path)).body).toEqual({ endpoints: [] });
    // What is not a list of client ids changes nothing.
    for (const body of [{ clientIds: [] }, { clientIds: ['has space'] }, { clientIds: [clientId], extra: 1 }, {}]) {
      expect((await call('POST', '/internal/webhooks/revoked-clients', body)).status).toBe(400);
    }
    receiver.failing = false;
  }, 60_000);

  it('hostile URLs are refused with a problem, and a receiver on 127.0.0.1 is refused without the operator allowance', async () => {
    // This service has the operator's allowance (private networks, http); what no allowance admits is refused here.
    for (const url of [
      'https://u:p@example.com/x',
      'ftp://example.com/',
      'http://example.com/x#f',
      'not a url',
      `https://example.com/${'a'.repeat(2100)}`,
    ]) {
      const r = await call('POST', '/internal/webhooks/endpoints', {
        id: randomUUID(),
        clientId: 'c',
        treasuries: [],
        url,
        eventTypes: ['coin.transaction.recorded'],
      });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('VALIDATION_FAILED');
    }
    // Without the allowance (the default), loopback, private and link-local addresses are refused at registration too: outbound-policy.unit.test.ts.
    const huge = await call('POST', '/internal/webhooks/endpoints', {
      id: randomUUID(),
      clientId: 'c',
      treasuries: [],
      url: receiver.url,
      eventTypes: Array.from({ length: 1000 }, () => 'coin.transaction.recorded'),
    });
    expect(huge.status).toBe(400);
    receiver.failing = false;
    const before = receiver.received.length;
    const strict = new OutboundSender({ allowHttp: true, allowPrivateNetworks: false }, 2_000);
    expect(await strict.post(receiver.url, '{}', {})).toEqual({
      delivered: false,
      responseCode: null,
      error: 'refused url: private_address',
      outcome: 'refused',
    });
    await strict.close();
    // A name that resolves to 127.0.0.1 is refused when the socket resolves it, before anything is sent.
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];
    const named = receiver.url.replace('127.0.0.1', 'hooks.example.test');
    const strictNamed = new OutboundSender({ allowHttp: true, allowPrivateNetworks: false }, 2_000, toLoopback);
    const refused = await strictNamed.post(named, '{}', {});
    // The socket's lookup refused it: counted as refused by the policy, not as a network failure.
    expect(refused).toMatchObject({ delivered: false, responseCode: null, outcome: 'refused' });
    expect(refused.error).toMatch(/private_address/);
    await strictNamed.close();
    expect(receiver.received.length).toBe(before);
    // With the allowance the same name reaches the receiver, at the address the check resolved.
    const allowedNamed = new OutboundSender({ allowHttp: true, allowPrivateNetworks: true }, 2_000, toLoopback);
    expect((await allowedNamed.post(named, '{}', {})).delivered).toBe(true);
    await allowedNamed.close();
    expect(receiver.received.length).toBe(before + 1);
  }, 60_000);
  it('when a statement writes delivery rows, then the worker is told at commit, and a statement that writes none tells nothing (its own empty claim must not wake it again)', async () => {
    const listener = await pool.connect();
    const heard: string[] = [];
    try {
      const { rows } = await listener.query<{ schema: string }>('SELECT current_schema() AS schema');
      const channel = `${rows[0]!.schema}.webhook_deliveries`;
      listener.on('notification', (n) => heard.push(n.channel));
      await listener.query(`LISTEN "${channel}"`);
      await pool.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = -1`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard).toEqual([]);
      await pool.query(
        `UPDATE webhook_deliveries SET next_attempt_at = next_attempt_at WHERE id = (SELECT max(id) FROM webhook_deliveries)`,
      );
      await eventually(async () => (heard.length > 0 ? true : undefined), 5_000, 'the notification');
      expect(heard).toEqual([channel]);
    } finally {
      listener.release();
    }
  });

  it('when a platform granted REWARDS rewards a user, then another platform granted REWARDS gets neither the delivery nor the event in its list', async () => {
    const [owner, rival] = [`client-${randomUUID()}`, `client-${randomUUID()}`];
    const register = (clientId: string) =>
      call('POST', '/internal/webhooks/endpoints', {
        id: randomUUID(),
        clientId,
        treasuries: ['REWARDS'],
        url: `${receiver.url}/${clientId}`,
        eventTypes: ['coin.transaction.recorded'],
      });
    const [mine, theirs] = await Promise.all([register(owner), register(rival)]);
    const reward = transactionEvent({
      id: freshId() + 6_000_000,
      type: 'REWARD',
      fromUserId: null,
      fromTreasury: 'REWARDS',
      toUserId: 91,
      clientId: owner,
      metadata: { learner: 'ada' },
    });
    await publishEvents(producer, topic, [reward]);
    const deliveries = (clientId: string, endpointId: string) =>
      call('GET', `/internal/webhooks/clients/${clientId}/endpoints/${endpointId}/deliveries`).then((r) => r.body.deliveries);
    await eventually(async () => ((await deliveries(owner, mine.body.id)).length === 1 ? true : undefined), 20_000, "the owner's delivery");
    expect(await deliveries(rival, theirs.body.id)).toEqual([]);
    const rivalEvents = await call('GET', `/internal/webhooks/clients/${rival}/events`);
    expect(JSON.stringify(rivalEvents.body)).not.toContain(reward.eventId);
  });
});
