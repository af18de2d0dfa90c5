import { cashoutRateList } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { listCashoutRates } from '../db/cashout-rate-rows';
import { gathered } from '../db/shard-reads';
import { ratesOf } from '../domain/cashout-rates';
import { rateInForce } from '../domain/commands/cashout';
import { mergedCashoutRates } from '../domain/kinds/cashout-rates';
import type { CashoutRate } from '../domain/state';
import { cashoutRateView } from '../domain/cashout-rates';

/** The most versions the list shows (newest proposal first): years of weekly rates. */
const listedVersionsMax = 500;

/**
 * The cash-out rates for the gateway's ADMIN+ list (docs/CONTRACT.md "Cash-out"): the configured
 * versions, every version set through the API (read over every shard: one partition writes them,
 * wherever it lives), each with its status at the ledger's time (a proposal past its expiry
 * EXPIRED), and the one in force then.
 */
export function registerCashoutRateRoutes(
  app: App,
  deps: { pools: readonly Pool[]; configured: readonly CashoutRate[]; now: () => Date },
): void {
  app.get('/internal/cashout-rates', { schema: { response: { 200: cashoutRateList } } }, async () => {
    const versions = [...mergedCashoutRates([await gathered(deps.pools, (db) => listCashoutRates(db, listedVersionsMax))]).values()]
      .sort((a, b) => b.proposedAt.getTime() - a.proposedAt.getTime() || (a.id < b.id ? -1 : 1))
      .slice(0, listedVersionsMax);
    const now = deps.now();
    const inForce = rateInForce(ratesOf(versions, deps.configured), now);
    return {
      configured: deps.configured.map((r) => ({ xafPerCoin: r.xafPerCoin, effectiveFrom: r.effectiveFrom.toISOString() })),
      versions: versions.map((version) => cashoutRateView(version, now)),
      inForce: inForce
        ? { xafPerCoin: inForce.xafPerCoin, effectiveFrom: inForce.effectiveFrom.toISOString(), id: inForce.id ?? null }
        : null,
    };
  });
}
