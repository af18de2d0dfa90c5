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

/** One (day, client) group of the store: how many transactions the client's requests made and their amount in minor units. */
export interface DayClientVolume {
  day: string;
  clientId: string;
  transactions: number;
  amount: number;
}

/** A client's volume over a range: its totals and a point for every day, in minor units. */
export interface ClientVolume {
  clientId: string;
  transactions: number;
  amount: number;
  days: Array<{ day: string; transactions: number; amount: number }>;
}

/**
 * Every client of the groups with a point for every day of the range (zeros where it made none),
 * the ones that moved the most coins first (then by id, so equal ones keep one order), at most
 * `clientsMax` of them; `clientsTotal` counts them all.
 */
export function clientVolumes(
  days: readonly string[],
  groups: readonly DayClientVolume[],
  clientsMax: number,
): { clients: ClientVolume[]; clientsTotal: number } {
  const byClient = new Map<string, Map<string, DayClientVolume>>();
  for (const group of groups) {
    const clientDays = byClient.get(group.clientId) ?? new Map<string, DayClientVolume>();
    clientDays.set(group.day, group);
    byClient.set(group.clientId, clientDays);
  }
  const clients = [...byClient].map(([clientId, clientDays]): ClientVolume => {
    const points = days.map((day) => ({
      day,
      transactions: clientDays.get(day)?.transactions ?? 0,
      amount: clientDays.get(day)?.amount ?? 0,
    }));
    return {
      clientId,
      transactions: points.reduce((sum, p) => sum + p.transactions, 0),
      amount: points.reduce((sum, p) => sum + p.amount, 0),
      days: points,
    };
  });
  clients.sort((a, b) => b.amount - a.amount || (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
  return { clients: clients.slice(0, clientsMax), clientsTotal: clients.length };
}
