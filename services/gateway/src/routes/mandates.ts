import { credentialModeOf, randomIdNonce } from '@coin/security';
import {
  adminCancelMandateBody,
  adminMandatesPublicQuery,
  grantMandateBody,
  ledgerDraft,
  mandateIdParam,
  mandatePublicPage,
  mandateResult,
  myMandatesPublicQuery,
  payerOfMandateId,
  problem,
  type MandateStatus,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { principalOf, userIdOf } from '../plugins/auth';
import { spaceOf } from '../plugins/sandbox';
import { idempotencyHeaders } from '../plugins/idempotency';
import { minor } from './amounts';
import { commandErrorResponses as errorResponses, sendLedgerCommand } from './command-route';
import { exampleAt, exampleUserId, withExample } from './examples';
import { offsetLinks, startOf } from './paging';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
export const exampleMandate = {
  id: '3e0c7a1b-52d4-8f6e-8000-000000000007',
  status: 'ACTIVE',
  fromUserId: exampleUserId,
  clientId: 'pc_Xk3v9QmT2bLw',
  amount: 9.99,
  maxPerPeriod: 9.99,
  period: 'MONTH',
  reason: 'StreamCo Premium, monthly',
  startsAt: '2026-02-01T00:00:00.000Z',
  endsAt: null,
  nextPeriod: 0,
  nextChargeAt: '2026-02-01T00:00:00.000Z',
  failedAttempts: 0,
  cancelledBy: null,
  createdAt: exampleAt,
  updatedAt: exampleAt,
} as const;
const exampleGrantMandate = {
  clientId: 'pc_Xk3v9QmT2bLw',
  amount: 9.99,
  period: 'MONTH',
  startsAt: '2026-02-01T00:00:00.000Z',
  reason: 'StreamCo Premium, monthly',
} as const;
const exampleMandateResult = { mandate: exampleMandate };
const exampleCancelledMandate = {
  mandate: { ...exampleMandate, status: 'CANCELLED', nextChargeAt: null, cancelledBy: 'user' },
} as const;
const exampleAdminCancelMandate = { reason: 'The payer asked support to stop it: the service was never delivered' };
const exampleAdminCancelledMandate = {
  mandate: { ...exampleMandate, status: 'CANCELLED', nextChargeAt: null, cancelledBy: 'admin' },
} as const;
const exampleMandatePage = {
  mandates: [exampleMandate],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};

export interface MandateRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  /** Whether a platform client exists and is not revoked (the auth plugin's check): a mandate is granted only to such a client. */
  auth: { platformClientActive?: (clientId: string, requestId: string) => Promise<boolean> };
}

const readResponses = { 400: problem, 401: problem, 403: problem, 503: problem };

const route = routeOf<MandateRouteDeps>();

/** The payer grants: the client named must exist and not be revoked. */
const grantRoutes: RouteDef<MandateRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/wallets/me/mandates',
    config: { access: 'user', idempotent: true },
    schema: {
      tags: ['wallets', 'mandates'],
      summary:
        "Grant a platform client a mandate to charge the caller's wallet `amount` into SUBSCRIPTIONS once per period from startsAt (until endsAt or a cancel); the ledger charges each period once",
      headers: idempotencyHeaders,
      operationId: 'grantMandate',
      body: withExample(grantMandateBody, exampleGrantMandate),
      response: { 201: withExample(mandateResult, exampleMandateResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { clientId, amount, maxPerPeriod, period, startsAt, endsAt, reason } = request.body;
      // A test-mode client acts on test coins only: no mandate on a real wallet names one (the ledger refuses it too).
      if (credentialModeOf('system', clientId) === 'test') {
        throw new AppError('NOT_FOUND', `Platform client ${clientId} is a test-mode client: it cannot be granted a mandate on real coins`);
      }
      if (deps.auth.platformClientActive && !(await deps.auth.platformClientActive(clientId, String(request.id)))) {
        throw new AppError('NOT_FOUND', `Platform client ${clientId} does not exist or is revoked: it cannot be granted a mandate`);
      }
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.grant-mandate', {
          fromUserId: userIdOf(request),
          clientId,
          amount: minor(amount),
          ...(maxPerPeriod !== undefined ? { maxPerPeriod: minor(maxPerPeriod) } : {}),
          period,
          startsAt,
          ...(endsAt !== undefined ? { endsAt } : {}),
          reason,
          // The mandate's id derives from these random bits too: not computable from the payer and the key.
          idNonce: randomIdNonce(),
          requestHash,
        }),
      );
    },
  }),
];

/** The payer's cancel and the platform's: the same command, its author the ledger's to judge. */
function cancelMandate(mandateId: string, request: FastifyRequest, reply: FastifyReply, deps: MandateRouteDeps) {
  const fromUserId = payerOfMandateId(mandateId);
  // A user cancels only their own: another's mandate answers as if it did not exist (the ledger refuses it too).
  const principal = principalOf(request);
  if (fromUserId === null || (principal.kind === 'user' && principal.userId !== fromUserId)) {
    throw new AppError('MANDATE_NOT_FOUND', `No mandate ${mandateId}`);
  }
  return sendLedgerCommand(
    deps.commands,
    request,
    reply,
    (requestHash) => ledgerDraft('ledger.cancel-mandate', { mandateId, fromUserId, requestHash }),
    200,
  );
}

