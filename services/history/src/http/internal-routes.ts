import {
  daysOf,
  type InternalTransactionsQuery,
  internalReads,
  internalStreams,
  metadataOfJson,
  coinTextToMinorUnits,
  dailySeriesLimits,
  minorUnitsToCoins,
  transactionTypes,
  transactionView,
  treasuryEntryIdOf,
} from '@coin/contracts';
import type { Pool } from '@coin/db';
import type { App } from '@coin/http';
import { findKeysetPage, findOffsetPage, type HistoryFilter } from '../db/history-repo';
import { decodeCursor, decodeStatementCursor, encodeCursor, encodeStatementCursor } from '../domain/cursor';
import { findAuditPage } from '../db/audit-log-repo';
import { decodeAuditCursor, encodeAuditCursor } from '../domain/audit-cursor';
import { balanceAt, findStatementPage, streamStatementCsv } from '../db/statement-repo';
import { statementLineView } from '../domain/statement';
import { clientDailyVolumeGroups, dailyVolumeGroups, partyDailySums, supplyDailySums } from '../db/stats-repo';
import { clientVolumes, closingBalances, denseVolume } from '../domain/daily-series';

/**
 * The history service's internal API, called by the gateway only. The gateway takes the user id
 * from the access token; this API trusts the path it is given and is never exposed outside.
 * Rows come out of the store in minor units; `transactionView` renders them in coins, here only.
 * Each route's path and schemas are its row of @coin/contracts' internalReads, the ones the
 * gateway's typed reads check the answers with.
 */
export function registerInternalRoutes(app: App, deps: { pool: Pool }): void {
  registerUserTransactions(app, deps);

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
    const page = await findKeysetPage(deps.pool, searchFilterOf(q), q.limit, q.cursor ? decodeCursor('transactions', q.cursor) : null);
    return { transactions: page.rows.map(transactionView), nextCursor: page.next ? encodeCursor('transactions', page.next) : null };
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
      cursor ? decodeAuditCursor('audit-log', cursor) : null,
    );
    return { entries: page.entries, nextCursor: page.nextBefore === null ? null : encodeAuditCursor('audit-log', page.nextBefore) };
  });

  // The services' own actions (an endpoint disabled or re-enabled by the webhooks service), from the same chained log.
  const serviceActions = internalReads['history.service-actions'];
  app.get(
    serviceActions.path,
    { schema: { querystring: serviceActions.query, response: { 200: serviceActions.response } } },
    async (request) => {
      const { limit, cursor, actor, target, from, to } = request.query;
      const page = await findAuditPage(
        deps.pool,
        {
          kind: 'service-actions',
          ...(actor ? { actor } : {}),
          ...(target ? { target } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
        },
        limit,
        cursor ? decodeAuditCursor('service-actions', cursor) : null,
      );
      return {
        entries: page.entries,
        nextCursor: page.nextBefore === null ? null : encodeAuditCursor('service-actions', page.nextBefore),
      };
    },
  );

  registerStatementRoutes(app, deps);
  registerDailySeriesRoutes(app, deps);
}

/** Balances as of a time and statements (docs/design/data.md "Statements and balances as of a time"), of a user's wallet or a treasury. */
function registerStatementRoutes(app: App, deps: { pool: Pool }): void {
  const balance = internalReads['history.balance'];
  app.get(
    balance.path,
    { schema: { params: balance.params, querystring: balance.query, response: { 200: balance.response } } },
    async (request) => {
      const at = request.query.at ?? new Date().toISOString();
      return { at, balance: minorUnitsToCoins(await balanceAt(deps.pool, request.params, at)) };
    },
  );

  const statement = internalReads['history.statement'];
  app.get(
    statement.path,
    { schema: { params: statement.params, querystring: statement.query, response: { 200: statement.response } } },
    async (request) => {
      const { from, to, limit, cursor } = request.query;
      const scope = { ...request.params, from, to };
      const page = await findStatementPage(
        deps.pool,
        request.params,
        { from, to },
        limit,
        cursor ? decodeStatementCursor(scope, cursor) : null,
      );
      return {
        from,
        to,
        openingBalance: minorUnitsToCoins(page.opening),
        closingBalance: minorUnitsToCoins(page.closing),
        lines: page.lines.map(statementLineView),
        nextCursor: page.next ? encodeStatementCursor(scope, page.next) : null,
      };
    },
  );

  const csv = internalStreams['history.statement-csv'];
  app.get(csv.path, { schema: { params: csv.params, querystring: csv.query } }, async (request, reply) => {
    const { from, to } = request.query;
    const statementCsv = await streamStatementCsv(deps.pool, request.params, { from, to });
    // The balances of the same snapshot as the rows, for a reader that checks the file's sum.
    return reply
      .header('statement-opening-balance', String(minorUnitsToCoins(statementCsv.opening)))
      .header('statement-closing-balance', String(minorUnitsToCoins(statementCsv.closing)))
      .type(`${csv.mediaType}; charset=utf-8`)
      .send(statementCsv.csv);
  });
}

