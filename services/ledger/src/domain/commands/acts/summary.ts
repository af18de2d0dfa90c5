import type { ApprovableCommand, AuditSummary } from '@coin/contracts';
import { approvedTarget } from '../approvable';

/** What every money-moving act's audit summary opens with: the command's type, its wallet or purchase, its amount in coins and its reason. */
export function summaryOpening(
  command: Exclude<ApprovableCommand, { type: 'ledger.set-commission' }>,
  amount: number | null,
): AuditSummary {
  return {
    command: command.type.replace('ledger.', '').toUpperCase(),
    target: approvedTarget(command),
    amount,
    reason: command.data.reason,
  };
}
