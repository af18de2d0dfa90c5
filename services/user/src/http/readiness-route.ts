import { AppError } from '@coin/errors';
import { type App, checkReadiness, type ReadinessCheck } from '@coin/http';

/**
 * The user service's readiness for the gateway, whose own /readyz reports PostgreSQL through it:
 * the same checks as this service's /readyz, which is on its metrics port, a port the gateway's
 * NetworkPolicy does not open. 200 when every dependency is up, else 503 UNAVAILABLE.
 */
export function registerReadinessRoute(app: App, readiness: Record<string, ReadinessCheck>): void {
  app.get('/internal/readiness', async () => {
    const checks = await checkReadiness(readiness);
    const down = Object.entries(checks)
      .filter(([, state]) => state === 'down')
      .map(([name]) => name);
    if (down.length > 0) throw new AppError('UNAVAILABLE', `Not ready: ${down.join(', ')} down`);
    return { status: 'ready' as const, checks };
  });
}
