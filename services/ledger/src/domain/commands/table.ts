import type { LedgerCommand, LedgerCommandType } from '@coin/contracts';
import { advanceClock } from './advance-clock';
import { setClock } from './set-clock';
import { retireTreasury } from './retire-treasury';
import { approve } from './approve';
import { captureHold } from './capture-hold';
import { cashout } from './cashout';
import { claimCashout } from './claim-cashout';
import { closeWallet } from './close-wallet';
import { credit } from './credit';
import { credits } from './credits';
import { expireApproval } from './expire-approval';
import { expireHold } from './expire-hold';
import { grantMandate } from './grant-mandate';
import { cancelMandate } from './cancel-mandate';
import { chargeMandate } from './charge-mandate';
import { freezeWallet } from './freeze-wallet';
import { hold } from './hold';
import { openWallet } from './open-wallet';
import { rejectApproval } from './reject-approval';
import { requestApproval } from './request-approval';
import { clawback } from './clawback';
import { setLimits } from './set-limits';
import { settleCashout } from './settle-cashout';
import { settleTestCashout } from './settle-test-cashout';
import { transfer } from './transfer';
import { voidHold } from './void-hold';
import { approvableTable } from './acts/table';
import type { ApprovableModule, ApprovableType, CommandModule } from './types';

/** One module per command type; an approvable command's module gives its `approvable` parts. */
export type CommandTable = { [T in LedgerCommandType]: T extends ApprovableType ? ApprovableModule<T> : CommandModule<T> };

/**
 * The ledger's commands, one module each (docs/DESIGN.md "Adding a command"). The domain decides,
 * the apply reads and reserves, the outcome stage answers and the audit log records through this
 * table; a command type of the contract without its module here is a compile error, and so is
 * the module of a command the contract marks approvable without its `approvable` parts. The
 * approvable commands' modules are their acts' (`commands` of each act's module, acts/table.ts,
 * which the approval modules read, so they never import this table that imports them), named
 * here in the table's order, which the simulation draws command types by.
 */
export const commandTable: CommandTable = {
  'ledger.open-wallet': openWallet,
  'ledger.mint': approvableTable['ledger.mint'],
  'ledger.burn': approvableTable['ledger.burn'],
  'ledger.transfer': transfer,
  'ledger.reward': approvableTable['ledger.reward'],
  'ledger.payout': approvableTable['ledger.payout'],
  'ledger.refund': approvableTable['ledger.refund'],
  'ledger.credit': credit,
  'ledger.credits': credits,
  'ledger.close-wallet': closeWallet,
  'ledger.hold': hold,
  'ledger.capture-hold': captureHold,
  'ledger.void-hold': voidHold,
  'ledger.expire-hold': expireHold,
  'ledger.advance-clock': advanceClock,
  'ledger.set-clock': setClock,
  'ledger.retire-treasury': retireTreasury,
  'ledger.cashout': cashout,
  'ledger.claim-cashout': claimCashout,
  'ledger.settle-cashout': settleCashout,
  'ledger.settle-test-cashout': settleTestCashout,
  'ledger.reverse-cashout': approvableTable['ledger.reverse-cashout'],
  'ledger.set-cashout-rate': approvableTable['ledger.set-cashout-rate'],
  'ledger.clear-cashout': approvableTable['ledger.clear-cashout'],
  'ledger.set-limits': setLimits,
  'ledger.set-commission': approvableTable['ledger.set-commission'],
  'ledger.clawback': clawback,
  'ledger.request-approval': requestApproval,
  'ledger.approve': approve,
  'ledger.reject-approval': rejectApproval,
  'ledger.expire-approval': expireApproval,
  'ledger.grant-mandate': grantMandate,
  'ledger.cancel-mandate': cancelMandate,
  'ledger.charge-mandate': chargeMandate,
  'ledger.freeze-wallet': freezeWallet,
  'ledger.lift-freeze': approvableTable['ledger.lift-freeze'],
};

/**
 * The module of a command. The one cast of the dispatch: the table's type pairs each type with
 * the module of that type, which TypeScript cannot carry through an index by a union.
 */
export function moduleOf(command: LedgerCommand): CommandModule<LedgerCommandType> {
  return commandTable[command.type] as CommandModule<LedgerCommandType>;
}
