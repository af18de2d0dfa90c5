import { createLogger } from '@coin/logger';
import { buildOperationalApp, createMetricsRegistry, NotReadyError } from './index';

describe('the operational port', () => {
  it('when every dependency is up but the service has not finished starting (or has begun to close), then /readyz is 503 not-ready', async () => {
    let started = false;
    const app = buildOperationalApp({
      logger: createLogger('operational-test', 'silent'),
      metrics: createMetricsRegistry('operational-test'),
      readiness: { postgres: async () => undefined },
      started: () => started,
    });
    const before = await app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not-ready', checks: { postgres: 'up' } });
    started = true;
    const after = await app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ready', checks: { postgres: 'up' } });
    await app.close();
  });

  it('when a check fails with a NotReadyError, then /readyz gives its message under reasons; any other failure shows only as down', async () => {
    const app = buildOperationalApp({
      logger: createLogger('operational-test', 'silent'),
      metrics: createMetricsRegistry('operational-test'),
      readiness: {
        postgres: async () => {
          throw new Error('connect ECONNREFUSED 10.0.0.7:5432 as coin_ledger_app');
        },
        consumers: async () => {
          throw new NotReadyError('Kafka partitions stalled: group ledger-service, topic ledger.commands, partition 3: …');
        },
        kafka: async () => undefined,
      },
    });
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not-ready',
      checks: { postgres: 'down', consumers: 'down', kafka: 'up' },
      reasons: { consumers: 'Kafka partitions stalled: group ledger-service, topic ledger.commands, partition 3: …' },
    });
    await app.close();
  });
});
