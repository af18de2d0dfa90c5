import { z } from 'zod';
import { isoDateTime, singleLineText } from './common';
import { historyCursor, historyPaging, queryInt, utcQueryTime } from './history';
import { withPageLinks } from './paging';
import {
  type AdminActionRecorded,
  type AdminRefusalRecorded,
  type AuditRecord,
  auditAction,
  auditRecord,
  type RefusalRecord,
  refusalRecord,
  serviceActionRecord,
  type AdminServiceActionRecorded,
  type ServiceActionRecord,
} from '@coin/events';

// The audit record and the events on admin.audit live in @coin/events (libs/events).
export {
  type AdminActionRecorded,
  type AdminAuditEvent,
  type AdminRefusalRecorded,
  type AuditAction,
  type AuditActor,
  type AuditLogRecord,
  type AuditRecord,
  type AuditSummary,
  type RefusalActor,
  type RefusalRecord,
  type RefusalSource,
  type AdminServiceActionRecorded,
  type ServiceActionRecord,
  adminActionRecorded,
  adminRefusalRecorded,
  adminServiceActionRecorded,
  serviceActionRecord,
  adminAuditEvent,
  adminAuditEventTypes,
  adminAuditTopic,
  auditAction,
  auditActions,
  auditActor,
  auditRecord,
  auditSummary,
  refusalActor,
  refusalRecord,
  refusalSource,
  refusalSources,
} from '@coin/events';

/*
 * The admin.audit envelope of a record, one home for every writer (the ledger's and the user
 * service's actions, each service's refusals): the event is named by its record (a redelivered
 * record is the same event) and occurs when the record says. The members are written in this
 * order, which is the bytes on the wire.
 */
export function adminActionEvent(record: AuditRecord): AdminActionRecorded {
  return { eventId: record.id, type: 'admin.action.recorded', version: 1, occurredAt: record.at, record };
}

export function adminRefusalEvent(record: RefusalRecord): AdminRefusalRecorded {
  return { eventId: record.id, type: 'admin.refusal.recorded', version: 1, occurredAt: record.at, record };
}

export function adminServiceActionEvent(record: ServiceActionRecord): AdminServiceActionRecorded {
  return { eventId: record.id, type: 'admin.service-action.recorded', version: 1, occurredAt: record.at, record };
}

/** GET /api/admin/audit-log: every admin action, newest first, keyset pages on the log's sequence. */
export const auditLogQuery = z.strictObject({
  actor: singleLineText(1, 100).optional().describe("The actor's id: a user id, a platform client id or an operator's name"),
  action: auditAction.optional(),
  target: singleLineText(1, 200).optional().describe('Exactly, e.g. user:42, treasury:REWARDS, api-key:<id>, client:<id>'),
  result: z
    .enum(['applied', 'rejected'])
    .optional()
    .describe('rejected: refused actions and every refusal of authority (401/403 on admin routes, refused commands)'),
  from: isoDateTime.transform(utcQueryTime).optional().describe('at >= from'),
  to: isoDateTime.transform(utcQueryTime).optional().describe('at < to'),
  limit: queryInt(1, historyPaging.cursorPageLimitMax, historyPaging.cursorPageLimitDefault),
  cursor: historyCursor.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

const chainPlace = {
  seq: z.number().int().positive().describe('Its place in the log (one total order of admin actions)'),
  hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe('sha256 of the previous entry hash and this record (canonical JSON): npm run audit verifies the chain'),
};

/**
 * A record as the log keeps it, with its place in the log and its link in the hash chain: an
 * action (applied or rejected where it was applied), or a refusal of authority (it has `source`).
 * Every field the chain hashes is returned (docs/CONTRACT.md "Verifying the audit log"): the
 * refusal is tried first, since a refusal whose action is also an action's name (a refused
 * `user.change-role`) matches the action's shape too, which would drop its `source`, `reason`,
 * `address` and `actor.verified`.
 */
export const auditLogEntry = z.union([refusalRecord.extend(chainPlace), auditRecord.extend(chainPlace)]);
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogPage = z.object({
  entries: z.array(auditLogEntry),
  nextCursor: z.string().nullable().describe('null on the last page'),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;
/** GET /api/admin/audit-log (the history service's internal route keeps the form above). */
export const auditLogPublicPage = withPageLinks(auditLogPage);

/*
 * The services' own actions (admin.service-action.recorded: the webhooks service disabling or
 * re-enabling an endpoint) are in the same hash-chained log, with their place in it, and read on
 * their own route (GET /api/admin/audit-log/service-actions): adding them to the entries above
 * would widen a response of API 2.0.0, which breaks its clients (docs/VERSIONING.md).
 */
export const serviceActionLogEntry = serviceActionRecord.extend(chainPlace);
export type ServiceActionLogEntry = z.infer<typeof serviceActionLogEntry>;
export const serviceActionLogQuery = z.strictObject({
  actor: singleLineText(1, 100).optional().describe("The actor's id: `webhooks` (the service itself), a user id or a platform client id"),
  target: singleLineText(1, 200).optional().describe('Exactly, e.g. webhook-endpoint:<id>, balance-monitor:<id>'),
  from: isoDateTime.transform(utcQueryTime).optional().describe('at >= from'),
  to: isoDateTime.transform(utcQueryTime).optional().describe('at < to'),
  limit: queryInt(1, historyPaging.cursorPageLimitMax, historyPaging.cursorPageLimitDefault),
  cursor: historyCursor.optional(),
});
export type ServiceActionLogQuery = z.infer<typeof serviceActionLogQuery>;
export const serviceActionLogPage = z.object({
  entries: z.array(serviceActionLogEntry),
  nextCursor: z.string().nullable().describe('null on the last page'),
});
export const serviceActionLogPublicPage = withPageLinks(serviceActionLogPage);
