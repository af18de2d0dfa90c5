import { AppError } from '@coin/errors';
import { type App, checkReadiness, type ReadinessCheck } from '@coin/http';

/**
 * Whether this service's PostgreSQL answers, for the gateway, whose own /readyz reports it as its
 * `postgres` check: logins, keys and user lookups all run there. Only that check: the user
 * service's own consumers (a partition stalled on the ledger, a Kafka rejoin) show on its own
 * /readyz and alerts, and do not take every gateway out of rotation with it. 200 when it answers,
 * else 503 UNAVAILABLE.
 */
export async function databaseReadiness(
  postgres: ReadinessCheck,
  checkTimeoutMs?: number,
): Promise<{ status: 'ready'; checks: { postgres: 'up' } }> {
  const checks = await checkReadiness({ postgres }, undefined, checkTimeoutMs);
  if (checks.postgres !== 'up') throw new AppError('UNAVAILABLE', 'Not ready: postgres down');
  return { status: 'ready', checks: { postgres: 'up' } };
}

/**
 * GET /internal/readiness: the check above, waited for as /readyz waits (READINESS_CHECK_TIMEOUT_MS),
 * since the user's /readyz is on its metrics port, a port the gateway's NetworkPolicy does not open.
 */
export function registerReadinessRoute(app: App, postgres: ReadinessCheck, checkTimeoutMs?: number): void {
  app.get('/internal/readiness', async () => databaseReadiness(postgres, checkTimeoutMs));
}
