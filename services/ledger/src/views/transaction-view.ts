import { partyColumns, transactionView, type Transaction, type TransactionRow } from '@coin/contracts';
import type { NewTransaction } from '../domain/ledger';

/** A decided transaction as the `transactions` table stores it (and history mirrors it). */
export function transactionRowOf(t: NewTransaction): TransactionRow {
  const from = partyColumns(t.from);
  const to = partyColumns(t.to);
  return {
    id: t.id,
    type: t.type,
    amount: t.amount,
    from_user_id: from.userId,
    to_user_id: to.userId,
    from_treasury: from.treasury,
    to_treasury: to.treasury,
    reason: t.reason,
    reference: t.reference,
    refund_of: t.refundOf,
    split_of: t.splitOf ?? null,
    created_at: t.createdAt,
    approval_id: t.approval?.id ?? null,
    requested_by: t.approval?.requestedBy ?? null,
    approved_by: t.approval?.approvedBy ?? null,
    metadata: t.metadata,
    client_id: t.clientId,
  };
}

/** A decided transaction as the API and the coin.transactions event show it. */
export function decidedTransactionView(t: NewTransaction): Transaction {
  return transactionView(transactionRowOf(t));
}
