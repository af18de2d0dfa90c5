import { type AddressInfo, createServer, type Server } from 'node:net';
import type { App } from '@coin/http';
import { createLogger } from '@coin/logger';
import { ensureTopics, type RunningConsumer } from '@coin/kafka';
import Fastify from 'fastify';
import { KafkaJSConnectionError } from 'kafkajs';
import { z } from 'zod';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { eventually } from '../../../test/harness/eventually';
import { scaledBound } from '../../../test/harness/machine-speed';
import { defineService, type FrameConfig, type FrameParts, type ServiceFrame, startFramedService } from './index';

/** The frame's settings for a service on free ports against the test infrastructure. */
function frameOf(): ServiceFrame {
  const infra = testInfra();
  const config: FrameConfig = {
    HOST: '127.0.0.1',
    METRICS_PORT: 0,
    // Each /readyz check's bound (2 s in production), scaled to this machine.
    READINESS_CHECK_TIMEOUT_MS: scaledBound(2_000),
    DB_OUTAGE_GRACE_MS: 60_000,
    SERVICE_TOKEN_PUBLIC_KEYS: {},
    KAFKA_BROKERS: infra.kafkaBrokers,
    KAFKA_SECURITY_PROTOCOL: 'PLAINTEXT',
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    OTEL_TRACES_EXPORTER: 'none',
    OTEL_SERVICE_NAME: 'kit-test',
  };
  return {
    name: 'history',
    config,
    clientId: 'kit-test',
    databases: [{ url: infra.databaseUrl, schema: `${uniquePrefix()}kit` }],
    internalApi: { port: 0, routes: { 'GET /internal/ping': ['gateway'] } },
  };
}

/** A frame with no database and no internal API, but Redis: the gateway's shape. */
function publicFrameOf(): ServiceFrame {
  const { databases: _databases, internalApi: _internalApi, ...frame } = frameOf();
  return {
    ...frame,
    redis: { url: testInfra().redisUrl, keyPrefix: uniquePrefix(), commandTimeoutMs: 1000, outage: 'the test goes on', degradable: true },
  };
}

/** A public app stand-in: one route, its close recorded. */
function publicApp(events: string[]): { app: App; close: () => Promise<void> } {
  const app = Fastify() as unknown as App;
  app.get('/hello', async () => ({ hello: true }));
  return {
    app,
    close: async () => {
      events.push('public API closed');
      await app.close();
    },
  };
}

async function listening(port: number): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

