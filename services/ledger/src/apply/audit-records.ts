import {
  headerNames,
  adminActionEvent,
  adminRefusalEvent,
  adminServiceActionEvent,
  type AuditAction,
  type AuditRecord,
  type LedgerCommand,
  type RefusalRecord,
  type ServiceActionRecord,
  type TopicNames,
} from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import type { BatchStep } from '../domain/batch';
import { approvalSummary } from '../domain/commands/acts/table';
import { moduleOf } from '../domain/commands/table';
import type { AuditDescription, ServiceActionDescription } from '../domain/commands/types';
import { approvalChangesOf } from '../domain/kinds/approvals';
import type { Decision } from '../domain/ledger';
import type { OutboxBatchMessage } from './store';

/**
 * The admin audit log's records of the ledger (docs/DESIGN.md "Admin audit log"): one per decided
 * administrative command (mint, burn, refund, an admin's reward, set-limits), applied or rejected,
 * written to the outbox in the same transaction as the command's outcome. Never a secret: the
 * commands carry none (the request hash is left out too).
 */

type DecidedStep = Extract<BatchStep, { kind: 'decided' }>;

/** What the apply knows beside the step: its clock and the request id of each command (the `request-id` header). */
export interface AuditContext {
  at: Date;
  requestId: string | null;
  /**
   * Derives a record id from its name: the service's keyed derivation (AuditRecordSigner.recordId),
   * so no other writer can compute the id of a record still to come; plain UUIDv5 without a key (tests).
   */
  idOf?: (name: string) => string;
}

/** The id of a command's record: the same on every delivery and every apply of the command. */
export function auditRecordId(commandId: string, action: AuditAction, idOf: (name: string) => string = uuidV5): string {
  return idOf(`admin.audit:${commandId}:${action}`);
}

/**
 * How a decided command is described, by its module (domain/commands/): the administrative ones
 * (mint, burn, refund, an admin's reward, set-limits, the approval steps) say what they did;
 * every other command (transfers, holds, credit legs, the ledger's own sweeps) is not an admin
 * action: null.
 */
function describe(command: LedgerCommand, decision: Decision): AuditDescription | ServiceActionDescription | null {
  const applied = decision.ok ? decision : null;
  // A movement that reached a four-eyes window was not applied: it became an approval request.
  const parked = applied?.parked ? approvalChangesOf(applied)[0]?.approval : undefined;
  if (parked) return { action: 'approval.request', target: `approval:${parked.id}`, summary: approvalSummary(parked.command) };
  return moduleOf(command).audit(command, applied);
}

/** The monitoring service's freeze: the one service command that is an administrative action (a person's freeze is one too). */
function freezeByService(command: LedgerCommand): boolean {
  return command.actor.kind === 'service' && command.type === 'ledger.freeze-wallet';
}

/**
 * The audit record of a decided step, or null when it is no administrative action: a command of
 * another type, or one sent by a platform client (a SYSTEM reward is the platform's own) or by a
 * service (the ledger's sweeps, the user service closing a deleted user's wallet).
 */
export function auditRecordOf(step: DecidedStep, context: AuditContext): AuditRecord | ServiceActionRecord | null {
  const { command, decision } = step;
  if (command.actor.kind !== 'user' && command.actor.kind !== 'operator' && !freezeByService(command)) return null;
  const described = describe(command, decision);
  if (!described) return null;
  const actor = { kind: command.actor.kind, id: command.actor.id, ...(command.actor.role ? { role: command.actor.role } : {}) };
  if ('serviceAction' in described) {
    if (!decision.ok) return null;
    const { serviceAction, target, summary } = described;
    const id = (context.idOf ?? uuidV5)(`admin.service-action:${command.commandId}:${serviceAction}`);
    return {
      id,
      at: context.at.toISOString(),
      source: 'ledger',
      actor,
      action: serviceAction,
      target,
      summary,
      result: 'applied',
      errorCode: null,
      requestId: context.requestId,
    };
  }
  return {
    id: auditRecordId(command.commandId, described.action, context.idOf),
    at: context.at.toISOString(),
    actor,
    action: described.action,
    target: described.target,
    summary: described.summary,
    result: decision.ok ? 'applied' : 'rejected',
    errorCode: decision.ok ? null : decision.code,
    requestId: context.requestId,
  };
}

/** The error codes of a decision that refuse authority (who may do this), not the request's content. */
const authorityRefusals: ReadonlySet<string> = new Set([
  'FORBIDDEN',
  'SELF_DEALING',
  // A debit of a frozen wallet: an attempt the people investigating the freeze need to see.
  'WALLET_FROZEN',
  // The person who asked to lift a freeze approving it themselves.
  'UNFREEZE_BY_REQUESTER',
  // The proposer of a cash-out rate approving it themselves.
  'APPROVAL_BY_REQUESTER',
  // A decider of a four-eyes request its act's row does not let decide it (a role it does not
  // name, or one taken at or after the request).
  'APPROVER_NOT_ELIGIBLE',
  // A provider claiming or confirming a cash-out above the four-eyes threshold no second person approved.
  'CASHOUT_NOT_APPROVED',
]);

/**
 * The refusal record of a command the apply refused for want of authority once it read the state
 * (a hold settled by one its payer did not name, a platform client not granted the treasury a hold
 * pays, an admin capturing a hold paying themselves), when no action record above describes it:
 * every refusal of authority is in the admin audit log (docs/DESIGN.md "Admin audit log"), whoever
 * the actor. `verified`: a command reaching the apply from ledger.commands had its actor checked
 * against its proof by the consumer. The id follows from the command: a redelivery is the same record.
 */
export function decidedRefusalRecordOf(step: DecidedStep, context: AuditContext): RefusalRecord | null {
  const { command, decision } = step;
  if (decision.ok || !authorityRefusals.has(decision.code)) return null;
  const data = command.data as { holdId?: unknown };
  const target = typeof data.holdId === 'string' ? `hold:${data.holdId}` : `command:${command.commandId}`;
  return {
    id: (context.idOf ?? uuidV5)(`admin.refusal:${command.commandId}`),
    at: context.at.toISOString(),
    source: 'ledger',
    actor: { kind: command.actor.kind, id: command.actor.id, ...(command.actor.role ? { role: command.actor.role } : {}), verified: true },
    address: null,
    action: command.type,
    target,
    summary: { commandId: command.commandId },
    result: 'rejected',
    errorCode: decision.code,
    reason: decision.detail.slice(0, 1000),
    requestId: context.requestId,
  };
}

/** The admin.audit message of a refusal record, keyed by its id. */
export function refusalEventMessage(topics: Pick<TopicNames, 'adminAudit'>, record: RefusalRecord): OutboxBatchMessage {
  const event = adminRefusalEvent(record);
  return { topic: topics.adminAudit, key: record.id, headers: { [headerNames.type]: event.type }, payload: JSON.stringify(event) };
}

/** The admin.audit message of a record (an action, or a service's action: it has `source`), keyed by its id (the topic has one partition). */
export function auditEventMessage(topics: Pick<TopicNames, 'adminAudit'>, record: AuditRecord | ServiceActionRecord): OutboxBatchMessage {
  const event = 'source' in record ? adminServiceActionEvent(record) : adminActionEvent(record);
  return { topic: topics.adminAudit, key: record.id, headers: { [headerNames.type]: event.type }, payload: JSON.stringify(event) };
}
