import { type ChartData, SeriesChart } from '../../components/chart';
import { coins } from '../../format';

/** A dashboard chart of coins per day, or `empty` said in words when it has no series to draw (or nothing yet). */
export function CoinsChart({
  title,
  kind,
  data,
  empty,
}: {
  title: string;
  kind: 'line' | 'bar';
  data: ChartData | undefined;
  empty: string;
}) {
  return data && data.series.length > 0 ? (
    <SeriesChart title={title} kind={kind} data={data} valueName="Coins" format={coins} />
  ) : (
    <p>{empty}</p>
  );
}
