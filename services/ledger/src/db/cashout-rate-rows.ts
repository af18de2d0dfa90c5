import type { PoolClient } from '@coin/db';
import type { CashoutRateVersion } from '../domain/cashout-rates';
import { cashoutRateColumns, cashoutRateOf, type CashoutRateDbRow } from '../domain/kinds/cashout-rates';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * Every version of the rate table, newest proposal first, for the admin list (bounded). What an
 * apply reads of it is the kind's (domain/kinds/cashout-rates.ts).
 */
export async function listCashoutRates(db: Queryable, limit: number): Promise<CashoutRateVersion[]> {
  const result = await db.query<CashoutRateDbRow>(
    `SELECT ${cashoutRateColumns} FROM cashout_rates ORDER BY proposed_at DESC, id LIMIT $1`,
    [limit],
  );
  return result.rows.map(cashoutRateOf);
}
