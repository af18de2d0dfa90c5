import { transactionRecorded } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { messageSpans, storeIsolatingDataErrors, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import type { Tracing } from '@coin/telemetry';
import { z } from 'zod';
import { storeTransactions, type ProjectedRow } from '../db/history-repo';
import { projectionOf } from '../domain/projection';
import type { HistoryMetrics } from '../metrics';

/**
 * The schema the history consumer validates with: the event contract, turned at the door into
 * the row history stores (amounts in minor units from here on). An event that has no such row
 * (an invalid amount, no party) fails it and is dead-lettered by the consumer like any other
 * invalid message, instead of failing forever in the database.
 */
export const projectableTransactionEvent = transactionRecorded.transform((event, ctx) => {
  const projection = projectionOf(event.transaction);
  if (!projection.ok) {
    ctx.addIssue({ code: 'custom', message: projection.reason, path: ['transaction'] });
    return z.NEVER;
  }
  return { eventId: event.eventId, occurredAt: event.occurredAt, row: projection.row };
});
export type ProjectableEvent = z.output<typeof projectableTransactionEvent>;

function rowOf(event: ProjectableEvent): ProjectedRow {
  return { ...event.row, event_id: event.eventId };
}

/**
 * Stores one row per transaction and one per party; a redelivered event hits the primary keys
 * and changes nothing. If the database refuses the batch for its data, each event is stored on
 * its own and the one it refuses goes to the dead-letter topic (@coin/kafka
 * storeIsolatingDataErrors), so one bad message cannot block its partition. Any other failure is
 * thrown: the batch is not committed and comes back.
 */
export function handleTransactionEvents(deps: {
  pool: Pool;
  producer: BatchingProducer;
  logger: Logger;
  metrics: HistoryMetrics;
  /** A span per event, the child of the ledger command's span its `traceparent` names (off when absent). */
  tracing?: Tracing;
}) {
  const record = (items: Delivered<ProjectableEvent>[], inserted: number) => {
    const now = Date.now();
    deps.metrics.eventsApplied.inc({ outcome: 'new' }, inserted);
    deps.metrics.eventsApplied.inc({ outcome: 'duplicate' }, items.length - inserted);
    for (const item of items) {
      const occurredAtMs = Date.parse(item.value.occurredAt);
      deps.metrics.markApplied(occurredAtMs);
      if (inserted > 0) deps.metrics.applyDelay.observe(Math.max(0, now - occurredAtMs) / 1000);
    }
  };
  const project = async (items: Delivered<ProjectableEvent>[]): Promise<void> => {
    await storeIsolatingDataErrors(items, {
      store: async (part) => {
        const rows = part.map((i) => rowOf(i.value));
        record(part, await storeTransactions(deps.pool, rows));
      },
      messageOf: (item) => item,
      producer: deps.producer,
      logger: deps.logger,
      refusal: 'projection refused',
      onDeadLettered: () => deps.metrics.eventsDeadLettered.inc(),
    });
  };
  const spans = messageSpans<ProjectableEvent>(deps.tracing, (item) => ({
    name: 'project coin.transaction.recorded',
    attributes: { 'coin.event.id': item.value.eventId, 'coin.transaction.id': String(item.value.row.id) },
  }));
  return spans.wrap(project);
}
