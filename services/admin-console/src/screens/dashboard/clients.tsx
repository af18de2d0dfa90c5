import { useMemo } from 'react';
import { Loaded } from '../../components/busy';
import { useConsole } from '../../context';
import { useLoad } from '../../hooks/use-load';
import { Link } from '../../router';
import { CoinsChart } from './coins-chart';
import { cashoutsByProvider, daysOfRange, volumeByClient } from './series';

/**
 * The platform clients' panels of the dashboard: the coins each client's requests moved each day
 * (GET /api/admin/stats/client-daily-volume, the clients that moved the most), and the coins each
 * payout provider paid out each day (GET /api/admin/cashouts/reconciliation). Both draw with the
 * dashboard's one chart component: two reads, whatever the days.
 */
export function ClientPanels({ range }: { range: { from: string; to: string } }) {
  const { session } = useConsole();
  const labels = useMemo(() => daysOfRange(range), [range]);
  const volume = useLoad(() => session.client.getClientDailyVolume({ query: { from: range.from, to: range.to } }), [range]);
  const cashouts = useLoad(() => session.client.getCashoutReconciliation({ query: { from: range.from, to: range.to } }), [range]);
  const volumeChart = useMemo(() => (volume.data ? volumeByClient(labels, volume.data) : undefined), [labels, volume.data]);
  const cashoutChart = useMemo(() => (cashouts.data ? cashoutsByProvider(labels, cashouts.data) : undefined), [labels, cashouts.data]);
  return (
    <>
      <section className="panel wide" aria-labelledby="client-volume-title">
        <h2 id="client-volume-title">Volume by platform client</h2>
        <Loaded load={volume}>
          {(data) => (
            <>
              <CoinsChart
                title="Platform clients' volume per day (coins)"
                kind="line"
                data={volumeChart}
                empty="No platform client made a transaction in these days."
              />
              {data.clientsTotal > data.clients.length ? (
                <p className="muted">
                  The {data.clients.length} clients that moved the most of {data.clientsTotal}; the others' are in{' '}
                  <Link to="/transactions">Transactions</Link> by platform client.
                </p>
              ) : null}
            </>
          )}
        </Loaded>
      </section>
      <section className="panel wide" aria-labelledby="client-cashouts-title">
        <h2 id="client-cashouts-title">Cash-outs by provider</h2>
        <Loaded load={cashouts}>
          {() => (
            <CoinsChart
              title="Cash-outs paid per day by provider (coins)"
              kind="bar"
              data={cashoutChart}
              empty="No cash-out was paid in these days."
            />
          )}
        </Loaded>
        <p className="muted">
          By the day each was asked for; the <Link to="/cashouts">Cash-outs</Link> screen has the reconciliation.
        </p>
      </section>
    </>
  );
}
