import { walletFreezePage, walletFreezesQuery, type ListedWalletFreeze } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { listFrozenWallets, type FrozenWallet } from '../db/freeze-reads';
import { pagedOverShards } from '../db/shard-reads';
import { unfreezeStanding } from '../domain/freezes';
import { freezeView } from '../views/freeze-view';

export interface FreezeReadDeps {
  pools: readonly Pool[];
  approvalExpirySeconds: number;
  now: () => Date;
}

/** Newest freeze first, then the larger user id, over shards as within one. */
function newestFreezeFirst(a: FrozenWallet, b: FrozenWallet): number {
  return b.freeze.frozenAt.getTime() - a.freeze.frozenAt.getTime() || b.userId - a.userId;
}

/** A frozen wallet as the list shows it: its freeze, and its unfreeze request's standing on the ledger's clock. */
export function listedFreeze(wallet: FrozenWallet, now: Date, approvalExpirySeconds: number): ListedWalletFreeze {
  const standing = unfreezeStanding(wallet.freeze, now, approvalExpirySeconds);
  return {
    ...(freezeView(wallet.userId, wallet.freeze) as NonNullable<ReturnType<typeof freezeView>>),
    unfreezeStatus: standing.status,
    unfreezeExpiresAt: standing.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The frozen wallets (docs/design/ledger.md "Freezes"), over every shard, for the gateway's
 * GET /api/admin/freezes: where an ADMIN+ finds the unfreezes waiting for a second person.
 */
export function registerFreezeReadRoutes(app: App, deps: FreezeReadDeps): void {
  app.get('/internal/freezes', { schema: { querystring: walletFreezesQuery, response: { 200: walletFreezePage } } }, async (request) => {
    const { unfreezeStatus, limit, offset } = request.query;
    const now = deps.now();
    const expiredAtOrBefore = new Date(now.getTime() - deps.approvalExpirySeconds * 1000);
    const page = await pagedOverShards(
      deps.pools,
      { limit, offset },
      async (db, first) => {
        const part = await listFrozenWallets(db, { unfreezeStatus, expiredAtOrBefore, ...first });
        return { rows: part.wallets, total: part.total };
      },
      newestFreezeFirst,
    );
    return {
      freezes: page.rows.map((wallet) => listedFreeze(wallet, now, deps.approvalExpirySeconds)),
      pagination: { limit, offset, total: page.total },
    };
  });
}
