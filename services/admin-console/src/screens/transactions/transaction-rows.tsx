import type { OperationResult } from '@coin/client';
import { type Column, ColumnTable } from '../../components/paged-table';
import { coins, when } from '../../format';
import { Link } from '../../router';

export type Transaction = OperationResult<'getTransaction'>;

export const party = (userId: number | null, treasury: string | null) =>
  userId !== null ? (
    <Link to={`/users/${userId}`}>user {userId}</Link>
  ) : treasury ? (
    <Link to={`/transactions?treasury=${treasury}`}>{treasury}</Link>
  ) : (
    '—'
  );

export const transactionColumns: readonly Column<Transaction>[] = [
  { key: 'id', header: 'Id', cell: (t) => <Link to={`/transactions/${t.id}`}>{t.id}</Link> },
  { key: 'type', header: 'Type', cell: (t) => t.type },
  { key: 'amount', header: 'Amount', numeric: true, cell: (t) => coins(t.amount) },
  { key: 'from', header: 'From', cell: (t) => party(t.fromUserId, t.fromTreasury) },
  { key: 'to', header: 'To', cell: (t) => party(t.toUserId, t.toTreasury) },
  { key: 'reason', header: 'Reason', cell: (t) => t.reason },
  { key: 'at', header: 'At (UTC)', cell: (t) => when(t.createdAt) },
];

/** Transactions as a table (a user's recent ones, or a page of a search). */
export function TransactionRows({ caption, transactions }: { caption: string; transactions: readonly Transaction[] }) {
  return <ColumnTable caption={caption} columns={transactionColumns} rows={transactions} rowKey={(t) => t.id} empty="No transaction." />;
}
