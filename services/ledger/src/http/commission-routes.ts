import { commissionRuleList, commissionRulesQuery, walletKeyOf } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { listTreasuryWallets } from '../db/reads';
import { commissionRuleEntries } from '../views/commission-view';

/**
 * The commission rules in force (GET /api/admin/commission-rules reads it): each treasury's from the
 * shard that owns its wallet (another shard's copy of a treasury row is not its truth).
 */
export function registerCommissionReadRoutes(
  app: App,
  deps: { pools: readonly Pool[]; shardOfWallet: (walletKey: string) => number },
): void {
  app.get(
    '/internal/commission-rules',
    { schema: { querystring: commissionRulesQuery, response: { 200: commissionRuleList } } },
    async (request) => {
      const owned = await Promise.all(
        deps.pools.map(async (db, shard) =>
          (await listTreasuryWallets(db)).filter((w) => deps.shardOfWallet(walletKeyOf(w.party)) === shard),
        ),
      );
      return { rules: commissionRuleEntries(owned.flat(), request.query.treasury) };
    },
  );
}
