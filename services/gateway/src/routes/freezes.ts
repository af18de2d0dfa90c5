import {
  freezeBody,
  freezeResult,
  ledgerDraft,
  ownFreezeDetail,
  unfreezeRequestBody,
  userIdParam,
  walletFreezePublicPage,
  walletFreezesPublicQuery,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import { userIdOf } from '../plugins/auth';
import { idempotencyHeaders } from '../plugins/idempotency';
import { commandErrorResponses as errorResponses, sendLedgerCommand } from './command-route';
import { exampleAt, exampleUserId, withExample } from './examples';
import { offsetLinks, startOf } from './paging';
import type { ActPart } from './four-eyes/kit';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const exampleFreezeBody = { reason: 'Circular transfers among new accounts', caseId: 'case-2026-0042' };
const exampleFreezeResult = {
  userId: exampleUserId,
  frozen: true,
  freeze: {
    userId: exampleUserId,
    reason: 'Circular transfers among new accounts',
    caseId: 'case-2026-0042',
    frozenBy: { kind: 'user' as const, id: '7' },
    frozenAt: exampleAt,
    unfreezeRequest: null,
  },
};
const exampleUnfreezeRequestBody = { reason: 'The case was closed: no abuse found' };
const exampleFreezePage = {
  freezes: [
    {
      ...exampleFreezeResult.freeze,
      unfreezeRequest: { requestedBy: 7, reason: exampleUnfreezeRequestBody.reason, requestedAt: '2026-01-15T10:00:00.000Z' },
      unfreezeStatus: 'PENDING' as const,
      unfreezeExpiresAt: '2026-01-16T10:00:00.000Z',
    },
  ],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};

export interface FreezeRouteDeps {
  commands: CommandBus;
}

const idParams = z.object({ id: userIdParam });
const answer = withExample(freezeResult, exampleFreezeResult);

const route = routeOf<FreezeRouteDeps>();

/**
 * The wallet's owner neither asks for nor approves the lift of its freeze: refused at once, and
 * recorded as the gateway's refusal (the ledger judges it again where the lift is applied).
 */
function refuseOwnWallet(request: FastifyRequest, userId: number): void {
  if (userIdOf(request) !== userId) return;
  request.refusedAtGateway = true;
  throw new AppError('SELF_DEALING', ownFreezeDetail);
}

/**
 * Lifting a freeze, the first of its two people: one ADMIN+ asks; a different ADMIN+ approves on
 * the route drawn from the act's row of the four-eyes table (unfreezePart; the ledger refuses the
 * requester).
 */
const unfreezeRoutes: RouteDef<FreezeRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/users/:id/freeze/unfreeze-request',
    config: { access: 'admin', idempotent: true },
    schema: {
      tags: ['admin', 'freezes'],
      summary:
        "Ask to lift a freeze, with a reason: a different ADMIN+ approves it (200 with the freeze and the pending request). Never the wallet's owner (403 SELF_DEALING)",
      headers: idempotencyHeaders,
      params: idParams,
      body: withExample(unfreezeRequestBody, exampleUnfreezeRequestBody),
      operationId: 'requestUnfreeze',
      response: { 200: answer, ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      refuseOwnWallet(request, request.params.id);
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.request-unfreeze', { userId: request.params.id, reason: request.body.reason, requestHash }),
        200,
      );
    },
  }),
];

/**
 * Wallet freezes (docs/CONTRACT.md "Wallet freezes"): an ADMIN+ freezes a user wallet's outgoing
 * movements; lifting it takes a request by one ADMIN+ and an approval by another, with a fresh
 * second factor. The ledger decides each (who may, whether frozen, whether the approver asked or
 * owns the wallet); the gateway drafts the command, keyed by the wallet, and refuses the owner at once.
 */
export const freezeRoutes: RouteDef<FreezeRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/users/:id/freeze',
    config: { access: 'admin', idempotent: true },
    schema: {
      tags: ['admin', 'freezes'],
      summary:
        "Freeze a user wallet's outgoing movements: its debits are refused (409 WALLET_FROZEN), coins sent to it still land (201 with the freeze)",
      headers: idempotencyHeaders,
      params: idParams,
      body: withExample(freezeBody, exampleFreezeBody),
      operationId: 'freezeUserWallet',
      response: { 201: answer, ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { reason, caseId } = request.body;
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.freeze-wallet', { userId: request.params.id, reason, ...(caseId ? { caseId } : {}), requestHash }),
      );
    },
  }),
  ...unfreezeRoutes,
];

/**
 * The second person of an unfreeze, on the route drawn from its row of the four-eyes table
 * (four-eyes.ts). The request is the wallet's own (one at a time), so its approval is addressed by
 * the user and keeps the URL it had before the table; it has no rejection: a request stays until
 * approved or it lapses.
 */
export const unfreezePart: ActPart = {
  summaries: {
    list: 'Frozen wallets, newest freeze first, optionally by where their unfreeze request stands (unfreezeStatus PENDING: the unfreezes waiting for a second ADMIN+)',
    approve:
      "Approve the pending request to lift a freeze (200, frozen: false). By an ADMIN+ other than its requester (403 UNFREEZE_BY_REQUESTER) and the wallet's owner (403 SELF_DEALING), one since before the request was made (403 APPROVER_NOT_ELIGIBLE), with a fresh second factor",
  },
  approveUrl: '/api/admin/users/:id/freeze/unfreeze-approval',
  list: {
    query: walletFreezesPublicQuery,
    answer: walletFreezePublicPage,
    example: exampleFreezePage,
    handler: async (deps, request) => {
      const { unfreezeStatus, limit, offset, cursor } = request.query as z.output<typeof walletFreezesPublicQuery>;
      const page = await deps.internal.read(
        'ledger.freezes',
        { unfreezeStatus, limit, offset: startOf(request, 'offset', offset, cursor) },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.freezes.length) };
    },
  },
  params: idParams,
  rejectBody: null,
  approve: {
    status: 200,
    example: exampleFreezeResult,
    handler: async (deps, request, reply) => {
      const { id } = request.params as z.output<typeof idParams>;
      refuseOwnWallet(request, id);
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.approve-unfreeze', { userId: id, requestHash }),
        200,
      );
    },
  },
};

export function registerFreezeRoutes(app: App, deps: FreezeRouteDeps): void {
  registerRoutes(app, freezeRoutes, deps);
}
