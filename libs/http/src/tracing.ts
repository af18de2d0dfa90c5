import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  context,
  extractContext,
  getRPCMetadata,
  RPCType,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type Tracing,
} from '@coin/telemetry';

// biome-ignore lint/suspicious/noExplicitAny: any Fastify instance, whatever its server, logger and type provider
type AnyApp = FastifyInstance<any, any, any, any, any>;

/** Probes and scrapes: a span every few seconds per pod that tells nothing. */
const untracedRoutes = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A SERVER span per request, named by method and route template (never the raw URL: ids), the
 * child of the caller's `traceparent` when it is valid (a malformed one starts a new trace), and
 * the active span while the hooks and the handler run, so the commands a route sends are its
 * children. Register before the hooks that should run inside it. Does nothing when tracing is off.
 *
 * A request through a Node HTTP server already has its SERVER span, the HTTP instrumentation's
 * (`@coin/telemetry`): it gets the route template (as its name and `http.route`, through the
 * instrumentation's RPC metadata) and the request id, and the instrumentation ends it with the
 * response. A request without one (`app.inject`) gets a span of its own here, ended with the
 * response: `http.response.status_code`, failed on a 5xx.
 */
export function installHttpTracing(app: AnyApp, tracing: Tracing | undefined): void {
  if (!tracing?.enabled) return;
  const spans = new WeakMap<FastifyRequest, { span: Span; own: boolean }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const route: string | undefined = request.routeOptions?.url;
    if (route !== undefined && untracedRoutes.has(route)) return done();
    const name = route ? `${request.method} ${route}` : request.method;
    const routeTemplate = route ?? 'unmatched';
    const rpc = getRPCMetadata(context.active());
    if (rpc?.type === RPCType.HTTP) {
      rpc.route = routeTemplate;
      rpc.span.updateName(name);
      rpc.span.setAttribute('coin.request.id', String(request.id));
      spans.set(request, { span: rpc.span, own: false });
      return done();
    }
    const span = tracing.tracer.startSpan(
      name,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': routeTemplate,
          'url.scheme': request.protocol,
          'coin.request.id': String(request.id),
        },
      },
      extractContext(request.headers),
    );
    spans.set(request, { span, own: true });
    context.with(trace.setSpan(context.active(), span), done);
  });
  // The body is read between onRequest and preHandler, outside the request's async context: the
  // span is made active again for the handler.
  app.addHook('preHandler', (request, _reply, done) => {
    const held = spans.get(request);
    if (!held) return done();
    context.with(trace.setSpan(context.active(), held.span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const held = spans.get(request);
    spans.delete(request);
    if (held?.own) {
      held.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) held.span.setStatus({ code: SpanStatusCode.ERROR });
      held.span.end();
    }
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const held = spans.get(request);
    spans.delete(request);
    if (held?.own) {
      held.span.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' });
      held.span.end();
    }
    done();
  });
}