/** Daily series (docs/design/data.md "Daily series"): one read per range, one point per day. */
function registerDailySeriesRoutes(app: App, deps: { pool: Pool }): void {
  const balances = internalReads['history.daily-balances'];
  app.get(
    balances.path,
    { schema: { params: balances.params, querystring: balances.query, response: { 200: balances.response } } },
    async (request) => {
      const range = request.query;
      const days = daysOf(range);
      const sums = await partyDailySums(deps.pool, request.params, range);
      const closings = closingBalances(days, sums.opening, sums.days);
      return { ...range, days: days.map((day, i) => ({ day, balance: minorUnitsToCoins(closings[i] ?? 0) })) };
    },
  );

  const supply = internalReads['history.daily-supply'];
  app.get(supply.path, { schema: { querystring: supply.query, response: { 200: supply.response } } }, async (request) => {
    const range = request.query;
    const days = daysOf(range);
    const sums = await supplyDailySums(deps.pool, range);
    const closings = closingBalances(days, sums.opening, sums.days);
    return { ...range, days: days.map((day, i) => ({ day, supply: minorUnitsToCoins(closings[i] ?? 0) })) };
  });

  const volume = internalReads['history.daily-volume'];
  app.get(volume.path, { schema: { querystring: volume.query, response: { 200: volume.response } } }, async (request) => {
    const range = request.query;
    const dense = denseVolume(daysOf(range), transactionTypes, await dailyVolumeGroups(deps.pool, range));
    return {
      ...range,
      days: dense.map((d) => ({ day: d.day, types: d.types.map((t) => ({ ...t, amount: minorUnitsToCoins(t.amount) })) })),
    };
  });

  const clientVolume = internalReads['history.client-daily-volume'];
  app.get(clientVolume.path, { schema: { querystring: clientVolume.query, response: { 200: clientVolume.response } } }, async (request) => {
    const range = request.query;
    const { clients, clientsTotal } = clientVolumes(
      daysOf(range),
      await clientDailyVolumeGroups(deps.pool, range),
      dailySeriesLimits.clientsMax,
    );
    return {
      ...range,
      clients: clients.map((c) => ({
        ...c,
        amount: minorUnitsToCoins(c.amount),
        days: c.days.map((d) => ({ ...d, amount: minorUnitsToCoins(d.amount) })),
      })),
      clientsTotal,
    };
  });
}

/** The history filter of a transaction search, from its validated query. */
function searchFilterOf(q: InternalTransactionsQuery): HistoryFilter {
  return {
    ...(q.userId !== undefined ? { party: { kind: 'user' as const, id: String(q.userId) } } : {}),
    // A test-mode client's search is of its own sandbox treasury's entries (treasuryEntryIdOf).
    ...(q.treasury !== undefined ? { party: { kind: 'treasury' as const, id: treasuryEntryIdOf(q.treasury, q.clientId) } } : {}),
    ...(q.type ? { type: q.type } : {}),
    ...(q.from ? { from: q.from } : {}),
    ...(q.to ? { to: q.to } : {}),
    ...(q.reference !== undefined ? { reference: q.reference } : {}),
    // Validated as metadata's JSON text by the query schema.
    ...(q.metadata !== undefined ? { metadata: metadataOfJson(q.metadata) ?? {} } : {}),
    ...(q.clientId !== undefined ? { clientId: q.clientId } : {}),
    // Coins as decimal text, compared as the integer minor units the projection stores.
    ...(q.amount !== undefined ? { amountMin: coinTextToMinorUnits(q.amount), amountMax: coinTextToMinorUnits(q.amount) } : {}),
    ...(q.amountMin !== undefined ? { amountMin: coinTextToMinorUnits(q.amountMin) } : {}),
    ...(q.amountMax !== undefined ? { amountMax: coinTextToMinorUnits(q.amountMax) } : {}),
  };
}

/** A user's own transactions in keyset pages, filtered by metadata when the query gives it. */
function registerUserTransactions(app: App, deps: { pool: Pool }): void {
  const userTransactions = internalReads['history.user-transactions'];
  app.get(
    userTransactions.path,
    { schema: { params: userTransactions.params, querystring: userTransactions.query, response: { 200: userTransactions.response } } },
    async (request) => {
      const { limit, cursor, metadata } = request.query;
      const page = await findKeysetPage(
        deps.pool,
        // The metadata filter was validated as metadata's JSON text by the query schema.
        {
          party: { kind: 'user', id: String(request.params.userId) },
          ...(metadata !== undefined ? { metadata: metadataOfJson(metadata) ?? {} } : {}),
        },
        limit,
        cursor ? decodeCursor('user-transactions', cursor) : null,
      );
      return {
        transactions: page.rows.map(transactionView),
        nextCursor: page.next ? encodeCursor('user-transactions', page.next) : null,
      };
    },
  );
}
