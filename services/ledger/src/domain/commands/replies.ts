import { minorUnitsToCoins, type AuditSummary, type LedgerCommandType, type LedgerResult, type MoneyCommand } from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { Accepted } from '../state';
import type { ReplyInput } from './types';
import { approvalChangesOf } from '../kinds/approvals';
import { holdChangesOf } from '../kinds/holds';

/** The replies and audit fields several command modules share. */

type HoldCommandType =
  | 'ledger.hold'
  | 'ledger.capture-hold'
  | 'ledger.void-hold'
  | 'ledger.cashout'
  | 'ledger.settle-cashout'
  | 'ledger.reverse-cashout';

/** The type of a generic input's command (TypeScript cannot read it through LedgerCommandOf<T> for a type parameter). */
function typeOf(input: { command: object }): string {
  return (input.command as { type: LedgerCommandType }).type;
}

/** A money movement's reply: the transaction and the wallet it debited (MINT: credited). */
export function moneyReply<T extends MoneyCommand['type']>(input: ReplyInput<T>): LedgerResult<'ledger.transfer'> {
  const { decision, subject, views, xafRate } = input;
  if (!decision.transaction || !subject) throw new InvariantViolation(`${typeOf(input)} accepted without a transaction`);
  return { transaction: views.transaction(decision.transaction), wallet: views.wallet(subject, xafRate) };
}

/** The hold a hold command created or resolved, as it stands after the decision. */
export function holdAfter<T extends HoldCommandType>(input: ReplyInput<T>) {
  const change = holdChangesOf(input.decision)[0];
  if (!change) throw new InvariantViolation(`${typeOf(input)} accepted without its hold`);
  return input.views.hold(change.hold);
}

/** The cash-out a cash-out command created or settled, as it stands after the decision. */
export function cashoutAfter<T extends 'ledger.cashout' | 'ledger.settle-cashout' | 'ledger.clear-cashout' | 'ledger.reverse-cashout'>(
  input: ReplyInput<T>,
) {
  const change = holdChangesOf(input.decision)[0];
  if (!change) throw new InvariantViolation(`${typeOf(input)} accepted without its cash-out`);
  return input.views.cashout(change.hold);
}

/** The payer's wallet a hold command reserved or released coins of. */
export function payerWallet<T extends HoldCommandType>(input: ReplyInput<T>) {
  const { subject } = input;
  if (subject?.party.kind !== 'user') throw new InvariantViolation(`${typeOf(input)} accepted without the payer's wallet`);
  return input.views.userWallet(subject, subject.party.userId, input.xafRate);
}

/** The request an approval command created or decided. */
export function approvalAfter<T extends 'ledger.request-approval' | 'ledger.reject-approval'>(input: ReplyInput<T>) {
  const change = approvalChangesOf(input.decision)[0];
  if (!change) throw new InvariantViolation(`${typeOf(input)} accepted without its approval request`);
  return input.views.approval(change.approval);
}

export function coinsOrNull(minor: number | null | undefined): number | null {
  return minor === null || minor === undefined ? null : minorUnitsToCoins(minor);
}

/** The audit summary's link to the transaction an applied command created, if any. */
export function transactionIdOf(applied: Accepted | null): AuditSummary {
  return applied?.transaction ? { transactionId: applied.transaction.id } : {};
}

/** The audit summary's links to the transactions of an applied payout's lines (the first 50). */
export function transactionIdsOf(applied: Accepted | null): AuditSummary {
  return applied && applied.lineTransactions.length > 0
    ? { transactionIds: applied.lineTransactions.slice(0, 50).map((t) => String(t.id)) }
    : {};
}
