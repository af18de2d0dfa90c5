import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { topicNames } from '@coin/contracts';
import { createPool, type Pool, schemaName } from '@coin/db';
import { ServiceTokenSigner, ServiceTokenVerifier } from '@coin/http';
import { createLogger } from '@coin/logger';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { eventually } from '../../../test/harness/eventually';
import { freshId, publishEvents, transactionEvent } from '../../../test/harness/history';
import { generateServiceKeys } from '../../../scripts/stack/keys';
import { provision } from '../../../scripts/stack/provision';
import { provisionSandbox } from '../../../scripts/stack/sandbox';
import { devServiceDatabaseUrl, devRoleDatabaseUrl, sandboxRuntimeRoles } from '../../../scripts/stack/services';
import { loadWebhooksConfig, type RunningWebhooksService, startWebhooksService } from './index';

/** A listening HTTP server on 127.0.0.1 and its URL. */
async function listen(server: Server, path = ''): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
}

const keys = generateServiceKeys();
const asGateway = new ServiceTokenSigner('gateway', keys.gateway.privateKeyPem);

/**
 * The sandbox's webhooks instance beside the live one (docs/decisions/0018-sandbox.md): the same
 * code under the sandbox's prefix with WEBHOOKS_SPACE=test. Each serves only the clients of its
 * space, and only the sandbox's judges retries by its clients' test clocks, read from the sandbox
 * ledger's internal API (here a stand-in that checks the service token and answers the clocks set).
 */
