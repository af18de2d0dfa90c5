import { testClockList, testClocksQuery } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { gathered } from '../db/shard-reads';

/**
 * The sandbox's test clocks, read by its webhooks instance (docs/decisions/0018-sandbox.md "The
 * test clock"): a test client's deliveries are retried at wall time plus its clock. Every shard's
 * `test_clocks` is read (a clock lives in the shard of its partition); a client with no row has
 * none. The live ledger stores no clock, so it answers none.
 */
export function registerTestClockRoutes(app: App, deps: { pools: readonly Pool[] }): void {
  app.get('/internal/test-clocks', { schema: { querystring: testClocksQuery, response: { 200: testClockList } } }, async (request) => {
    const rows = await gathered(deps.pools, async (db) => {
      const found = await db.query<{ client_id: string; offset_seconds: string }>(
        'SELECT client_id, offset_seconds FROM test_clocks WHERE client_id = ANY($1::text[])',
        [request.query.clientIds],
      );
      return found.rows;
    });
    // One row per client at most; were a clock ever in two shards, the later (larger) offset counts: clocks only go forward.
    const offsets = new Map<string, number>();
    for (const row of rows) offsets.set(row.client_id, Math.max(offsets.get(row.client_id) ?? 0, Number(row.offset_seconds)));
    return { clocks: [...offsets].map(([clientId, offsetSeconds]) => ({ clientId, offsetSeconds })) };
  });
}
