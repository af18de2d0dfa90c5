import {
  context,
  isSpanContextValid,
  logs,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
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
import type { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOnSampler, TracerProvider, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { enableInstrumentations, guardedPropagator, registerServiceTracer } from './instrumentations';

export { traceableModule, type TraceableModule } from './instrumentations';

export { SpanKind, SpanStatusCode, ROOT_CONTEXT, context, trace };
/** The HTTP instrumentation's per-request metadata: a framework names the request's route there. */
export { getRPCMetadata, RPCType };
export type { Attributes, Context, Link, Span, SpanContext, Tracer };
/** For tests: the exporter `useSpanExporterForTests` takes, and the spans it holds. */
export { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';

/**
 * The tracing keys of a parsed configuration (`tracingEnv` in @coin/config). The rest of the
 * standard `OTEL_*` variables (the exporter's endpoint, protocol and headers, the sampler's
 * argument, the resource's attributes, the batch processor's limits) are read from the process
 * environment by the OpenTelemetry SDK itself, as every SDK reads them.
 */
export interface TracingConfig {
  /** `none` (the default): no SDK, no span. `otlp`: the SDK, exporting over OTLP. */
  OTEL_TRACES_EXPORTER: 'none' | 'otlp';
  /** The `service.name` of this service's spans (ahead of one in OTEL_RESOURCE_ATTRIBUTES). */
  OTEL_SERVICE_NAME: string;
  /** Whether a sampler is set (the SDK builds it from the environment); unset: every span is recorded. */
  OTEL_TRACES_SAMPLER?: string | undefined;
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

/**
 * The instrumentation scope of the spans this project makes by hand (at the Kafka boundaries, a
 * request's span without a server, the ledger's apply): its own. The maintained instrumentations'
 * spans keep their own scope (`@opentelemetry/instrumentation-pg`, …), as each names it.
 */
export const ownInstrumentationScope = 'coin-ledger';

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

/**
 * The test exporter's processor: each sampled span handed over as it ends, in the same call. (The
 * SDK's SimpleSpanProcessor first waits for the resource's asynchronously detected attributes,
 * `host.id`, so a span would reach the exporter a moment after it ended.)
 */
function exportAsItEnds(exporter: SpanExporter): SpanProcessor {
  return {
    onStart: () => undefined,
    onEnd: (span) => {
      if ((span.spanContext().traceFlags & TraceFlags.SAMPLED) !== 0) exporter.export([span], () => undefined);
    },
    forceFlush: async () => undefined,
    shutdown: () => exporter.shutdown(),
  };
}

/**
 * Active-span propagation through async code (AsyncLocalStorage): the gateway's request span is
 * the parent of the command it sends without every route passing it along. One per process, which
 * the first service's SDK registers; later services of the same process (the in-process test
 * stack) hand theirs the same one.
 */
let contextManager: AsyncLocalStorageContextManager | undefined;

/**
 * The OpenTelemetry Node SDK of one service (`NodeSDK`), from the standard `OTEL_*` variables:
 * the exporter (OTLP, `OTEL_EXPORTER_OTLP_*`: endpoint, protocol, headers; the batch processor's
 * `OTEL_BSP_*`), the sampler (`OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`), the resource
 * (`OTEL_RESOURCE_ATTRIBUTES`, the resource detectors of `OTEL_NODE_RESOURCE_DETECTORS`, and
 * `service.name` from the configuration), `OTEL_SDK_DISABLED`, `OTEL_LOG_LEVEL`. What it does not
 * set up: metrics (Prometheus scrapes prom-client's registry) and logs (pino, on stdout); the
 * instrumentations, applied without a load hook (`./instrumentations`); a propagator other than
 * the guarded W3C one (`extractContext`'s checks, the same as a Kafka message's headers). The SDK
 * is loaded here, when tracing is on, never in a process that does not trace.
 *
 * The provider it builds is read back from the API's global, where `start()` registers it: the
 * globals of a previous service of the same process are cleared first, so the provider read back
 * is this service's (a deployed process runs one service, whose provider stays the global one).
 * Undefined when the SDK built none (`OTEL_SDK_DISABLED=true`).
 */
function startSdk(config: TracingConfig): { sdk: NodeSDK; provider: TracerProvider } | undefined {
  const { NodeSDK: Sdk } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const first = contextManager === undefined;
  contextManager ??= new AsyncLocalStorageContextManager();
  const sdk = new Sdk({
    serviceName: config.OTEL_SERVICE_NAME,
    // Without OTEL_TRACES_SAMPLER every span is recorded, whatever a caller's traceparent flags say.
    ...(config.OTEL_TRACES_SAMPLER === undefined ? { sampler: new AlwaysOnSampler() } : {}),
    ...(testExporter ? { spanProcessors: [exportAsItEnds(testExporter)] } : {}),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
    contextManager,
    textMapPropagator: first ? guardedPropagator(propagator, extractContext) : null,
  });
  trace.disable();
  logs.disable();
  sdk.start();
  const provider = (trace.getTracerProvider() as ProxyTracerProvider).getDelegate();
  if (provider instanceof TracerProvider) return { sdk, provider };
  void sdk.shutdown();
  return undefined;
}

/**
 * The tracer of one service, from its configuration. Each service has its own SDK and provider,
 * so the four services of the in-process test stack keep their own `service.name`. The maintained
 * instrumentations are applied when the first service turns tracing on, and route each span to
 * the provider of the service it belongs to.
 */
export function startTracing(config: TracingConfig): Tracing {
  if (config.OTEL_TRACES_EXPORTER === 'none') return noTracing;
  const started = startSdk(config);
  if (!started) return noTracing;
  enableInstrumentations();
  const { sdk, provider } = started;
  const forget = registerServiceTracer({ serviceName: config.OTEL_SERVICE_NAME, provider });
  return {
    enabled: true,
    tracer: provider.getTracer(ownInstrumentationScope),
    serviceName: config.OTEL_SERVICE_NAME,
    shutdown: () => {
      forget();
      return sdk.shutdown();
    },
  };
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
