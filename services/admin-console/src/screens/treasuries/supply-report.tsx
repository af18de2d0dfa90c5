import type { OperationResult } from '@coin/client';
import { Table } from '../../components/layout';
import { coins } from '../../format';

type Report = OperationResult<'getSupplyReport'>;

/** GET /api/admin/supply: whether the books balance, the credit legs in flight, and every mismatch the audit found. */
export function SupplyReport({ report }: { report: Report }) {
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
      <SupplyFacts report={report} />
      {report.mismatchedWallets.length > 0 ? (
        <MismatchTable
          caption="Wallets whose balance is not the sum of their entries"
          stored="Balance"
          sum="Σ entries"
          rows={report.mismatchedWallets.map((w) => ({ walletKey: w.walletKey, stored: w.balance, sum: w.entriesSum }))}
        />
      ) : null}
      {report.mismatchedHolds.length > 0 ? (
        <MismatchTable
          caption="Wallets whose held coins are not the sum of their pending holds"
          stored="Held"
          sum="Σ pending"
          rows={report.mismatchedHolds.map((w) => ({ walletKey: w.walletKey, stored: w.held, sum: w.pendingSum }))}
        />
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

/** The report's totals: minted, burned, supply, balances and what is in flight or held. */
function SupplyFacts({ report }: { report: Report }) {
  return (
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
  );
}

/** One row per wallet whose stored figure is not the sum it should be. */
interface Mismatch {
  walletKey: string;
  stored: number;
  sum: number;
}

/** The wallets whose stored figure (balance or held coins) the audit found not equal to the sum of their rows. */
function MismatchTable({ caption, stored, sum, rows }: { caption: string; stored: string; sum: string; rows: readonly Mismatch[] }) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col">Wallet</th>
          <th scope="col" className="num">
            {stored}
          </th>
          <th scope="col" className="num">
            {sum}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((w) => (
          <tr key={w.walletKey}>
            <td>{w.walletKey}</td>
            <td className="num">{coins(w.stored)}</td>
            <td className="num">{coins(w.sum)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
