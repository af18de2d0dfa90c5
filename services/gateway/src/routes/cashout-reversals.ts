import { cashoutReversalBody, cashoutReversalPending, payerOfHoldId } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { idempotencyHeaders } from '../plugins/idempotency';
import { requestKept } from './four-eyes/approvals';
import { commandErrorResponses as errorResponses } from './command-route';
import { withExample } from './examples';
import { exampleCashoutReversal, exampleCashoutReversalBody } from './four-eyes/cashout-reversal';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
/** Its 202: the request, waiting for a different ADMIN+. */
const exampleCashoutReversalPending = { approval: exampleCashoutReversal };

export interface CashoutReversalRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

const idParams = z.object({ id: z.uuid().overwrite((id) => id.toLowerCase()) });

const route = routeOf<CashoutReversalRouteDeps>();

/**
 * The reversal of a cash-out its provider claimed (docs/CONTRACT.md "Cash-out"): one ADMIN+ asks
 * (202 with the request), a different ADMIN+, never the payer, approves it, and the claimed hold
 * is released to the payer; its provider sees the release on coin.holds (the list and the
 * decisions are drawn from the act's row, its module four-eyes/cashout-reversal.ts). The ledger judges who may
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