async function freePort(): Promise<number> {
  const server = await listening(0);
  const port = portOf(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A consumer stand-in: what the frame reads of one (whether it consumes, what stalls) and its stop. */
function fakeConsumer(events: string[]): RunningConsumer & { consuming: boolean } {
  return {
    ready: Promise.resolve(),
    consuming: true,
    stalled: () => [],
    async stop() {
      events.push('consumer stopped');
    },
  };
}

const logger = createLogger('kit-test', 'error');

/**
 * The service's /readyz once it answers 200: each check has its bound (READINESS_CHECK_TIMEOUT_MS),
 * and on a loaded machine one can miss it once, so it is asked until it holds; a failure names the
 * last answer's checks and reasons.
 */
async function readyOnce(metricsUrl: string, what: string): Promise<{ checks: Record<string, string> }> {
  return eventually(
    async () => {
      const response = await fetch(`${metricsUrl}/readyz`);
      const body = (await response.json()) as { checks: Record<string, string> };
      if (response.status !== 200) throw new Error(`/readyz answered ${response.status}: ${JSON.stringify(body)}`);
      return body;
    },
    30_000,
    what,
  );
}

describe('the service kit (real PostgreSQL and Kafka)', () => {
  it("when a service opens its own parts in the frame, then /readyz checks the frame's dependencies, its consumers and its own checks, its internal API asks for a service token, and its parts close before the frame's ports", async () => {
    const events: string[] = [];
    let consumer!: RunningConsumer & { consuming: boolean };
    const service = await startFramedService(logger, frameOf(), async (parts: FrameParts) => {
      consumer = parts.track('a consumer', fakeConsumer(events));
      parts.ready('own dependency', async () => undefined);
      parts.app.get('/internal/ping', async () => ({ pong: true }));
      parts.runtime.onClose('own worker', () => void events.push('own worker stopped'));
      return { extra: 42 };
    });
    try {
      expect(service.extra).toBe(42);
      expect((await readyOnce(service.metricsUrl, '/readyz 200 once started')).checks).toEqual({
        postgres: 'up',
        kafka: 'up',
        consumers: 'up',
        'own dependency': 'up',
      });
      expect((await fetch(`${service.url}/internal/ping`)).status).toBe(401);
      consumer.consuming = false;
      expect((await fetch(`${service.metricsUrl}/readyz`)).status).toBe(503);
    } finally {
      await service.close();
    }
    // Last opened, first closed: the worker registered after the consumer stops before it.
    expect(events).toEqual(['own worker stopped', 'consumer stopped']);
    await expect(fetch(`${service.metricsUrl}/healthz`)).rejects.toThrow();
  });

  it('when the service fails to open its own parts, then the start fails with its error and what it had opened is closed', async () => {
    const events: string[] = [];
    await expect(
      startFramedService(logger, frameOf(), async (parts: FrameParts) => {
        parts.track('a consumer', fakeConsumer(events));
        throw new Error('a part of its own failed');
      }),
    ).rejects.toThrow('a part of its own failed');
    expect(events).toEqual(['consumer stopped']);
  });

  it("when a check takes longer than the frame's READINESS_CHECK_TIMEOUT_MS, then /readyz calls it down; within it, up", async () => {
    const frame = frameOf();
    const slowCheckService = (checkTimeoutMs: number) =>
      startFramedService(logger, { ...frame, config: { ...frame.config, READINESS_CHECK_TIMEOUT_MS: checkTimeoutMs } }, async (parts) => {
        parts.app.get('/internal/ping', async () => ({ pong: true }));
        parts.ready('slow dependency', () => new Promise<void>((resolve) => setTimeout(resolve, 300)));
        return {};
      });
    const impatient = await slowCheckService(50);
    try {
      const answer = await fetch(`${impatient.metricsUrl}/readyz`);
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { checks: Record<string, string> }).checks['slow dependency']).toBe('down');
    } finally {
      await impatient.close();
    }
    const patient = await slowCheckService(scaledBound(5_000));
    try {
      expect((await readyOnce(patient.metricsUrl, '/readyz 200 with a patient bound')).checks['slow dependency']).toBe('up');
    } finally {
      await patient.close();
    }
  });

  it('when a service has several databases, then each gets its own pool under its application name and /readyz is down while any one is unreachable', async () => {
    const infra = testInfra();
    const schema = `${uniquePrefix()}kit`;
    const frame = { ...frameOf(), internalApi: { port: 0, routes: {} } };
    const names: string[] = [];
    const service = await startFramedService(
      logger,
      {
        ...frame,
        databases: [
          { url: infra.databaseUrl, schema, applicationName: 'kit-home' },
          { url: infra.shardDatabaseUrl, schema, applicationName: 'kit-shard' },
        ],
      },
      async (parts: FrameParts) => {
        for (const pool of parts.pools) {
          names.push((await pool.query<{ name: string }>("SELECT current_setting('application_name') AS name")).rows[0]!.name);
        }
        expect(parts.pool).toBe(parts.pools[0]);
        return {};
      },
    );
    try {
      expect(names).toEqual(['kit-home', 'kit-shard']);
      expect(((await (await fetch(`${service.metricsUrl}/readyz`)).json()) as { checks: { postgres: string } }).checks.postgres).toBe('up');
    } finally {
      await service.close();
    }
    const unreachable = await startFramedService(
      logger,
      {
        ...frame,
        databases: [
          { url: infra.databaseUrl, schema },
          { url: 'postgres://kit:kit@127.0.0.1:1/kit', schema },
        ],
      },
      async () => ({}),
    );
    try {
      const ready = await fetch(`${unreachable.metricsUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: { postgres: string } }).checks.postgres).toBe('down');
    } finally {
      await unreachable.close();
    }
  });

  it('when a service has no database and no internal API but Redis and an app of its own, then /readyz checks Kafka and Redis, its app is its address, and its app closes first', async () => {
    const events: string[] = [];
    let redisStatus: () => string = () => '';
    const service = await startFramedService(logger, publicFrameOf(), async (parts: FrameParts) => {
      parts.track('a consumer', fakeConsumer(events));
      expect(() => parts.pool).toThrow('no a database');
      expect(() => parts.app).toThrow('no an internal API');
      expect(await parts.redis.ping()).toBe('PONG');
      redisStatus = () => parts.redis.status;
      const { app, close } = publicApp(events);
      parts.serve('public API', app, { port: 0, close });
      return {};
    });
    try {
      expect((await readyOnce(service.metricsUrl, '/readyz 200 once started')).checks).toEqual({
        kafka: 'up',
        redis: 'up',
        consumers: 'up',
      });
      expect(await (await fetch(`${service.url}/hello`)).json()).toEqual({ hello: true });
    } finally {
      await service.close();
    }
    expect(events).toEqual(['public API closed', 'consumer stopped']);
    // Disconnected: its socket ends a moment after the close.
    for (let waited = 0; redisStatus() !== 'end' && waited < 2000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(redisStatus()).toBe('end');
  });

  it('when the app a service serves cannot listen, then the start fails and what had opened is closed, the operational port included', async () => {
    const events: string[] = [];
    const taken = await listening(0);
    const metricsPort = await freePort();
    const frame = publicFrameOf();
    try {
      await expect(
        startFramedService(logger, { ...frame, config: { ...frame.config, METRICS_PORT: metricsPort } }, async (parts: FrameParts) => {
          parts.track('a consumer', fakeConsumer(events));
          parts.serve('public API', publicApp(events).app, { port: portOf(taken) });
          return {};
        }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      taken.close();
    }
    expect(events).toEqual(['consumer stopped']);
    // The operational port is free again: it was closed.
    (await listening(metricsPort)).close();
  });

  it('when a frame has a database but no outage grace, or an internal API but no service keys, then the start fails before anything opens', async () => {
    const { DB_OUTAGE_GRACE_MS: _grace, SERVICE_TOKEN_PUBLIC_KEYS: _keys, ...config } = frameOf().config;
    const open = jest.fn(async () => ({}));
    await expect(startFramedService(logger, { ...frameOf(), config }, open)).rejects.toThrow('needs DB_OUTAGE_GRACE_MS');
    await expect(
      startFramedService(logger, { ...frameOf(), databases: [], config: { ...config, DB_OUTAGE_GRACE_MS: 1000 } }, open),
    ).rejects.toThrow('needs SERVICE_TOKEN_PUBLIC_KEYS');
    expect(open).not.toHaveBeenCalled();
  });

  it('when a service is defined, then what it prepares reaches its frame and its parts, and a preparation that throws rejects the start before anything opens', async () => {
    const { config, ...frame } = publicFrameOf();
    const opened: string[] = [];
    const start = defineService({
      prepare: (given: FrameConfig) => {
        if (given.OTEL_SERVICE_NAME === 'refused') throw new Error('a setting is refused');
        return `prepared for ${given.OTEL_SERVICE_NAME}`;
      },
      frame: (_given, prepared) => {
        opened.push(`frame ${prepared}`);
        return frame;
      },
      open: async (parts, { prepared, options }) => {
        opened.push(`parts ${prepared}`);
        parts.serve('public API', publicApp([]).app, { port: 0 });
        return { lost: typeof options.onDatabaseLost };
      },
    });
    const service = await start(config, logger, { onDatabaseLost: () => undefined });
    await service.close();
    expect({ opened, lost: service.lost }).toEqual({
      opened: ['frame prepared for kit-test', 'parts prepared for kit-test'],
      lost: 'function',
    });
    const refused = start({ ...config, OTEL_SERVICE_NAME: 'refused' }, logger);
    await expect(refused).rejects.toThrow('a setting is refused');
    expect(opened).toHaveLength(2);
  });

  it("when a service consumes through the frame, then its consumer reads with the frame's Kafka client, /readyz counts it, and it stops with the service", async () => {
    const topic = `${uniquePrefix()}kit-events`;
    const handled: number[] = [];
    let consumer!: RunningConsumer;
    const service = await startFramedService(logger, frameOf(), async (parts: FrameParts) => {
      parts.app.get('/internal/ping', async () => ({ pong: true }));
      await ensureTopics(parts.kafka, [{ topic, numPartitions: 1 }]);
      consumer = await parts.consume('kit events consumer', {
        groupId: `${topic}-group`,
        topics: [topic],
        schema: z.object({ n: z.number().int() }),
        handleBatch: async (items) => void handled.push(...items.map((item) => item.value.n)),
      });
      await consumer.ready;
      await parts.producer.send(topic, { key: 'k', value: JSON.stringify({ n: 7 }) });
      return {};
    });
    try {
      for (let waited = 0; handled.length === 0 && waited < 15_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(handled).toEqual([7]);
      expect(((await (await fetch(`${service.metricsUrl}/readyz`)).json()) as { checks: { consumers: string } }).checks.consumers).toBe(
        'up',
      );
    } finally {
      await service.close();
    }
    expect(consumer.consuming).toBe(false);
  });

  it("when a consumer started through the frame holds a partition it cannot get past, then /readyz fails naming its group, topic and partition, with the frame's stall settings, and recovers once it moves", async () => {
    const topic = `${uniquePrefix()}kit-stall`;
    const groupId = `${topic}-group`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const frame = frameOf();
    const config = { ...frame.config, CONSUMER_STALL_AFTER_MS: 2_000, CONSUMER_STALL_CHECK_INTERVAL_MS: 500 };
    const service = await startFramedService(logger, { ...frame, config }, async (parts: FrameParts) => {
      parts.app.get('/internal/ping', async () => ({ pong: true }));
      await ensureTopics(parts.kafka, [{ topic, numPartitions: 1 }]);
      const consumer = await parts.consume('kit stalling consumer', {
        groupId,
        topics: [topic],
        schema: z.object({ n: z.number().int() }),
        handleBatch: async () => held,
      });
      await consumer.ready;
      await parts.producer.send(topic, { key: 'k', value: JSON.stringify({ n: 1 }) });
      return {};
    });
    const readyz = async () => {
      const response = await fetch(`${service.metricsUrl}/readyz`);
      return {
        status: response.status,
        body: (await response.json()) as { checks: Record<string, string>; reasons?: Record<string, string> },
      };
    };
    try {
      const stalled = await eventually(
        async () => {
          const answer = await readyz();
          return answer.status === 503 && answer.body.reasons?.consumers !== undefined && answer;
        },
        30_000,
        '/readyz to report the stall',
      );
      expect(stalled.body.checks.consumers).toBe('down');
      expect(stalled.body.reasons?.consumers).toMatch(
        new RegExp(
          `^Kafka partitions stalled: group ${groupId}, topic ${topic}, partition 0: committed offset -1 has not moved for \\d+ s while 1 records wait$`,
        ),
      );
      release();
      await readyOnce(service.metricsUrl, '/readyz to be ready once the partition moves');
    } finally {
      release();
      await service.close();
    }
  });

  it("when a stalled consumer's batch, retried in place, sends a record keyed by 400,000 characters on every attempt, then each /readyz answers 503 naming the partition within its check bound, and never hangs", async () => {
    const topic = `${uniquePrefix()}kit-hostile-stall`;
    const echoes = `${topic}-echoes`;
    const groupId = `${topic}-group`;
    const frame = frameOf();
    const config = { ...frame.config, CONSUMER_STALL_AFTER_MS: 2_000, CONSUMER_STALL_CHECK_INTERVAL_MS: 500 };
    let attempts = 0;
    const service = await startFramedService(logger, { ...frame, config }, async (parts: FrameParts) => {
      parts.app.get('/internal/ping', async () => ({ pong: true }));
      await ensureTopics(parts.kafka, [
        { topic, numPartitions: 1 },
        { topic: echoes, numPartitions: 3 },
      ]);
      const consumer = await parts.consume('kit hostile consumer', {
        groupId,
        topics: [topic],
        schema: z.object({ n: z.number().int() }),
        // What answering a command with a 400,000-character correlation-id did: a send keyed by it
        // (the partitioner hashes the key on the event loop), then a failure of the world's kind,
        // so the batch is retried in place for as long as the test lasts.
        handleBatch: async () => {
          attempts += 1;
          await parts.producer.send(echoes, { key: 'c'.repeat(400_000), value: 'echo' });
          throw new KafkaJSConnectionError('Connection error: the broker is away', { broker: 'kit-test:9092' });
        },
      });
      await consumer.ready;
      await parts.producer.send(topic, { key: 'k', value: JSON.stringify({ n: 1 }) });
      return {};
    });
    // The readiness probe's bound: READINESS_CHECK_TIMEOUT_MS for the slowest check, and a second
    // for the answer (deploy/k8s: timeoutSeconds 3 over a 2 s check bound).
    const answerMsMax = config.READINESS_CHECK_TIMEOUT_MS! + 1_000;
    const timed = async () => {
      const started = performance.now();
      const response = await fetch(`${service.metricsUrl}/readyz`, { signal: AbortSignal.timeout(answerMsMax * 10) });
      const body = (await response.json()) as { reasons?: Record<string, string> };
      return { status: response.status, body, ms: performance.now() - started };
    };
    const answers: Array<{ status: number; ms: number }> = [];
    try {
      const stalled = await eventually(
        async () => {
          const answer = await timed();
          answers.push({ status: answer.status, ms: Math.round(answer.ms) });
          return answer.status === 503 && answer.body.reasons?.consumers !== undefined && answer;
        },
        30_000,
        '/readyz to report the stall',
      );
      expect(stalled.body.reasons?.consumers).toMatch(
        new RegExp(`^Kafka partitions stalled: group ${groupId}, topic ${topic}, partition 0: `),
      );
      // A few more answers while the batch keeps being retried.
      for (let i = 0; i < 5; i += 1) answers.push(await timed());
      expect(attempts).toBeGreaterThan(3);
      expect(answers.filter((answer) => answer.ms >= answerMsMax)).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it("when a service relays its outbox through the frame, then a row a crash left unsent is swept, readdressed, onto Kafka and marked, its backlog is a gauge of the frame's metrics, and the relay stops with the service", async () => {
    const frame = frameOf();
    const schema = present(frame.databases?.[0]).schema;
    const topic = `${uniquePrefix()}kit-outbox`;
    const received: number[] = [];
    const service = await startFramedService(logger, frame, async (parts: FrameParts) => {
      parts.app.get('/internal/ping', async () => ({ pong: true }));
      await parts.pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await parts.pool.query(
        `CREATE TABLE outbox (id bigserial PRIMARY KEY, topic text NOT NULL, key text NOT NULL, headers jsonb NOT NULL DEFAULT '{}',
           payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), published_at timestamptz)`,
      );
      // Written an hour ago and never sent: what a crash between the commit and the publish leaves.
      await parts.pool.query(
        `INSERT INTO outbox (topic, key, payload, created_at) VALUES ('a-retired-topic', 'k', '{"n":7}', now() - interval '1 hour')`,
      );
      await ensureTopics(parts.kafka, [{ topic, numPartitions: 1 }]);
      const consumer = await parts.consume('outbox reader', {
        groupId: `${topic}-group`,
        topics: [topic],
        schema: z.object({ n: z.number().int() }),
        handleBatch: async (items) => void received.push(...items.map((item) => item.value.n)),
      });
      await consumer.ready;
      parts.relayOutbox({ readdress: (row) => ({ ...row, topic }) });
      return { pool: parts.pool };
    });
    try {
      for (let waited = 0; received.length === 0 && waited < 15_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual([7]);
      const unsent = async () => (await service.pool.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).rows[0].n;
      for (let waited = 0; (await unsent()) > 0 && waited < 5_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await unsent()).toBe(0);
      expect(await (await fetch(`${service.metricsUrl}/metrics`)).text()).toMatch(/^coin_outbox_backlog_rows\S* 0$/m);
    } finally {
      await service.close();
    }
    await expect(service.pool.query('SELECT 1')).rejects.toThrow();
  });
});

function present<V>(value: V | undefined): V {
  if (value === undefined) throw new Error('the frame has no database');
  return value;
}
