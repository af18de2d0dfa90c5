import type { OperationResult } from '@coin/client';
import { Table } from '../../components/layout';
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

export function TransactionRows({ caption, transactions }: { caption: string; transactions: readonly Transaction[] }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">Id</th>
          <th scope="col">Type</th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col">From</th>
          <th scope="col">To</th>
          <th scope="col">Reason</th>
          <th scope="col">At (UTC)</th>
        </tr>
      </thead>
      <tbody>
        {transactions.map((t) => (
          <tr key={t.id}>
            <td>
              <Link to={`/transactions/${t.id}`}>{t.id}</Link>
            </td>
            <td>{t.type}</td>
            <td className="num">{coins(t.amount)}</td>
            <td>{party(t.fromUserId, t.fromTreasury)}</td>
            <td>{party(t.toUserId, t.toTreasury)}</td>
            <td>{t.reason}</td>
            <td>{when(t.createdAt)}</td>
          </tr>
        ))}
        {transactions.length === 0 ? (
          <tr>
            <td colSpan={7}>No transaction.</td>
          </tr>
        ) : null}
      </tbody>
    </Table>
  );
}
