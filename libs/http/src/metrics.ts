import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

// biome-ignore lint/suspicious/noExplicitAny: any Fastify instance, whatever its server, logger and type provider
type AnyApp = FastifyInstance<any, any, any, any, any>;

/** Latency buckets (seconds) from a cache hit to a command that waited for its timeout. */
export const httpDurationBucketsS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The name every service exports its HTTP latency under (alerts in deploy/prometheus use it). */
export const httpDurationMetricName = 'coin_http_request_duration_seconds';

/**
 * Observes every request's duration by route template (never the raw URL: ids would explode the
 * label set), method and status code. Unmatched URLs share the route label `unmatched`.
 * Idempotent per registry: a second app on the same registry reuses the histogram.
 */
export function installHttpMetrics(app: AnyApp, registry: Registry): void {
  const histogram =
    (registry.getSingleMetric(httpDurationMetricName) as Histogram<'route' | 'method' | 'status_code'> | undefined) ??
    new Histogram({
      name: httpDurationMetricName,
      help: 'HTTP request duration by route template, method and status code',
      labelNames: ['route', 'method', 'status_code'] as const,
      buckets: httpDurationBucketsS,
      registers: [registry],
    });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions?.url ?? 'unmatched';
    histogram.observe({ route, method: request.method, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
