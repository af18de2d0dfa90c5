import { clientIsParty, problem, transaction, transactionIdParam, type Transaction } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { Principal } from '../plugins/access';
import { actsAsAdmin, principalOf } from '../plugins/auth';
import { exampleTransaction, withExample } from './examples';
import { spaceOf } from '../plugins/sandbox';
import type { InternalApi } from '../clients/internal-api';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

/**
 * A party to the transaction (the user who sent or received it), ADMIN+, or the platform client
 * whose request made it (docs/DESIGN.md "Platform read-back"; `clientIsParty`, the rule its
 * webhooks and events list follow too): never another client's, nor a transfer between users
 * that no client made.
 */
export function mayRead(principal: Principal, tx: Transaction): boolean {
  if (principal.kind === 'system') return clientIsParty(principal.subject, tx.clientId);
  if (principal.role === 'SYSTEM') return false;
  if (actsAsAdmin(principal)) return true;
  return tx.fromUserId === principal.userId || tx.toUserId === principal.userId;
}

export interface TransactionRouteDeps {
  internal: InternalApi;
}

const route = routeOf<TransactionRouteDeps>();

/**
 * One transaction by id. Read from the ledger, not from history: the ledger is the
 * record and answers at once, so the id from a 201 can be read back immediately; history is a
 * projection that may lag by up to a second (docs/CONTRACT.md "Paging"). Anyone but a party or ADMIN+ gets the
 * same 404 as for an id that does not exist, so the answer does not reveal that it exists.
 * A platform client reads the transactions its own requests made, and gets the same 404 for any other;
 * a test-mode client those it made in the sandbox, from the sandbox ledger alone.
 */
export const transactionRoutes: RouteDef<TransactionRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/coins/transactions/:id',
    // A test-mode client reads the sandbox ledger's transactions, and only those (docs/decisions/0018-sandbox.md).
    config: { access: 'owner', sandbox: 'ledger' },
    schema: {
      tags: ['coins', 'history'],
      summary:
        'One transaction by id, for a party to it (sender or receiver), ADMIN+, or the platform client whose request made it; anyone else gets 404. A test-mode client reads the sandbox’s transactions it made, never a live one',
      operationId: 'getTransaction',
      params: z.object({ id: transactionIdParam }),
      response: {
        200: withExample(transaction, exampleTransaction),
        400: problem,
        401: problem,
        403: problem,
        404: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) => {
      const { id } = request.params;
      const notFound = () => new AppError('TRANSACTION_NOT_FOUND', `Transaction ${id} does not exist`);
      const principal = principalOf(request);
      const found = await deps.internal.in(spaceOf(request)).read('ledger.transaction', { id }, String(request.id));
      if (!mayRead(principal, found)) throw notFound();
      return found;
    },
  }),
];

export function registerTransactionRoutes(app: App, deps: TransactionRouteDeps): void {
  registerRoutes(app, transactionRoutes, deps);
}
