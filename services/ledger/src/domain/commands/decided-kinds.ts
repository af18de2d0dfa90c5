import type { ApprovableCommand, DecidedKind } from '@coin/contracts';

/**
 * The kind of request decided on routes of its own that `command` makes (its approve and reject
 * name it: `holds`): a cash-out's reversal, a commission rule's change; undefined for an Approval
 * or a PayoutApproval. Imports nothing of the command table, so the rules can ask it.
 */
export function decidedKindOf(command: ApprovableCommand): DecidedKind | undefined {
  if (command.type === 'ledger.reverse-cashout') return 'cashout-reversal';
  return command.type === 'ledger.set-commission' ? 'commission-change' : undefined;
}
