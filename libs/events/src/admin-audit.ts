import { z } from 'zod';
import { eventSchema } from './envelope';
import { isoDateTime, role } from './primitives';

/**
 * The topic (before any deployment prefix) of the admin audit log. One partition: one total order
 * of every administrative action, which the history service's hash chain follows.
 */
export const adminAuditTopic = 'admin.audit';

/** Every administrative action the audit log records (docs/OPERATIONS.md "Audit log"). */
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

/** Every event type of admin.audit, discriminated by `type`. */
export const adminAuditEvent = z.discriminatedUnion('type', [adminActionRecorded]);
export type AdminAuditEvent = z.infer<typeof adminAuditEvent>;
export const adminAuditEventTypes = adminAuditEvent.options.map((o) => o.shape.type.value);
