import type { ApprovableCommand, ApprovalAct, AuditSummary } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { ApprovalState } from '../../approvals';
import { approvalActOf } from '../approvable';
import { cashoutReversalAct } from './cashout-reversal';
import { commissionChangeAct } from './commission-change';
import { moneyAct } from './money';
import { payoutAct } from './payout';
import type { ApprovalActModule, ApprovalActTable, HeldOf } from './types';

/**
 * The ledger's four-eyes acts, one module each (docs/design/ledger.md "Approvals"): an act of
 * @coin/contracts' approval acts without its module here is a compile error, and a held-back
 * command finds its module by the act its contract row names.
 */
export const approvalActTable: ApprovalActTable = {
  money: moneyAct,
  payout: payoutAct,
  'cashout-reversal': cashoutReversalAct,
  'commission-change': commissionChangeAct,
};

/** The module of the act a held-back command's row names (one cast: the table pairs each act with its module, whose commands are that act's). */
export function actOf(command: Pick<ApprovableCommand, 'type'>): ApprovalActModule<ApprovalAct> {
  return approvalActTable[approvalActOf(command)] as ApprovalActModule<ApprovalAct>;
}

/** The command a request of `act` holds back; asking a request of another act for it is a bug. */
export function heldBy<A extends ApprovalAct>(act: A, approval: ApprovalState): HeldOf<A> {
  if (approvalActOf(approval.command) !== act) throw new InvariantViolation(`approval ${approval.id} holds no ${act} request`);
  return approval.command as HeldOf<A>;
}

/** The command an approval request holds back, for the audit log, as its act summarises it. */
export function approvalSummary(command: ApprovableCommand): AuditSummary {
  return actOf(command).summary(command);
}

/** As approvalSummary, of the command an approve or a reject decided; nothing of a request never found (named without its command). */
export function approvalSummaryOf(command: ApprovableCommand | undefined): AuditSummary {
  return command === undefined ? {} : approvalSummary(command);
}
