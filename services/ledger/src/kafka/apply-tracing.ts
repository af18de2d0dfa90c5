import type { LedgerCommand } from '@coin/contracts';
import { messageSpans, type Delivered, type MessageSpans } from '@coin/kafka';
import { context, endSpan, ROOT_CONTEXT, trace, traceHeadersOfSpan, type Span, type Tracing } from '@coin/telemetry';
import { commandCount, type Apply, type PartitionBatches } from './apply-steps';

/**
 * The spans of the ledger's Kafka adapter (docs/DESIGN.md "Traces"), wrapped around it rather
 * than woven into it: one per command, the child of its `traceparent`, whose context its reply
 * and its outbox events carry; one per apply, linked to the commands it holds (group commit: one
 * apply serves many traces), with a child for the outbox publish. With tracing off every part is
 * a no-op and nothing is made.
 */
export interface CommandTracing {
  /** The `eachBatch` handler with a span per command for as long as it runs. */
  wrap: MessageSpans<LedgerCommand>['wrap'];
  /** The apply with its span and its publish's. */
  traced(apply: Apply): Apply;
  /**
   * The headers each command's events carry (its span's trace context), by command id, for the
   * partition batches of one apply; undefined when tracing is off.
   */
  eventHeaders: ((batches: PartitionBatches) => (commandId: string) => Record<string, string> | undefined) | undefined;
  /** Notes a command's outcome on its span and returns the headers its reply carries (the caller's span links to it). */
  answered(item: Delivered<LedgerCommand>, ok: boolean): Record<string, string> | undefined;
}

export function commandTracing(tracing: Tracing | undefined): CommandTracing {
  const on = tracing?.enabled ? tracing : undefined;
  const spans = messageSpans<LedgerCommand>(on, (item) => ({
    name: `process ${item.value.type}`,
    attributes: { 'coin.command.id': item.value.commandId, 'coin.command.type': item.value.type },
  }));
  if (!on) return { wrap: spans.wrap, traced: (apply) => apply, eventHeaders: undefined, answered: () => undefined };
  return {
    wrap: spans.wrap,
    traced: (apply) => tracedApply(apply, spans, on),
    eventHeaders: (batches) => traceHeadersByCommand(batches, spans.spanOf),
    answered: (item, ok) => {
      const span = spans.spanOf(item);
      span?.setAttribute('coin.command.ok', ok);
      return span ? traceHeadersOfSpan(span) : undefined;
    },
  };
}

/**
 * One apply serves many traces: its span is linked to each command's span (their child when they
 * are all of one trace, a root otherwise) and is the active span while the apply runs, so its
 * queries (the pg instrumentation) are its children. It ends with the outbox publish (failed if
 * the apply or the publish fails), whose span is its child.
 */
function tracedApply(apply: Apply, spans: MessageSpans<LedgerCommand>, tracing: Tracing): Apply {
  return async (batches, held) => {
    const applySpan = spans.startSpanOver('ledger apply', batches.flat(), {
      'messaging.batch.message_count': commandCount(batches),
      'coin.ledger.partition_batches': batches.length,
    });
    let committed: Awaited<ReturnType<Apply>>;
    try {
      committed = await (applySpan
        ? context.with(trace.setSpan(ROOT_CONTEXT, applySpan), () => apply(batches, held))
        : apply(batches, held));
    } catch (err) {
      endSpan(applySpan, err);
      throw err;
    }
    const { batch, publish } = committed;
    applySpan?.setAttribute('coin.ledger.applied', batch.applied);
    return {
      batch,
      publish: () => {
        const publishSpan =
          applySpan && batch.outbox
            ? tracing.tracer.startSpan(
                'publish outbox',
                { attributes: { 'messaging.system': 'kafka', 'messaging.batch.message_count': batch.outbox.messages.length } },
                trace.setSpan(ROOT_CONTEXT, applySpan),
              )
            : undefined;
        const published = publish();
        published.then(
          () => {
            endSpan(publishSpan);
            endSpan(applySpan);
          },
          (err: unknown) => {
            endSpan(publishSpan, err);
            endSpan(applySpan, err);
          },
        );
        return published;
      },
    };
  };
}

/** The trace headers of each traced command of an apply, by command id (a repeated id: its first). */
function traceHeadersByCommand(
  batches: PartitionBatches,
  spanOf: (item: Delivered<LedgerCommand>) => Span | undefined,
): (commandId: string) => Record<string, string> | undefined {
  const byId = new Map<string, Span>();
  for (const batch of batches)
    for (const item of batch) {
      const span = spanOf(item);
      if (span && !byId.has(item.value.commandId)) byId.set(item.value.commandId, span);
    }
  return (commandId) => {
    const span = byId.get(commandId);
    return span ? traceHeadersOfSpan(span) : undefined;
  };
}
