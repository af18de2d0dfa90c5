import {
  approvalIdParam,
  cashoutReversalBody,
  cashoutReversalPending,
  cashoutReversalPublicPage,
  cashoutReversalsPublicQuery,
  payerOfHoldId,
  rejectApprovalBody,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { idempotencyHeaders } from '../plugins/idempotency';
import { commandErrorResponses as errorResponses } from './command-route';
import { exampleAt, examplePendingMembers, exampleRejectApproval, exampleUserId, exampleWallet, withExample } from './examples';
import { exampleCashout } from './cashouts';
import { keptDecisionHandlers, requestsList, requestKept } from './approvals';
import type { ActPart } from './four-eyes/kit';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
/** POST /api/admin/cashouts/{id}/reversal: the reason the claimed cash-out is reversed. */
const exampleCashoutReversalBody = { reason: 'The provider confirmed it paid nothing to this number' };
const exampleCashoutReversal = {
  id: '9c8b7a6f-5e4d-8c3b-8a2f-1e0d9c8b7a70',
  status: 'PENDING',
  reversal: { cashoutId: exampleCashout.id, userId: exampleUserId, reason: exampleCashoutReversalBody.reason },
  ...examplePendingMembers,
} as const;
/** Its 202: the request, waiting for a different ADMIN+. */
const exampleCashoutReversalPending = { approval: exampleCashoutReversal };
/** POST /api/admin/cashout-reversals/{id}/reject. */
const exampleCashoutReversalRejected = {
  approval: {
    ...exampleCashoutReversal,
    status: 'REJECTED',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    rejectionReason: exampleRejectApproval.reason,
  },
} as const;
/** POST /api/admin/cashout-reversals/{id}/approve: the claimed cash-out released, the coins the payer's again. */
const exampleCashoutReversed = {
  cashout: { ...exampleCashout, status: 'RELEASED', claimedBy: 'pc_momo', claimedAt: exampleAt },
  wallet: exampleWallet,
  approval: { ...exampleCashoutReversal, status: 'APPROVED', decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' } },
} as const;

export interface CashoutReversalRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

const idParams = z.object({ id: z.uuid().overwrite((id) => id.toLowerCase()) });

/** A reversal's approve and reject: sent with no read, answered as a CashoutReversalApproval. */
const reversalDecisions = keptDecisionHandlers('cashout-reversal', 'Cash-out reversal request');

const route = routeOf<CashoutReversalRouteDeps>();

/**
 * The reversal of a cash-out its provider claimed, listed and decided on routes drawn from its row
 * of the four-eyes table (four-eyes.ts): a different ADMIN+, never the payer, approves it and the
 * claimed cash-out is released to its payer; any ADMIN+ rejects it with a reason and nothing changes.
 */
export const cashoutReversalPart: ActPart = {
  summaries: {
    list: 'Requests for the reversal of a claimed cash-out, newest first, optionally of one status: those waiting for a second ADMIN+ (PENDING) and what became of the others',
    approve:
      "Approve a cash-out's reversal: the claimed cash-out is released (RELEASED) and its coins are the payer's again. By an ADMIN+ other than the requester (APPROVAL_BY_REQUESTER) and the payer (SELF_DEALING), one since before the request was made (APPROVER_NOT_ELIGIBLE), with a fresh second factor",
    reject: "Reject a cash-out's reversal with a reason: nothing changes, the cash-out stays with its provider",
  },
  params: approvalIdParam,
  rejectBody: rejectApprovalBody,
  list: requestsList({
    query: cashoutReversalsPublicQuery,
    answer: cashoutReversalPublicPage,
    items: 'cashoutReversals',
    example: exampleCashoutReversal,
    read: (deps, request, query) => deps.internal.read('ledger.cashout-reversals', query, String(request.id)),
  }),
  approve: { status: 200, example: exampleCashoutReversed, handler: reversalDecisions.approve },
  reject: { result: cashoutReversalPending, example: exampleCashoutReversalRejected, handler: reversalDecisions.reject },
};

/**
 * The reversal of a cash-out its provider claimed (docs/CONTRACT.md "Cash-out"): one ADMIN+ asks
 * (202 with the request), a different ADMIN+, never the payer, approves it, and the claimed hold
 * is released to the payer; its provider sees the release on coin.holds (the list and the
 * decisions are drawn from the act's row, cashoutReversalPart). The ledger judges who may
 * and what may be reversed, and audits every step and refusal; each act takes a fresh second factor.
 */
export const cashoutReversalRoutes: RouteDef<CashoutReversalRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/cashouts/:id/reversal',
    config: { access: 'admin', idempotent: true, stepUp: true },
    schema: {
      tags: ['cashouts', 'admin', 'approvals'],
      summary:
        'Ask for the reversal of a cash-out its provider claimed (202 with the request): a different ADMIN+, never the payer, approves it and the coins go back to the payer. By an ADMIN+ other than the payer (403 SELF_DEALING), with a fresh second factor',
      headers: idempotencyHeaders,
      params: idParams,
      body: withExample(cashoutReversalBody, exampleCashoutReversalBody),
      operationId: 'requestCashoutReversal',
      response: { 202: withExample(cashoutReversalPending, exampleCashoutReversalPending), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      // The cash-out's id names its payer (docs/decisions/0005): the command goes to the payer's partition, no read.
      const fromUserId = payerOfHoldId(request.params.id);
      if (fromUserId === null) throw new AppError('HOLD_NOT_FOUND', `Cash-out ${request.params.id} does not exist`);
      const command = {
        type: 'ledger.reverse-cashout' as const,
        data: { holdId: request.params.id, fromUserId, reason: request.body.reason },
      };
      return requestKept(deps.commands, request, reply, command, 'cashout-reversal');
    },
  }),
];

export function registerCashoutReversalRoutes(app: App, deps: CashoutReversalRouteDeps): void {
  registerRoutes(app, cashoutReversalRoutes, deps);
}
