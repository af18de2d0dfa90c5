import type { AuditRecord, RefusalRecord, ServiceActionRecord, UserCommand } from '@coin/contracts';
import { uuidV5 } from '@coin/security';
import { auditRecordOf, type AuditContext } from '../audit-records';
import { userModuleOf } from './table';
import type { ServiceActionDescription, Settled } from './types';

/** A record the user service writes to admin.audit with a command's outcome. */
export type UserAuditRecord = AuditRecord | ServiceActionRecord | RefusalRecord;

/**
 * The record of a command its module describes as a service action: applied, that action
 * (admin.service-action.recorded); refused, a refusal of it (admin.refusal.recorded), with the
 * refusal's code and detail. Its actor is verified: the consumer checked it against the command's
 * proof before the apply. The id follows from the command: a redelivery is the same record.
 */
function serviceActionRecordOf(
  command: UserCommand,
  described: ServiceActionDescription,
  settled: Settled,
  context: AuditContext,
): ServiceActionRecord | RefusalRecord {
  const idOf = context.idOf ?? uuidV5;
  const { actor } = command;
  const who = { kind: actor.kind, id: actor.id, ...(actor.role ? { role: actor.role } : {}) };
  const { serviceAction: action, target, summary } = described;
  const common = { at: context.at.toISOString(), action, target, summary, requestId: context.requestId };
  if (settled.ok) {
    const id = idOf(`admin.service-action:${command.commandId}:${action}`);
    return { id, ...common, source: 'user', actor: who, result: 'applied', errorCode: null };
  }
  const id = idOf(`admin.refusal:${command.commandId}:${action}`);
  return {
    id,
    ...common,
    source: 'user',
    actor: { ...who, verified: true },
    address: null,
    result: 'rejected',
    errorCode: settled.code,
    reason: settled.detail,
  };
}

/** The audit record of an applied or rejected command, or null when it is no administrative action. */
export function auditRecordOfCommand(command: UserCommand, settled: Settled, context: AuditContext): UserAuditRecord | null {
  const described = userModuleOf(command).audit(command, settled);
  if (!described) return null;
  if ('serviceAction' in described) return serviceActionRecordOf(command, described, settled, context);
  return auditRecordOf(command, described, settled, context);
}

/**
 * The records a settled command leaves in the admin audit log, in its transaction: the command's
 * own (applied or rejected), and the act an approval applied, when its module names one.
 */
export function auditRecordsOf(command: UserCommand, settled: Settled, context: AuditContext): UserAuditRecord[] {
  const own = auditRecordOfCommand(command, settled, context);
  const act = userModuleOf(command).auditAct?.(command, settled) ?? null;
  return [own, act ? auditRecordOf(command, act, settled, context) : null].filter((record) => record !== null);
}
