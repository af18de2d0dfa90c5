import { testClock, testClockClientId } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import { findTestClockOffset } from '../db/test-clock-reads';
import { firstFound } from '../db/shard-reads';
import type { LedgerSpace } from '../domain/authority';

/**
 * A test-mode client's sandbox clock (docs/decisions/0018-sandbox.md "The test clock"): its
 * stored offset (none yet: 0) and the time it reads, wall time plus the offset, by this ledger's
 * own clock, the one its expiry sweep judges holds by. The gateway names the client from the
 * token it verified (GET /api/sandbox/clock); the route grants nothing. The live ledger keeps no
 * clock: 404 there, so no live read can take a test clock for its time.
 */
export function registerTestClockRoutes(app: App, deps: { pools: readonly Pool[]; space: LedgerSpace; now: () => Date }): void {
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
}
