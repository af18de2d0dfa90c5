import { testClientData, testClock, testClockClientId, testClockList, testClocksQuery } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import { findTestClockOffset } from '../db/test-clock-reads';
import { readTestClientData } from '../db/test-client-reads';
import { firstFound, gathered } from '../db/shard-reads';
import type { LedgerSpace } from '../domain/authority';

/**
 * The sandbox's test clocks (docs/decisions/0018-sandbox.md "The test clock"), read by the gateway
 * (one client's, for GET /api/sandbox/clock) and by the sandbox's webhooks instance (several, to
 * retry a test client's deliveries at wall time plus its clock). The routes grant nothing: the
 * gateway names the client from the token it verified.
 */
export function registerTestClockRoutes(app: App, deps: { pools: readonly Pool[]; space: LedgerSpace; now: () => Date }): void {
  /**
   * One client's clock: its stored offset (none yet: 0) and the time it reads, wall time plus the
   * offset, by this ledger's own clock, the one its expiry sweep judges holds by. The live ledger
   * keeps no clock: 404 there, so no live read can take a test clock for its time.
   */
  app.get(
    '/internal/test-clocks/:clientId',
    { schema: { params: z.object({ clientId: testClockClientId }), response: { 200: testClock } } },
    async (request) => {
      if (deps.space !== 'test') throw new AppError('NOT_FOUND', 'The live ledger keeps no test clocks; the sandbox ledger does');
      const { clientId } = request.params;
      const offsetSeconds = (await firstFound(deps.pools, (db) => findTestClockOffset(db, clientId))) ?? 0;
      return { clientId, offsetSeconds, now: new Date(deps.now().getTime() + offsetSeconds * 1000).toISOString() };
    },
  );

  /**
   * What a reset deletes of one test client (db/test-client-reads.ts), for the gateway's `POST
   * /api/sandbox/reset`, which names the client from the token it verified. The live ledger has no
   * test data: 404 there.
   */
  app.get(
    '/internal/test-clients/:clientId/data',
    { schema: { params: z.object({ clientId: testClockClientId }), response: { 200: testClientData } } },
    async (request) => {
      if (deps.space !== 'test') throw new AppError('NOT_FOUND', 'The live ledger keeps no test data; the sandbox ledger does');
      return readTestClientData(deps.pools, request.params.clientId);
    },
  );

  /**
   * Several clients' clocks: every shard's `test_clocks` is read (a clock lives in the shard of its
   * partition); a client with no row has none. The live ledger stores no clock, so it answers none.
   */
  app.get('/internal/test-clocks', { schema: { querystring: testClocksQuery, response: { 200: testClockList } } }, async (request) => {
    const rows = await gathered(deps.pools, async (db) => {
      const found = await db.query<{ client_id: string; offset_seconds: string }>(
        'SELECT client_id, offset_seconds FROM test_clocks WHERE client_id = ANY($1::text[])',
        [request.query.clientIds],
      );
      return found.rows;
    });
    // One row per client at most (a clock lives in the shard of its partition); were it ever in two, the larger offset counts.
    const offsets = new Map<string, number>();
    for (const row of rows) offsets.set(row.client_id, Math.max(offsets.get(row.client_id) ?? 0, Number(row.offset_seconds)));
    return { clocks: [...offsets].map(([clientId, offsetSeconds]) => ({ clientId, offsetSeconds })) };
  });
}
