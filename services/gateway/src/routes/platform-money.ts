import {
  adminHoldsPublicQuery,
  balanceAt,
  balanceAtQuery,
  holdPublicPage,
  platformLineOf,
  platformStatementPage,
  platformStatementCsvHeader,
  platformStatementCsvRow,
  platformStatementPublicQuery,
  type platformStatementQuery,
  platformTreasuryList,
  type PlatformStatementPage,
  problem,
  statementCsvMediaType,
  statementLimits,
  type StatementPartyKind,
  treasuryCode,
  treasuryEntryIdOf,
  type TreasuryCode,
  isTestModeClientId,
  userIdParam,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { InternalApi } from '../clients/internal-api';
import { principalOf } from '../plugins/auth';
import { spaceOf } from '../plugins/sandbox';
import { exampleAt, exampleTransaction, exampleTreasury, exampleUserId, withExample } from './examples';
import { exampleHoldPage } from './holds';
import { keysetLinks, offsetLinks, startOf } from './paging';
import { registerRoutes, routeOf, streamedText, type RouteDef } from './route-def';
import { wantsCsv } from './statements';
import { requireTestUsers, testClientOf } from './sandbox-economy';

export interface PlatformMoneyDeps {
  internal: InternalApi;
}

// The OpenAPI examples of these routes.
const exampleClientId = 'pc_Xk3v9QmT2bLw';
const exampleReward = {
  ...exampleTransaction,
  id: 1002,
  type: 'REWARD',
  amount: 25,
  fromUserId: null,
  toUserId: exampleUserId,
  fromTreasury: 'REWARDS',
  reason: 'Tournament prize',
  clientId: exampleClientId,
} as const;
const exampleBalanceAt = { at: '2026-01-31T23:59:59.999Z', balance: 98000 };
const examplePlatformStatement: PlatformStatementPage = {
  from: '2026-01-01T00:00:00Z',
  to: '2026-02-01T00:00:00Z',
  openingBalance: 100000,
  closingBalance: 98000,
  lines: [
    { transactionId: 1001, type: 'REWARD', createdAt: exampleAt, change: -1975, runningBalance: 98025, transaction: null },
    { transactionId: 1002, type: 'REWARD', createdAt: exampleAt, change: -25, runningBalance: 98000, transaction: exampleReward },
  ],
  nextCursor: null,
  hasMore: false,
  asOf: '2026-01-15T09:30:01.000Z',
};

/** The same statement as CSV: the client's own line whole, the other its change alone. */
const examplePlatformStatementCsv =
  'createdAt,transactionId,type,change,runningBalance,fromUserId,toUserId,fromTreasury,toTreasury,reason,reference,refundOf,metadata,splitOf\r\n' +
  `${exampleAt},1001,REWARD,-1975,98025,,,,,,,,,\r\n` +
  `${exampleAt},1002,REWARD,-25,98000,,${exampleUserId},REWARDS,,Tournament prize,,,,\r\n`;

const readResponses = { 400: problem, 401: problem, 403: problem, 404: problem, 503: problem };

/** The calling platform client (the routes admit SYSTEM callers alone): its id and the treasuries its token was granted. */
function clientOf(request: FastifyRequest): { id: string; treasuries: readonly string[] } {
  const principal = principalOf(request);
  return { id: principal.subject, treasuries: principal.treasuries ?? [] };
}

/**
 * The history id of the treasury the path names, when the client was granted it: its code, or a
 * test-mode client's own sandbox treasury (treasuryEntryIdOf). Any other is the 404 of a path
 * that serves nothing, so a client learns nothing of treasuries it may not use.
 */
function grantedTreasury(request: FastifyRequest, code: TreasuryCode): string {
  const client = clientOf(request);
  if (!client.treasuries.includes(code)) throw new AppError('NOT_FOUND', `This client has no treasury ${code}`);
  return treasuryEntryIdOf(code, client.id);
}

/** A statement page of a party, its lines the client did not make shown as their change alone. */
async function statementFor(
  deps: PlatformMoneyDeps,
  request: FastifyRequest,
  party: { kind: StatementPartyKind; id: string },
  query: z.output<typeof platformStatementQuery>,
  space: 'live' | 'test',
) {
  const asOf = new Date().toISOString();
  const page = await deps.internal.in(space).read('history.statement', { ...party, ...query }, String(request.id));
  const { id } = clientOf(request);
  return keysetLinks({ ...page, lines: page.lines.map((line) => platformLineOf(id, line)), asOf });
}

/**
 * A party's statement as the client asked for it: a JSON page, or with format=csv (or Accept:
 * text/csv) the whole period as CSV, the redacted lines of JSON pages read from history one page
 * of the most at a time and written as they come (the gateway holds one page, never the period).
 * The opening and closing balances are headers, as on every statement's CSV.
 */
async function answerStatement(
  deps: PlatformMoneyDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  party: { kind: StatementPartyKind; id: string },
  space: 'live' | 'test',
) {
  const { format, ...query } = request.query as z.output<typeof platformStatementPublicQuery>;
  if (!wantsCsv(request, format)) {
    return reply.type('application/json; charset=utf-8').send(await statementFor(deps, request, party, query, space));
  }
  const whole = { from: query.from, to: query.to, limit: statementLimits.pageLimitMax };
  const read = (cursor?: string) =>
    deps.internal.in(space).read('history.statement', { ...party, ...whole, ...(cursor ? { cursor } : {}) }, String(request.id));
  const first = await read();
  const clientId = clientOf(request).id;
  async function* rows() {
    yield platformStatementCsvHeader;
    for (let page = first; ; page = await read(page.nextCursor)) {
      for (const line of page.lines) yield platformStatementCsvRow(platformLineOf(clientId, line));
      if (page.nextCursor === null) return;
    }
  }
  return reply
    .type(`${statementCsvMediaType}; charset=utf-8`)
    .header('content-disposition', 'attachment; filename="statement.csv"')
    .header('statement-opening-balance', String(first.openingBalance))
    .header('statement-closing-balance', String(first.closingBalance))
    .send(Readable.from(rows(), { objectMode: false }));
}

/** A statement's 200: JSON pages, or the whole period as CSV (as the history statements answer it). */
const statementAnswer = {
  description: 'JSON pages, or with format=csv / Accept: text/csv the whole period as CSV (a header row, then a row per line)',
  content: {
    'application/json': { schema: withExample(platformStatementPage, examplePlatformStatement) },
    [statementCsvMediaType]: { schema: streamedText(examplePlatformStatementCsv) },
  },
};

const route = routeOf<PlatformMoneyDeps>();

const statementSummary =
  'over [from, to): opening and closing balance and each line with its running balance, oldest first, in keyset pages (pass nextCursor as cursor; limit at most 1,000, a period at most 366 days), or the whole period as CSV (format=csv or Accept: text/csv), streamed. A line of a transaction this client made carries it whole; any other (a person’s, an operator’s, another platform’s) shows only its id, type, time and change (its other CSV cells empty)';

/**
 * A platform's own money (docs/CONTRACT.md "A platform's own money"): the treasuries it was
 * granted, their balances and statements, and the holds it settles, in the space of its
 * credentials (a test-mode client's from the sandbox's ledger and history alone). What it was not
 * granted, or is no party to, answers as if absent.
 */
export const platformMoneyRoutes: RouteDef<PlatformMoneyDeps>[] = [
  route({
    method: 'GET',
    url: '/api/platform/treasuries',
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['history'],
      summary:
        'The treasuries the calling platform client was granted, with their balances and running totals as the ledger holds them now (asOf); a test-mode client reads its own sandbox treasuries (no other test client’s, a never-used one as new: 0)',
      operationId: 'listClientTreasuries',
      response: {
        200: withExample(platformTreasuryList, { treasuries: [exampleTreasury], asOf: '2026-01-15T09:30:00.000Z' }),
        ...readResponses,
      },
    },
    handler: async (request, _reply, deps) => {
      const { id, treasuries: granted } = clientOf(request);
      const asOf = new Date().toISOString();
      // A test-mode client's own sandbox treasuries (docs/decisions/0018-sandbox.md "Treasuries of each test client's own").
      const query = isTestModeClientId(id) ? { clientId: id } : {};
      const { treasuries } = await deps.internal.in(spaceOf(request)).read('ledger.treasuries', query, String(request.id));
      return { treasuries: treasuries.filter((t) => granted.includes(t.code)), asOf };
    },
  }),

  route({
    method: 'GET',
    url: '/api/platform/treasuries/:code/balance',
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['history'],
      summary:
        'The balance of a treasury the calling platform client was granted, at an instant (every transaction with createdAt <= at counted; default now); a test-mode client’s own sandbox treasury. A treasury not granted is 404 NOT_FOUND',
      operationId: 'getClientTreasuryBalanceAt',
      params: z.strictObject({ code: treasuryCode }),
      querystring: balanceAtQuery,
      response: { 200: withExample(balanceAt, exampleBalanceAt), ...readResponses },
    },
    handler: async (request, _reply, deps) => {
      const id = grantedTreasury(request, request.params.code);
      return deps.internal.in(spaceOf(request)).read('history.balance', { kind: 'treasury', id, ...request.query }, String(request.id));
    },
  }),

  route({
    method: 'GET',
    url: '/api/platform/treasuries/:code/statement',
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['history'],
      summary: `A statement of a treasury the calling platform client was granted (a test-mode client’s own sandbox treasury) ${statementSummary}. A treasury not granted is 404 NOT_FOUND`,
      operationId: 'getClientTreasuryStatement',
      params: z.strictObject({ code: treasuryCode }),
      querystring: platformStatementPublicQuery,
      response: { 200: statementAnswer, ...readResponses },
    },
    handler: async (request, reply, deps) => {
      const id = grantedTreasury(request, request.params.code);
      return answerStatement(deps, request, reply, { kind: 'treasury', id }, spaceOf(request));
    },
  }),

  route({
    method: 'GET',
    url: '/api/platform/holds',
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['holds'],
      summary:
        'The holds the calling platform client settles (their payer named it: settlerClientId; a test-mode client’s sandbox holds), newest first, optionally of one payer (userId) or status, in pages (pass nextCursor as cursor). A hold naming no settler is not listed, though a client granted its treasury may settle it',
      operationId: 'listClientHolds',
      querystring: adminHoldsPublicQuery,
      response: { 200: withExample(holdPublicPage, exampleHoldPage), ...readResponses },
    },
    handler: async (request, _reply, deps) => {
      const { userId, status, limit, offset, cursor } = request.query;
      const page = await deps.internal
        .in(spaceOf(request))
        .read(
          'ledger.holds',
          { userId, status, settlerClientId: clientOf(request).id, limit, offset: startOf(request, 'offset', offset, cursor) },
          String(request.id),
        );
      return { ...page, ...offsetLinks(request, page.pagination, page.holds.length) };
    },
  }),

  route({
    method: 'GET',
    url: '/api/sandbox/users/:userId/balance',
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['sandbox', 'history'],
      summary:
        "A test user's sandbox balance at an instant (default now), for the calling test-mode client: its test users only (any other id, an account's or not, is 404 USER_NOT_FOUND), from the sandbox history alone. A live client is 403 FORBIDDEN",
      operationId: 'getSandboxUserBalanceAt',
      params: z.strictObject({ userId: userIdParam }),
      querystring: balanceAtQuery,
      response: { 200: withExample(balanceAt, { at: exampleBalanceAt.at, balance: 125.5 }), ...readResponses },
    },
    handler: async (request, _reply, deps) => {
      const client = testClientOf(request, "reads a test user's sandbox balance");
      const { userId } = request.params;
      await requireTestUsers(deps.internal, request, client.id, [userId]);
      return deps.internal.in('test').read('history.balance', { kind: 'user', id: String(userId), ...request.query }, String(request.id));
    },
  }),

  route({
    method: 'GET',
    url: '/api/sandbox/users/:userId/statement',
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['sandbox', 'history'],
      summary: `A test user's sandbox statement, for the calling test-mode client, ${statementSummary}. Its test users only (any other id, an account's or not, is 404 USER_NOT_FOUND), from the sandbox history alone. A live client is 403 FORBIDDEN`,
      operationId: 'getSandboxUserStatement',
      params: z.strictObject({ userId: userIdParam }),
      querystring: platformStatementPublicQuery,
      response: { 200: statementAnswer, ...readResponses },
    },
    handler: async (request, reply, deps) => {
      const client = testClientOf(request, "reads a test user's sandbox statement");
      const { userId } = request.params;
      await requireTestUsers(deps.internal, request, client.id, [userId]);
      return answerStatement(deps, request, reply, { kind: 'user', id: String(userId) }, 'test');
    },
  }),
];

export function registerPlatformMoneyRoutes(app: App, deps: PlatformMoneyDeps): void {
  registerRoutes(app, platformMoneyRoutes, deps);
}
