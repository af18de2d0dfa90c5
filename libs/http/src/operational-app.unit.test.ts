import { createLogger } from '@coin/logger';
import { buildOperationalApp, createMetricsRegistry } from './index';

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
});
