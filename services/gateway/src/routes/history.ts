import {
  adminTransactionsPage,
  adminTransactionsQuery,
  auditLogPage,
  auditLogQuery,
  historyPage,
  historyQuery,
  problem,
  walletTransactionsPage,
  walletTransactionsQuery,
} from '@coin/contracts';
import type { App } from '@coin/http';
import type { InternalHttpClient } from '../clients/internal-http';
import { userIdOf } from '../plugins/auth';
import { exampleAuditLogPage, exampleHistoryPage, exampleWalletTransactionsPage, withExample } from './examples';

const errorResponses = { 400: problem, 401: problem, 403: problem, 503: problem };

/** The validated query again as a query string for the history service (which validates it too). */
function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * History reads (docs/CONTRACT.md "Paging"). A user reads only their own history: the user id comes from the
 * access token, never from the query. Eventually consistent: a transaction shows within 1 s.
 */
export function registerHistoryRoutes(app: App, deps: { history: InternalHttpClient }): void {
  app.get(
    '/api/coins/history',
    {
      config: { access: 'user' },
      schema: {
        tags: ['history'],
        summary: "The caller's transactions, newest first, in keyset pages (pass nextCursor as cursor)",
        security: [{ bearerAuth: [] }],
        operationId: 'getMyHistory',
        querystring: historyQuery,
        response: { 200: withExample(historyPage, exampleHistoryPage), ...errorResponses },
      },
    },
    async (request) =>
      deps.history.get(`/internal/history/users/${userIdOf(request)}${queryString(request.query)}`, String(request.id)) as never,
  );

  app.get(
    '/api/wallets/me/transactions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['history', 'wallets'],
        summary: "The caller's transactions, newest first (createdAt desc, id desc), by limit and offset, with the total",
        security: [{ bearerAuth: [] }],
        operationId: 'listMyTransactions',
        querystring: walletTransactionsQuery,
        response: { 200: withExample(walletTransactionsPage, exampleWalletTransactionsPage), ...errorResponses },
      },
    },
    async (request) =>
      deps.history.get(`/internal/history/users/${userIdOf(request)}/page${queryString(request.query)}`, String(request.id)) as never,
  );

  app.get(
    '/api/admin/transactions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'history'],
        summary: 'Search all transactions (filters userId or treasury, type, from inclusive, to exclusive), newest first, keyset pages',
        security: [{ bearerAuth: [] }],
        operationId: 'searchTransactions',
        querystring: adminTransactionsQuery,
        response: { 200: withExample(adminTransactionsPage, exampleHistoryPage), ...errorResponses },
      },
    },
    async (request) => deps.history.get(`/internal/transactions${queryString(request.query)}`, String(request.id)) as never,
  );

  app.get(
    '/api/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The admin audit log: every administrative action (applied or rejected) with actor, action, target, a summary of the request, ' +
          'result and request id, newest first, keyset pages (filters actor, action, target, from inclusive, to exclusive)',
        security: [{ bearerAuth: [] }],
        operationId: 'listAuditLog',
        querystring: auditLogQuery,
        response: { 200: withExample(auditLogPage, exampleAuditLogPage), ...errorResponses },
      },
    },
    async (request) => deps.history.get(`/internal/audit-log${queryString(request.query)}`, String(request.id)) as never,
  );
}