describe('the sandbox webhooks instance (real Kafka, PostgreSQL, HTTP receivers)', () => {
  let live: RunningWebhooksService;
  let sandbox: RunningWebhooksService;
  let producer: Producer;
  let livePool: Pool;
  let sandboxPool: Pool;
  let topics: { live: string; sandbox: string };
  /** The clocks the stand-in ledger answers (seconds), and the clients each read asked about. */
  const clocks = new Map<string, number>();
  const clockReads: string[][] = [];
  const servers: Server[] = [];
  /** A receiver that is down (503) for every delivery. */
  let downUrl = '';

  beforeAll(async () => {
    const infra = testInfra();
    const prefix = uniquePrefix();
    await provision({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, topicPrefix: prefix, schemaPrefix: prefix });
    const sandboxPrefix = await provisionSandbox({ kafkaBrokers: infra.kafkaBrokers, databaseUrl: infra.databaseUrl, livePrefix: prefix });
    const verifier = new ServiceTokenVerifier('ledger', { webhooks: keys.webhooks.publicKeyPem });
    const ledger = createServer((req, res) => {
      verifier.verify(req.headers.authorization).then(
        () => {
          const asked = (new URL(req.url ?? '/', 'http://x').searchParams.get('clientIds') ?? '').split(',');
          clockReads.push(asked);
          const answer = asked.filter((id) => clocks.has(id)).map((clientId) => ({ clientId, offsetSeconds: clocks.get(clientId) }));
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ clocks: answer }));
        },
        () => res.writeHead(401).end(),
      );
    });
    const down = createServer((_req, res) => res.writeHead(503).end('down'));
    servers.push(ledger, down);
    const ledgerUrl = await listen(ledger);
    downUrl = await listen(down, '/hook');
    const env = (topicPrefix: string, space: 'live' | 'test') => ({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.COIN_TEST_LOG_LEVEL ?? 'warn',
      KAFKA_BROKERS: infra.kafkaBrokers.join(','),
      TOPIC_PREFIX: topicPrefix,
      DB_SCHEMA_PREFIX: topicPrefix,
      HOST: '127.0.0.1',
      WEBHOOKS_HTTP_PORT: '0',
      METRICS_PORT: '0',
      SERVICE_TOKEN_PUBLIC_KEYS: JSON.stringify({ gateway: keys.gateway.publicKeyPem }),
      SERVICE_TOKEN_PRIVATE_KEY: keys.webhooks.privateKeyPem,
      // Each as its space's own role: the sandbox's (provisionSandbox made it) holds nothing of the live schema.
      WEBHOOKS_DATABASE_URL:
        space === 'test'
          ? devRoleDatabaseUrl(infra.databaseUrl, sandboxRuntimeRoles.webhooks)
          : devServiceDatabaseUrl(infra.databaseUrl, 'webhooks'),
      // No user service here: the clients are those with an endpoint (the table read from the user service stays empty).
      USER_SERVICE_URL: 'http://127.0.0.1:9',
      WEBHOOKS_ENCRYPTION_SECRET: randomBytes(32).toString('base64url'),
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_POLL_INTERVAL_MS: '50',
      WEBHOOKS_SPACE: space,
      // Given to both: the live instance must never read it.
      WEBHOOKS_TEST_CLOCKS_URL: ledgerUrl,
    });
    const logger = createLogger('webhooks', 'warn');
    [live, sandbox] = await Promise.all([
      startWebhooksService(loadWebhooksConfig(env(prefix, 'live')), logger),
      startWebhooksService(loadWebhooksConfig(env(sandboxPrefix, 'test')), logger),
    ]);
    topics = { live: topicNames(prefix).coinTransactions, sandbox: topicNames(sandboxPrefix).coinTransactions };
    const kafka = new Kafka({ clientId: 'webhooks-sandbox-test', brokers: infra.kafkaBrokers, logLevel: logLevel.NOTHING });
    producer = kafka.producer();
    await producer.connect();
    livePool = createPool({ url: infra.databaseUrl, schema: schemaName(prefix, 'webhooks'), applicationName: 'webhooks-test' });
    sandboxPool = createPool({ url: infra.databaseUrl, schema: schemaName(sandboxPrefix, 'webhooks'), applicationName: 'webhooks-test' });
  }, 120_000);

  afterAll(async () => {
    await producer?.disconnect();
    await Promise.all([live?.close(), sandbox?.close()]);
    await Promise.all([livePool?.end(), sandboxPool?.end()]);
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  const call = async (service: RunningWebhooksService, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${await asGateway.tokenFor('webhooks')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const register = (service: RunningWebhooksService, clientId: string, url = downUrl) =>
    call(service, 'POST', '/internal/webhooks/endpoints', {
      id: randomUUID(),
      clientId,
      treasuries: ['REWARDS'],
      url,
      eventTypes: ['coin.transaction.recorded'],
    });
  const deliveryOf = async (pool: Pool, endpointId: string) =>
    (
      await pool.query<{ status: string; attempts: number }>('SELECT status, attempts FROM webhook_deliveries WHERE endpoint_id = $1', [
        endpointId,
      ])
    ).rows[0];
  // A reward the client made: a platform sees the events that name it (docs/EVENTS.md "Who sees an event").
  const reward = (clientId: string) =>
    transactionEvent({ id: freshId() + 5_000_000, type: 'REWARD', fromUserId: null, fromTreasury: 'REWARDS', toUserId: 9, clientId });

  it('when the sandbox instance is asked for a live client, then 403 FORBIDDEN and nothing is made or read; the live instance refuses a test_ client the same way (403 TEST_MODE_CREDENTIALS)', async () => {
    const liveClient = `pc_${randomUUID().slice(0, 12)}`;
    const testClient = `test_${randomUUID().slice(0, 12)}`;
    for (const [service, clientId, code] of [
      [sandbox, liveClient, 'FORBIDDEN'],
      [live, testClient, 'TEST_MODE_CREDENTIALS'],
    ] as const) {
      expect(await register(service, clientId)).toMatchObject({ status: 403, body: { code } });
      for (const path of ['endpoints', 'events', `endpoints/${randomUUID()}`, `endpoints/${randomUUID()}/deliveries`]) {
        expect(await call(service, 'GET', `/internal/webhooks/clients/${clientId}/${path}`)).toMatchObject({ status: 403, body: { code } });
      }
      expect(await call(service, 'POST', `/internal/webhooks/clients/${clientId}/endpoints/${randomUUID()}/test`, {})).toMatchObject({
        status: 403,
        body: { code },
      });
    }
    expect((await sandboxPool.query('SELECT 1 FROM webhook_endpoints WHERE client_id = $1', [liveClient])).rows).toEqual([]);
    expect((await livePool.query('SELECT 1 FROM webhook_endpoints WHERE client_id = $1', [testClient])).rows).toEqual([]);
    // Each serves its own space's clients.
    expect((await register(sandbox, testClient)).status).toBe(201);
    expect((await register(live, liveClient)).status).toBe(201);
  });

  it("when a test client advances its clock past a retry's wait, then the sandbox retries at once; past the whole schedule, it gives up and disables the endpoint; another client's delivery and the live instance's wait on wall time", async () => {
    const [advancing, other] = [`test_${randomUUID().slice(0, 12)}`, `test_${randomUUID().slice(0, 12)}`];
    const liveClient = `pc_${randomUUID().slice(0, 12)}`;
    const [advancingEndpoint, otherEndpoint, liveEndpoint] = await Promise.all([
      register(sandbox, advancing),
      register(sandbox, other),
      register(live, liveClient),
    ]);
    // The live client's clock is "set" too: a live instance must never apply it.
    clocks.set(liveClient, 2 * 86_400);
    await publishEvents(producer, topics.sandbox, [reward(advancing), reward(other)]);
    await publishEvents(producer, topics.live, [reward(liveClient)]);
    const ids = { advancing: advancingEndpoint.body.id, other: otherEndpoint.body.id, live: liveEndpoint.body.id };
    for (const [pool, id] of [
      [sandboxPool, ids.advancing],
      [sandboxPool, ids.other],
      [livePool, ids.live],
    ] as const) {
      await eventually(async () => (await deliveryOf(pool, id))?.attempts === 1, 40_000, 'a first failed attempt');
    }
    // The first retry waits a minute of wall time (WEBHOOKS_RETRY_UNIT_MS's default) on no clock.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await deliveryOf(sandboxPool, ids.advancing)).toMatchObject({ status: 'PENDING', attempts: 1 });

    clocks.set(advancing, 120);
    await eventually(async () => (await deliveryOf(sandboxPool, ids.advancing))?.attempts === 2, 20_000, 'the retry on the moved clock');
    // Two days on: every remaining wait has passed on the client's clock, so the schedule runs out now.
    clocks.set(advancing, 2 * 86_400);
    await eventually(
      async () => (await deliveryOf(sandboxPool, ids.advancing))?.status === 'FAILED',
      45_000,
      'the schedule run out on the clock',
    );
    expect(await deliveryOf(sandboxPool, ids.advancing)).toMatchObject({ attempts: 13 });
    // The worker disables the endpoint right after it marks the delivery failed (its own transaction).
    const endpoint = await eventually(
      async () => {
        const read = await call(sandbox, 'GET', `/internal/webhooks/clients/${advancing}/endpoints/${ids.advancing}`);
        return read.body.status === 'DISABLED' ? read : undefined;
      },
      10_000,
      'the endpoint disabled',
    );
    expect(endpoint.body).toMatchObject({ status: 'DISABLED' });
    const events = await call(sandbox, 'GET', `/internal/webhooks/clients/${advancing}/events?type=coin.webhook-endpoint.disabled`);
    expect(events.body.events).toHaveLength(1);

    // Another test client's clock did not move; the live instance applies no clock, and read none.
    expect(await deliveryOf(sandboxPool, ids.other)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(await deliveryOf(livePool, ids.live)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(clockReads.flat().filter((id) => !id.startsWith('test_'))).toEqual([]);
    expect(clockReads.flat()).toContain(advancing);
  }, 150_000);

  it('when a test client’s reset moves its clock back to wall time, then its pending retry, set on the clock a day ahead, is due on wall time again, its wait kept', async () => {
    const resetting = `test_${randomUUID().slice(0, 12)}`;
    const endpoint = await register(sandbox, resetting);
    clocks.set(resetting, 86_400);
    await publishEvents(producer, topics.sandbox, [reward(resetting)]);
    await eventually(async () => (await deliveryOf(sandboxPool, endpoint.body.id))?.attempts === 1, 40_000, 'a first failed attempt');
    /** How far ahead of wall time (PostgreSQL's) the delivery's next attempt is due, in minutes. */
    const dueInMinutes = async () =>
      (
        await sandboxPool.query<{ minutes: number }>(
          `SELECT (extract(epoch FROM next_attempt_at - now()) / 60)::float8 AS minutes FROM webhook_deliveries WHERE endpoint_id = $1`,
          [endpoint.body.id],
        )
      ).rows[0]!.minutes;
    // The first retry counts its minute from the client's now: a day ahead of wall time.
    expect(await dueInMinutes()).toBeGreaterThan(24 * 60);
    clocks.delete(resetting);
    // The next pass reads the clock at wall time and moves the retry back a day: a minute's wait (up to 20 % jitter) is left.
    await eventually(async () => ((await dueInMinutes()) < 2 ? true : undefined), 10_000, 'the retry moved back with the clock');
    expect(await dueInMinutes()).toBeGreaterThan(0);
    expect(await deliveryOf(sandboxPool, endpoint.body.id)).toMatchObject({ status: 'PENDING', attempts: 1 });
  }, 60_000);
});
