import {
  type AnyGrantRequest,
  type CallbackSecretRequest,
  callbackSecretRequest,
  callbackSecretRequestList,
  grantRequestIdParam,
  grantRequestsQuery,
  problem,
  rejectGrantBody,
  userDraft,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf } from '../plugins/idempotency';
import { answered, commandErrorResponses as errorResponses } from './command-route';
import { exampleGrantRequest, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

export interface CallbackSecretRequestRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

const exampleRequest = exampleGrantRequest({ type: 'user.platform-client.callback-secret' as const, clientId: 'pc_Xk3v9QmT2bLw' });
const exampleDecided = {
  ...exampleRequest,
  decidedBy: { kind: 'user' as const, id: '2', role: 'SUPERADMIN' as const },
  decidedAt: '2026-01-15T10:02:00.000Z',
};

/** A stored grant request as these routes show it: a payout provider's callback secret only. */
export function isCallbackSecretRequest(found: AnyGrantRequest): found is CallbackSecretRequest {
  return found.act.type === 'user.platform-client.callback-secret';
}

/** The callback secret request `id`; 404 for any other grant request, as for none. */
async function callbackSecretRequestOf(
  deps: CallbackSecretRequestRouteDeps,
  request: FastifyRequest,
  id: string,
): Promise<CallbackSecretRequest> {
  const found = await deps.internal.read('users.grant-request', { id }, String(request.id));
  if (!isCallbackSecretRequest(found)) throw new AppError('APPROVAL_NOT_FOUND', 'No such callback secret request');
  return found;
}

/** Sends the approval or the rejection of the request `id` (a callback secret request only). */
async function decide(deps: CallbackSecretRequestRouteDeps, request: FastifyRequest, id: string, reason?: string) {
  const found = await callbackSecretRequestOf(deps, request, id);
  const draft =
    reason === undefined
      ? userDraft('user.approve-grant', { requestId: found.id })
      : userDraft('user.reject-grant', { requestId: found.id, reason });
  const result = await answered(request, () =>
    deps.commands.user(draft, { ...authorityOf(request), commandId: idempotencyOf(request).commandId, requestId: String(request.id) }),
  );
  return { callbackSecretRequest: result.grantRequest as CallbackSecretRequest };
}

const route = routeOf<CallbackSecretRequestRouteDeps>();

const decisionRoutes: RouteDef<CallbackSecretRequestRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/callback-secret-requests/:id/approve',
    config: { access: 'superadmin', idempotent: true, stepUp: true },
    schema: {
      tags: ['platform-clients'],
      summary:
        "Approve a payout provider's new callback secret: it signs the provider's callbacks from now on, and the previous one verifies for the configured overlap more. By a SUPERADMIN other than the requester who held the role before the request was made (403 APPROVAL_BY_REQUESTER, APPROVER_NOT_ELIGIBLE); a client revoked or not granted cashout since is 409 GRANT_REQUEST_OUTDATED",
      headers: idempotencyHeaders,
      params: grantRequestIdParam,
      operationId: 'approveCallbackSecretRequest',
      response: {
        200: withExample(z.object({ callbackSecretRequest }), {
          callbackSecretRequest: { ...exampleDecided, status: 'APPROVED' as const },
        }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => decide(deps, request, request.params.id),
  }),

  route({
    method: 'POST',
    url: '/api/admin/callback-secret-requests/:id/reject',
    config: { access: 'superadmin', idempotent: true, stepUp: true },
    schema: {
      tags: ['platform-clients'],
      summary:
        "Reject a payout provider's pending callback secret with a reason: it never signs anything; any SUPERADMIN, the requester included",
      headers: idempotencyHeaders,
      params: grantRequestIdParam,
      body: withExample(rejectGrantBody, { reason: 'Not asked for by the provider' }),
      operationId: 'rejectCallbackSecretRequest',
      response: {
        200: withExample(z.object({ callbackSecretRequest }), {
          callbackSecretRequest: { ...exampleDecided, status: 'REJECTED' as const, rejectionReason: 'Not asked for by the provider' },
        }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => decide(deps, request, request.params.id, request.body.reason),
  }),
];

/**
 * A payout provider's new callback secret (docs/CONTRACT.md "Cash-out"), asked for with
 * POST /api/admin/platform-clients/{id}/callback-secret: a two-person act. Another SUPERADMIN, one
 * since before the request, approves it here (the secret signs the provider's callbacks from then
 * on), or any SUPERADMIN rejects it, or it expires. Stored with the grant requests; the user
 * service judges every rule (grantDecisionRefusal), the gateway relays.
 */
export const callbackSecretRequestRoutes: RouteDef<CallbackSecretRequestRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/callback-secret-requests',
    config: { access: 'superadmin' },
    schema: {
      tags: ['platform-clients'],
      summary:
        "Payout providers' callback secrets waiting for a second SUPERADMIN (never a secret), newest first, optionally of one status",
      querystring: grantRequestsQuery,
      operationId: 'listCallbackSecretRequests',
      response: {
        200: withExample(callbackSecretRequestList, { callbackSecretRequests: [exampleRequest] }),
        400: problem,
        401: problem,
        403: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) => {
      const list = await deps.internal.read('users.grant-requests', { status: request.query.status }, String(request.id));
      return { callbackSecretRequests: list.grantRequests.filter(isCallbackSecretRequest) };
    },
  }),
  ...decisionRoutes,
];

export function registerCallbackSecretRequestRoutes(app: App, deps: CallbackSecretRequestRouteDeps): void {
  registerRoutes(app, callbackSecretRequestRoutes, deps);
}
