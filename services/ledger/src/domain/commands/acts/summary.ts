import type { ApprovableCommand, AuditSummary } from '@coin/contracts';

/**
 * What the audit summary of an act whose command carries its reason opens with (money, a payout, a
 * cash-out's reversal): the command's type, its wallet or purchase (`target`), its amount in coins and its reason.
 */
export function summaryOpening(
  command: Extract<ApprovableCommand, { data: { reason: string } }>,
  target: string,
  amount: number | null,
): AuditSummary {
  return {
    command: command.type.replace('ledger.', '').toUpperCase(),
    target,
    amount,
    reason: command.data.reason,
  };
}
