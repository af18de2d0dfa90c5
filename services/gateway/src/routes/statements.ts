import { Readable } from 'node:stream';
import {
  balanceAt,
  balanceAtQuery,
  dailyBalances,
  dailyRangeQuery,
  problem,
  statementCsvMediaType,
  statementPublicPage,
  statementQuery,
  treasuryCode,
  userIdParam,
  type StatementPartyKind,
} from '@coin/contracts';
import type { App } from '@coin/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { InternalApi } from '../clients/internal-api';
import { userIdOf } from '../plugins/auth';
import { exampleAt, exampleTransaction, withExample } from './examples';
import { keysetLinks } from './paging';
import { registerRoutes, routeOf, type RouteDef, streamedText } from './route-def';

// The OpenAPI examples of these routes.
/** GET …/balance: a wallet at the end of January. */
const exampleBalanceAt = { at: '2026-01-31T23:59:59.999Z', balance: 125.5 };
/** GET …/statement: one line of a period, the caller's transfer in exampleTransaction. */
const exampleStatementPage = {
  from: '2026-01-01T00:00:00Z',
  to: '2026-02-01T00:00:00Z',
  openingBalance: 138,
  closingBalance: 125.5,
  lines: [{ transaction: exampleTransaction, change: -12.5, runningBalance: 125.5 }],
  nextCursor: null,
  hasMore: false,
};
/** The same statement as CSV. */
const exampleStatementCsv =
  'createdAt,transactionId,type,change,runningBalance,fromUserId,toUserId,fromTreasury,toTreasury,reason,reference,refundOf,metadata,splitOf\r\n' +
  `${exampleAt},1001,TRANSFER,-12.5,125.5,42,43,,,"Lunch, split two ways",,,,\r\n`;
/** GET …/daily-balances, /api/admin/stats/daily-supply and /daily-volume: two days of a range. */
const exampleDailyBalances = {
  from: '2026-01-30',
  to: '2026-01-31',
  days: [
    { day: '2026-01-30', balance: 138 },
    { day: '2026-01-31', balance: 125.5 },
  ],
};

export interface StatementRouteDeps {
  internal: InternalApi;
}

const route = routeOf<StatementRouteDeps>();

const errorResponses = { 400: problem, 401: problem, 403: problem, 503: problem };

/** Whose balance a route reads: the caller's own wallet, a user's (ADMIN+), a treasury's (ADMIN+). */
interface PartySource {
  /** The path before /balance and /statement. */
  base: string;
  access: 'user' | 'admin';
  params?: z.ZodObject;
  tags: string[];
  who: string;
  operation: string;
  partyOf(request: FastifyRequest): { kind: StatementPartyKind; id: string };
}

const sources: PartySource[] = [
  {
    base: '/api/wallets/me',
    access: 'user',
    tags: ['wallets', 'history'],
    who: "the caller's wallet",
    operation: 'My',
    partyOf: (request) => ({ kind: 'user', id: String(userIdOf(request)) }),
  },
  {
    base: '/api/admin/users/:id',
    access: 'admin',
    params: z.object({ id: userIdParam }),
    tags: ['admin', 'history'],
    who: "a user's wallet",
    operation: 'User',
    partyOf: (request) => ({ kind: 'user', id: String((request.params as { id: number }).id) }),
  },
  {
    base: '/api/admin/treasuries/:code',
    access: 'admin',
    params: z.object({ code: treasuryCode }),
    tags: ['admin', 'history'],
    who: 'a treasury',
    operation: 'Treasury',
    partyOf: (request) => ({ kind: 'treasury', id: (request.params as { code: string }).code }),
  },
];

/** CSV when asked for by `format=csv`, or, without `format`, by an Accept header naming text/csv. */
export function wantsCsv(request: FastifyRequest, format: 'json' | 'csv' | undefined): boolean {
  if (format !== undefined) return format === 'csv';
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((part) => part.split(';')[0]?.trim().toLowerCase() === statementCsvMediaType);
}

