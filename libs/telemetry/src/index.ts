import {
  context,
  isSpanContextValid,
  propagation,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type SpanContext,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { getRPCMetadata, RPCType, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  TracerProvider,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { enableInstrumentations, guardedPropagator, registerServiceTracer } from './instrumentations';

export { traceableModule, type TraceableModule } from './instrumentations';

export { SpanKind, SpanStatusCode, ROOT_CONTEXT, context, trace };
/** The HTTP instrumentation's per-request metadata: a framework names the request's route there. */
export { getRPCMetadata, RPCType };
export type { Attributes, Context, Link, Span, SpanContext, Tracer };
/** For tests: the exporter `useSpanExporterForTests` takes, and the spans it holds. */
export { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';

/** The tracing keys of a parsed configuration (`tracingEnv` in @coin/config). */
export interface TracingConfig {
  OTEL_TRACES_EXPORTER: 'none' | 'otlp';
  OTEL_EXPORTER_OTLP_ENDPOINT: string;
  OTEL_SERVICE_NAME: string;
}

/**
 * One service's tracer. With tracing off (the default) `enabled` is false and every helper of
 * this module returns at once: no span, no header parsed or written, nothing per message.
 */
export interface Tracing {
  readonly enabled: boolean;
  readonly tracer: Tracer;
  readonly serviceName: string;
  /** Exports what is buffered and stops the exporter (service close). */
  shutdown(): Promise<void>;
}

const noopTracer = new ProxyTracerProvider().getTracer('coin');

/** Tracing off: a no-op tracer. */
export const noTracing: Tracing = { enabled: false, tracer: noopTracer, serviceName: '', shutdown: async () => undefined };

let testExporter: SpanExporter | undefined;

/**
 * Tests only: every service whose tracing is on and that starts after this call, in this
 * process, exports its spans here (synchronously, one span at a time) instead of over OTLP.
 * The in-process test stack runs the four services in one process, so one in-memory exporter
 * sees the spans of all of them. Pass undefined to restore the configured exporter.
 */
export function useSpanExporterForTests(exporter: SpanExporter | undefined): void {
  testExporter = exporter;
}

let contextManagerInstalled = false;

/**
 * Active-span propagation through async code (AsyncLocalStorage): the gateway's request span is
 * the parent of the command it sends without every route passing it along. With it, the W3C
 * propagator the HTTP instrumentation uses (through `extractContext`'s checks) and the maintained
 * instrumentations of pg, ioredis and node:http. Installed once per process, and only when some
 * service turns tracing on.
 */
function installContextManager(): void {
  if (contextManagerInstalled) return;
  contextManagerInstalled = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(guardedPropagator(propagator, extractContext));
  enableInstrumentations();
}

/**
 * The tracer of one service, from its configuration. Each service has its own provider (not
 * the global one), so the four services of the in-process test stack keep their own
 * `service.name`. Every span is recorded (AlwaysOn): the request volume of a ledger is low
 * enough, and a caller's `traceparent` flags cannot turn a request's tracing off.
 */
export function startTracing(config: TracingConfig): Tracing {
  if (config.OTEL_TRACES_EXPORTER === 'none') return noTracing;
  installContextManager();
  const processor: SpanProcessor = testExporter
    ? new SimpleSpanProcessor({ exporter: testExporter })
    : // Spans are queued and sent in batches off the request path; a full queue drops spans, never waits.
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: otlpTracesUrl(config.OTEL_EXPORTER_OTLP_ENDPOINT) }) });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.OTEL_SERVICE_NAME }),
    sampler: new AlwaysOnSampler(),
    spanProcessors: [processor],
  });
  const tracer = provider.getTracer('coin-ledger');
  const forget = registerServiceTracer({ serviceName: config.OTEL_SERVICE_NAME, tracer });
  return {
    enabled: true,
    tracer,
    serviceName: config.OTEL_SERVICE_NAME,
    shutdown: () => {
      forget();
      return provider.shutdown();
    },
  };
}

