/*
 * Daily series (docs/design/data.md "Daily series"): the store answers a balance before the range and
 * the sums of the days that had transactions; these turn them into one point per day of the range,
 * in minor units. Days without a transaction carry the balance over, or a volume of zero.
 */

/** A day's sum of signed changes, as the store groups them (days without a row had none). */
export interface DaySum {
  day: string;
  sum: number;
}

/** The balance at the end of each day: the opening balance plus every day's sum up to and including that day. */
export function closingBalances(days: readonly string[], opening: number, sums: readonly DaySum[]): number[] {
  const byDay = new Map(sums.map((s) => [s.day, s.sum]));
  let balance = opening;
  return days.map((day) => {
    balance += byDay.get(day) ?? 0;
    return balance;
  });
}

/** One (day, type) group of the store: how many transactions and their amount in minor units. */
export interface DayTypeVolume {
  day: string;
  type: string;
  transactions: number;
  amount: number;
}

/** Every day of the range with every type of `types` in that order, zeros where the store had no group. */
export function denseVolume<T extends string>(
  days: readonly string[],
  types: readonly T[],
  groups: readonly DayTypeVolume[],
): Array<{ day: string; types: Array<{ type: T; transactions: number; amount: number }> }> {
  const byKey = new Map(groups.map((g) => [`${g.day} ${g.type}`, g]));
  return days.map((day) => ({
    day,
    types: types.map((type) => {
      const group = byKey.get(`${day} ${type}`);
      return { type, transactions: group?.transactions ?? 0, amount: group?.amount ?? 0 };
    }),
  }));
}
