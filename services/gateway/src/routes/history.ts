import { spaceOf } from '../plugins/sandbox';
import {
  adminTransactionsPublicPage,
  adminTransactionsQuery,
  auditLogPublicPage,
  auditLogQuery,
  serviceActionLogPublicPage,
  serviceActionLogQuery,
  historyPublicPage,
  historyPublicQuery,
  normalizeEmail,
  problem,
  userPageSizeMax,
  walletTransactionsPublicPage,
  walletTransactionsPublicQuery,
} from '@coin/contracts';
import { AppError, validationError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import type { InternalApi } from '../clients/internal-api';
import { principalOf, userIdOf } from '../plugins/auth';
import { keysetLinks, offsetLinks, startOf } from './paging';
import { exampleAt, exampleTransaction, withExample } from './examples';
import type { AuditLogPage, ServiceActionLogEntry } from '@coin/contracts';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const exampleHistoryPage = { transactions: [exampleTransaction], nextCursor: null, hasMore: false };
/** GET /api/admin/audit-log: an ADMIN's mint, as the ledger recorded it. */
const exampleAuditLogPage: AuditLogPage & { hasMore: boolean } = {
  entries: [
    {
      id: '3f2b7c1e-9a4d-5e60-8b1f-2c7d9e0a4b35',
      at: exampleAt,
      actor: { kind: 'user', id: '7', role: 'ADMIN' },
      action: 'money.mint',
      target: 'treasury:REWARDS',
      summary: { amount: 10000, reason: 'Quarterly rewards budget', transactionId: 1001 },
      result: 'applied',
      errorCode: null,
      requestId: 'req-4k2m9x',
      seq: 118,
      hash: '9b74c9897bac770ffc029102a200c5de6e0bb0a3d5e3e5b0d1c3f5d7a8e9f012',
    },
  ],
  nextCursor: null,
  hasMore: false,
};
/** GET /api/admin/audit-log/service-actions: the webhooks service disabled an endpoint that failed every attempt. */
const exampleServiceActionPage: { entries: ServiceActionLogEntry[]; nextCursor: null; hasMore: boolean } = {
  entries: [
    {
      id: '5c2e8a14-7b3d-5f9e-8a1c-4d6b2e0f9a37',
      at: exampleAt,
      source: 'webhooks',
      actor: { kind: 'service', id: 'webhooks' },
      action: 'webhook-endpoint.disable',
      target: 'webhook-endpoint:0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20',
      summary: { clientId: 'pc_Xk3v9QmT2bLw', reason: 'delivery 812 failed 13 attempts over the retry schedule' },
      result: 'applied',
      errorCode: null,
      requestId: null,
      seq: 119,
      hash: '4e1a9c3b7d2f5a8e0c6b4d2f9a7e5c3b1d8f6a4c2e0b9d7f5a3c1e8b6d4f2a09',
    },
  ],
  nextCursor: null,
  hasMore: false,
};
const exampleWalletTransactionsPage = {
  transactions: [exampleTransaction],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};

const errorResponses = { 400: problem, 401: problem, 403: problem, 503: problem };

/** `metadata[key]`: one pair of a search's metadata filter in the query string. */
const metadataParam = /^metadata\[(.*)\]$/s;

/**
 * Gathers the `metadata[key]=value` parameters of a query string into one `metadata` object, which
 * the query's schema then judges like a request's metadata (keys, values, count). A parameter
 * given twice (an array) or a `metadata` given otherwise stays as it is, for the schema to refuse.
 */
export function gatherMetadataParams(query: Record<string, unknown>): Record<string, unknown> {
  const pairs = Object.entries(query).filter(([name]) => metadataParam.test(name));
  if (pairs.length === 0) return query;
  const rest = Object.fromEntries(Object.entries(query).filter(([name]) => !metadataParam.test(name)));
  if (rest['metadata'] !== undefined) return { ...rest, metadata: [rest['metadata'], ...pairs.map(([, value]) => value)] };
  const metadata: Record<string, unknown> = Object.create(null);
  // own-key: metadata is made with Object.create(null): no prototype to reach or replace
  for (const [name, value] of pairs) metadata[metadataParam.exec(name)?.[1] ?? ''] = value;
  return { ...rest, metadata };
}

export interface HistoryRouteDeps {
  internal: InternalApi;
}

const route = routeOf<HistoryRouteDeps>();

/**
 * Whose transactions a search may see. A platform client searches only what its own requests made,
 * whatever else it filters by: it may name itself as clientId, never another client, and it may not
 * look people up by e-mail (an address is the people's data, for ADMIN+ alone). ADMIN+ may narrow
 * by any client.
 */
function searchScopeOf(request: FastifyRequest, asked: { clientId: string | undefined; email: string | undefined }): { clientId?: string } {
  const principal = principalOf(request);
  if (principal.kind !== 'system') return asked.clientId === undefined ? {} : { clientId: asked.clientId };
  if (asked.clientId !== undefined && asked.clientId !== principal.subject) {
    throw new AppError('FORBIDDEN', 'A platform client searches only the transactions its own requests made: clientId must be its own');
  }
  if (asked.email !== undefined) throw new AppError('FORBIDDEN', 'Only ADMIN+ search by e-mail');
  return { clientId: principal.subject };
}

/** Pages of the user list an e-mail lookup reads at most: 1,000 accounts whose address contains the one asked. */
const emailLookupPagesMax = 10;

/**
 * The id of the account with this e-mail (compared normalised, as the user service does), or null
 * when none has it: the user list's substring search, then the exact match among what it finds.
 * The address goes to the user service only; history never sees one (docs/design/data.md "Erasure").
 */
async function userIdOfEmail(deps: HistoryRouteDeps, address: string, requestId: string): Promise<{ userId: number } | null> {
  const wanted = normalizeEmail(address);
  for (let page = 1; page <= emailLookupPagesMax; page++) {
    const list = await deps.internal.read('users.users', { page, pageSize: userPageSizeMax, q: wanted }, requestId);
    const found = list.users.find((user) => normalizeEmail(user.email) === wanted);
    if (found) return { userId: found.id };
    if (page * userPageSizeMax >= list.pagination.total) return null;
  }
  throw validationError([{ path: 'email', message: 'too many accounts contain this address to find it: search by userId' }]);
}

/**
 * The transaction search: ADMIN+ over every transaction, a platform client over the ones its own
 * requests made (docs/DESIGN.md "Platform read-back"); a test-mode client over the ones it made in
 * the sandbox, from the sandbox's history alone (docs/decisions/0018-sandbox.md).
 */
const transactionSearchRoutes: RouteDef<HistoryRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/transactions',
    config: { access: 'search', sandbox: 'ledger' },
    options: () => ({
      preValidation: async (request) => {
        request.query = gatherMetadataParams(request.query as Record<string, unknown>) as typeof request.query;
      },
    }),
    schema: {
      tags: ['admin', 'history'],
      summary:
        'Search transactions (filters userId, treasury or email, type, from inclusive, to exclusive, reference, metadata[key]=value, clientId, amount or amountMin/amountMax), newest first, keyset pages: ' +
        'ADMIN+ all of them, a platform client those its own requests made (a test-mode client: those it made in the sandbox, never a live one)',
      operationId: 'searchTransactions',
      querystring: adminTransactionsQuery,
      response: { 200: withExample(adminTransactionsPublicPage, exampleHistoryPage), ...errorResponses },
    },
    handler: async (request, _reply, deps) => {
      const { metadata, email, clientId, ...filters } = request.query;
      const scope = searchScopeOf(request, { clientId, email });
      const userId = email === undefined ? {} : await userIdOfEmail(deps, email, String(request.id));
      // An address no account has (never registered, or erased) finds nothing, like any filter.
      if (userId === null) return keysetLinks({ transactions: [], nextCursor: null });
      const query = { ...filters, ...userId, ...(metadata !== undefined ? { metadata: JSON.stringify(metadata) } : {}), ...scope };
      return keysetLinks(await deps.internal.in(spaceOf(request)).read('history.transactions', query, String(request.id)));
    },
  }),
];

