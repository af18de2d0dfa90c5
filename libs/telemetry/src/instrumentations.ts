import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import {
  context,
  ProxyTracerProvider,
  trace,
  type Context,
  type Span,
  type SpanOptions,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  type Tracer,
  type TracerOptions,
  type TracerProvider,
} from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation, type UndiciRequest } from '@opentelemetry/instrumentation-undici';
import type { Resource } from '@opentelemetry/resources';

/**
 * OpenTelemetry's maintained instrumentations of node-postgres, ioredis, node:http and undici
 * (`fetch` and the undici package; docs/DESIGN.md "Traces"), applied once per process and only
 * when a service turns tracing on: with tracing off nothing here is constructed, no module is
 * patched and no diagnostics channel is subscribed to.
 *
 * The modules are patched explicitly, not through require-in-the-middle's load hook: the library
 * that owns a client hands its module over (`traceableModule`), so patching does not depend on
 * load order, on the loader (tsx, Jest's module registry) or on ESM hooks.
 */

/** A service whose tracing is on: its name and the provider (its SDK's) that makes its spans. */
export interface ServiceTracer {
  readonly serviceName: string;
  readonly provider: TracerProvider;
}

export type TraceableModule = 'pg' | 'ioredis';

/** What this module uses of an instrumentation (each package has its own copy of the base class). */
interface Instrumentation {
  setTracerProvider(provider: TracerProvider): void;
  getModuleDefinitions(): { name: string; patch?: (exports: object) => unknown }[];
}

const modules = new Map<TraceableModule, object>();
let instrumentations: Map<TraceableModule | 'http', Instrumentation> | undefined;

/**
 * A module whose calls get spans once tracing is on: `pg` (its exports, whose `Client` is
 * patched) or `ioredis` (the `Redis` class). Called by the library that owns the client when it loads.
 */
export function traceableModule(name: TraceableModule, exports: object): void {
  modules.set(name, exports);
  if (instrumentations) patch(name, exports);
}

/** Probes and scrapes: a span every few seconds per pod that tells nothing. */
const untracedPaths = new Set(['/healthz', '/readyz', '/metrics']);
const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0] ?? '';

/**
 * An outbound request's query string can carry a credential (a webhook endpoint's URL is the
 * platform's own): its span keeps the origin and path, never the query.
 */
function withoutQuery(request: UndiciRequest): Record<string, string> {
  const queryAt = request.path.indexOf('?');
  if (queryAt < 0) return {};
  return { 'url.full': `${request.origin}${request.path.slice(0, queryAt)}?REDACTED`, 'url.query': 'REDACTED' };
}

/**
 * Turns the instrumentations on, once per process. pg, ioredis and outbound HTTP (node:http and
 * undici, which is `fetch`) make a span only under a parent (a request's, a message's, a webhook
 * delivery's): the pollers, sweepers and health checks make none. A Redis span names its command,
 * never its arguments (keys and values can hold tokens); an outbound request's span, no query.
 */
export function enableInstrumentations(): void {
  if (instrumentations) return;
  const provider = serviceTracerProvider();
  instrumentations = new Map<TraceableModule | 'http', Instrumentation>([
    ['pg', new PgInstrumentation({ enabled: false, requireParentSpan: true, ignoreConnectSpans: true })],
    ['ioredis', new IORedisInstrumentation({ enabled: false, requireParentSpan: true, dbStatementSerializer: (command) => command })],
    [
      'http',
      new HttpInstrumentation({
        enabled: false,
        requireParentforOutgoingSpans: true,
        ignoreIncomingRequestHook: (request) => untracedPaths.has(pathOf(request.url)),
      }),
    ],
  ]);
  for (const instrumentation of instrumentations.values()) instrumentation.setTracerProvider(provider);
  // undici publishes on diagnostics channels rather than being patched: constructed enabled, the
  // instrumentation subscribes at once (its spans check the configuration's `enabled`, so it
  // cannot start disabled and be enabled later), then gets the services' tracer.
  const undici = new UndiciInstrumentation({ requireParentforSpans: true, startSpanHook: withoutQuery });
  undici.setTracerProvider(provider);
  patch('http', http);
  for (const [name, exports] of modules) patch(name, exports);
}

