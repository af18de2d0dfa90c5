import type { OperationResult } from '@coin/client';
import { coins, when } from '../../format';
import { Link } from '../../router';

export type MoneyAnswer = OperationResult<'mintCoins'> | OperationResult<'rewardUser'>;

/** What a money form's answer says: done (the transaction and the wallet's balance now), or waiting for a second ADMIN's approval. */
export function MoneyResult({ answer }: { answer: MoneyAnswer }) {
  if ('approval' in answer && answer.approval && !('transaction' in answer)) {
    const a = answer.approval;
    return (
      <div className="notice" role="status">
        <p>
          <strong>202 Accepted: waiting for approval.</strong> Nothing has moved yet: another ADMIN must approve request{' '}
          <Link to="/approvals">{a.id}</Link> with an API key of the same scope before {when(a.expiresAt)} UTC.
        </p>
      </div>
    );
  }
  if ('transaction' in answer) {
    const t = answer.transaction;
    return (
      <div className="notice" role="status" data-testid="money-result">
        <p>
          <strong>Done:</strong> transaction <Link to={`/transactions/${t.id}`}>{t.id}</Link>, {t.type} of {coins(t.amount)}
          {answer.wallet && 'balance' in answer.wallet ? (
            <> · wallet balance now {coins((answer.wallet as { balance: number }).balance)}</>
          ) : null}
        </p>
      </div>
    );
  }
  return null;
}
