import { freezeBody, freezeResult, ledgerDraft, unfreezeRequestBody, userIdParam } from '@coin/contracts';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import { idempotencyHeaders } from '../plugins/idempotency';
import { commandErrorResponses as errorResponses, sendLedgerCommand } from './command-route';
import { withExample } from './examples';
import { exampleFreezeResult, exampleUnfreezeRequestBody, refuseOwnWallet } from './four-eyes/unfreeze';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const exampleFreezeBody = { reason: 'Circular transfers among new accounts', caseId: 'case-2026-0042' };
export interface FreezeRouteDeps {
  commands: CommandBus;
}

const idParams = z.object({ id: userIdParam });
const answer = withExample(freezeResult, exampleFreezeResult);

const route = routeOf<FreezeRouteDeps>();

/**
 * Lifting a freeze, the first of its two people: one ADMIN+ asks; a different ADMIN+ approves on
 * the route drawn from the act's row of the four-eyes table (four-eyes/unfreeze.ts; the ledger refuses the
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

export function registerFreezeRoutes(app: App, deps: FreezeRouteDeps): void {
  registerRoutes(app, freezeRoutes, deps);
}
