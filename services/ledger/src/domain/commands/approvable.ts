import {
  ledgerCommandContracts,
  type Approval,
  type ApprovableCommand,
  type ApprovalAct,
  type AuditSummary,
  type LedgerCommand,
} from '@coin/contracts';
import { decidedKindOf } from './decided-kinds';
import type { Rejected } from '@coin/errors';
import { coinsOrNull } from './replies';
import { approvableTable } from './approvable-table';

export { decidedKindOf };
import type { ApprovableModule, ApprovableParts, ApprovableType, CommandReads, RequestOfApproval } from './types';

/** The modules of the commands an approval request may hold back (approvable-table.ts). */
export function approvableModules(): { [T in ApprovableType]: ApprovableModule<T> } {
  return approvableTable;
}

/** The module of a held-back command (one cast: the table's type pairs each type with its module). */
function moduleOfHeld(type: ApprovableType): ApprovableModule<ApprovableType> {
  return approvableTable[type] as ApprovableModule<ApprovableType>;
}

/** The parts of the module of a held-back command. */
function partsOf(command: ApprovableCommand): ApprovableParts<ApprovableType> {
  return moduleOfHeld(command.type).approvable;
}

/** What a held-back command acts on: the wallet a mint credits or a burn debits, or the purchase a refund names. */
export function approvedTarget(command: ApprovableCommand): string {
  return partsOf(command).target(command);
}

/** The held-back command as an Approval shows it, in coins; null for a payout (a PayoutApproval shows it). */
export function approvedCommandView(command: ApprovableCommand): Approval['command'] | null {
  return partsOf(command).view(command);
}

/** Whether a request holds a payout: shown as a PayoutApproval, on its own routes and topic, never as an Approval. */
export function holdsPayout(command: ApprovableCommand): command is Extract<ApprovableCommand, { type: 'ledger.payout' }> {
  return command.type === 'ledger.payout';
}

/** Whether a request holds a cash-out's reversal: shown as a CashoutReversalApproval, and approved without a transaction. */
export function holdsReversal(command: ApprovableCommand): command is Extract<ApprovableCommand, { type: 'ledger.reverse-cashout' }> {
  return command.type === 'ledger.reverse-cashout';
}

/** Whether a request holds a commission rule's change: shown as a CommissionChangeApproval, and approved without a transaction. */
export function holdsCommissionChange(
  command: ApprovableCommand,
): command is Extract<ApprovableCommand, { type: 'ledger.set-commission' }> {
  return command.type === 'ledger.set-commission';
}

/** Whether the approval of a request moves no coins: a cash-out's reversal releases a hold, a commission change sets a rule. */
export function approvedWithoutTransaction(command: ApprovableCommand): boolean {
  return decidedKindOf(command) !== undefined;
}

/** Why a request for `command` is refused at once rather than parked for a second person, or null. */
export function requestRefusal(request: RequestOfApproval, command: ApprovableCommand): Rejected | null {
  return partsOf(command).requestRefusal(request, command);
}

/** The four-eyes act (@coin/contracts four-eyes-acts.ts) a held-back command's row names. */
export function approvalActOf(command: Pick<ApprovableCommand, 'type'>): ApprovalAct {
  return ledgerCommandContracts[command.type].act;
}

/** What every act's audit summary opens with: the command's type, its wallet or purchase, its amount in coins and its reason. */
function summaryOpening(command: Exclude<ApprovableCommand, { type: 'ledger.set-commission' }>, amount: number | null): AuditSummary {
  return {
    command: command.type.replace('ledger.', '').toUpperCase(),
    target: approvedTarget(command),
    amount,
    reason: command.data.reason,
  };
}

/** The held-back commands whose rows name the act `A`. */
type HeldOf<A extends ApprovalAct> = Extract<ApprovableCommand, { type: ActTypes[A] }>;
type ActTypes = {
  [A in ApprovalAct]: { [T in ApprovableType]: (typeof ledgerCommandContracts)[T] extends { act: A } ? T : never }[ApprovableType];
};

/** Each act's audit summary of the command its request holds back. */
const summaryOfAct: { [A in ApprovalAct]: (command: HeldOf<A>) => AuditSummary } = {
  money: (command) => summaryOpening(command, coinsOrNull(command.data.amount)),
  // A payout's amount is its total, and its lines are counted (as the direct payout's record does).
  payout: (command) => ({
    ...summaryOpening(command, coinsOrNull(command.data.lines.reduce((sum, line) => sum + line.amount, 0))),
    lines: command.data.lines.length,
    payoutReference: command.data.reference ?? null,
  }),
  'cashout-reversal': (command) => ({ ...summaryOpening(command, null), cashoutId: command.data.holdId, userId: command.data.fromUserId }),
  'commission-change': (command) => commissionChangeSummary(command),
};

/** The command an approval request holds back, for the audit log, as its act summarises it (one cast: the act names the command's type). */
export function approvalSummary(command: ApprovableCommand): AuditSummary {
  return (summaryOfAct[approvalActOf(command)] as (held: ApprovableCommand) => AuditSummary)(command);
}

/**
 * A commission change for the audit log: the treasury's wallet, the client, the rule (`bps` or the
 * fixed `amount` in coins; both null: removed) and the reason, as the single person's record named them.
 */
function commissionChangeSummary(command: Extract<ApprovableCommand, { type: 'ledger.set-commission' }>): AuditSummary {
  const { clientId, rule, reason } = command.data;
  return {
    command: 'SET-COMMISSION',
    target: approvedTarget(command),
    commissionClientId: clientId,
    bps: rule?.kind === 'bps' ? rule.bps : null,
    amount: rule?.kind === 'fixed' ? coinsOrNull(rule.amount) : null,
    reason: reason ?? null,
  };
}

/** As approvalSummary, of the command an approve or a reject decided; nothing of a request never found (named without its command). */
export function approvalSummaryOf(command: ApprovableCommand | undefined): AuditSummary {
  return command === undefined ? {} : approvalSummary(command);
}

/** A held-back command as a ledger command (what an approval applies). */
export type ApprovedCommand = Extract<LedgerCommand, { type: ApprovableType }>;

/** What a held-back command reads when it is applied, as its own module says. */
export function approvedReads(command: ApprovedCommand): CommandReads {
  return moduleOfHeld(command.type).reads(command);
}