/** OTLP/HTTP's traces path under the base endpoint, as the OTEL_EXPORTER_OTLP_ENDPOINT convention says. */
export function otlpTracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

// ---------------------------------------------------------------- W3C trace context

const propagator = new W3CTraceContextPropagator();

/** Header values as Kafka (strings, read by readHeaders) and Node's HTTP server (string | string[]) give them. */
export type HeaderBag = Record<string, string | string[] | undefined>;

/** A traceparent is 55 characters and a tracestate at most 32 members; anything far longer is refused unread. */
const headerLengthMax = 1024;

const getter: TextMapGetter<HeaderBag> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    // own-key: the propagator asks for its own header names (traceparent, tracestate, baggage)
    const value = carrier[key];
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' && first.length <= headerLengthMax ? first : undefined;
  },
};

const setter: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    // own-key: the propagator writes its own header names
    carrier[key] = value;
  },
};

/**
 * The remote trace context a message or request carries in `traceparent` (and `tracestate`),
 * as the parent of the span that handles it. A missing, malformed or hostile header (bad
 * version, all-zero ids, wrong lengths, not text, too long) gives ROOT_CONTEXT: the span starts
 * a new trace. It never throws, so a header can never fail a request or stop a partition.
 */
export function extractContext(headers: HeaderBag | undefined): Context {
  if (!headers) return ROOT_CONTEXT;
  try {
    const extracted = propagator.extract(ROOT_CONTEXT, headers, getter);
    const spanContext = trace.getSpanContext(extracted);
    return spanContext && isSpanContextValid(spanContext) ? extracted : ROOT_CONTEXT;
  } catch {
    return ROOT_CONTEXT;
  }
}

/** The `traceparent` / `tracestate` headers naming the span active in `ctx` (empty when none). */
export function traceHeadersOf(ctx: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  propagator.inject(ctx, headers, setter);
  return headers;
}

/** The headers that make `span` the parent of whatever handles the message that carries them. */
export function traceHeadersOfSpan(span: Span): Record<string, string> {
  return traceHeadersOf(trace.setSpan(ROOT_CONTEXT, span));
}

/** A link to the span named by a message's headers, if they name a valid one. */
export function linkFromHeaders(headers: HeaderBag | undefined): Link | undefined {
  const spanContext = trace.getSpanContext(extractContext(headers));
  return spanContext ? { context: spanContext } : undefined;
}

// ---------------------------------------------------------------- message spans

/** Attributes of a Kafka message span (OpenTelemetry messaging semantic conventions). */
export function kafkaAttributes(
  topic: string,
  operation: 'send' | 'process' | 'receive',
  extra: { partition?: number; offset?: string; [key: string]: string | number | boolean | undefined } = {},
): Attributes {
  const { partition, offset, ...rest } = extra;
  const attributes: Attributes = {
    'messaging.system': 'kafka',
    'messaging.destination.name': topic,
    'messaging.operation.type': operation,
  };
  if (partition !== undefined) attributes['messaging.destination.partition.id'] = String(partition);
  if (offset !== undefined) attributes['messaging.kafka.offset'] = Number(offset);
  // own-key: attribute names of our own spans (Object.entries of our own object)
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) attributes[key] = value;
  return attributes;
}

/**
 * A CONSUMER span for one delivered message, the child of the context its headers carry (a new
 * root when they carry none, or a malformed one). Undefined when tracing is off.
 */
export function startMessageSpan(tracing: Tracing | undefined, name: string, headers: HeaderBag, attributes: Attributes): Span | undefined {
  if (!tracing?.enabled) return undefined;
  return tracing.tracer.startSpan(name, { kind: SpanKind.CONSUMER, attributes }, extractContext(headers));
}

/** Ends a span, marking it failed with the error's name (never its message: it may hold data). */
export function endSpan(span: Span | undefined, err?: unknown): void {
  if (!span) return;
  if (err !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string') span.setAttribute('error.type', code);
  }
  span.end();
}