function patch(name: TraceableModule | 'http', exports: object): void {
  const instrumentation = instrumentations?.get(name);
  for (const definition of instrumentation?.getModuleDefinitions() ?? []) if (definition.name === name) definition.patch?.(exports);
}

// ---------------------------------------------------------------- which service a span belongs to

const services = new Map<string, ServiceTracer>();
/** The service whose start an async chain belongs to (its servers, consumers, timers). */
const serviceScope = new AsyncLocalStorage<ServiceTracer>();
const noopTracer = new ProxyTracerProvider().getTracer('coin');

/**
 * Notes a service whose tracing is on, for the instrumentations' spans, and makes it the service of
 * the rest of the calling async chain (the service's start: the servers it listens with, so a
 * request's span is its). Returns the function that forgets it (service close).
 */
export function registerServiceTracer(service: ServiceTracer): () => void {
  services.set(service.serviceName, service);
  serviceScope.enterWith(service);
  return () => {
    if (services.get(service.serviceName) === service) services.delete(service.serviceName);
  };
}

/** A resource's `service.name`, read from its raw attributes (the host's are detected asynchronously; this one never is). */
const serviceNames = new WeakMap<object, string | undefined>();
function serviceNameOf(resource: Resource | undefined): string | undefined {
  if (!resource) return undefined;
  if (!serviceNames.has(resource)) {
    const entry = resource.getRawAttributes().find(([key]) => key === 'service.name');
    serviceNames.set(resource, typeof entry?.[1] === 'string' ? entry[1] : undefined);
  }
  return serviceNames.get(resource);
}

/**
 * The service a new span belongs to: its local parent's service; else the service whose start the
 * current async chain belongs to; else the first that turned tracing on. A deployed process runs
 * one service, so all three agree; the in-process test stack runs four services in one process,
 * which this keeps apart.
 */
function serviceFor(ctx: Context): ServiceTracer | undefined {
  const parent = trace.getSpan(ctx) as (Span & { resource?: Resource }) | undefined;
  const parentService = serviceNameOf(parent?.resource);
  const byParent = parentService === undefined ? undefined : services.get(parentService);
  return byParent ?? serviceScope.getStore() ?? services.values().next().value;
}

/**
 * The tracer an instrumentation asks for, under its own name and version (its spans' scope): each
 * span it starts is made by the tracer of that name of the service the span belongs to.
 */
function routingTracer(name: string, version?: string, options?: TracerOptions): Tracer {
  const tracerFor = (ctx: Context) => serviceFor(ctx)?.provider.getTracer(name, version, options) ?? noopTracer;
  return {
    startSpan: (spanName: string, spanOptions?: SpanOptions, ctx: Context = context.active()) =>
      tracerFor(ctx).startSpan(spanName, spanOptions, ctx),
    startActiveSpan: ((...args: unknown[]) => {
      const ctx = args.length >= 4 ? (args[2] as Context) : context.active();
      return (tracerFor(ctx).startActiveSpan as (...a: unknown[]) => unknown)(...args);
    }) as Tracer['startActiveSpan'],
  };
}

function serviceTracerProvider(): TracerProvider {
  return { getTracer: routingTracer };
}

// ---------------------------------------------------------------- the global propagator

/**
 * The propagator the HTTP instrumentation reads and writes `traceparent` with: W3C trace context,
 * extracted through `extract` (the same guarded reading as a Kafka message's headers).
 */
export function guardedPropagator(
  w3c: TextMapPropagator,
  extract: (headers: Record<string, string | undefined>) => Context,
): TextMapPropagator {
  return {
    inject: (ctx: Context, carrier: unknown, setter: TextMapSetter) => w3c.inject(ctx, carrier, setter),
    extract: (ctx: Context, carrier: unknown, getter: TextMapGetter) => {
      const first = (key: string) => {
        const value = getter.get(carrier, key);
        return Array.isArray(value) ? value[0] : value;
      };
      const spanContext = trace.getSpanContext(extract({ traceparent: first('traceparent'), tracestate: first('tracestate') }));
      return spanContext ? trace.setSpanContext(ctx, spanContext) : ctx;
    },
    fields: () => w3c.fields(),
  };
}
