import { adminServiceActionEvent, type ServiceActionRecord } from '@coin/contracts';
import { insertOutbox, type PoolClient } from '@coin/db';
import { randomUUID } from 'node:crypto';

/** Who took an action on an endpoint: the service itself (a disabling), or who asked, as the gateway verified it. */
export type EndpointActionActor = ServiceActionRecord['actor'];

export const serviceActor: EndpointActionActor = { kind: 'service', id: 'webhooks' };

export interface EndpointAction {
  action:
    | 'webhook-endpoint.disable'
    | 'webhook-endpoint.enable'
    | 'webhook-endpoint.create'
    | 'webhook-endpoint.delete'
    | 'webhook-endpoint.rotate-secret'
    | 'webhook-endpoint.redeliver'
    | 'webhook-endpoint.resend-event'
    | 'webhook-endpoint.test'
    | 'webhook-endpoint.set-pace'
    | 'webhook-endpoint.recover';
  endpointId: string;
  clientId: string;
  /** When it happened, as the endpoint's row says (its disabled_at, or the time of the re-enabling). */
  at: Date;
  actor: EndpointActionActor;
  reason: string | null;
  requestId: string | null;
  /** Further non-secret facts (the URL and event types of a new endpoint, a redelivered delivery's id); never a secret. */
  details?: Record<string, string | string[]>;
}

/** Who asked for a change that is an admin action (a SUPERADMIN's), and where its record goes. */
export interface AuditedBy {
  topic: string;
  actor: EndpointActionActor;
  requestId: string | null;
}

/**
 * The admin audit record of an action on an endpoint (docs/DESIGN.md "Webhooks"). Its id is
 * random, so no other writer of the log can take it ahead; the outbox row keeps the record, so a
 * record published twice (the relay's sweep after a crash) is the same record, which the history
 * service skips.
 */
export function endpointActionRecord(action: EndpointAction): ServiceActionRecord {
  const at = action.at.toISOString();
  return {
    id: randomUUID(),
    at,
    source: 'webhooks',
    actor: action.actor,
    action: action.action,
    target: `webhook-endpoint:${action.endpointId}`,
    summary: {
      clientId: action.clientId,
      ...(action.details ?? {}),
      ...(action.reason !== null ? { reason: action.reason.slice(0, 1000) } : {}),
    },
    result: 'applied',
    errorCode: null,
    requestId: action.requestId,
  };
}

/** Writes the action's record to the outbox in the caller's transaction: it reaches admin.audit once that commits. */
export async function recordEndpointAction(client: PoolClient, adminAuditTopic: string, action: EndpointAction): Promise<void> {
  const record = endpointActionRecord(action);
  await insertOutbox(client, [{ topic: adminAuditTopic, key: record.id, payload: adminServiceActionEvent(record) }]);
}

/**
 * Records an action on an endpoint that a SUPERADMIN asked for (`auditedBy`), in the caller's
 * transaction; a platform client's change to its own endpoint (no `auditedBy`) is no admin action.
 */
export async function recordIfAudited(
  client: PoolClient,
  auditedBy: AuditedBy | undefined,
  action: Pick<EndpointAction, 'action' | 'endpointId' | 'clientId' | 'at' | 'details'>,
): Promise<void> {
  if (!auditedBy) return;
  await recordEndpointAction(client, auditedBy.topic, { ...action, actor: auditedBy.actor, reason: null, requestId: auditedBy.requestId });
}
