import { problem, userIdParam, wallet } from '@coin/contracts';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { InternalApi } from '../clients/internal-api';
import { exampleWallet, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';
import { requireTestUsers, testClientOf } from './sandbox-economy';

export interface SandboxWalletDeps {
  internal: InternalApi;
}

const route = routeOf<SandboxWalletDeps>();

/**
 * A test user's sandbox wallet, for the test-mode client acting for them (docs/decisions/0018-sandbox.md):
 * live, a user reads their own wallet with their own token, but a test user is not present in the
 * sandbox, so the client that acts for them reads it. Its test users only (any other id, an
 * account's or not, is 404 USER_NOT_FOUND, judged before any read), from the sandbox ledger alone.
 */
export const sandboxWalletRoutes: RouteDef<SandboxWalletDeps>[] = [
  route({
    method: 'GET',
    url: '/api/sandbox/users/:userId/wallet',
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['sandbox', 'wallets'],
      summary:
        "A test user's sandbox wallet with its balance, activeCoins (the balance less what holds reserve) and statistics, as the user's own GET /api/wallets/me reads a live one: the calling test-mode client's test users only (any other id, an account's or not, is 404 USER_NOT_FOUND), from the sandbox ledger alone. A live client is 403 FORBIDDEN",
      security: [{ bearerAuth: [] }],
      params: z.strictObject({ userId: userIdParam }),
      operationId: 'getSandboxUserWallet',
      response: {
        200: withExample(wallet, exampleWallet),
        400: problem,
        401: problem,
        403: problem,
        404: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) => {
      const client = testClientOf(request, "reads a test user's sandbox wallet");
      const { userId } = request.params;
      await requireTestUsers(deps.internal, request, client.id, [userId]);
      return deps.internal.in('test').read('ledger.wallet', { userId }, String(request.id));
    },
  }),
];

export function registerSandboxWalletRoutes(app: App, deps: SandboxWalletDeps): void {
  registerRoutes(app, sandboxWalletRoutes, deps);
}
