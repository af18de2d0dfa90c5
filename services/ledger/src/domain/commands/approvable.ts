import type { Approval, ApprovableCommand, LedgerCommand } from '@coin/contracts';
import type { Rejected } from '@coin/errors';
import { approvableTable, type ApprovableTable } from './acts/table';
import { heldParts } from './acts/held';
import type { ApprovableModule, ApprovableParts, ApprovableType, CommandReads, RequestOfApproval } from './types';

export { approvalActOf, approvedTarget } from './acts/table';

/** The modules of the commands an approval request may hold back (each act's `commands`, acts/table.ts). */
export function approvableModules(): ApprovableTable {
  return approvableTable;
}

/** The module of a held-back command (one cast: the table's type pairs each type with its module). */
function moduleOfHeld(type: ApprovableType): ApprovableModule<ApprovableType> {
  return approvableTable[type] as ApprovableModule<ApprovableType>;
}

/** The parts of the module of a held-back command. */
function partsOf(command: ApprovableCommand): ApprovableParts<ApprovableType> {
  return heldParts(approvableTable, command);
}

/** The held-back command as an Approval shows it, in coins; null for a payout (a PayoutApproval shows it). */
export function approvedCommandView(command: ApprovableCommand): Approval['command'] | null {
  return partsOf(command).view(command);
}

/** Why a request for `command` is refused at once rather than parked for a second person, or null. */
export function requestRefusal(request: RequestOfApproval, command: ApprovableCommand): Rejected | null {
  return partsOf(command).requestRefusal(request, command);
}

/** A held-back command as a ledger command (what an approval applies). */
export type ApprovedCommand = Extract<LedgerCommand, { type: ApprovableType }>;

/** What a held-back command reads when it is applied, as its own module says. */
export function approvedReads(command: ApprovedCommand): CommandReads {
  return moduleOfHeld(command.type).reads(command);
}
