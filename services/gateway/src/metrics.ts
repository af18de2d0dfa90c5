import { Counter, type Registry } from 'prom-client';

/** Metric names, shared with the docs (docs/OPERATIONS.md "Observability"). */
export const gatewayMetricNames = {
  rateLimitFailOpen: 'coin_gateway_rate_limit_fail_open_total',
  refusalAuditDropped: 'coin_gateway_refusal_audit_dropped_total',
} as const;

/** Which limit was skipped: the rate-limit policies, the per-caller write limit, and the failed-login counters. */
export type FailOpenLimit = 'login-ip' | 'register-ip' | 'credentials-ip' | 'writes-caller' | 'login-failures';

/**
 * Requests let through unchecked because the limit's counter (Redis) could not be reached. The
 * limits fail open on purpose (throttling is not worth an outage); this is how that shows.
 */
export function rateLimitFailOpenCounter(registry: Registry): Counter<'limit'> {
  const existing = registry.getSingleMetric(gatewayMetricNames.rateLimitFailOpen) as Counter<'limit'> | undefined;
  return (
    existing ??
    new Counter({
      name: gatewayMetricNames.rateLimitFailOpen,
      help: 'Requests let through without a rate-limit or login-throttling check because Redis could not be reached, by limit',
      labelNames: ['limit'] as const,
      registers: [registry],
    })
  );
}

/**
 * Refusal audit records the gateway did not write (plugins/refusal-audit.ts): `in_flight`, too
 * many unacknowledged sends (Kafka slow or away); `send_failed`, Kafka refused the send. Any
 * increase is a gap in the audit of refusals; the refusals themselves were answered as always.
 */
export function refusalAuditDroppedCounter(registry: Registry): Counter<'reason'> {
  const existing = registry.getSingleMetric(gatewayMetricNames.refusalAuditDropped) as Counter<'reason'> | undefined;
  return (
    existing ??
    new Counter({
      name: gatewayMetricNames.refusalAuditDropped,
      help: 'Audit records of 401/403 refusals the gateway dropped instead of writing to admin.refusals, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    })
  );
}
