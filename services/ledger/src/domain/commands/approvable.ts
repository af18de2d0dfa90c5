import { ledgerCommandContracts, type Approval, type ApprovableCommand, type ApprovalAct, type LedgerCommand } from '@coin/contracts';
import type { Rejected } from '@coin/errors';
import { approvableTable } from './approvable-table';
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

/** Why a request for `command` is refused at once rather than parked for a second person, or null. */
export function requestRefusal(request: RequestOfApproval, command: ApprovableCommand): Rejected | null {
  return partsOf(command).requestRefusal(request, command);
}

/** The four-eyes act (@coin/contracts four-eyes-acts.ts) a held-back command's row names. */
export function approvalActOf(command: Pick<ApprovableCommand, 'type'>): ApprovalAct {
  return ledgerCommandContracts[command.type].act;
}

/** A held-back command as a ledger command (what an approval applies). */
export type ApprovedCommand = Extract<LedgerCommand, { type: ApprovableType }>;

/** What a held-back command reads when it is applied, as its own module says. */
export function approvedReads(command: ApprovedCommand): CommandReads {
  return moduleOfHeld(command.type).reads(command);
}
