import { problem, wallet } from '@coin/contracts';
import type { App } from '@coin/http';
import type { InternalHttpClient } from '../clients/internal-http';
import { userIdOf } from '../plugins/auth';
import { exampleWallet, withExample } from './examples';

export function registerWalletRoutes(app: App, deps: { ledger: InternalHttpClient }): void {
  app.get(
    '/api/wallets/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wallets'],
        summary: "The caller's wallet with balance and statistics",
        operationId: 'getMyWallet',
        security: [{ bearerAuth: [] }],
        response: { 200: withExample(wallet, exampleWallet), 401: problem, 404: problem },
      },
    },
    async (request) => deps.ledger.get(`/internal/wallets/by-user/${userIdOf(request)}`, String(request.id)) as never,
  );
}
