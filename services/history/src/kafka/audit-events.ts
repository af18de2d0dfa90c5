import { adminAuditEvent, type AdminAuditEvent } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { deadLetter, originalMessageOf, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import { storeAuditRecords } from '../db/audit-log-repo';

/** The schema the audit consumer validates with: the event contract; anything else is dead-lettered by the consumer. */
export const projectableAuditEvent = adminAuditEvent;

/** The consumer group of the audit log's projection (its own: the chain is written by one consumer, serially). */
export function auditGroupId(topicPrefix: string): string {
  return `${topicPrefix}history-audit`;
}

/** PostgreSQL SQLSTATE classes that blame the data, not the database: 22 data exception, 23 integrity. */
function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/**
 * Appends each batch's records to the hash-chained log in offset order (admin.audit has one
 * partition: one order); a redelivered record is skipped, and one whose id is stored with other
 * content is dead-lettered (storeAuditRecords). If the database refuses the batch for
 * its data, each record is tried on its own and the one refused is dead-lettered, so one bad
 * message cannot block the log. Any other failure is thrown: the batch comes back.
 */
export function handleAuditEvents(deps: { pool: Pool; producer: BatchingProducer; logger: Logger }) {
  const refuse = async (item: Delivered<AdminAuditEvent>, error: string) => {
    deps.logger.warn(
      { topic: item.topic, partition: item.partition, offset: item.offset, error },
      'dead-lettering unstorable audit record',
    );
    await deadLetter(deps.producer, item.topic, item.partition, originalMessageOf(item), error);
  };
  /** A record whose id is taken by other content is kept out of the chain, and kept for operators. */
  const refuseConflicts = async (batch: Delivered<AdminAuditEvent>[], conflicts: AdminAuditEvent['record'][]) => {
    for (const item of batch.filter((i) => conflicts.includes(i.value.record))) {
      await refuse(item, `audit log refused: record id ${item.value.record.id} is stored with other content (a colliding writer?)`);
    }
  };
  return async (items: Delivered<AdminAuditEvent>[]): Promise<void> => {
    try {
      const result = await storeAuditRecords(
        deps.pool,
        items.map((i) => i.value.record),
      );
      await refuseConflicts(items, result.conflicts);
      return;
    } catch (err) {
      if (!isDataError(err)) throw err;
      deps.logger.warn({ err, count: items.length }, 'audit batch refused for its data; storing records one by one');
    }
    for (const item of items) {
      try {
        await refuseConflicts([item], (await storeAuditRecords(deps.pool, [item.value.record])).conflicts);
      } catch (err) {
        if (!isDataError(err)) throw err;
        await refuse(item, `audit log refused: ${(err as Error).message}`);
      }
    }
  };
}
