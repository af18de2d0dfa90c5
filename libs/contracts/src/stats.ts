import { z } from 'zod';
import { coinValue } from './money';
import { transactionType } from './ledger';

/*
 * Daily series read from the history projection (docs/CONTRACT.md "Daily series"): a party's
 * balance and the coin supply at the end of each UTC day, and the volume of each transaction type
 * per UTC day. One read answers a whole range, so a chart of 30 days is one call, not 30 as-of
 * reads. A day's balance counts every transaction whose createdAt is before the next day's
 * 00:00Z: the balance as of the day's end (today's: as of now).
 */

export const dailySeriesLimits = {
  /** A range covers at most this many days, both ends counted: a year, leap day included. */
  daysMax: 366,
  /** The per-client volume names at most this many clients, those that moved the most coins: what a chart's legend can tell apart. */
  clientsMax: 10,
} as const;

const dayMs = 86_400_000;

/** A UTC calendar day, YYYY-MM-DD. */
export const utcDay = z.iso
  .date()
  // RFC 3339 admits the year 0000, which PostgreSQL has not (and nothing was recorded then).
  .refine((day) => day >= '0001-01-01', { message: 'must be in the years 0001 to 9999' })
  .describe('A UTC calendar day (YYYY-MM-DD), years 0001 to 9999');

/** from ≤ to and at most daysMax days, both counted (an explicit bound on one read's work and answer). */
export function checkDays(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const from = Date.parse(`${q.from}T00:00:00Z`);
  const to = Date.parse(`${q.to}T00:00:00Z`);
  if (!(from <= to)) ctx.addIssue({ code: 'custom', message: 'must not be before from', path: ['to'] });
  else if ((to - from) / dayMs + 1 > dailySeriesLimits.daysMax) {
    ctx.addIssue({ code: 'custom', message: `must be at most ${dailySeriesLimits.daysMax} days from from, both counted`, path: ['to'] });
  }
}

/** GET …/daily-balances, …/daily-supply, …/daily-volume: the first and the last day, both included. */
export const dailyRangeQuery = z
  .strictObject({
    from: utcDay.describe('The first day (UTC, YYYY-MM-DD), included'),
    to: utcDay.describe(`The last day (UTC, YYYY-MM-DD), included; at most ${dailySeriesLimits.daysMax} days from from, both counted`),
  })
  .superRefine(checkDays);
export type DailyRangeQuery = z.infer<typeof dailyRangeQuery>;

/** The days of a range, oldest first: what a series has one point for. */
export function daysOf(range: DailyRangeQuery): string[] {
  const days: string[] = [];
  const last = Date.parse(`${range.to}T00:00:00Z`);
  for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= last && days.length < dailySeriesLimits.daysMax; at += dayMs) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** A range of days and one point per day of it, oldest first: every daily series has this shape. */
function dailySeries<P extends z.ZodRawShape>(point: P, daysDescription: string) {
  return z.object({
    from: utcDay,
    to: utcDay,
    days: z.array(z.object({ day: utcDay, ...point })).describe(daysDescription),
  });
}

export const dailyBalances = dailySeries(
  { balance: coinValue.describe("The balance at the day's end: Σ received − Σ sent of the transactions created before the next day") },
  'One point per day of the range, oldest first',
);
export type DailyBalances = z.infer<typeof dailyBalances>;

export const dailySupply = dailySeries(
  {
    supply: coinValue.describe("The coins in existence at the day's end: Σ MINT − Σ BURN of the transactions created before the next day"),
  },
  'One point per day of the range, oldest first',
);
export type DailySupply = z.infer<typeof dailySupply>;

export const dailyVolume = dailySeries(
  {
    types: z
      .array(
        z.object({
          type: transactionType,
          transactions: z.number().int().nonnegative().describe('How many transactions of this type were created that day'),
          amount: coinValue.describe('Coins they moved'),
        }),
      )
      .describe('Every transaction type, in the order of the type list, zeros included'),
  },
  'One entry per day of the range, oldest first',
);
export type DailyVolume = z.infer<typeof dailyVolume>;

/**
 * GET /api/admin/stats/client-daily-volume: per platform client, the transactions its requests made
 * on each UTC day of the range (those made by people or operators directly name no client).
 */
export const clientDailyVolume = z.object({
  from: utcDay,
  to: utcDay,
  clients: z
    .array(
      z.object({
        clientId: z.string().describe('The platform client'),
        transactions: z.number().int().nonnegative().describe('How many transactions its requests made over the range'),
        amount: coinValue.describe('The coins they moved over the range'),
        days: z
          .array(
            z.object({
              day: utcDay,
              transactions: z.number().int().nonnegative().describe('How many that day'),
              amount: coinValue.describe('The coins they moved that day'),
            }),
          )
          .describe('One point per day of the range, oldest first'),
      }),
    )
    .describe(`The clients that made any transaction in the range, most coins first, at most ${dailySeriesLimits.clientsMax}`),
  clientsTotal: z
    .number()
    .int()
    .nonnegative()
    .describe(`How many clients made any transaction in the range: more than listed when past ${dailySeriesLimits.clientsMax}`),
});
export type ClientDailyVolume = z.infer<typeof clientDailyVolume>;
