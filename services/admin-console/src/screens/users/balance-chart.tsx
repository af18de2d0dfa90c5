import { useMemo } from 'react';
import { Loaded } from '../../components/busy';
import { SeriesChart } from '../../components/chart';
import { useConsole } from '../../context';
import { coins } from '../../format';
import { useLoad } from '../../hooks/use-load';
import { dashboardDays } from '../dashboard';
import { balanceLine, lastDays } from '../dashboard/series';

/** A user's wallet balance at each day's end over the last days: one read for the whole range (GET /api/admin/users/{id}/daily-balances). */
export function UserBalanceChart({ userId }: { userId: number }) {
  const { session } = useConsole();
  const id = String(userId);
  const range = useMemo(() => lastDays(new Date(), dashboardDays), []);
  const daily = useLoad(() => session.client.getUserDailyBalances({ path: { id }, query: range }), [id, range]);
  const chart = useMemo(() => (daily.data ? balanceLine('Balance', daily.data) : undefined), [daily.data]);
  return (
    <>
      <h2>Balance over the last {dashboardDays} days</h2>
      <Loaded load={daily}>
        {() =>
          chart ? (
            <SeriesChart
              title={`Balance at each day's end, ${range.from} to ${range.to} (UTC)`}
              kind="line"
              data={chart}
              valueName="Coins"
              format={coins}
            />
          ) : null
        }
      </Loaded>
    </>
  );
}
