import { internalReads, transactionView } from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { findKeysetPage, findOffsetPage, type HistoryFilter } from '../db/history-repo';
import { decodeCursor, encodeCursor } from '../domain/cursor';
import { findAuditPage } from '../db/audit-log-repo';
import { decodeAuditCursor, encodeAuditCursor } from '../domain/audit-cursor';

/**
 * The history service's internal API, called by the gateway only. The gateway takes the user id
 * from the access token; this API trusts the path it is given and is never exposed outside.
 * Rows come out of the store in minor units; `transactionView` renders them in coins, here only.
 * Each route's path and schemas are its row of @coin/contracts' internalReads, the ones the
 * gateway's typed reads check the answers with.
 */
export function registerInternalRoutes(app: App, deps: { pool: Pool }): void {
  const userTransactions = internalReads['history.user-transactions'];
  app.get(
    userTransactions.path,
    { schema: { params: userTransactions.params, querystring: userTransactions.query, response: { 200: userTransactions.response } } },
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

  const userPage = internalReads['history.user-transactions-page'];
  app.get(
    userPage.path,
    { schema: { params: userPage.params, querystring: userPage.query, response: { 200: userPage.response } } },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await findOffsetPage(deps.pool, request.params.userId, limit, offset);
      return { transactions: page.rows.map(transactionView), pagination: { limit, offset, total: page.total } };
    },
  );

  const search = internalReads['history.transactions'];
  app.get(search.path, { schema: { querystring: search.query, response: { 200: search.response } } }, async (request) => {
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
  });

  const auditLog = internalReads['history.audit-log'];
  app.get(auditLog.path, { schema: { querystring: auditLog.query, response: { 200: auditLog.response } } }, async (request) => {
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
