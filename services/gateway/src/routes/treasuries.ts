import { problem, supplyReport, treasuryList } from '@coin/contracts';
import type { App } from '@coin/http';
import type { InternalApi } from '../clients/internal-api';
import { exampleSupplyReport, exampleTreasuryList, withExample } from './examples';

/** Treasury balances and the supply audit (docs/CONTRACT.md "Treasuries", "Amounts"): reads from the ledger's internal API. */
export function registerTreasuryRoutes(app: App, deps: { internal: InternalApi }): void {
  app.get(
    '/api/admin/treasuries',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The four treasuries with their balances',
        operationId: 'listTreasuries',
        response: { 200: withExample(treasuryList, exampleTreasuryList), 401: problem, 403: problem, 503: problem },
      },
    },
    async (request) => deps.internal.read('ledger.treasuries', {}, String(request.id)),
  );

  app.get(
    '/api/admin/supply',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Audit: Σ balances against Σ MINT − Σ BURN, and per-wallet entry sums',
        operationId: 'getSupplyReport',
        response: { 200: withExample(supplyReport, exampleSupplyReport), 401: problem, 403: problem, 503: problem },
      },
    },
    async (request) => deps.internal.read('ledger.supply', {}, String(request.id)),
  );
}
