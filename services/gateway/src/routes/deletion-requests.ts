import {
  closeWalletReason,
  deletionRequest,
  deletionRequestIdParam,
  deletionRequestList,
  deletionRequestsQuery,
  ledgerDraft,
  problem,
  rejectDeletionBody,
  userDraft,
} from '@coin/contracts';
import type { App } from '@coin/http';
import { uuidV5 } from '@coin/security';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf } from '../plugins/idempotency';
import type { TokenVersionStore } from '../plugins/token-version';
import { withExample } from './examples';
import { answered } from './command-route';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
export const exampleDeletionRequest = {
  id: '5d1f0c3a-2b4e-5f6a-8b9c-0d1e2f3a4b5c',
  userId: 42,
  status: 'PENDING' as const,
  balance: 25000,
  requestedBy: { kind: 'user' as const, id: '1', role: 'SUPERADMIN' as const },
  createdAt: '2026-01-15T09:30:00.000Z',
  expiresAt: '2026-01-16T09:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
};

export interface DeletionRequestRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  tokenVersions: TokenVersionStore;
}

const errorResponses = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem, 429: problem, 503: problem, 504: problem };

/**
 * A deletion request, read from the user service. The command is keyed by the user it deletes, so
 * it is applied in that user's order; the user service checks that the request names that user.
 */
function requestOf(deps: DeletionRequestRouteDeps, request: FastifyRequest, id: string) {
  return deps.internal.read('users.deletion-request', { id }, String(request.id));
}

const route = routeOf<DeletionRequestRouteDeps>();

/**
 * Large deletions wait for a second SUPERADMIN (docs/DESIGN.md "Deleting a user"): DELETE
 * /api/admin/users/{id} of a user holding DELETION_APPROVAL_MIN_COINS or more answers 202 with a
 * request; another SUPERADMIN approves it here (the deletion then happens as a direct one, and
 * the wallet is closed before the answer), or any SUPERADMIN rejects it, or it expires.
 */
export const deletionRequestRoutes: RouteDef<DeletionRequestRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/deletion-requests',
    config: { access: 'superadmin' },
    schema: {
      tags: ['admin'],
      summary: 'Deletion requests (deletions of users holding DELETION_APPROVAL_MIN_COINS or more), newest first, optionally of one status',
      querystring: deletionRequestsQuery,
      operationId: 'listDeletionRequests',
      response: {
        200: withExample(deletionRequestList, { deletionRequests: [exampleDeletionRequest] }),
        400: problem,
        401: problem,
        403: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) => {
      const { status } = request.query;
      return deps.internal.read('users.deletion-requests', { status }, String(request.id));
    },
  }),

  route({
    method: 'POST',
    url: '/api/admin/deletion-requests/:id/approve',
    config: { access: 'superadmin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin'],
      summary:
        'Approve a deletion request: the user is deleted as a direct deletion would (data erased, tokens revoked, wallet closed and its coins burned before it answers). By a SUPERADMIN other than the requester',
      headers: idempotencyHeaders,
      params: deletionRequestIdParam,
      operationId: 'approveDeletionRequest',
      response: {
        200: withExample(z.object({ message: z.string(), deletionRequest }), {
          message: 'User deleted',
          deletionRequest: { ...exampleDeletionRequest, status: 'APPROVED' as const },
        }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => {
      const found = await requestOf(deps, request, request.params.id);
      const userId = found.userId;
      const { commandId } = idempotencyOf(request);
      const result = await answered(request, () =>
        deps.commands.user(userDraft('user.approve-deletion', { userId, requestId: found.id }), {
          ...authorityOf(request),
          commandId,
          requestId: String(request.id),
        }),
      );
      await deps.tokenVersions.rememberDeleted(userId);
      // Deleted means closed when this answers, exactly as DELETE /api/admin/users/{id} does it.
      await deps.commands.ledger(ledgerDraft('ledger.close-wallet', { userId, reason: closeWalletReason(userId) }), {
        ...authorityOf(request),
        commandId: uuidV5(`ledger.close-wallet:${commandId}`),
        requestId: String(request.id),
      });
      return { message: 'User deleted', deletionRequest: result.deletionRequest };
    },
  }),

  route({
    method: 'POST',
    url: '/api/admin/deletion-requests/:id/reject',
    config: { access: 'superadmin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin'],
      summary: 'Reject a pending deletion request with a reason: the user stays; any SUPERADMIN, the requester included',
      headers: idempotencyHeaders,
      params: deletionRequestIdParam,
      body: withExample(rejectDeletionBody, { reason: 'Balance to be paid out first' }),
      operationId: 'rejectDeletionRequest',
      response: {
        200: withExample(z.object({ deletionRequest }), {
          deletionRequest: { ...exampleDeletionRequest, status: 'REJECTED' as const, rejectionReason: 'Balance to be paid out first' },
        }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => {
      const found = await requestOf(deps, request, request.params.id);
      return answered(request, () =>
        deps.commands.user(userDraft('user.reject-deletion', { userId: found.userId, requestId: found.id, reason: request.body.reason }), {
          ...authorityOf(request),
          commandId: idempotencyOf(request).commandId,
          requestId: String(request.id),
        }),
      );
    },
  }),
];

export function registerDeletionRequestRoutes(app: App, deps: DeletionRequestRouteDeps): void {
  registerRoutes(app, deletionRequestRoutes, deps);
}
