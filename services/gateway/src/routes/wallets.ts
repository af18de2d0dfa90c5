import { problem, wallet } from '@coin/contracts';
import type { App } from '@coin/http';
import type { InternalApi } from '../clients/internal-api';
import { userIdOf } from '../plugins/auth';
import { exampleWallet, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

export interface WalletRouteDeps {
  internal: InternalApi;
}

const route = routeOf<WalletRouteDeps>();

export const walletRoutes: RouteDef<WalletRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/wallets/me',
    config: { access: 'user' },
    schema: {
      tags: ['wallets'],
      summary: "The caller's wallet with balance and statistics",
      operationId: 'getMyWallet',
      response: { 200: withExample(wallet, exampleWallet), 401: problem, 404: problem },
    },
    handler: async (request, _reply, deps) => deps.internal.read('ledger.wallet', { userId: userIdOf(request) }, String(request.id)),
  }),
];

export function registerWalletRoutes(app: App, deps: WalletRouteDeps): void {
  registerRoutes(app, walletRoutes, deps);
}
