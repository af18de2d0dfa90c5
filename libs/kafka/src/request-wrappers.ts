import type { KafkaMessage } from 'kafkajs';
import type { Reply } from '@coin/contracts';
import type { Logger } from '@coin/logger';
import {
  context,
  endSpan,
  kafkaAttributes,
  linkFromHeaders,
  SpanKind,
  trace,
  traceHeadersOf,
  type Span,
  type Tracing,
} from '@coin/telemetry';
import type { Histogram } from 'prom-client';
import { readHeaders } from './headers';

/**
 * A command's round trip as the transport does it (request-reply.ts `RequestReplyClient.send`),
 * and the wrappers that add what the transport must not know of: the round-trip histogram, the
 * PRODUCER span and the log lines of a request that failed. Each wrapper takes a send and returns
 * one of the same shape, so the client composes them around the plain one (as the ledger composes
 * its apply: services/ledger/src/kafka/apply-steps.ts).
 */

export interface CommandToSend {
  commandId: string;
  type: string;
  issuedAt: string;
  actor: { kind: 'user' | 'system' | 'service' | 'operator'; id: string; role?: string | undefined };
  data: unknown;
}

export interface RequestOptions {
  topic: string;
  /** Partition key, chosen by the contract's rule for the command (partitionKeyOf, userPartitionKeyOf). */
  key: string;
  command: CommandToSend;
  timeoutMs: number;
  requestId?: string;
  traceparent?: string;
}

/** A request as the send gets it: its correlation id, and a wrapper's own headers for the record (the span's trace context). */
export interface SendOptions extends RequestOptions {
  correlationId: string;
  headers?: Record<string, string>;
}

/** A reply, and the record it came in (whose headers link the span that answered). */
export interface Replied {
  reply: Reply;
  message?: KafkaMessage;
}

export type SendRequest = (options: SendOptions) => Promise<Replied>;

/** How a request ended: the `outcome` label of coin_kafka_request_reply_duration_seconds. */
export type RequestOutcome = 'ok' | 'rejected' | 'timeout' | 'unavailable' | 'unreadable';

/** Why the transport failed a request, by the error it rejected with (set where it rejects). */
const failures = new WeakMap<object, Exclude<RequestOutcome, 'ok' | 'rejected'>>();

/** Marks the error a send rejects with by why it failed; returns it. */
export function failedAs<E extends object>(err: E, outcome: Exclude<RequestOutcome, 'ok' | 'rejected'>): E {
  failures.set(err, outcome);
  return err;
}

export function outcomeOf(result: { replied: Replied } | { error: unknown }): RequestOutcome {
  if ('replied' in result) return result.replied.reply.ok ? 'ok' : 'rejected';
  const err = result.error;
  return (typeof err === 'object' && err !== null && failures.get(err)) || 'unavailable';
}

/** Runs `send` and tells `ended` how it went, then passes its result on unchanged. */
function observed(send: SendRequest, options: SendOptions, ended: (outcome: RequestOutcome, result: Replied | unknown) => void) {
  return send(options).then(
    (replied) => {
      ended(outcomeOf({ replied }), replied);
      return replied;
    },
    (error: unknown) => {
      ended(outcomeOf({ error }), error);
      throw error;
    },
  );
}

/**
 * The round trip timed by topic, type and outcome. The timeout series of a command type exists (at
 * 0) from its first request on: the alert on timeouts sees the first one as an increase, not as a
 * series appearing.
 */
export function meteredRequests(send: SendRequest, histogram: Histogram<'topic' | 'type' | 'outcome'> | undefined): SendRequest {
  if (!histogram) return send;
  const typesSent = new Set<string>();
  return (options) => {
    const labels = { topic: options.topic, type: options.command.type };
    const series = `${labels.topic} ${labels.type}`;
    if (!typesSent.has(series)) {
      typesSent.add(series);
      histogram.zero({ ...labels, outcome: 'timeout' });
    }
    const endTimer = histogram.startTimer(labels);
    return observed(send, options, (outcome) => endTimer({ outcome }));
  };
}

/**
 * Each request's PRODUCER span: the child of the active span (the gateway's HTTP request), the
 * parent of the consumer's span through the command's headers; it ends with the reply, linked to
 * the span that answered, or failed with the error.
 */
export function tracedRequests(send: SendRequest, tracing: Tracing | undefined): SendRequest {
  if (!tracing?.enabled) return send;
  return (options) => {
    const span = tracing.tracer.startSpan(
      `send ${options.command.type}`,
      {
        kind: SpanKind.PRODUCER,
        attributes: kafkaAttributes(options.topic, 'send', {
          'messaging.message.conversation_id': options.correlationId,
          'coin.command.id': options.command.commandId,
          'coin.command.type': options.command.type,
        }),
      },
      context.active(),
    );
    const headers = { ...options.headers, ...traceHeadersOf(trace.setSpan(context.active(), span)) };
    return observed(send, { ...options, headers }, (outcome, result) => {
      if (outcome === 'ok' || outcome === 'rejected') endReplySpan(span, result as Replied);
      else endSpan(span, result);
    });
  };
}

/** Ends a request's span with its reply: linked to the span that answered (its headers). */
function endReplySpan(span: Span, { reply, message }: Replied): void {
  const link = message ? linkFromHeaders(readHeaders(message.headers)) : undefined;
  if (link) span.addLink(link);
  span.setAttribute('coin.reply.ok', reply.ok);
  // When the reply's record was made (the replier's producer): where the bench's hop breakdown splits reply produce from fetch.
  if (message) span.setAttribute('coin.reply.record_timestamp_ms', Number(message.timestamp));
  if (!reply.ok) span.setAttribute('error.type', reply.error.code);
  span.end();
}

/** A request that timed out is a warning, one that could not be produced an error; answered ones are the caller's to log. */
export function loggedRequests(send: SendRequest, logger: Logger): SendRequest {
  return (options) =>
    observed(send, options, (outcome, result) => {
      const ids = {
        requestId: options.requestId,
        commandId: options.command.commandId,
        correlationId: options.correlationId,
        topic: options.topic,
        type: options.command.type,
      };
      if (outcome === 'timeout') logger.warn({ ...ids, timeoutMs: options.timeoutMs }, 'command reply timed out');
      else if (outcome === 'unavailable') logger.error({ err: (result as Error).cause ?? result, ...ids }, 'could not produce command');
    });
}
