import { cashoutRateResult, ledgerDraft, proposeCashoutRateBody } from '@coin/contracts';
import type { App } from '@coin/http';
import { randomIdNonce } from '@coin/security';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { idempotencyHeaders } from '../plugins/idempotency';
import { commandErrorResponses as errorResponses, sendLedgerCommand } from './command-route';
import { withExample } from './examples';
import { exampleCashoutRateResult } from './four-eyes/cashout-rate';
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
 * time against the ledger's clock), and audits every step and refusal. The rates' list and
 * decisions, and a big cash-out's, are drawn from their rows of the four-eyes table (their act
 * modules, four-eyes/cashout-rate.ts and four-eyes/cashout.ts).
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
    handler: async (request, reply, deps) =>
      sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.propose-cashout-rate', {
          xafPerCoin: request.body.xafPerCoin,
          effectiveFrom: request.body.effectiveFrom,
          // The version's id derives from these random bits too: not computable from the caller and the key.
          idNonce: randomIdNonce(),
          requestHash,
        }),
      ),
  }),
];

export function registerCashoutRateRoutes(app: App, deps: CashoutRateRouteDeps): void {
  registerRoutes(app, cashoutRateRoutes, deps);
}
