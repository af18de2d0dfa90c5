import { problem, supplyReport, treasuryList } from '@coin/contracts';
import type { App } from '@coin/http';
import type { InternalApi } from '../clients/internal-api';
import { exampleTreasury, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const exampleTreasuryList = { treasuries: [exampleTreasury] };
const exampleSupplyReport = {
  minted: 100000,
  burned: 500,
  supply: 99500,
  balances: 99500,
  inFlight: 0,
  creditLegs: {
    maxAgeSeconds: 300,
    inFlight: { count: 0, amount: 0 },
    young: { count: 0, amount: 0 },
    stale: { count: 0, amount: 0 },
    oldestAgeSeconds: null,
    staleTransactionIds: [],
  },
  discrepancy: 0,
  wallets: 12,
  transactions: 340,
  mismatchedWallets: [],
  overRefundedPurchases: [],
  heldCoins: 49.99,
  mismatchedHolds: [],
  badCaptures: [],
  mismatchedSequences: [],
  consistent: true,
};

export interface TreasuryRouteDeps {
  internal: InternalApi;
}

const route = routeOf<TreasuryRouteDeps>();

/** Treasury balances and the supply audit (docs/CONTRACT.md "Treasuries", "Amounts"): reads from the ledger's internal API. */
export const treasuryRoutes: RouteDef<TreasuryRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/treasuries',
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'The four treasuries with their balances',
      operationId: 'listTreasuries',
      response: { 200: withExample(treasuryList, exampleTreasuryList), 401: problem, 403: problem, 503: problem },
    },
    handler: async (request, _reply, deps) => deps.internal.read('ledger.treasuries', {}, String(request.id)),
  }),

  route({
    method: 'GET',
    url: '/api/admin/supply',
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Audit: Σ balances against Σ MINT − Σ BURN, and per-wallet entry sums',
      operationId: 'getSupplyReport',
      response: { 200: withExample(supplyReport, exampleSupplyReport), 401: problem, 403: problem, 503: problem },
    },
    handler: async (request, _reply, deps) => deps.internal.read('ledger.supply', {}, String(request.id)),
  }),
];

export function registerTreasuryRoutes(app: App, deps: TreasuryRouteDeps): void {
  registerRoutes(app, treasuryRoutes, deps);
}
