import { cashoutPage, cashoutsInternalQuery, minorUnitsToCoins, reconciliation, reconciliationQuery } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { listCashouts, reconcileCashouts } from '../db/cashout-reads';
import { gathered, pagedOverShards } from '../db/shard-reads';
import { cashoutView } from '../views/cashout-view';

/**
 * The cash-out queue and the reconciliation per provider and day (docs/CONTRACT.md "Cash-out"),
 * read over every shard for the gateway's ADMIN+ routes.
 */
export function registerCashoutReadRoutes(app: App, deps: { pools: readonly Pool[] }): void {
  app.get('/internal/cashouts', { schema: { querystring: cashoutsInternalQuery, response: { 200: cashoutPage } } }, async (request) => {
    const { status, providerClientId, assignedTo, fromUserId, approval, limit, offset } = request.query;
    const page = await pagedOverShards(
      deps.pools,
      { limit, offset },
      async (db, first) => {
        const part = await listCashouts(db, { status, providerClientId, assignedTo, fromUserId, approval, ...first });
        return { rows: part.cashouts, total: part.total };
      },
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    return { cashouts: page.rows.map(cashoutView), pagination: { limit, offset, total: page.total } };
  });

  // The JSON form only (format is the gateway's): the gateway renders the CSV.
  app.get(
    '/internal/cashouts/reconciliation',
    { schema: { querystring: reconciliationQuery, response: { 200: reconciliation } } },
    async (request) => {
      const { from, to, providerClientId } = request.query;
      const parts = await gathered(deps.pools, (db) => reconcileCashouts(db, { from, to, providerClientId }));
      // One line per provider and day, the shards' counts added up.
      const merged = new Map<string, (typeof parts)[number]>();
      for (const part of parts) {
        const key = `${part.day} ${part.providerClientId}`;
        const seen = merged.get(key);
        merged.set(
          key,
          seen
            ? {
                ...seen,
                requested: seen.requested + part.requested,
                requestedXaf: seen.requestedXaf + part.requestedXaf,
                confirmed: seen.confirmed + part.confirmed,
                confirmedMinor: seen.confirmedMinor + part.confirmedMinor,
                confirmedXaf: seen.confirmedXaf + part.confirmedXaf,
                failed: seen.failed + part.failed,
                expired: seen.expired + part.expired,
                released: seen.released + part.released,
                pending: seen.pending + part.pending,
                claimed: seen.claimed + part.claimed,
                overdue: seen.overdue + part.overdue,
                frozen: seen.frozen + part.frozen,
              }
            : part,
        );
      }
      const lines = [...merged.values()]
        .sort((a, b) => a.day.localeCompare(b.day) || (a.providerClientId ?? '').localeCompare(b.providerClientId ?? ''))
        .map(({ confirmedMinor, ...line }) => ({ ...line, confirmedCoins: minorUnitsToCoins(confirmedMinor) }));
      return { from, to, lines };
    },
  );
}
