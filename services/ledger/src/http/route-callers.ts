import { decidedKindLists } from '@coin/contracts';
import type { InternalRouteCallers } from '@coin/http';

/**
 * Who may call each route of the ledger's internal API (docs/DESIGN.md "Internal HTTP
 * credentials"). The whole record in id order (`GET /internal/transactions`) is for the history
 * rebuild only; the gateway reads one transaction at a time.
 */
export const ledgerRouteCallers: InternalRouteCallers = {
  // The user service reads the balance of a user being deleted: a large one waits for a second SUPERADMIN.
  'GET /internal/wallets/by-user/:userId': ['gateway', 'user'],
  'GET /internal/wallets/by-user/:userId/limits': ['gateway'],
  // The live balance stream resumes from it (gateway); a balance monitor fills a gap in coin.balances (webhooks).
  'GET /internal/wallets/by-user/:userId/balance-changes': ['gateway', 'webhooks'],
  'GET /internal/approvals/:id': ['gateway'],
  'GET /internal/approvals': ['gateway'],
  'GET /internal/payout-approvals/:id': ['gateway'],
  'GET /internal/payout-approvals': ['gateway'],
  // The list of each act decided on routes of its own, drawn from its row (http/internal-routes.ts).
  ...Object.fromEntries(Object.values(decidedKindLists).map(({ path }) => [`GET ${path}`, ['gateway']])),
  'GET /internal/holds/:id': ['gateway'],
  'GET /internal/holds': ['gateway'],
  'GET /internal/cashouts': ['gateway'],
  'GET /internal/cashouts/reconciliation': ['gateway'],
  'GET /internal/cashout-rates': ['gateway'],
  'GET /internal/mandates': ['gateway'],
  'GET /internal/freezes': ['gateway'],
  'GET /internal/freezes/:userId/unfreeze-request': ['gateway'],
  // The DLQ redrive of coin.transactions, run with the ledger's own credentials, checks each dead
  // letter against this record before it sends it back (docs/RELIABILITY.md "Re-driving dead letters").
  'GET /internal/transactions': ['history', 'ledger'],
  'GET /internal/transactions/:id': ['gateway'],
  'GET /internal/treasuries': ['gateway'],
  'GET /internal/commission-rules': ['gateway'],
  'GET /internal/supply': ['gateway'],
  // A test-mode client's sandbox clock (GET /api/sandbox/clock), for the client the gateway verified.
  'GET /internal/test-clocks/:clientId': ['gateway'],
  'GET /internal/test-clients/:clientId/data': ['gateway'],
  // The sandbox's webhooks instance retries a test client's deliveries by its test clock (docs/decisions/0018-sandbox.md).
  'GET /internal/test-clocks': ['webhooks'],
};
