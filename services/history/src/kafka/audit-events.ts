import { adminAuditEvent, type AdminAuditEvent, type TopicNames } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { deadLetter, originalMessageOf, storeIsolatingDataErrors, type BatchingProducer, type Delivered } from '@coin/kafka';
import type { Logger } from '@coin/logger';
import type { AuditSignatureVerifier } from '@coin/security';
import { type IncomingAuditRecord, storeAuditRecords } from '../db/audit-log-repo';
import { auditWriterRefusal } from '../domain/audit-writers';

/** The schema the audit consumer validates with: the event contract; anything else is dead-lettered by the consumer. */
export const projectableAuditEvent = adminAuditEvent;

/** A random UUID (version 4): what the gateway's refusal records have, and no derived (version 5) id can be. */
const randomUuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * Who may have written what (docs/DESIGN.md "Admin audit log"): admin.refusals is the gateway's
 * alone (its KafkaUser may write nothing else of the log), so it carries only the gateway's
 * refusal records, under random ids (a derived id there would be one taken from a record still to
 * come); admin.audit, which the gateway may not write, carries no record claiming the gateway.
 */
export function auditSourceRefusal(topics: Pick<TopicNames, 'adminAudit' | 'adminRefusals'>) {
  return (event: AdminAuditEvent, topic: string): string | null => {
    if (topic === topics.adminRefusals) {
      if (event.type !== 'admin.refusal.recorded' || event.record.source !== 'gateway')
        return `source: ${topic} carries the gateway's refusal records only, not ${event.type}${event.type === 'admin.refusal.recorded' ? ` from ${event.record.source}` : ''}`;
      if (!randomUuidPattern.test(event.record.id)) return `record.id: a gateway refusal record has a random (version 4) id`;
      return null;
    }
    if (event.type === 'admin.refusal.recorded' && event.record.source === 'gateway')
      return `source: the gateway's refusal records travel on ${topics.adminRefusals}, not ${topic}`;
    return null;
  };
}

/** The consumer group of the audit log's projection (its own: the chain is written by one consumer, serially). */
export function auditGroupId(topicPrefix: string): string {
  return `${topicPrefix}history-audit`;
}

/** A record whose signature and writer hold, with the message it came in. */
interface SignedRecord {
  item: Delivered<AdminAuditEvent>;
  incoming: IncomingAuditRecord;
}

/** What the audit consumer counts (HistoryMetrics). */
export interface AuditEventMetrics {
  auditRecordsRefused: { inc(labels: { reason: 'signature' | 'writer' }): void };
  auditIdConflicts: { inc(): void };
}

/**
 * Appends each batch's records to the hash-chained log in offset order (admin.audit and
 * admin.refusals have one partition each: one order each). Each record must first carry a valid
 * signature of a writer of the log and be a record that writer may write (auditWriterRefusal);
 * one that is not is dead-lettered and counted (`coin_history_audit_records_refused_total`,
 * alert CoinAuditRecordRefused), never chained. A redelivered record is skipped; one whose id is
 * stored with other content is kept in admin_audit_conflicts and counted
 * (`coin_history_audit_id_conflicts_total`, alert CoinAuditIdConflict). If the database refuses
 * the batch for its data, each record is stored on its own and the one refused is dead-lettered
 * (@coin/kafka storeIsolatingDataErrors), so one bad message cannot block the log. Any other
 * failure is thrown: the batch comes back.
 */
export function handleAuditEvents(deps: {
  pool: Pool;
  producer: BatchingProducer;
  logger: Logger;
  verifier: AuditSignatureVerifier;
  refusalsTopic: string;
  metrics: AuditEventMetrics;
}) {
  const refuse = async (item: Delivered<AdminAuditEvent>, error: string) => {
    deps.logger.warn(
      { topic: item.topic, partition: item.partition, offset: item.offset, error },
      'dead-lettering unstorable audit record',
    );
    await deadLetter(deps.producer, item.topic, item.partition, originalMessageOf(item), error);
  };
  /** The records whose writer holds, with it and their message; the others dead-lettered and counted. */
  const signed = async (items: Delivered<AdminAuditEvent>[]): Promise<SignedRecord[]> => {
    const kept: SignedRecord[] = [];
    for (const item of items) {
      const check = deps.verifier.check(originalMessageOf(item).value, item.headers);
      const refusal = check.ok ? auditWriterRefusal(item.value, check.signer, item.topic === deps.refusalsTopic) : check.reason;
      if (refusal !== null || !check.ok) {
        deps.metrics.auditRecordsRefused.inc({ reason: check.ok ? 'writer' : 'signature' });
        await refuse(item, `audit log refused: ${refusal}`);
        continue;
      }
      kept.push({
        item,
        incoming: {
          record: item.value.record,
          signer: check.signer,
          from: { topic: item.topic, partition: item.partition, offset: item.offset },
        },
      });
    }
    return kept;
  };
  const store = async (signedRecords: SignedRecord[]) => {
    const result = await storeAuditRecords(
      deps.pool,
      signedRecords.map((one) => one.incoming),
    );
    for (const conflict of result.conflicts) {
      deps.metrics.auditIdConflicts.inc();
      deps.logger.error(
        { ...conflict.from, id: conflict.record.id, signer: conflict.signer },
        'audit record id is stored with other content: both kept (admin_audit_conflicts)',
      );
    }
  };
  return async (items: Delivered<AdminAuditEvent>[]): Promise<void> => {
    await storeIsolatingDataErrors(await signed(items), {
      store,
      messageOf: (one) => one.item,
      producer: deps.producer,
      logger: deps.logger,
      refusal: 'audit log refused',
    });
  };
}
