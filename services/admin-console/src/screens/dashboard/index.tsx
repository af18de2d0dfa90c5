import { useMemo } from 'react';
import { Loaded } from '../../components/busy';
import { SeriesChart } from '../../components/chart';
import { Page } from '../../components/layout';
import { useConsole } from '../../context';
import { coins, treasuries, when } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { Link } from '../../router';
import { ClientPanels } from './clients';
import { CoinsChart } from './coins-chart';
import { lastDays, supplyAndTreasuries, volumeByType } from './series';

/** How many days the charts cover, today's included. */
export const dashboardDays = 30;
/** Disabled endpoints read for the count (one page of the list; past it the panel says "or more"). */
const failingEndpointsRead = 100;
/** Disabled endpoints named in the panel; the count covers the rest. */
const failingEndpointsShown = 5;

/**
 * The landing screen of ADMIN+: the supply and each treasury's balance at each day's end, the
 * daily volume by transaction type and by platform client, the cash-outs each provider paid, and
 * what waits for someone (approvals and payout approvals, webhook endpoints disabled after
 * persistent failure). Every chart is one read per series for the whole range (docs/CONTRACT.md
 * "Daily series"): eight calls, whatever the days.
 */
export function DashboardScreen() {
  const { session } = useConsole();
  const range = useMemo(() => lastDays(new Date(), dashboardDays), []);
  const query = { from: range.from, to: range.to };
  const balances = useBalanceSeries(range);
  const volume = useLoad(() => session.client.getDailyVolume({ query }), [range]);
  const volumeChart = useMemo(() => (volume.data ? volumeByType(volume.data, 'amount') : undefined), [volume.data]);
  const approvals = useApprovalsWaiting();
  const failing = useLoad(() => session.client.listAllWebhookEndpoints({ query: { status: 'disabled', limit: failingEndpointsRead } }), []);
  return (
    <Page title="Dashboard">
      <p className="muted">
        The last {dashboardDays} days, {range.from} to {range.to} (UTC days; today so far), from the history.
      </p>
      <div className="dashboard">
        <section className="panel" aria-labelledby="waiting-title">
          <h2 id="waiting-title">Waiting for a decision</h2>
          <Loaded load={approvals}>{(data) => <ApprovalsWaiting requests={data.requests} payouts={data.payouts} />}</Loaded>
        </section>
        <section className="panel" aria-labelledby="failing-title">
          <h2 id="failing-title">Webhook endpoints failing</h2>
          <Loaded load={failing}>{(data) => <FailingEndpoints endpoints={data.endpoints} more={data.hasMore} />}</Loaded>
        </section>
        <section className="panel wide" aria-labelledby="balances-title">
          <h2 id="balances-title">Supply and treasuries</h2>
          <Loaded load={balances}>
            {(data) => (
              <SeriesChart
                title="Supply and treasury balances at each day's end"
                kind="line"
                data={data}
                valueName="Coins"
                format={coins}
              />
            )}
          </Loaded>
        </section>
        <section className="panel wide" aria-labelledby="volume-title">
          <h2 id="volume-title">Daily volume by type</h2>
          <Loaded load={volume}>
            {() => (
              <CoinsChart
                title="Coins moved each day by transaction type"
                kind="bar"
                data={volumeChart}
                empty="No transactions in these days."
              />
            )}
          </Loaded>
        </section>
        <ClientPanels range={range} />
      </div>
    </Page>
  );
}

/** The pending approval requests and payout requests: how many in all, and of which kind. */
function ApprovalsWaiting({ requests, payouts }: { requests: number; payouts: number }) {
  const total = requests + payouts;
  return (
    <p>
      <strong data-testid="approvals-waiting">{total}</strong> {total === 1 ? 'approval waits' : 'approvals wait'}
      {payouts > 0 ? (
        <>
          {' '}
          ({requests} {requests === 1 ? 'request' : 'requests'}, <span data-testid="payouts-waiting">{payouts}</span>{' '}
          {payouts === 1 ? 'payout' : 'payouts'})
        </>
      ) : null}
      . <Link to="/approvals">Go to approvals</Link>
    </p>
  );
}

interface DisabledEndpoint {
  id: string;
  clientId: string;
  url: string;
  disabledAt: string | null;
  disabledReason: string | null;
}

/** The endpoints disabled after persistent failure: how many, and the first few with when and why. */
function FailingEndpoints({ endpoints, more }: { endpoints: DisabledEndpoint[]; more: boolean }) {
  if (endpoints.length === 0) return <p>No endpoint is disabled.</p>;
  return (
    <>
      <p>
        <strong data-testid="endpoints-failing">
          {endpoints.length}
          {more ? ' or more' : ''}
        </strong>{' '}
        {endpoints.length === 1 && !more ? 'endpoint was' : 'endpoints were'} disabled after persistent failure.
      </p>
      <ul className="plain">
        {endpoints.slice(0, failingEndpointsShown).map((e) => (
          <li key={e.id}>
            <code>{e.clientId}</code> {e.url} <span className="muted">since {when(e.disabledAt)}</span>
            {e.disabledReason ? <span className="muted"> · {e.disabledReason}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The supply and each treasury's balance at each day's end of `range`: one read per series. */
function useBalanceSeries(range: { from: string; to: string }) {
  const { session } = useConsole();
  const query = { from: range.from, to: range.to };
  return useLoad(async () => {
    const [supply, ...daily] = await Promise.all([
      session.client.getDailySupply({ query }),
      ...treasuries.map((code) => session.client.getTreasuryDailyBalances({ path: { code }, query })),
    ]);
    return supplyAndTreasuries(
      supply,
      treasuries.map((code, i) => ({ code, daily: daily[i]! })),
    );
  }, [range]);
}

/**
 * How many approval requests and payout requests are pending. Payouts waiting are requests of their
 * own (GET /api/admin/payout-approvals), not Approvals: both are counted.
 */
function useApprovalsWaiting() {
  const { session } = useConsole();
  return useLoad(async () => {
    const [requests, payouts] = await Promise.all([
      session.client.listApprovals({ query: { status: 'PENDING', limit: '1' } }),
      session.client.listPayoutApprovals({ query: { status: 'PENDING', limit: '1' } }),
    ]);
    return { requests: requests.pagination.total, payouts: payouts.pagination.total };
  }, []);
}
