import {
  grantRequest,
  grantRequestIdParam,
  grantRequestList,
  grantRequestsQuery,
  type AnyGrantRequest,
  type GrantRequest,
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
import type { TokenVersionStore } from '../plugins/token-version';
import { answered, commandErrorResponses as errorResponses } from './command-route';
import { exampleGrantRequest, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

export interface GrantRequestRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  tokenVersions: TokenVersionStore;
}

const exampleRequest = exampleGrantRequest({
  type: 'user.change-role' as const,
  userId: 42,
  role: 'ADMIN' as const,
  previousRole: 'USER' as const,
});
const exampleDecision = {
  ...exampleRequest,
  decidedBy: { kind: 'user' as const, id: '2', role: 'SUPERADMIN' as const },
  decidedAt: '2026-01-15T10:02:00.000Z',
};

/**
 * A grant request as these routes show it: any but a verification's and a callback secret's, which
 * have their own routes (verification-requests, callback-secret-requests).
 */
function isGrant(found: AnyGrantRequest): found is GrantRequest {
  return found.act.type !== 'user.set-verification' && found.act.type !== 'user.platform-client.callback-secret';
}

/** A grant request these routes show (404 APPROVAL_NOT_FOUND for a verification's or a callback secret's). */
async function requestOf(deps: GrantRequestRouteDeps, request: FastifyRequest, id: string): Promise<GrantRequest> {
  const found = await deps.internal.read('users.grant-request', { id }, String(request.id));
  if (!isGrant(found)) throw new AppError('APPROVAL_NOT_FOUND', 'No such grant request');
  return found;
}

const route = routeOf<GrantRequestRouteDeps>();

/** Any SUPERADMIN rejects a pending grant request (the requester withdrawing included). */
const rejectRoutes: RouteDef<GrantRequestRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/grant-requests/:id/reject',
    config: { access: 'superadmin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin'],
      summary: 'Reject a pending grant request with a reason: nothing is granted; any SUPERADMIN, the requester included',
      headers: idempotencyHeaders,
      params: grantRequestIdParam,
      body: withExample(rejectGrantBody, { reason: 'Not agreed with the team' }),
      operationId: 'rejectGrantRequest',
      response: {
        200: withExample(z.object({ grantRequest }), {
          grantRequest: { ...exampleDecision, status: 'REJECTED' as const, rejectionReason: 'Not agreed with the team' },
        }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => {
      const found = await requestOf(deps, request, request.params.id);
      const result = await answered(request, () =>
        deps.commands.user(userDraft('user.reject-grant', { requestId: found.id, reason: request.body.reason }), {
          ...authorityOf(request),
          commandId: idempotencyOf(request).commandId,
          requestId: String(request.id),
        }),
      );
      return { grantRequest: result.grantRequest as GrantRequest };
    },
  }),
];

/**
 * Two-person acts (docs/DESIGN.md "Two-person acts"): a role grant (PATCH
 * /api/admin/users/{id}/role to ADMIN or SUPERADMIN, or away from SUPERADMIN), an API key and a
 * platform client, asked for by a SUPERADMIN, answer 202 with a grant request. Another SUPERADMIN,
 * one since before the request, approves it here (the act is then applied as asked), or any
 * SUPERADMIN rejects it, or it expires. The user service judges every rule; the gateway relays.
 */
export const grantRequestRoutes: RouteDef<GrantRequestRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/grant-requests',
    config: { access: 'superadmin' },
    schema: {
      tags: ['admin'],
      summary:
        'Grant requests (role grants, API keys and platform clients waiting for a second SUPERADMIN), newest first, optionally of one status',
      querystring: grantRequestsQuery,
      operationId: 'listGrantRequests',
      response: {
        200: withExample(grantRequestList, { grantRequests: [exampleRequest] }),
        400: problem,
        401: problem,
        403: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) => {
      const list = await deps.internal.read('users.grant-requests', { status: request.query.status }, String(request.id));
      return { grantRequests: list.grantRequests.filter(isGrant) };
    },
  }),

  route({
    method: 'GET',
    url: '/api/admin/grant-requests/:id',
    config: { access: 'superadmin' },
    schema: {
      tags: ['admin'],
      summary: 'One grant request',
      params: grantRequestIdParam,
      operationId: 'getGrantRequest',
      response: { 200: withExample(grantRequest, exampleRequest), 400: problem, 401: problem, 403: problem, 404: problem, 503: problem },
    },
    handler: async (request, _reply, deps) => requestOf(deps, request, request.params.id),
  }),

  route({
    method: 'POST',
    url: '/api/admin/grant-requests/:id/approve',
    config: { access: 'superadmin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin'],
      summary:
        'Approve a grant request: the role change, key or client is applied as asked. By a SUPERADMIN other than the requester who held the role before the request was made (403 APPROVAL_BY_REQUESTER, APPROVER_NOT_ELIGIBLE)',
      headers: idempotencyHeaders,
      params: grantRequestIdParam,
      operationId: 'approveGrantRequest',
      response: {
        200: withExample(z.object({ message: z.string(), grantRequest }), {
          message: 'Approved',
          grantRequest: { ...exampleDecision, status: 'APPROVED' as const },
        }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => {
      const found = await requestOf(deps, request, request.params.id);
      const result = await answered(request, () =>
        deps.commands.user(userDraft('user.approve-grant', { requestId: found.id }), {
          ...authorityOf(request),
          commandId: idempotencyOf(request).commandId,
          requestId: String(request.id),
        }),
      );
      // A role changed: the account's older tokens are refused from the very next request.
      const act = result.grantRequest.act;
      if (act.type === 'user.change-role' && result.tokenVersion !== null)
        await deps.tokenVersions.remember(act.userId, result.tokenVersion);
      return { message: 'Approved', grantRequest: result.grantRequest as GrantRequest };
    },
  }),
  ...rejectRoutes,
];

export function registerGrantRequestRoutes(app: App, deps: GrantRequestRouteDeps): void {
  registerRoutes(app, grantRequestRoutes, deps);
}
