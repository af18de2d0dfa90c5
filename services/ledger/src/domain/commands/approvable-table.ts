import { burn } from './burn';
import { mint } from './mint';
import { payout } from './payout';
import { refund } from './refund';
import { reverseCashout } from './reverse-cashout';
import { reward } from './reward';
import { setCommission } from './set-commission';
import type { ApprovableModule, ApprovableType } from './types';

/**
 * The modules of the commands an approval request may hold back (the contract's approvable rows,
 * each naming its four-eyes act), with their `approvable` parts: a type the contract marks
 * approvable without its module here, or a module without those parts, is a compile error. The
 * command table spreads these rows, and the approval modules read them here, not through the
 * table: the table imports the approval modules, so reading it from them would be a circle.
 */
export const approvableTable: { [T in ApprovableType]: ApprovableModule<T> } = {
  'ledger.mint': mint,
  'ledger.burn': burn,
  'ledger.reward': reward,
  'ledger.payout': payout,
  'ledger.refund': refund,
  'ledger.reverse-cashout': reverseCashout,
  'ledger.set-commission': setCommission,
};
