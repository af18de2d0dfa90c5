import type { AuditRecord, UserCommand } from '@coin/contracts';
import { auditRecordOf, type AuditContext } from '../audit-records';
import { userModuleOf } from './table';
import type { Settled } from './types';

/** The audit record of an applied or rejected command, or null when it is no administrative action. */
export function auditRecordOfCommand(command: UserCommand, settled: Settled, context: AuditContext): AuditRecord | null {
  const described = userModuleOf(command).audit(command, settled);
  return described ? auditRecordOf(command, described, settled, context) : null;
}

/**
 * The records a settled command leaves in the admin audit log, in its transaction: the command's
 * own (applied or rejected), and the act an approval applied, when its module names one.
 */
export function auditRecordsOf(command: UserCommand, settled: Settled, context: AuditContext): AuditRecord[] {
  const own = auditRecordOfCommand(command, settled, context);
  const act = userModuleOf(command).auditAct?.(command, settled) ?? null;
  return [own, act ? auditRecordOf(command, act, settled, context) : null].filter((record) => record !== null);
}
