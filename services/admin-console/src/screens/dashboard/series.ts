import type { ChartData } from '../../components/chart';

/*
 * From the API's daily series to what a chart draws (docs/CONTRACT.md "Daily series"). Pure, so
 * the component tests check the numbers without a canvas.
 */

const dayMs = 86_400_000;

/** The last `count` UTC days up to and including today's: a daily series' `from` and `to`. */
export function lastDays(now: Date, count: number): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(today - (count - 1) * dayMs), to: day(today) };
}

export interface DailySupplyAnswer {
  days: Array<{ day: string; supply: number }>;
}
export interface DailyBalancesAnswer {
  days: Array<{ day: string; balance: number }>;
}
export interface DailyVolumeAnswer {
  days: Array<{ day: string; types: Array<{ type: string; transactions: number; amount: number }> }>;
}

/**
 * The supply and each treasury's balance as lines over the supply's days. A treasury answer that
 * lacks a day (it should not) draws 0 there rather than shifting its line.
 */
export function supplyAndTreasuries(
  supply: DailySupplyAnswer,
  treasuries: ReadonlyArray<{ code: string; daily: DailyBalancesAnswer }>,
): ChartData {
  const labels = supply.days.map((d) => d.day);
  return {
    labels,
    series: [
      { label: 'Supply', values: supply.days.map((d) => d.supply) },
      ...treasuries.map(({ code, daily }) => {
        const byDay = new Map(daily.days.map((d) => [d.day, d.balance]));
        return { label: code, values: labels.map((day) => byDay.get(day) ?? 0) };
      }),
    ],
  };
}

/** One bar stack per day, one series per transaction type that moved anything in the range (empty types are left out of the legend). */
export function volumeByType(volume: DailyVolumeAnswer, measure: 'amount' | 'transactions'): ChartData {
  const labels = volume.days.map((d) => d.day);
  const types = [...new Set(volume.days.flatMap((d) => d.types.map((t) => t.type)))];
  const series = types
    .map((type) => ({
      label: type,
      values: volume.days.map((d) => d.types.find((t) => t.type === type)?.[measure] ?? 0),
    }))
    .filter((s) => s.values.some((v) => v !== 0));
  return { labels, series };
}

/** A wallet's balance at each day's end as one line. */
export function balanceLine(label: string, daily: DailyBalancesAnswer): ChartData {
  return { labels: daily.days.map((d) => d.day), series: [{ label, values: daily.days.map((d) => d.balance) }] };
}

export interface ClientDailyVolumeAnswer {
  clients: Array<{ clientId: string; days: Array<{ day: string; transactions: number; amount: number }> }>;
}

/** One line per platform client over the range's days: the coins its requests moved each day. */
export function volumeByClient(labels: readonly string[], volume: ClientDailyVolumeAnswer): ChartData {
  return {
    labels: [...labels],
    series: volume.clients.map((client) => {
      const byDay = new Map(client.days.map((d) => [d.day, d.amount]));
      return { label: client.clientId, values: labels.map((day) => byDay.get(day) ?? 0) };
    }),
  };
}

export interface ReconciliationAnswer {
  lines: Array<{ day: string; providerClientId: string | null; confirmedCoins: number }>;
}

/**
 * One bar stack per day, one series per payout provider: the coins of the cash-outs it paid
 * (CONFIRMED) that day, by the day they were asked for. Providers that paid nothing are left out.
 */
export function cashoutsByProvider(labels: readonly string[], report: ReconciliationAnswer): ChartData {
  const providers = [...new Set(report.lines.map((l) => l.providerClientId ?? 'unclaimed'))];
  const paid = new Map(report.lines.map((l) => [`${l.day} ${l.providerClientId ?? 'unclaimed'}`, l.confirmedCoins]));
  const series = providers
    .map((provider) => ({ label: provider, values: labels.map((day) => paid.get(`${day} ${provider}`) ?? 0) }))
    .filter((s) => s.values.some((v) => v !== 0));
  return { labels: [...labels], series };
}

/** Every UTC day of a range, oldest first: the labels of a chart whose answer lists only the days that had something. */
export function daysOfRange(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= Date.parse(`${range.to}T00:00:00Z`); at += dayMs) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}
