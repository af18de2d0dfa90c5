import type { FastifyInstance, FastifyRequest } from 'fastify';
import { context, extractContext, SpanKind, SpanStatusCode, trace, type Span, type Tracing } from '@coin/telemetry';

// biome-ignore lint/suspicious/noExplicitAny: any Fastify instance, whatever its server, logger and type provider
type AnyApp = FastifyInstance<any, any, any, any, any>;

/** Probes and scrapes: a span every few seconds per pod that tells nothing. */
const untracedRoutes = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A SERVER span per request, named by method and route template (never the raw URL: ids), the
 * child of the caller's `traceparent` when it is valid (a malformed one starts a new trace), and
 * the active span while the hooks and the handler run, so the commands a route sends are its
 * children. Ends with the response: `http.response.status_code`, failed on a 5xx. Register
 * before the hooks that should run inside it. Does nothing when tracing is off.
 */
export function installHttpTracing(app: AnyApp, tracing: Tracing | undefined): void {
  if (!tracing?.enabled) return;
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const route: string | undefined = request.routeOptions?.url;
    if (route !== undefined && untracedRoutes.has(route)) return done();
    const span = tracing.tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': route ?? 'unmatched',
          'url.scheme': request.protocol,
          'coin.request.id': String(request.id),
        },
      },
      extractContext(request.headers),
    );
    spans.set(request, span);
    context.with(trace.setSpan(context.active(), span), done);
  });
  // The body is read between onRequest and preHandler, outside the request's async context: the
  // span is made active again for the handler.
  app.addHook('preHandler', (request, _reply, done) => {
    const span = spans.get(request);
    if (!span) return done();
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      spans.delete(request);
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const span = spans.get(request);
    if (span) {
      spans.delete(request);
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' });
      span.end();
    }
    done();
  });
}
