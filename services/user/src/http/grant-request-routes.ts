import { anyGrantRequest, anyGrantRequestList, grantRequestIdParam, grantRequestsQuery } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { findGrantRequest, listGrantRequests } from '../db/grant-requests-repo';
import { grantKindOf } from '../domain/commands/table';
import { grantRequestView } from '../domain/grant-requests';
import { requestStatusAt } from '../domain/two-person-requests';

/** Reads of the grant requests (docs/DESIGN.md "Two-person acts"), for the gateway's admin routes. */
export function registerGrantRequestRoutes(app: App, deps: { pool: Pool; now: () => Date }): void {
  app.get(
    '/internal/grant-requests',
    { schema: { querystring: grantRequestsQuery, response: { 200: anyGrantRequestList } } },
    async (request) => {
      const now = deps.now();
      const { status } = request.query;
      const rows = await listGrantRequests(deps.pool, status);
      // A stored PENDING past its expiry is shown, and filtered, as EXPIRED.
      return {
        grantRequests: rows
          .filter((row) => !status || requestStatusAt(row, now) === status)
          .map((row) => grantRequestView(row, now, grantKindOf(row.act))),
      };
    },
  );

  app.get(
    '/internal/grant-requests/:id',
    { schema: { params: grantRequestIdParam, response: { 200: anyGrantRequest } } },
    async (request) => {
      const row = await findGrantRequest(deps.pool, request.params.id);
      if (!row) throw new AppError('APPROVAL_NOT_FOUND', 'No such grant request');
      return grantRequestView(row, deps.now(), grantKindOf(row.act));
    },
  );
}