/** The payer's cancel and the platform's. */
const cancelRoutes: RouteDef<MandateRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/wallets/me/mandates/:id/cancel',
    config: { access: 'user', idempotent: true },
    schema: {
      tags: ['wallets', 'mandates'],
      summary: "Cancel one of the caller's mandates: it never charges again, even a charge already due",
      headers: idempotencyHeaders,
      params: mandateIdParam,
      operationId: 'cancelMyMandate',
      response: { 200: withExample(mandateResult, exampleCancelledMandate), ...errorResponses },
    },
    handler: (request, reply, deps) => cancelMandate(request.params.id, request, reply, deps),
  }),

  route({
    method: 'POST',
    url: '/api/platform/mandates/:id/cancel',
    // A test-mode client cancels its sandbox mandates (docs/decisions/0018-sandbox.md "Mandates in the sandbox").
    config: { access: 'platform', idempotent: true, sandbox: 'ledger' },
    schema: {
      tags: ['mandates'],
      summary:
        'Cancel a mandate granted to the calling platform client (any other answers 404): it never charges again. A test-mode client cancels its sandbox mandates',
      headers: idempotencyHeaders,
      params: mandateIdParam,
      operationId: 'cancelClientMandate',
      response: { 200: withExample(mandateResult, exampleCancelledMandate), ...errorResponses },
    },
    handler: (request, reply, deps) => cancelMandate(request.params.id, request, reply, deps),
  }),
];

/**
 * An ADMIN+ cancels a user's mandate for them (the console's mandate list), with a reason: the
 * same command, its author and reason judged by the ledger from the admin's own proof. Like a
 * freeze, it stops coins leaving a wallet rather than moving any, so it needs no fresh second
 * factor; applied, it is in the admin audit log with its reason.
 */
const adminCancelRoutes: RouteDef<MandateRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/mandates/:id/cancel',
    config: { access: 'admin', idempotent: true },
    schema: {
      tags: ['admin', 'mandates'],
      summary: "Cancel a user's mandate for them, with a reason (cancelledBy `admin`): it never charges again, even a charge already due",
      headers: idempotencyHeaders,
      params: mandateIdParam,
      body: withExample(adminCancelMandateBody, exampleAdminCancelMandate),
      operationId: 'cancelMandate',
      response: { 200: withExample(mandateResult, exampleAdminCancelledMandate), ...errorResponses },
    },
    handler: (request, reply, deps) => {
      const mandateId = request.params.id;
      const fromUserId = payerOfMandateId(mandateId);
      if (fromUserId === null) throw new AppError('MANDATE_NOT_FOUND', `No mandate ${mandateId}`);
      const { reason } = request.body;
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.cancel-mandate', { mandateId, fromUserId, reason, requestHash }),
        200,
      );
    },
  }),
];

/** The lists: the caller's own, the calling platform's, every payer's (ADMIN+, the console). */
const listRoutes: RouteDef<MandateRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/wallets/me/mandates',
    config: { access: 'user' },
    schema: {
      tags: ['wallets', 'mandates'],
      summary: "The caller's mandates, newest first, optionally of one status (offset pages with the total)",
      querystring: myMandatesPublicQuery,
      operationId: 'listMyMandates',
      response: { 200: withExample(mandatePublicPage, exampleMandatePage), ...readResponses },
    },
    handler: (request, _reply, deps) => pageOf(deps, request, { ...request.query, userId: userIdOf(request) }),
  }),

  route({
    method: 'GET',
    url: '/api/platform/mandates',
    // A test-mode client reads its sandbox mandates, from the sandbox ledger alone.
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['mandates'],
      summary:
        'The mandates granted to the calling platform client, newest first, optionally of one payer (userId) or status; a test-mode client reads its sandbox mandates (their times on its test clock), never a live one',
      querystring: adminMandatesPublicQuery,
      operationId: 'listClientMandates',
      response: { 200: withExample(mandatePublicPage, exampleMandatePage), ...readResponses },
    },
    handler: (request, _reply, deps) => pageOf(deps, request, { ...request.query, clientId: principalOf(request).subject }),
  }),

  route({
    method: 'GET',
    url: '/api/admin/mandates',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'mandates'],
      summary: "Mandates of every payer, or of one (userId), optionally of one status; newest first (the console's mandate list)",
      querystring: adminMandatesPublicQuery,
      operationId: 'listMandates',
      response: { 200: withExample(mandatePublicPage, exampleMandatePage), ...readResponses },
    },
    handler: (request, _reply, deps) => pageOf(deps, request, request.query),
  }),
];

/** A page of mandates of the ledger's, with its links. */
async function pageOf(
  deps: MandateRouteDeps,
  request: FastifyRequest,
  query: {
    userId?: number | undefined;
    clientId?: string | undefined;
    status?: MandateStatus | undefined;
    limit: number;
    offset: number;
    cursor?: string | undefined;
  },
) {
  const { userId, clientId, status, limit, offset, cursor } = query;
  // A test-mode client's list is the sandbox ledger's; every other caller's the live one's (plugins/sandbox.ts).
  const page = await deps.internal
    .in(spaceOf(request))
    .read('ledger.mandates', { userId, clientId, limit, offset: startOf(request, 'offset', offset, cursor), status }, String(request.id));
  return { ...page, ...offsetLinks(request, page.pagination, page.mandates.length) };
}

/**
 * Mandates (docs/design/ledger.md "Mandates"): a user grants a platform client a mandate to charge
 * their wallet into SUBSCRIPTIONS once per period; the ledger's scheduler charges it; the user or
 * that platform cancels it, or an ADMIN+ for the user. Every command about a mandate is keyed by the payer's wallet, which the
 * mandate's id names (docs/decisions/0005); the ledger alone judges who may cancel it.
 */
export const mandateRoutes: RouteDef<MandateRouteDeps>[] = [...grantRoutes, ...cancelRoutes, ...adminCancelRoutes, ...listRoutes];

export function registerMandateRoutes(app: App, deps: MandateRouteDeps): void {
  registerRoutes(app, mandateRoutes, deps);
}
