import type { OperationResult } from '@coin/client';
import { Table } from '../../components/layout';
import { coins } from '../../format';

/** GET /api/admin/supply: whether the books balance, the credit legs in flight, and every mismatch the audit found. */
export function SupplyReport({ report }: { report: OperationResult<'getSupplyReport'> }) {
  return (
    <>
      <p className={report.consistent ? 'ok' : 'problem'} role="status" data-testid="supply-consistent">
        {report.consistent
          ? '✓ Consistent: Σ balances + credit legs in flight = Σ MINT − Σ BURN, every wallet = Σ its entries.'
          : '✗ Not consistent: see the mismatches below.'}
      </p>
      {report.creditLegs.stale.count > 0 ? (
        <p className="problem" role="alert" data-testid="credit-legs-stale">
          {`✗ ${report.creditLegs.stale.count} credit legs (${coins(report.creditLegs.stale.amount)}) not landed within ${report.creditLegs.maxAgeSeconds} s: transactions ${report.creditLegs.staleTransactionIds.join(', ')}`}
        </p>
      ) : null}
      <dl className="facts">
        <dt>Minted</dt>
        <dd>{coins(report.minted)}</dd>
        <dt>Burned</dt>
        <dd>{coins(report.burned)}</dd>
        <dt>Supply</dt>
        <dd>{coins(report.supply)}</dd>
        <dt>Σ balances</dt>
        <dd>{coins(report.balances)}</dd>
        <dt>In flight</dt>
        <dd>{coins(report.inFlight)}</dd>
        <dt>{`Credit legs younger than ${report.creditLegs.maxAgeSeconds} s`}</dt>
        <dd>{`${report.creditLegs.young.count} (${coins(report.creditLegs.young.amount)})`}</dd>
        <dt>Credit legs older (stale)</dt>
        <dd>{`${report.creditLegs.stale.count} (${coins(report.creditLegs.stale.amount)})`}</dd>
        <dt>Discrepancy</dt>
        <dd>{coins(report.discrepancy)}</dd>
        <dt>Held</dt>
        <dd>{coins(report.heldCoins)}</dd>
        <dt>Wallets</dt>
        <dd>{report.wallets}</dd>
        <dt>Transactions</dt>
        <dd>{report.transactions}</dd>
      </dl>
      {report.mismatchedWallets.length > 0 ? (
        <Table caption="Wallets whose balance is not the sum of their entries">
          <thead>
            <tr>
              <th scope="col">Wallet</th>
              <th scope="col" className="num">
                Balance
              </th>
              <th scope="col" className="num">
                Σ entries
              </th>
            </tr>
          </thead>
          <tbody>
            {report.mismatchedWallets.map((w) => (
              <tr key={w.walletKey}>
                <td>{w.walletKey}</td>
                <td className="num">{coins(w.balance)}</td>
                <td className="num">{coins(w.entriesSum)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {report.mismatchedHolds.length > 0 ? (
        <Table caption="Wallets whose held coins are not the sum of their pending holds">
          <thead>
            <tr>
              <th scope="col">Wallet</th>
              <th scope="col" className="num">
                Held
              </th>
              <th scope="col" className="num">
                Σ pending
              </th>
            </tr>
          </thead>
          <tbody>
            {report.mismatchedHolds.map((w) => (
              <tr key={w.walletKey}>
                <td>{w.walletKey}</td>
                <td className="num">{coins(w.held)}</td>
                <td className="num">{coins(w.pendingSum)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {report.overRefundedPurchases.length > 0 ? (
        <p className="problem">Purchases refunded beyond their amount: {report.overRefundedPurchases.join(', ')}</p>
      ) : null}
      {report.badCaptures.length > 0 ? (
        <ul className="problem">
          {report.badCaptures.map((c) => (
            <li key={c.holdId}>
              Hold {c.holdId}: {c.problem}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
