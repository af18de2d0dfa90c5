import {
  freezeBody,
  freezeResult,
  ledgerDraft,
  problem,
  userIdParam,
  walletFreezePublicPage,
  walletFreezesPublicQuery,
} from '@coin/contracts';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { idempotencyHeaders } from '../plugins/idempotency';
import { commandErrorResponses as errorResponses, sendLedgerCommand } from './command-route';
import { withExample } from './examples';
import { exampleFreezeResult, exampleUnfreezeRequestBody } from './four-eyes/unfreeze';
import { offsetLinks, startOf } from './paging';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const exampleFreezeBody = { reason: 'Circular transfers among new accounts', caseId: 'case-2026-0042' };
export interface FreezeRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

const idParams = z.object({ id: userIdParam });
const answer = withExample(freezeResult, exampleFreezeResult);

const route = routeOf<FreezeRouteDeps>();

const exampleFreezePage = {
  freezes: [
    {
      ...exampleFreezeResult.freeze,
      unfreezeRequest: {
        id: '9c8b7a6f-5e4d-8c3b-8a2f-1e0d9c8b7a72',
        requestedBy: 42,
        reason: exampleUnfreezeRequestBody.reason,
        requestedAt: '2026-01-15T10:00:00.000Z',
      },
      unfreezeStatus: 'PENDING' as const,
      unfreezeExpiresAt: '2026-01-16T10:00:00.000Z',
    },
  ],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};

/**
 * GET /api/admin/freezes: the frozen wallets, each with its standing request to lift it (the
 * requests themselves are listed at GET /api/admin/unfreeze-requests, four-eyes/unfreeze.ts).
 */
const listRoute = route({
  method: 'GET',
  url: '/api/admin/freezes',
  config: { access: 'admin' },
  schema: {
    tags: ['admin', 'freezes'],
    summary:
      'Frozen wallets, newest freeze first, optionally by where their unfreeze request stands (unfreezeStatus PENDING: the unfreezes waiting for a second ADMIN+)',
    querystring: walletFreezesPublicQuery,
    operationId: 'listWalletFreezes',
    response: { 200: withExample(walletFreezePublicPage, exampleFreezePage), 400: problem, 401: problem, 403: problem, 503: problem },
  },
  handler: async (request, _reply, deps) => {
    const { userId, unfreezeStatus, limit, offset, cursor } = request.query;
    const page = await deps.internal.read(
      'ledger.freezes',
      { userId, unfreezeStatus, limit, offset: startOf(request, 'offset', offset, cursor) },
      String(request.id),
    );
    return { ...page, ...offsetLinks(request, page.pagination, page.freezes.length) };
  },
});

/**
 * Wallet freezes (docs/CONTRACT.md "Wallet freezes"): an ADMIN+ freezes a user wallet's outgoing
 * movements, and lists the frozen wallets. Lifting a freeze is a four-eyes act (four-eyes/unfreeze.ts):
 * a request by one ADMIN+, an approval by another with a fresh second factor.
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
  listRoute,
];

export function registerFreezeRoutes(app: App, deps: FreezeRouteDeps): void {
  registerRoutes(app, freezeRoutes, deps);
}
