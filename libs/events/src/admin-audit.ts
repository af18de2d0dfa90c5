import { z } from 'zod';
import { eventSchema } from './envelope';
import { isoDateTime, role } from './primitives';

/**
 * The topic (before any deployment prefix) of the admin audit log. One partition: one total order
 * of every administrative action, which the history service's hash chain follows.
 */
export const adminAuditTopic = 'admin.audit';

/** Every administrative action the audit log records (docs/operations/procedures.md "Audit log"). */
export const auditActions = [
  'user.change-role',
  'user.delete',
  'user.create-superadmin',
  'sessions.revoke',
  'api-key.create',
  'api-key.revoke',
  'platform-client.create',
  'platform-client.revoke',
  'money.mint',
  'money.burn',
  'money.refund',
  'money.reward',
  'limits.set',
  'approval.request',
  'approval.approve',
  'approval.reject',
] as const;
export const auditAction = z.enum(auditActions);
export type AuditAction = z.infer<typeof auditAction>;

/** Who did it: the command's actor (an operator of the CLI has kind `operator`). */
export const auditActor = z.object({
  kind: z.enum(['user', 'system', 'service', 'operator']),
  id: z.string().min(1).max(100),
  role: role.optional(),
});
export type AuditActor = z.infer<typeof auditActor>;

/**
 * A small JSON object of the request's non-secret fields (amounts in coins, reason, role, scopes,
 * names); never a password, token, key secret, client secret or their hashes.
 */
export const auditSummary = z.record(
  z.string().max(100),
  z.union([z.string().max(1000), z.number(), z.boolean(), z.null(), z.array(z.string().max(200)).max(50)]),
);
export type AuditSummary = z.infer<typeof auditSummary>;

/** One administrative action, as the service that applied (or refused) it recorded it. */
export const auditRecord = z.object({
  /** Derived from the command id and the action: a redelivered command is the same record. */
  id: z.uuid(),
  at: isoDateTime,
  actor: auditActor,
  action: auditAction,
  /** What it acted on: `user:42`, `treasury:REWARDS`, `api-key:<id>`, `client:<id>`, `transaction:<id>`. */
  target: z.string().min(1).max(200),
  summary: auditSummary,
  result: z.enum(['applied', 'rejected']),
  /** The error code of a rejected action (`LAST_SUPERADMIN`, `INSUFFICIENT_FUNDS`…); null when applied. */
  errorCode: z.string().max(100).nullable(),
  /** The gateway's request id (the `request-id` header); null for operator actions (no HTTP request). */
  requestId: z.string().max(200).nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const adminActionRecorded = eventSchema('admin.action.recorded', { record: auditRecord });
export type AdminActionRecorded = z.infer<typeof adminActionRecorded>;

/** Who refused: the gateway (a 401/403 on a guarded route) or a consumer that refused a command before applying it. */
export const refusalSources = ['gateway', 'ledger', 'user'] as const;
export const refusalSource = z.enum(refusalSources);
export type RefusalSource = z.infer<typeof refusalSource>;

/**
 * Who was refused. `anonymous` is a caller without a valid token: its id is the client address.
 * `verified` says whether anything checked the identity: the gateway's verified token (true), or
 * only what a refused command says about its sender (false: a forged command names anyone).
 */
export const refusalActor = z.object({
  kind: z.enum(['user', 'system', 'service', 'operator', 'anonymous']),
  id: z.string().min(1).max(100),
  role: role.optional(),
  verified: z.boolean(),
});
export type RefusalActor = z.infer<typeof refusalActor>;

/**
 * One refusal of authority (docs/DESIGN.md "Admin audit log"): a 401/403 of the gateway on an
 * admin, superadmin, reward or settle route or one needing an API key, or a command a consumer
 * refused before applying it (wrong topic, wrong key). Shaped like an action record so the log
 * reads both alike; `action` is free text here (the route's operationId, or the command type),
 * since what was refused need not be an action the system has.
 */
export const refusalRecord = z.object({
  /** Random at the gateway; derived from topic, partition and offset for a refused command (a redelivery is the same record). */
  id: z.uuid(),
  at: isoDateTime,
  source: refusalSource,
  actor: refusalActor,
  /** The client address the gateway saw (after trusted proxies); null for a refused command. */
  address: z.string().max(100).nullable(),
  /** The route's operationId (`mintCoins`) or `METHOD /route/pattern`; the command type (`ledger.credit`); `refusals.suppressed`. */
  action: z.string().min(1).max(200),
  /** What was asked for: `route:POST /api/admin/coins/mint`, `command:<id>`, `address:<ip>`. */
  target: z.string().min(1).max(200),
  /** Non-secret details (method, route, status, scope, topic, partition, offset, a suppressed count); never a token or key. */
  summary: auditSummary,
  result: z.literal('rejected'),
  /** The refusal's error code (`FORBIDDEN`, `API_KEY_SCOPE`, `COMMAND_REFUSED`, `REFUSALS_SUPPRESSED`). */
  errorCode: z.string().min(1).max(100),
  /** Why, in a sentence (the error detail or the consumer's refusal). */
  reason: z.string().max(1000),
  /** The gateway's request id (the `request-id` header of a command); null when there was none. */
  requestId: z.string().max(200).nullable(),
});
export type RefusalRecord = z.infer<typeof refusalRecord>;

export const adminRefusalRecorded = eventSchema('admin.refusal.recorded', { record: refusalRecord });
export type AdminRefusalRecorded = z.infer<typeof adminRefusalRecorded>;

/**
 * An action a service took or applied outside the commands of `admin.action.recorded` (added in
 * 1.6.0, a new event type rather than new `auditAction` values, which would break consumers of
 * version 1): the webhooks service disabling an endpoint after persistent failure (actor: the
 * service) or re-enabling it for a person or platform client (actor: who asked, as the gateway
 * verified). `action` is free text (`webhook-endpoint.disable`, `webhook-endpoint.enable`), so
 * later actions of this kind need no schema change.
 */
export const serviceActionRecord = z.object({
  /** Derived from what happened (the endpoint and the time it was disabled): a republished record is the same record. */
  id: z.uuid(),
  at: isoDateTime,
  /** The service that took the action and wrote the record (`webhooks`). */
  source: z.string().min(1).max(100),
  actor: auditActor,
  action: z.string().min(1).max(200),
  /** What it acted on: `webhook-endpoint:<id>`. */
  target: z.string().min(1).max(200),
  summary: auditSummary,
  result: z.literal('applied'),
  errorCode: z.null(),
  requestId: z.string().max(200).nullable(),
});
export type ServiceActionRecord = z.infer<typeof serviceActionRecord>;

export const adminServiceActionRecorded = eventSchema('admin.service-action.recorded', { record: serviceActionRecord });
export type AdminServiceActionRecorded = z.infer<typeof adminServiceActionRecorded>;

/** Any record of the log: an action (applied or rejected by the service applying it), a refusal of authority, a service's action. */
export type AuditLogRecord = AuditRecord | RefusalRecord | ServiceActionRecord;

/** Every event type of admin.audit, discriminated by `type`. */
export const adminAuditEvent = z.discriminatedUnion('type', [adminActionRecorded, adminRefusalRecorded, adminServiceActionRecorded]);
export type AdminAuditEvent = z.infer<typeof adminAuditEvent>;
export const adminAuditEventTypes = adminAuditEvent.options.map((o) => o.shape.type.value);
