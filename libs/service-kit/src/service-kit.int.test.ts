import { createLogger } from '@coin/logger';
import type { RunningConsumer } from '@coin/kafka';
import { testInfra, uniquePrefix } from '../../../test/harness/env';
import { type FrameConfig, type FrameParts, type ServiceFrame, startFramedService } from './index';

/** The frame's settings for a service on free ports against the test infrastructure. */
function frameOf(): ServiceFrame {
  const infra = testInfra();
  const config: FrameConfig = {
    HOST: '127.0.0.1',
    METRICS_PORT: 0,
    DB_OUTAGE_GRACE_MS: 60_000,
    SERVICE_TOKEN_PUBLIC_KEYS: {},
    KAFKA_BROKERS: infra.kafkaBrokers,
    KAFKA_SECURITY_PROTOCOL: 'PLAINTEXT',
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    OTEL_TRACES_EXPORTER: 'none',
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    OTEL_SERVICE_NAME: 'kit-test',
  };
  return {
    name: 'history',
    config,
    clientId: 'kit-test',
    database: { url: infra.databaseUrl, schema: `${uniquePrefix()}kit` },
    internalApi: { port: 0, routes: { 'GET /internal/ping': ['gateway'] } },
  };
}

/** A consumer stand-in: what the frame reads of one (whether it consumes) and its stop. */
function fakeConsumer(events: string[]): RunningConsumer & { consuming: boolean } {
  return {
    ready: Promise.resolve(),
    consuming: true,
    async stop() {
      events.push('consumer stopped');
    },
  };
}

const logger = createLogger('kit-test', 'error');

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
      const ready = await fetch(`${service.metricsUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { checks: unknown }).checks).toEqual({
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
});
