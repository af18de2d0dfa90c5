import {
  assignCaseInternalBody,
  commentCaseInternalBody,
  linkCaseInternalBody,
  monitoringCase,
  monitoringCaseDetail,
  monitoringCaseParams,
  monitoringCasePage,
  monitoringCasesQuery,
  resolveCaseInternalBody,
} from '@coin/contracts';
import { inTransaction, type Pool, type PoolClient } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { recordCaseAction } from '../db/audit';
import {
  addNote,
  assignCase,
  caseNotes,
  caseTransactions,
  type CaseRow,
  findCase,
  linkTransactions,
  listCases,
  resolveCase,
  walletFlows,
} from '../db/cases-repo';
import { caseView, decodeCursor, encodeCursor } from './views';

export interface CaseRouteDeps {
  pool: Pool;
  adminAuditTopic: string;
}

const notFound = () => new AppError('NOT_FOUND', 'No such case');
const flowDays = 7;
const caseTransactionsMax = 500;
const flowsMax = 200;

/** The wallets a case is about: its subject and the other sides of its transactions (at most 20). */
function caseWallets(row: CaseRow, transactions: { from: string | null; to: string | null }[]): string[] {
  const wallets = new Set<string>([row.subject]);
  for (const t of transactions) for (const w of [t.from, t.to]) if (w?.startsWith('user:') && wallets.size < 20) wallets.add(w);
  return [...wallets];
}

/**
 * A step on an open case by an ADMIN+ (the gateway admits and names them), in one transaction
 * with its admin audit record; a resolved case takes no more steps (CONFLICT).
 */
async function step(
  deps: CaseRouteDeps,
  id: string,
  asked: { actor: { kind: 'user'; id: string; role: string }; requestId: string | null },
  act: (
    client: PoolClient,
    row: CaseRow,
  ) => Promise<{ action: Parameters<typeof recordCaseAction>[2]['action']; summary: Record<string, string | string[]> }>,
): Promise<CaseRow> {
  return inTransaction(deps.pool, async (client) => {
    const row = await findCase(client, id, true);
    if (!row) throw notFound();
    if (row.status !== 'OPEN') throw new AppError('CASE_NOT_OPEN');
    const { action, summary } = await act(client, row);
    await recordCaseAction(client, deps.adminAuditTopic, {
      action,
      target: `monitoring-case:${id}`,
      actor: asked.actor as never,
      summary: { subject: row.subject, ...summary },
      requestId: asked.requestId,
    });
    return (await findCase(client, id))!;
  });
}

/** The case routes: the reads (a page of cases, one with its transactions, notes and flows) and the steps. */
export function registerCaseRoutes(app: App, deps: CaseRouteDeps): void {
  registerCaseReads(app, deps);
  registerCaseSteps(app, deps);
}

function registerCaseReads(app: App, deps: CaseRouteDeps): void {
  app.get(
    '/internal/monitoring/cases',
    { schema: { querystring: monitoringCasesQuery, response: { 200: monitoringCasePage } } },
    async (request) => {
      const { status, limit, cursor } = request.query;
      const before = cursor === undefined ? undefined : decodeCursor(cursor);
      if (before === null) throw new AppError('VALIDATION_FAILED', 'cursor is not one this API gave');
      const rows = await listCases(deps.pool, { status, limit: limit + 1, before });
      const page = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      return { cases: page.map(caseView), hasMore, nextCursor: hasMore ? encodeCursor(page[page.length - 1]!) : null };
    },
  );

  app.get(
    '/internal/monitoring/cases/:id',
    { schema: { params: monitoringCaseParams, response: { 200: monitoringCaseDetail } } },
    async (request) => {
      const row = await findCase(deps.pool, request.params.id);
      if (!row) throw notFound();
      const [transactions, notes] = await Promise.all([
        caseTransactions(deps.pool, row.id, caseTransactionsMax),
        caseNotes(deps.pool, row.id),
      ]);
      const flows = await walletFlows(deps.pool, caseWallets(row, transactions), new Date(Date.now() - flowDays * 86_400_000), flowsMax);
      return {
        case: caseView(row),
        transactions: transactions.map((t) => ({ ...t, at: t.at?.toISOString() ?? null, hits: t.hits as never })),
        notes: notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
        flows,
      };
    },
  );
}

function registerCaseSteps(app: App, deps: CaseRouteDeps): void {
  app.post(
    '/internal/monitoring/cases/:id/assign',
    { schema: { params: monitoringCaseParams, body: assignCaseInternalBody, response: { 200: monitoringCase } } },
    async (request) => {
      const { assignee } = request.body;
      const row = await step(deps, request.params.id, request.body, async (client, found) => {
        await assignCase(client, found.id, assignee);
        return { action: 'monitoring-case.assign', summary: { assignee: assignee === null ? 'none' : String(assignee) } };
      });
      return caseView(row);
    },
  );

  app.post(
    '/internal/monitoring/cases/:id/comments',
    { schema: { params: monitoringCaseParams, body: commentCaseInternalBody, response: { 200: monitoringCase } } },
    async (request) => {
      const { body, actor } = request.body;
      const row = await step(deps, request.params.id, request.body, async (client, found) => {
        const noteId = await addNote(client, found.id, Number(actor.id), body);
        return { action: 'monitoring-case.comment', summary: { note: String(noteId) } };
      });
      return caseView(row);
    },
  );

  app.post(
    '/internal/monitoring/cases/:id/transactions',
    { schema: { params: monitoringCaseParams, body: linkCaseInternalBody, response: { 200: monitoringCase } } },
    async (request) => {
      const { transactionIds, actor } = request.body;
      const row = await step(deps, request.params.id, request.body, async (client, found) => {
        const linked = await linkTransactions(client, found.id, transactionIds, Number(actor.id));
        return { action: 'monitoring-case.link', summary: { transactions: linked.map(String) } };
      });
      return caseView(row);
    },
  );

  app.post(
    '/internal/monitoring/cases/:id/resolve',
    { schema: { params: monitoringCaseParams, body: resolveCaseInternalBody, response: { 200: monitoringCase } } },
    async (request) => {
      const { resolution, reason, actor } = request.body;
      const row = await step(deps, request.params.id, request.body, async (client, found) => {
        await resolveCase(client, found.id, { by: Number(actor.id), resolution, reason });
        return { action: 'monitoring-case.resolve', summary: { resolution, reason } };
      });
      return caseView(row);
    },
  );
}
