import { problem, wallet } from '@coin/contracts';
import type { App } from '@coin/http';
import type { InternalApi } from '../clients/internal-api';
import { userIdOf } from '../plugins/auth';
import { exampleWallet, withExample } from './examples';

export function registerWalletRoutes(app: App, deps: { internal: InternalApi }): void {
  app.get(
    '/api/wallets/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary: "The caller's wallet with balance and statistics",
        operationId: 'getMyWallet',
        response: { 200: withExample(wallet, exampleWallet), 401: problem, 404: problem },
      },
    },
    async (request) => deps.internal.read('ledger.wallet', { userId: userIdOf(request) }, String(request.id)),
  );
}