/** The caller's own keyset history, filtered by metadata like the search (`metadata[key]=value`). */
const ownHistoryRoutes: RouteDef<HistoryRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/coins/history',
    config: { access: 'user' },
    options: () => ({
      preValidation: async (request) => {
        request.query = gatherMetadataParams(request.query as Record<string, unknown>) as typeof request.query;
      },
    }),
    schema: {
      tags: ['history'],
      summary:
        "The caller's transactions, newest first, in keyset pages (pass nextCursor as cursor); metadata[key]=value keeps those whose metadata has every pair given",
      operationId: 'getMyHistory',
      querystring: historyPublicQuery,
      response: { 200: withExample(historyPublicPage, exampleHistoryPage), ...errorResponses },
    },
    handler: async (request, _reply, deps) => {
      const { metadata, ...page } = request.query;
      const query = { userId: userIdOf(request), ...page, ...(metadata !== undefined ? { metadata: JSON.stringify(metadata) } : {}) };
      return keysetLinks(await deps.internal.read('history.user-transactions', query, String(request.id)));
    },
  }),
];

/**
 * History reads (docs/CONTRACT.md "Paging"). A user reads only their own history: the user id comes from the
 * access token, never from the query. Eventually consistent: a transaction shows within 1 s.
 */
export const historyRoutes: RouteDef<HistoryRouteDeps>[] = [
  ...ownHistoryRoutes,

  route({
    method: 'GET',
    url: '/api/wallets/me/transactions',
    config: { access: 'user' },
    schema: {
      tags: ['history', 'wallets'],
      summary:
        "The caller's transactions, newest first (createdAt desc, id desc), by limit and offset (or the previous page's nextCursor), with the total",
      operationId: 'listMyTransactions',
      querystring: walletTransactionsPublicQuery,
      response: { 200: withExample(walletTransactionsPublicPage, exampleWalletTransactionsPage), ...errorResponses },
    },
    handler: async (request, _reply, deps) => {
      const { limit, offset, cursor } = request.query;
      const start = startOf(request, 'offset', offset, cursor);
      const page = await deps.internal.read(
        'history.user-transactions-page',
        { userId: userIdOf(request), limit, offset: start },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.transactions.length) };
    },
  }),

  ...transactionSearchRoutes,

  route({
    method: 'GET',
    url: '/api/admin/audit-log',
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary:
        'The admin audit log: every administrative action (applied or rejected) with actor, action, target, a summary of the request, ' +
        'result and request id, newest first, keyset pages (filters actor, action, target, from inclusive, to exclusive)',
      operationId: 'listAuditLog',
      querystring: auditLogQuery,
      response: { 200: withExample(auditLogPublicPage, exampleAuditLogPage), ...errorResponses },
    },
    handler: async (request, _reply, deps) => keysetLinks(await deps.internal.read('history.audit-log', request.query, String(request.id))),
  }),

  route({
    method: 'GET',
    url: '/api/admin/audit-log/service-actions',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'webhooks'],
      summary:
        "The services' own actions in the admin audit log (since 3.0.0): a webhook endpoint disabled after persistent failure " +
        '(actor: the webhooks service) or re-enabled (actor: who asked), a balance monitor created or deleted (actor: the ADMIN+), ' +
        'newest first, keyset pages (filters actor, target, from, to)',
      operationId: 'listServiceActions',
      querystring: serviceActionLogQuery,
      response: { 200: withExample(serviceActionLogPublicPage, exampleServiceActionPage), ...errorResponses },
    },
    handler: async (request, _reply, deps) =>
      keysetLinks(await deps.internal.read('history.service-actions', request.query, String(request.id))),
  }),
];

export function registerHistoryRoutes(app: App, deps: HistoryRouteDeps): void {
  registerRoutes(app, historyRoutes, deps);
}
