import { cashoutRateResult, proposeCashoutRateBody } from '@coin/contracts';
import type { App } from '@coin/http';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { idempotencyHeaders } from '../plugins/idempotency';
import { commandErrorResponses as errorResponses } from './command-route';
import { withExample } from './examples';
import { requestKept } from './four-eyes/approvals';
import { exampleCashoutRateResult } from './four-eyes/cashout-rate-change';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
/** A proposed cash-out rate version. */
const exampleProposeCashoutRate = { xafPerCoin: 660, effectiveFrom: '2026-12-01T00:00:00.000Z' } as const;

export interface CashoutRateRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

const route = routeOf<CashoutRateRouteDeps>();

/**
 * Cash-out rates set by two people and the second person of a big cash-out (docs/CONTRACT.md
 * "Cash-out"). The gateway only drafts the commands: the ledger judges who may (ADMIN+, the
 * proposer never approving, the payer never deciding their own cash-out) and when (a version's
 * time against the ledger's clock), and audits every step and refusal. A rate is asked for as a
 * request holding it; the rates' list and decisions, and a big cash-out's, are drawn from their
 * rows of the four-eyes table (their act modules, four-eyes/cashout-rate-change.ts and
 * four-eyes/cashout-approval.ts).
 */
export const cashoutRateRoutes: RouteDef<CashoutRateRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/cashout-rates',
    config: { access: 'admin', idempotent: true },
    schema: {
      tags: ['cashouts', 'admin'],
      summary:
        'Propose a cash-out rate version (XAF per coin from a time at least 60 s and at most 90 days ahead at the ledger); a different ADMIN+ approves it (201 with the PROPOSED version)',
      headers: idempotencyHeaders,
      body: withExample(proposeCashoutRateBody, exampleProposeCashoutRate),
      operationId: 'proposeCashoutRate',
      response: { 201: withExample(cashoutRateResult, exampleCashoutRateResult), ...errorResponses },
    },
    // A request holding the version (the act `cashout-rate-change`), shown as the version it asks for.
    handler: async (request, reply, deps) => {
      const { xafPerCoin, effectiveFrom } = request.body;
      const held = { type: 'ledger.set-cashout-rate' as const, data: { xafPerCoin, effectiveFrom } };
      const { approval } = await requestKept(deps.commands, request, reply, held, 'cashout-rate-change', 201);
      return { rate: approval };
    },
  }),
];

export function registerCashoutRateRoutes(app: App, deps: CashoutRateRouteDeps): void {
  registerRoutes(app, cashoutRateRoutes, deps);
}
