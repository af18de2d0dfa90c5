import {
  context,
  endSpan,
  kafkaAttributes,
  ROOT_CONTEXT,
  startMessageSpan,
  type Attributes,
  type Link,
  type Span,
  type Tracing,
  trace,
} from '@coin/telemetry';
import type { Delivered } from './consumer';

/**
 * The spans of a consumer's delivered messages, wrapped around its batch handler instead of woven
 * into it (docs/DESIGN.md "Traces"): the ledger, user and history adapters share this one. Each
 * message gets a CONSUMER span, the child of its `traceparent`, for as long as the handler runs;
 * the handler reaches a message's span (to set an attribute, to name it in a reply) with
 * `spanOf`. With tracing off nothing is made: `wrap` returns the handler itself.
 */
export interface MessageSpans<T> {
  /** The span of a message whose batch is being handled; undefined when tracing is off. */
  spanOf(item: Delivered<T>): Span | undefined;
  /**
   * The handler with every message of its batch spanned: the spans start before it runs and end
   * when it settles, failed with its error (the error's name only) if it throws. When the batch's
   * messages are all of one trace (a batch of one, always), the handler runs as the child of the
   * first one's span, so its queries (the pg and ioredis instrumentations) join that trace; a batch
   * from several traces has no honest single parent, and its queries make no spans.
   */
  wrap<A extends unknown[]>(
    handle: (items: Delivered<T>[], ...rest: A) => Promise<void>,
  ): (items: Delivered<T>[], ...rest: A) => Promise<void>;
  /**
   * A span for work that serves many messages at once (one apply of merged batches), linked to
   * each message's span and each message's span linked back to it. Its parent is the first
   * message's span when all of them are of one trace (then the transfer's trace holds the work);
   * from many traces no single parent is honest, and it is a root. Undefined when tracing is off.
   */
  startSpanOver(name: string, items: Iterable<Delivered<T>>, attributes: Attributes): Span | undefined;
}

/** What a message's span is called and what it carries beside the messaging attributes. */
export type MessageSpanOf<T> = (item: Delivered<T>) => { name: string; attributes: Record<string, string | number | boolean | undefined> };

/** The SDK keeps 128 links a span; past that, each message's span still links to the shared one. */
const linksMax = 128;

export function messageSpans<T>(tracing: Tracing | undefined, describe: MessageSpanOf<T>): MessageSpans<T> {
  const on = tracing?.enabled ? tracing : undefined;
  if (!on) return { spanOf: () => undefined, wrap: (handle) => handle, startSpanOver: () => undefined };
  // Keyed by the delivered message: it lives as long as its batch, and a merged apply reaches the
  // spans of batches other handlers started.
  const spans = new WeakMap<Delivered<T>, Span>();
  const start = (item: Delivered<T>): Span => {
    const { name, attributes } = describe(item);
    const span = startMessageSpan(
      on,
      name,
      item.headers,
      kafkaAttributes(item.topic, 'process', {
        partition: item.partition,
        offset: item.offset,
        // The record's timestamp (the broker's append time on the command topics): where the bench's hop breakdown splits produce from fetch.
        'coin.kafka.record_timestamp_ms': item.raw ? Number(item.raw.timestamp) : undefined,
        // When its batch reached the handler's slot: where the breakdown splits the fetch from the checks after it.
        'coin.kafka.batch_received_ms': item.receivedAtMs,
        ...attributes,
      }),
    )!;
    spans.set(item, span);
    return span;
  };
  return {
    spanOf: (item) => spans.get(item),
    wrap:
      (handle) =>
      async (items, ...rest) => {
        const started = items.map(start);
        const parent = soleTraceSpan(started);
        try {
          await (parent ? context.with(trace.setSpan(ROOT_CONTEXT, parent), () => handle(items, ...rest)) : handle(items, ...rest));
          for (const span of started) endSpan(span);
        } catch (err) {
          for (const span of started) endSpan(span, err);
          throw err;
        }
      },
    startSpanOver: (name, items, attributes) => {
      const links: Link[] = [];
      const linked: Span[] = [];
      for (const item of items) {
        const span = spans.get(item);
        if (!span) continue;
        linked.push(span);
        if (links.length < linksMax) links.push({ context: span.spanContext() });
      }
      const parent = soleTraceSpan(linked);
      const shared = on.tracer.startSpan(name, { links, attributes }, parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT);
      for (const span of linked) span.addLink({ context: shared.spanContext() });
      return shared;
    },
  };
}

/** The first span when every span is of one trace; undefined when they are of several, or none. */
export function soleTraceSpan(spans: readonly Span[]): Span | undefined {
  const first = spans[0];
  if (!first) return undefined;
  const traceId = first.spanContext().traceId;
  return spans.every((span) => span.spanContext().traceId === traceId) ? first : undefined;
}
