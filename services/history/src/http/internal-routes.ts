import {
  auditLogPage,
  auditLogQuery,
  adminTransactionsPage,
  adminTransactionsQuery,
  historyPage,
  historyQuery,
  transactionView,
  userIdParam,
  walletTransactionsPage,
  walletTransactionsQuery,
} from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { z } from 'zod';
import { findKeysetPage, findOffsetPage, type HistoryFilter } from '../db/history-repo';
import { decodeCursor, encodeCursor } from '../domain/cursor';
import { findAuditPage } from '../db/audit-log-repo';
import { decodeAuditCursor, encodeAuditCursor } from '../domain/audit-cursor';

const userParams = z.object({ userId: userIdParam });

/**
 * The history service's internal API, called by the gateway only. The gateway takes the user id
 * from the access token; this API trusts the path it is given and is never exposed outside.
 * Rows come out of the store in minor units; `transactionView` renders them in coins, here only.
 */
export function registerInternalRoutes(app: App, deps: { pool: Pool }): void {
  app.get(
    '/internal/history/users/:userId',
    { schema: { params: userParams, querystring: historyQuery, response: { 200: historyPage } } },
    async (request) => {
      const { limit, cursor } = request.query;
      const page = await findKeysetPage(
        deps.pool,
        { party: { kind: 'user', id: String(request.params.userId) } },
        limit,
        cursor ? decodeCursor(cursor) : null,
      );
      return { transactions: page.rows.map(transactionView), nextCursor: page.next ? encodeCursor(page.next) : null };
    },
  );

  app.get(
    '/internal/history/users/:userId/page',
    { schema: { params: userParams, querystring: walletTransactionsQuery, response: { 200: walletTransactionsPage } } },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await findOffsetPage(deps.pool, request.params.userId, limit, offset);
      return { transactions: page.rows.map(transactionView), pagination: { limit, offset, total: page.total } };
    },
  );

  app.get(
    '/internal/transactions',
    { schema: { querystring: adminTransactionsQuery, response: { 200: adminTransactionsPage } } },
    async (request) => {
      const q = request.query;
      const filter: HistoryFilter = {
        ...(q.userId !== undefined ? { party: { kind: 'user' as const, id: String(q.userId) } } : {}),
        ...(q.treasury !== undefined ? { party: { kind: 'treasury' as const, id: q.treasury } } : {}),
        ...(q.type ? { type: q.type } : {}),
        ...(q.from ? { from: q.from } : {}),
        ...(q.to ? { to: q.to } : {}),
      };
      const page = await findKeysetPage(deps.pool, filter, q.limit, q.cursor ? decodeCursor(q.cursor) : null);
      return { transactions: page.rows.map(transactionView), nextCursor: page.next ? encodeCursor(page.next) : null };
    },
  );

  app.get('/internal/audit-log', { schema: { querystring: auditLogQuery, response: { 200: auditLogPage } } }, async (request) => {
    const { limit, cursor, actor, action, target, result, from, to } = request.query;
    const page = await findAuditPage(
      deps.pool,
      {
        ...(actor ? { actor } : {}),
        ...(action ? { action } : {}),
        ...(target ? { target } : {}),
        ...(result ? { result } : {}),
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      },
      limit,
      cursor ? decodeAuditCursor(cursor) : null,
    );
    return { entries: page.entries, nextCursor: page.nextBefore === null ? null : encodeAuditCursor(page.nextBefore) };
  });
}
