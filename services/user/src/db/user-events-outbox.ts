import {
  adminActionEvent,
  adminRefusalEvent,
  adminServiceActionEvent,
  type AuditRecord,
  type RefusalRecord,
  type ServiceActionRecord,
  type TopicNames,
  type UserEventV2,
} from '@coin/contracts';
import { insertOutbox, type OutboxMessage, type OutboxRow, type PoolClient } from '@coin/db';
import { scrubbedUserEvent } from '../domain/erasure';

/**
 * The one user-event-to-message mapping. Keyed by the user's id, so one account's events stay in
 * order on one partition; the type header lets consumers skip events without parsing them.
 */
export function userEventMessage(topics: Pick<TopicNames, 'userEventsV2'>, event: UserEventV2): OutboxMessage {
  return { topic: topics.userEventsV2, key: String(event.user.id), headers: { type: event.type }, payload: event };
}

/**
 * A row an older version of this service addressed to user.events (version 1, retired; its
 * events named the e-mail address), as the same event of user.events.v2: version 2, the same
 * eventId, the account by id only. Any other row as it is. The row itself is left as it was
 * written; erasure removes the address from it (admin/erasure.ts).
 */
export function readdressedUserEventRow<R extends Pick<OutboxRow, 'topic' | 'payload'>>(
  topics: Pick<TopicNames, 'userEvents' | 'userEventsV2'>,
  row: R,
): R {
  if (row.topic !== topics.userEvents) return row;
  const payload = (scrubbedUserEvent(row.payload) ?? row.payload) as Record<string, unknown>;
  return { ...row, topic: topics.userEventsV2, payload: { ...payload, version: 2 } };
}

/** Puts the events in the outbox in the caller's transaction; the rows are what the relay publishes. */
export async function insertUserEvents(
  client: PoolClient,
  topics: Pick<TopicNames, 'userEventsV2'>,
  events: UserEventV2[],
): Promise<OutboxRow[]> {
  const messages = events.map((event) => userEventMessage(topics, event));
  const ids = await insertOutbox(client, messages);
  return messages.map((message, i) => ({ id: ids[i]!, ...message }));
}

/** The admin.audit message of a record, keyed by its id (the topic has one partition: one order for the hash chain). */
export function auditRecordMessage(
  topics: Pick<TopicNames, 'adminAudit'>,
  record: AuditRecord | ServiceActionRecord | RefusalRecord,
): OutboxMessage {
  // A refusal has a reason, a service's action a source; an action record neither.
  const event =
    'reason' in record ? adminRefusalEvent(record) : 'source' in record ? adminServiceActionEvent(record) : adminActionEvent(record);
  return { topic: topics.adminAudit, key: record.id, headers: { type: event.type }, payload: event };
}

/** Puts admin audit records in the outbox in the caller's transaction: recorded if and only if the action commits. */
export async function insertAuditRecords(
  client: PoolClient,
  topics: Pick<TopicNames, 'adminAudit'>,
  records: Array<AuditRecord | ServiceActionRecord | RefusalRecord>,
): Promise<OutboxRow[]> {
  const messages = records.map((record) => auditRecordMessage(topics, record));
  const ids = await insertOutbox(client, messages);
  return messages.map((message, i) => ({ id: ids[i]!, ...message }));
}