/** The routes of each source (its balance at an instant, its statement, its daily balances), drawn from the source. */
const statementRoutes: ((source: PartySource) => RouteDef<StatementRouteDeps>)[] = [
  (source) =>
    route({
      method: 'GET',
      url: `${source.base}/balance`,
      config: { access: source.access },
      schema: {
        tags: source.tags,
        summary: `The balance of ${source.who} at an instant: every transaction with createdAt <= at counted (default now)`,
        operationId: `get${source.operation}BalanceAt`,
        ...(source.params ? { params: source.params } : {}),
        querystring: balanceAtQuery,
        response: { 200: withExample(balanceAt, exampleBalanceAt), ...errorResponses },
      },
      handler: async (request, _reply, deps) =>
        deps.internal.read('history.balance', { ...source.partyOf(request), ...request.query }, String(request.id)),
    }),
  (source) =>
    route({
      method: 'GET',
      url: `${source.base}/statement`,
      config: { access: source.access },
      schema: {
        tags: source.tags,
        summary:
          `A statement of ${source.who} over [from, to): opening and closing balance and each line with its running balance, ` +
          'oldest first, in keyset pages (pass nextCursor as cursor), or the whole period as CSV (format=csv or Accept: text/csv), streamed',
        operationId: `get${source.operation}Statement`,
        ...(source.params ? { params: source.params } : {}),
        querystring: statementQuery,
        response: {
          200: {
            description: 'JSON pages, or with format=csv / Accept: text/csv the whole period as CSV (a header row, then a row per line)',
            content: {
              'application/json': { schema: withExample(statementPublicPage, exampleStatementPage) },
              [statementCsvMediaType]: { schema: streamedText(exampleStatementCsv) },
            },
          },
          ...errorResponses,
        },
      },
      handler: async (request, reply, deps) => {
        const { format, ...query } = request.query;
        const input = { ...source.partyOf(request), ...query };
        if (!wantsCsv(request, format)) {
          return reply
            .type('application/json; charset=utf-8')
            .send(keysetLinks(await deps.internal.read('history.statement', input, String(request.id))));
        }
        return statementCsvOf(reply, await deps.internal.stream('history.statement-csv', input, String(request.id)));
      },
    }),
  // One read for a chart of a range: one point per day, never one as-of read per day.
  (source) =>
    route({
      method: 'GET',
      url: `${source.base}/daily-balances`,
      config: { access: source.access },
      schema: {
        tags: source.tags,
        summary: `The balance of ${source.who} at the end of each UTC day of [from, to] (both days included, at most 366)`,
        operationId: `get${source.operation}DailyBalances`,
        ...(source.params ? { params: source.params } : {}),
        querystring: dailyRangeQuery,
        response: { 200: withExample(dailyBalances, exampleDailyBalances), ...errorResponses },
      },
      handler: async (request, _reply, deps) =>
        deps.internal.read('history.daily-balances', { ...source.partyOf(request), ...request.query }, String(request.id)),
    }),
];

/**
 * Balances as of a time and statements (docs/CONTRACT.md "Statements and balances as of a time"),
 * read from history with the same role rules as the history reads: a user reads their own wallet
 * (the id from the token), ADMIN+ any user's and the treasuries'.
 */
export function registerStatementRoutes(app: App, deps: StatementRouteDeps): void {
  for (const source of sources)
    registerRoutes(
      app,
      statementRoutes.map((sourceRoute) => sourceRoute(source)),
      deps,
    );
}

/**
 * The history service's CSV passed through as it arrives: the gateway never holds the period, only
 * what is in flight. The stream to answer with, its headers set on the reply.
 */
export function statementCsvOf(reply: FastifyReply, upstream: { response: Response; close: () => void }): Readable {
  const { response, close } = upstream;
  if (!response.body) throw new Error('the statement CSV answer has no body');
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  reply.raw.once('close', () => {
    if (!body.readableEnded) close();
  });
  for (const name of ['statement-opening-balance', 'statement-closing-balance']) {
    const value = response.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
  reply.type(`${statementCsvMediaType}; charset=utf-8`).header('content-disposition', 'attachment; filename="statement.csv"');
  return body;
}

/** The statement's CSV sent on the reply (statementCsvOf), for a route of its own (the bench's). */
export function sendStatementCsv(reply: FastifyReply, upstream: { response: Response; close: () => void }) {
  return reply.send(statementCsvOf(reply, upstream));
}
