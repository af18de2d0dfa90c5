import { approvalActs, type ApprovableCommand, type ApprovalAct, type AuditSummary } from '@coin/contracts';
import type { ApprovalState, ApprovalViewOf } from '../../approvals';
import type { ApprovableModule, ApprovableType } from '../types';
import { cashoutApprovalAct } from './cashout-approval';
import { cashoutRateChangeAct } from './cashout-rate-change';
import { cashoutReversalAct } from './cashout-reversal';
import { commissionChangeAct } from './commission-change';
import { approvalActOf, heldParts, requestOf } from './held';
import { moneyAct } from './money';
import { payoutAct } from './payout';
import { unfreezeAct } from './unfreeze';
import type { ApprovalActModule, ApprovalActTable, HeldTypeOf } from './types';

export { approvalActOf } from './held';

/**
 * The ledger's four-eyes acts, one module each (docs/design/ledger.md "Approvals"), and the one
 * place an act is registered: an act of @coin/contracts' approval acts without its module here is
 * a compile error, and a held-back command finds its module by the act its contract row names.
 * Each module names what every other reader of the acts takes from this table: the modules of the
 * commands its requests hold back (`approvableTable`, which the approval modules and the command
 * table read) and its request's view (`actView`, which views/approval-view.ts reads). The table
 * sits below both the approval modules and the command table: it imports neither.
 */
export const approvalActTable: ApprovalActTable = {
  money: moneyAct,
  payout: payoutAct,
  'cashout-reversal': cashoutReversalAct,
  'commission-change': commissionChangeAct,
  'cashout-rate-change': cashoutRateChangeAct,
  'cashout-approval': cashoutApprovalAct,
  unfreeze: unfreezeAct,
};

/** The modules of the commands an approval request may hold back, one per approvable type. */
export type ApprovableTable = { [T in ApprovableType]: ApprovableModule<T> };

/** Every approvable type is a held-back command of an act (its contract row names one), or this does not compile. */
export const everyApprovableTypeHasItsAct: [ApprovableType] extends [HeldTypeOf<ApprovalAct>] ? true : never = true;

/**
 * The modules of the commands an approval request may hold back (the contract's approvable rows),
 * each act's `commands` together. One cast: each act's `commands` holds exactly its act's types
 * (its module's type says so), and every approvable type is some act's (above).
 */
export const approvableTable = Object.assign({}, ...approvalActs.map((act) => approvalActTable[act].commands)) as ApprovableTable;

/** The module of the act a held-back command's row names (one cast: the table pairs each act with its module, whose commands are that act's). */
export function actOf(command: Pick<ApprovableCommand, 'type'>): ApprovalActModule<ApprovalAct> {
  return approvalActTable[approvalActOf(command)] as ApprovalActModule<ApprovalAct>;
}

/** A request of `act` as that act's module shows it (a request of another act is a bug). */
export function actView<A extends ApprovalAct>(act: A): (approval: ApprovalState) => ApprovalViewOf<A> {
  return (approval) => approvalActTable[act].view(requestOf(act, approval));
}

/** What a held-back command acts on: the wallet a mint credits or a burn debits, or the purchase a refund names. */
export function approvedTarget(command: ApprovableCommand): string {
  return heldParts(approvableTable, command).target(command);
}

/** The command an approval request holds back, for the audit log, as its act summarises it. */
export function approvalSummary(command: ApprovableCommand): AuditSummary {
  return actOf(command).summary(command, approvedTarget(command));
}

/** As approvalSummary, of the command an approve or a reject decided; nothing of a request never found (named without its command). */
export function approvalSummaryOf(command: ApprovableCommand | undefined): AuditSummary {
  return command === undefined ? {} : approvalSummary(command);
}
