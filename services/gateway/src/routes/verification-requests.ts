import {
  type AnyGrantRequest,
  grantRequestIdParam,
  grantRequestsQuery,
  problem,
  rejectGrantBody,
  requestVerificationBody,
  userDraft,
  userIdParam,
  type VerificationRequest,
  verificationPending,
  verificationRequest,
  verificationRequestList,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { randomIdNonce } from '@coin/security';
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

export interface VerificationRequestRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  tokenVersions: TokenVersionStore;
}

const exampleRequest = {
  ...exampleGrantRequest({
    type: 'user.set-verification' as const,
    userId: 42,
    verified: true as const,
    reason: 'Identity document checked',
  }),
  requestedBy: { kind: 'user' as const, id: '3', role: 'ADMIN' as const },
};
const exampleDecided = {
  ...exampleRequest,
  decidedBy: { kind: 'user' as const, id: '4', role: 'ADMIN' as const },
  decidedAt: '2026-01-15T10:02:00.000Z',
};

/** A stored grant request as these routes show it: a verification's only. */
function isVerification(found: AnyGrantRequest): found is VerificationRequest {
  return found.act.type === 'user.set-verification';
}

const route = routeOf<VerificationRequestRouteDeps>();

const askRoutes: RouteDef<VerificationRequestRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/users/:id/verification-requests',
    config: { access: 'admin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin'],
      summary:
        "Ask for the verification of an ADMIN or SUPERADMIN account, with a reason: nothing changes until another ADMIN+, neither the requester nor the account, approves the request (POST /api/admin/verification-requests/{id}/approve). A USER, or an account verified already, is 409 GRANT_REQUEST_OUTDATED (a USER is verified with PUT .../verification); one's own account is 403 SELF_DEALING",
      headers: idempotencyHeaders,
      params: z.object({ id: userIdParam }),
      body: withExample(requestVerificationBody, { reason: 'Identity document checked' }),
      operationId: 'requestUserVerification',
      response: { 202: withExample(verificationPending, { verificationRequest: exampleRequest }), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { id } = request.params;
      const data = { userId: id, verified: true, reason: request.body.reason, asRequest: true as const, idNonce: randomIdNonce() };
      const result = await answered(request, () =>
        deps.commands.user(userDraft('user.set-verification', data), {
          ...authorityOf(request),
          commandId: idempotencyOf(request).commandId,
          requestId: String(request.id),
        }),
      );
      if (!('grantRequest' in result) || !isVerification(result.grantRequest))
        throw new Error('user.set-verification asked as a request answered something else');
      return reply.status(202).send({ verificationRequest: result.grantRequest });
    },
  }),
];

const readRoutes: RouteDef<VerificationRequestRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/verification-requests',
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Verification requests of ADMIN+ accounts waiting for a second ADMIN+, newest first, optionally of one status',
      querystring: grantRequestsQuery,
      operationId: 'listVerificationRequests',
      response: {
        200: withExample(verificationRequestList, { verificationRequests: [exampleRequest] }),
        400: problem,
        401: problem,
        403: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) => {
      const list = await deps.internal.read('users.grant-requests', { status: request.query.status }, String(request.id));
      return { verificationRequests: list.grantRequests.filter(isVerification) };
    },
  }),

  route({
    method: 'GET',
    url: '/api/admin/verification-requests/:id',
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'One verification request',
      params: grantRequestIdParam,
      operationId: 'getVerificationRequest',
      response: {
        200: withExample(verificationRequest, exampleRequest),
        400: problem,
        401: problem,
        403: problem,
        404: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) => verificationRequestOf(deps, request, request.params.id),
  }),
];

/** The verification request `id`; 404 for any other grant request, as for none. */
async function verificationRequestOf(
  deps: VerificationRequestRouteDeps,
  request: FastifyRequest,
  id: string,
): Promise<VerificationRequest> {
  const found = await deps.internal.read('users.grant-request', { id }, String(request.id));
  if (!isVerification(found)) throw new AppError('APPROVAL_NOT_FOUND', 'No such verification request');
  return found;
}

const decisionRoutes: RouteDef<VerificationRequestRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/verification-requests/:id/approve',
    config: { access: 'admin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin'],
      summary:
        'Approve a verification request: the account is verified (its current access tokens end). By an ADMIN+ other than the requester (403 APPROVAL_BY_REQUESTER) and the account (403 SELF_DEALING), one since before the request was made (403 APPROVER_NOT_ELIGIBLE)',
      headers: idempotencyHeaders,
      params: grantRequestIdParam,
      operationId: 'approveVerificationRequest',
      response: {
        200: withExample(z.object({ verificationRequest }), { verificationRequest: { ...exampleDecided, status: 'APPROVED' as const } }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => {
      const found = await verificationRequestOf(deps, request, request.params.id);
      const result = await answered(request, () =>
        deps.commands.user(userDraft('user.approve-grant', { requestId: found.id }), {
          ...authorityOf(request),
          commandId: idempotencyOf(request).commandId,
          requestId: String(request.id),
        }),
      );
      // The account's older tokens (without the verified claim) are refused from the very next request.
      if (result.tokenVersion !== null) await deps.tokenVersions.remember(found.act.userId, result.tokenVersion);
      return { verificationRequest: result.grantRequest as VerificationRequest };
    },
  }),

  route({
    method: 'POST',
    url: '/api/admin/verification-requests/:id/reject',
    config: { access: 'admin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin'],
      summary: 'Reject a pending verification request with a reason: nothing changes; any ADMIN+, the requester included',
      headers: idempotencyHeaders,
      params: grantRequestIdParam,
      body: withExample(rejectGrantBody, { reason: 'The document does not match' }),
      operationId: 'rejectVerificationRequest',
      response: {
        200: withExample(z.object({ verificationRequest }), {
          verificationRequest: { ...exampleDecided, status: 'REJECTED' as const, rejectionReason: 'The document does not match' },
        }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => {
      const found = await verificationRequestOf(deps, request, request.params.id);
      const result = await answered(request, () =>
        deps.commands.user(userDraft('user.reject-grant', { requestId: found.id, reason: request.body.reason }), {
          ...authorityOf(request),
          commandId: idempotencyOf(request).commandId,
          requestId: String(request.id),
        }),
      );
      return { verificationRequest: result.grantRequest as VerificationRequest };
    },
  }),
];

/**
 * The verification of an ADMIN or SUPERADMIN account (docs/CONTRACT.md "Verification"): a
 * two-person act. An ADMIN+ asks for it (202 with a request), and a different ADMIN+, neither the
 * requester nor the account, one since before the request, approves it (the verification is then
 * applied), or any ADMIN+ rejects it, or it expires. Stored with the grant requests; the user
 * service judges every rule (grantDecisionRefusal), the gateway relays.
 */
export const verificationRequestRoutes: RouteDef<VerificationRequestRouteDeps>[] = [...askRoutes, ...readRoutes, ...decisionRoutes];

export function registerVerificationRequestRoutes(app: App, deps: VerificationRequestRouteDeps): void {
  registerRoutes(app, verificationRequestRoutes, deps);
}
