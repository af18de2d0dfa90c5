import { apiKeyScopeOfCommand, type LedgerCommandType } from '@coin/contracts';
import type { App } from '@coin/http';
import { documentedApp } from '../testing';

/**
 * The gateway's API-key routes and the ledger check one table (apiKeyScopeOfCommand): each money
 * route declares the scope of the command it sends, so a route and the ledger cannot disagree on
 * the key a command needs.
 */
const commandOfRoute: Record<string, keyof typeof apiKeyScopeOfCommand & LedgerCommandType> = {
  'POST /api/admin/mint': 'ledger.mint',
  'POST /api/admin/burn': 'ledger.burn',
  'POST /api/admin/refund': 'ledger.refund',
  'POST /api/admin/reward': 'ledger.reward',
};

describe('API key scopes of the gateway routes', () => {
  let app: App;
  beforeAll(async () => {
    app = await documentedApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("when a route needs an API key, then its scope is the contract's for the command it sends", () => {
    const keyed = app.routeTable.filter((route) => route.apiKeyScope !== undefined);
    expect(keyed.map((route) => `${route.method} ${route.url}`).sort()).toEqual(Object.keys(commandOfRoute).sort());
    for (const route of keyed) {
      const name = `${route.method} ${route.url}`;
      expect({ route: name, scope: route.apiKeyScope }).toEqual({ route: name, scope: apiKeyScopeOfCommand[commandOfRoute[name]!] });
    }
  });
});
