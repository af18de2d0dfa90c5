import { useState } from 'react';
import { coins } from '../../format';
import { Link } from '../../router';

export interface PayoutLine {
  index: number;
  toUserId: number;
  amount: number;
  reason: string | null;
}

/**
 * A payout request's lines behind a button (a payout may have up to 1,000): how many, and once
 * shown, a table of each line's recipient, amount and reason. Rendered only while shown.
 */
export function PayoutLines({ id, lines }: { id: string; lines: PayoutLine[] }) {
  const [shown, setShown] = useState(false);
  const tableId = `payout-lines-${id}`;
  const short = id.slice(0, 8);
  return (
    <>
      <button type="button" aria-expanded={shown} aria-controls={shown ? tableId : undefined} onClick={() => setShown(!shown)}>
        {shown ? 'Hide' : 'Show'} {lines.length} {lines.length === 1 ? 'line' : 'lines'}
        <span className="visually-hidden"> of payout request {short}</span>
      </button>
      {shown ? (
        <table id={tableId} className="payout-lines">
          <caption className="visually-hidden">Lines of payout request {short}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Recipient</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.index}>
                <td>{line.index}</td>
                <td>
                  <Link to={`/users/${line.toUserId}`}>user {line.toUserId}</Link>
                </td>
                <td className="num">{coins(line.amount)}</td>
                <td>{line.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
