import { deletionRequest, deletionRequestIdParam, deletionRequestList, deletionRequestsQuery } from '@coin/contracts';
import type { Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { findDeletionRequest, listDeletionRequests } from '../db/deletion-requests-repo';
import { deletionRequestView } from '../domain/deletion-requests';
import { requestStatusAt } from '../domain/two-person-requests';

/** Reads of the deletion requests (docs/DESIGN.md "Deleting a user"), for the gateway's admin routes. */
export function registerDeletionRequestRoutes(app: App, deps: { pool: Pool; now: () => Date }): void {
  app.get(
    '/internal/deletion-requests',
    { schema: { querystring: deletionRequestsQuery, response: { 200: deletionRequestList } } },
    async (request) => {
      const now = deps.now();
      const { status } = request.query;
      const rows = await listDeletionRequests(deps.pool, status);
      // A stored PENDING past its expiry is shown, and filtered, as EXPIRED.
      return {
        deletionRequests: rows.filter((row) => !status || requestStatusAt(row, now) === status).map((row) => deletionRequestView(row, now)),
      };
    },
  );

  app.get(
    '/internal/deletion-requests/:id',
    { schema: { params: deletionRequestIdParam, response: { 200: deletionRequest } } },
    async (request) => {
      const row = await findDeletionRequest(deps.pool, request.params.id);
      if (!row) throw new AppError('APPROVAL_NOT_FOUND', 'No such deletion request');
      return deletionRequestView(row, deps.now());
    },
  );
}
