import { AppError } from '@coin/errors';
import { unfreezeToDecide, userIdParam, walletFreezePage, walletFreezesQuery, type ListedWalletFreeze } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { z } from 'zod';
import { findUnfreezeToDecide, listFrozenWallets, type FrozenWallet } from '../db/freeze-reads';
import { firstFound, pagedOverShards } from '../db/shard-reads';
import { freezeView } from '../views/freeze-view';

export interface FreezeReadDeps {
  pools: readonly Pool[];
  now: () => Date;
}

/** Newest freeze first, then the larger user id, over shards as within one. */
function newestFreezeFirst(a: FrozenWallet, b: FrozenWallet): number {
  return b.freeze.frozenAt.getTime() - a.freeze.frozenAt.getTime() || b.userId - a.userId;
}

/** A frozen wallet as the list shows it: its freeze, and its standing unfreeze request on the ledger's clock. */
export function listedFreeze(wallet: FrozenWallet): ListedWalletFreeze {
  const { request } = wallet;
  return {
    ...(freezeView(wallet.userId, wallet.freeze, request) as NonNullable<ReturnType<typeof freezeView>>),
    unfreezeStatus: request?.status ?? 'NONE',
    unfreezeExpiresAt: request?.expiresAt.toISOString() ?? null,
  };
}

/**
 * The frozen wallets (docs/design/ledger.md "Freezes"), over every shard, for the gateway's
 * GET /api/admin/freezes: where an ADMIN+ finds the unfreezes waiting for a second person.
 */
export function registerFreezeReadRoutes(app: App, deps: FreezeReadDeps): void {
  app.get('/internal/freezes', { schema: { querystring: walletFreezesQuery, response: { 200: walletFreezePage } } }, async (request) => {
    const { userId, unfreezeStatus, limit, offset } = request.query;
    const now = deps.now();
    const page = await pagedOverShards(
      deps.pools,
      { limit, offset },
      async (db, first) => {
        const part = await listFrozenWallets(db, { userId, unfreezeStatus, now, ...first });
        return { rows: part.wallets, total: part.total };
      },
      newestFreezeFirst,
    );
    return {
      freezes: page.rows.map(listedFreeze),
      pagination: { limit, offset, total: page.total },
    };
  });
  // The request a decision on a wallet's unfreeze names (the gateway decides an unfreeze by the wallet).
  app.get(
    '/internal/freezes/:userId/unfreeze-request',
    { schema: { params: z.object({ userId: userIdParam }), response: { 200: unfreezeToDecide } } },
    async (request) => {
      const found = await firstFound(deps.pools, (db) => findUnfreezeToDecide(db, request.params.userId, deps.now()));
      if (!found)
        throw new AppError('UNFREEZE_NOT_REQUESTED', `No request to lift the freeze of user ${request.params.userId}'s wallet was asked`);
      return found;
    },
  );
}
