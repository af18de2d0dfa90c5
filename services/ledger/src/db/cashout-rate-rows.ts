import type { PoolClient } from '@coin/db';
import type { CashoutRateVersion } from '../domain/cashout-rates';
import { cashoutRateColumns, cashoutRateOf, rateRequestsAsVersions, type CashoutRateDbRow } from '../domain/kinds/cashout-rates';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * Every version of the rate table, newest proposal first, for the admin list (bounded): the
 * approved versions, and the requests for the others as the versions they ask for (waiting or
 * expired: PROPOSED, past its expiry for an expired one; REJECTED, by whom and when). What an
 * apply reads of it is the kind's (domain/kinds/cashout-rates.ts).
 */
export async function listCashoutRates(db: Queryable, limit: number): Promise<CashoutRateVersion[]> {
  const result = await db.query<CashoutRateDbRow>(
    `(SELECT ${cashoutRateColumns} FROM cashout_rates ORDER BY proposed_at DESC, id LIMIT $1)
     UNION ALL
     (${rateRequestsAsVersions} AND a.status <> 'APPROVED' ORDER BY a.created_at DESC, a.id LIMIT $1)`,
    [limit],
  );
  return result.rows.map(cashoutRateOf);
}
