import { internalMandatesQuery, mandatePage } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { listMandates } from '../db/mandate-reads';
import { pagedOverShards } from '../db/shard-reads';
import { mandateView } from '../views/mandate-view';
import { newestFirst } from './internal-routes';

/** The mandate lists (docs/design/ledger.md "Mandates"): the gateway's user, platform and admin lists read them, over every shard. */
export function registerMandateInternalRoutes(app: App, deps: { pools: readonly Pool[] }): void {
  app.get('/internal/mandates', { schema: { querystring: internalMandatesQuery, response: { 200: mandatePage } } }, async (request) => {
    const { userId, clientId, status, limit, offset } = request.query;
    const page = await pagedOverShards(
      deps.pools,
      { limit, offset },
      async (db, first) => {
        const part = await listMandates(db, { fromUserId: userId, clientId, status, ...first });
        return { rows: part.mandates, total: part.total };
      },
      newestFirst,
    );
    return { mandates: page.rows.map(mandateView), pagination: { limit, offset, total: page.total } };
  });
}
