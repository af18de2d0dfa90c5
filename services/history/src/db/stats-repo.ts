import type { Pool } from '@coin/db';
import type { DayClientVolume, DaySum, DayTypeVolume } from '../domain/daily-series';
import type { PartyKey } from '../domain/projection';

/*
 * The daily series' reads (docs/design/data.md "Daily series"). Each is ONE statement, so its opening
 * balance and its day sums come from one snapshot and agree with each other while history stores
 * new rows. A day is a UTC calendar day; PostgreSQL turns the range's days into its instants
 * (`from` 00:00Z, and 00:00Z of the day after `to`, which is past 9999 for its last day: a date
 * JavaScript would print in a form PostgreSQL does not read). Every scan is index-only: the per-party
 * index carries `delta` (migration 005), the two transaction indexes carry type and amount
 * (migration 006).
 */

/** The range's days (YYYY-MM-DD), both included. */
export interface Bounds {
  from: string;
  to: string;
}

/** The first instant of the day `$n`, and the first instant after the day `$n`. */
const startOf = (n: number) => `($${n}::date::timestamp AT TIME ZONE 'UTC')`;
const endOf = (n: number) => `(($${n}::date + 1)::timestamp AT TIME ZONE 'UTC')`;

export interface OpeningAndDays {
  /** Minor units before `start`. */
  opening: number;
  days: DaySum[];
}

const utcDayOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** Splits the one row without a day (the balance before the range) from the days' sums. */
function openingAndDays(rows: Array<{ day: string | null; sum: number }>): OpeningAndDays {
  let opening = 0;
  const days: DaySum[] = [];
  for (const row of rows) {
    if (row.day === null) opening = row.sum;
    else days.push({ day: row.day, sum: row.sum });
  }
  return { opening, days };
}

/** A party's balance before the range and the sum of its changes on each day of the range that had one. */
export async function partyDailySums(pool: Pool, party: PartyKey, bounds: Bounds): Promise<OpeningAndDays> {
  const result = await pool.query<{ day: string | null; sum: number }>(
    `SELECT NULL::text AS day, coalesce(sum(delta), 0)::bigint AS sum FROM history_entries
      WHERE party_kind = $1 AND party_id = $2 AND created_at < ${startOf(3)}
     UNION ALL
     SELECT ${utcDayOf('created_at')}, sum(delta)::bigint FROM history_entries
      WHERE party_kind = $1 AND party_id = $2 AND created_at >= ${startOf(3)} AND created_at < ${endOf(4)}
      GROUP BY 1`,
    [party.kind, party.id, bounds.from, bounds.to],
  );
  return openingAndDays(result.rows);
}

/** The supply (Σ MINT − Σ BURN) before the range and its change on each day of the range that had one. */
export async function supplyDailySums(pool: Pool, bounds: Bounds): Promise<OpeningAndDays> {
  const signed = `CASE WHEN type = 'MINT' THEN amount ELSE -amount END`;
  const result = await pool.query<{ day: string | null; sum: number }>(
    `SELECT NULL::text AS day, coalesce(sum(${signed}), 0)::bigint AS sum FROM history_transactions
      WHERE type IN ('MINT', 'BURN') AND created_at < ${startOf(1)}
     UNION ALL
     SELECT ${utcDayOf('created_at')}, sum(${signed})::bigint FROM history_transactions
      WHERE type IN ('MINT', 'BURN') AND created_at >= ${startOf(1)} AND created_at < ${endOf(2)}
      GROUP BY 1`,
    [bounds.from, bounds.to],
  );
  return openingAndDays(result.rows);
}

/** How many transactions of each type, and their amount, each day of the range (only the groups that exist). */
export async function dailyVolumeGroups(pool: Pool, bounds: Bounds): Promise<DayTypeVolume[]> {
  const result = await pool.query<DayTypeVolume>(
    `SELECT ${utcDayOf('created_at')} AS day, type, count(*)::int AS transactions, sum(amount)::bigint AS amount
       FROM history_transactions
      WHERE created_at >= ${startOf(1)} AND created_at < ${endOf(2)}
      GROUP BY 1, 2`,
    [bounds.from, bounds.to],
  );
  return result.rows;
}

/**
 * How many transactions each platform client's requests made each day of the range, and their
 * amount (only the groups that exist; transactions no client made are left out).
 */
export async function clientDailyVolumeGroups(pool: Pool, bounds: Bounds): Promise<DayClientVolume[]> {
  const result = await pool.query<DayClientVolume>(
    `SELECT ${utcDayOf('created_at')} AS day, client_id AS "clientId", count(*)::int AS transactions, sum(amount)::bigint AS amount
       FROM history_transactions
      WHERE client_id IS NOT NULL AND created_at >= ${startOf(1)} AND created_at < ${endOf(2)}
      GROUP BY 1, 2`,
    [bounds.from, bounds.to],
  );
  return result.rows;
}
