/**
 * The OpenAPI document's tags, in the order its reader (/docs) lists them, each with what its
 * operations have in common. A route's `tags` name only these: openapi.unit.test.ts checks that
 * every tag here is used and every tag used is here.
 */
export const apiTags = [
  {
    name: 'auth',
    description:
      'Accounts and sessions: registration, login and its second factor (TOTP), token refresh and logout, passwords, and the platform clients’ access token (OAuth 2.0 client credentials, POST /api/auth/token).',
  },
  {
    name: 'wallets',
    description:
      'The caller’s own wallet: its balance (also live, as Server-Sent Events), holds, mandates, transactions, statements and daily balances.',
  },
  {
    name: 'coins',
    description:
      'Moving coins as a user or a platform client: transfers, purchases, payouts, holds, one transaction by id, and what became of a request by its Idempotency-Key.',
  },
  {
    name: 'money',
    description:
      'The money calls: the operations that move coins or decide a request that does (each takes an Idempotency-Key), the commission rules that split a purchase, and what became of a keyed request.',
  },
  { name: 'holds', description: 'Holds: coins of a wallet reserved for a treasury or a user until captured, voided or expired.' },
  {
    name: 'mandates',
    description: 'Subscription mandates: a user lets a platform client charge their wallet once per period, until cancelled or ended.',
  },
  {
    name: 'cashouts',
    description:
      'Cash-outs: coins exchanged for XAF paid to a mobile money account by a payout provider (a platform client granted cashout), with their rates, four-eyes approvals, reversals, the provider’s signed callbacks and the reconciliation.',
  },
  {
    name: 'history',
    description:
      'What happened: transactions, statements (JSON pages or CSV), balances at an instant or at the end of each day, and the daily supply and volume.',
  },
  {
    name: 'webhooks',
    description:
      'Webhooks: a platform client’s endpoints, their signing secrets and delivery logs, and its events of the last 30 days (GET /api/events, whether or not an endpoint received them).',
  },
  {
    name: 'sandbox',
    description:
      'The sandbox of test-mode platform clients: test coins, holds and a clock of their own, none of it reaching a live balance or the supply.',
  },
  {
    name: 'admin',
    description:
      'The back office: operations of ADMIN and SUPERADMIN users signed in with a second factor (users, roles, treasuries, approvals, audit, limits, freezes, monitoring, statistics); an operation open to platform clients too says so.',
  },
  {
    name: 'approvals',
    description:
      'Four-eyes approvals: mints, burns, refunds, rewards and payouts past a window’s threshold, and cash-out reversals, wait for a second ADMIN+ to approve or reject them.',
  },
  {
    name: 'api-keys',
    description:
      'API keys (x-api-key) of ADMIN and SUPERADMIN users, needed beside the access token on the money operations of their scope; a second SUPERADMIN approves each.',
  },
  {
    name: 'platform-clients',
    description:
      'Platform clients, the machine callers that get tokens with their client credentials: their creation (approved by a second SUPERADMIN) and revocation, test-mode clients, payout providers’ callback secrets, and their webhook endpoints as a SUPERADMIN manages them.',
  },
  { name: 'limits', description: 'Users’ spending limits: their role’s defaults, their own overrides, and what the last 24 hours used.' },
  {
    name: 'freezes',
    description:
      'Wallet freezes: a frozen wallet’s debits are refused while coins sent to it still land; a second ADMIN+ lifts the freeze.',
  },
  {
    name: 'balance-monitors',
    description: 'Balance monitors: an event (Kafka and webhooks) each time a treasury’s or a wallet’s balance crosses a threshold.',
  },
  {
    name: 'monitoring',
    description:
      'Transaction monitoring: the rules that score transactions (tuned by four eyes when loosened), back-tests, and the cases high scores open.',
  },
  { name: 'problems', description: 'The error codes: the page each RFC 9457 problem `type` URI points to, and the list of them all.' },
] as const;

export type ApiTag = (typeof apiTags)[number]['name'];
