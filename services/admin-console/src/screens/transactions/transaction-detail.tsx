import { Loaded } from '../../components/busy';
import { Page } from '../../components/layout';
import { useConsole } from '../../context';
import { coins, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link } from '../../router';
import { party } from './transaction-rows';

/** GET /api/coins/transactions/{id}: one transaction, read from the ledger. */
export function TransactionDetailScreen({ transactionId }: { transactionId: number }) {
  const { session } = useConsole();
  const transaction = useLoad(() => session.client.getTransaction({ path: { id: String(transactionId) } }), [transactionId]);
  return (
    <Page title={`Transaction ${transactionId}`}>
      <p>
        <Link to="/transactions">← Transactions</Link>
      </p>
      <Loaded load={transaction}>
        {(data) => (
          <dl className="facts">
            <dt>Type</dt>
            <dd>{data.type}</dd>
            <dt>Amount</dt>
            <dd>{coins(data.amount)}</dd>
            <dt>From</dt>
            <dd>{party(data.fromUserId, data.fromTreasury)}</dd>
            <dt>To</dt>
            <dd>{party(data.toUserId, data.toTreasury)}</dd>
            <dt>Reason</dt>
            <dd>{data.reason}</dd>
            <dt>Reference</dt>
            <dd>{data.reference ?? '—'}</dd>
            <dt>Refund of</dt>
            <dd>{data.refundOf !== null ? <Link to={`/transactions/${data.refundOf}`}>{data.refundOf}</Link> : '—'}</dd>
            <dt>At (UTC)</dt>
            <dd>{when(data.createdAt)}</dd>
            <dt>Approval</dt>
            <dd>
              {data.approval
                ? `${data.approval.id}: requested by user ${data.approval.requestedBy}, approved by user ${data.approval.approvedBy}`
                : '—'}
            </dd>
          </dl>
        )}
      </Loaded>
      {transaction.data?.type === 'PURCHASE' ? (
        <p>
          <Link to={`/money?refund=${transactionId}`}>Refund this purchase</Link>
        </p>
      ) : null}
    </Page>
  );
}
