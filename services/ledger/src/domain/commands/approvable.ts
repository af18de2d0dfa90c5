import type { Approval, ApprovableCommand, AuditSummary, LedgerCommand } from '@coin/contracts';
import { burn } from './burn';
import { mint } from './mint';
import { refund } from './refund';
import { reward } from './reward';
import type { Rejected } from '../state';
import { coinsOrNull } from './replies';
import type { ApprovableModule, ApprovableParts, ApprovableType, CommandReads } from './types';

/**
 * The commands an approval request may hold back (libs/contracts approvableCommand), each with
 * how a request holding it is shown and logged. A command the contract makes approvable and this
 * table misses is a compile error.
 */
export const approvableTable: { [T in ApprovableType]: ApprovableModule<T> } = {
  'ledger.mint': mint,
  'ledger.burn': burn,
  'ledger.refund': refund,
  'ledger.reward': reward,
};

/** The parts of the module of a held-back command (one cast: the table's type pairs each type with its module). */
function partsOf(command: ApprovableCommand): ApprovableParts<ApprovableType> {
  return approvableTable[command.type].approvable as ApprovableParts<ApprovableType>;
}

/** What a held-back command acts on: the wallet a mint credits or a burn debits, or the purchase a refund names. */
export function approvedTarget(command: ApprovableCommand): string {
  return partsOf(command).target(command);
}

/** The held-back command as an Approval shows it, in coins. */
export function approvedCommandView(command: ApprovableCommand): Approval['command'] {
  return partsOf(command).view(command);
}

/** Why a request for `command` is refused at once rather than parked for a second person, or null. */
export function requestRefusal(request: Pick<LedgerCommand, 'actor'>, command: ApprovableCommand): Rejected | null {
  return partsOf(command).requestRefusal(request, command);
}

/** The command an approval request holds back, for the audit log: its type, wallet or purchase, amount in coins and reason. */
export function approvalSummary(command: ApprovableCommand): AuditSummary {
  const amount = 'amount' in command.data ? coinsOrNull(command.data.amount) : null;
  return {
    command: command.type.replace('ledger.', '').toUpperCase(),
    target: approvedTarget(command),
    amount,
    reason: command.data.reason,
  };
}

/** A held-back command as a ledger command (what an approval applies). */
export type ApprovedCommand = Extract<LedgerCommand, { type: ApprovableType }>;

/** What a held-back command reads when it is applied, as its own module says. */
export function approvedReads(command: ApprovedCommand): CommandReads {
  return (approvableTable[command.type] as ApprovableModule<ApprovableType>).reads(command);
}
