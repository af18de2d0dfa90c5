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
  casePartyWallets,
  caseTransactions,
  type CaseRow,
  findCase,
  linkTransactions,
  listCases,
  resolveCase,
  walletFlows,
} from '../db/cases-repo';
import { endRequest, pendingRequest, proposeChange, proposedSummary, sameChange } from '../db/requests-repo';
import {
  caseClosureNeedsSecond,
  type Decider,
  deciderFacts,
  isExpiredRefusal,
  isSelfDealing,
  personOf,
  proposalExpiresAt,
  secondPersonError,
  secondPersonNeeded,
  selfDealing,
} from '../domain/four-eyes';
import type { AskedBy, AskerProofs, ProvenAsker } from './asker';
import { caseView, decodeCursor, encodeCursor } from './views';

export interface CaseRouteDeps {
  pool: Pool;
  adminAuditTopic: string;
  /** MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE: a case at this score or more is called a false positive by two ADMIN+. */
  falsePositiveFourEyesScore: number;
  /** MONITORING_PROPOSAL_EXPIRY_S in milliseconds: a proposed resolution older than this is approved by nobody. */
  proposalExpiryMs: number;
  /** Who asks, proven by their own token (asker.ts). */
  askers: AskerProofs;
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
 * A step on an open case by an ADMIN+ (the gateway admits and names them, their own token proves
 * it: asker.ts), in one transaction with its admin audit record; a resolved case takes no more
 * steps (CONFLICT). Nobody takes a step
 * on a case about themselves: its subject, or a party to one of its transactions or of those the
 * step links, is refused SELF_DEALING, recorded as `monitoring-case.refused`, and nothing changes.
 */
async function step(
  deps: CaseRouteDeps,
  id: string,
  asked: AskedBy & { step: string; linking?: readonly number[] },
  act: (client: PoolClient, row: CaseRow, asker: ProvenAsker) => Promise<StepDone>,
): Promise<CaseRow> {
  const asker = await deps.askers.proven(asked, { target: `monitoring-case:${id}`, action: 'monitoring-case.refused', step: asked.step });
  const done = await inTransaction(deps.pool, async (client) => {
    const row = await findCase(client, id, true);
    if (!row) throw notFound();
    if (row.status !== 'OPEN') throw new AppError('CASE_NOT_OPEN');
    const parties = await casePartyWallets(client, row.id, asked.linking);
    const { action, summary, refused } = isSelfDealing(asked.actor.id, row.subject, parties)
      ? { action: 'monitoring-case.refused' as const, summary: { step: asked.step, errorCode: 'SELF_DEALING' }, refused: selfDealing() }
      : await act(client, row, asker);
    await recordCaseAction(client, deps.adminAuditTopic, {
      action,
      target: `monitoring-case:${id}`,
      actor: asked.actor as never,
      summary: { subject: row.subject, ...summary },
      requestId: asked.requestId,
    });
    return { row: (await findCase(client, id))!, refused };
  });
  // A refusal that leaves a record (a proposal, a refused self-approval, a party's step) is thrown once committed.
  if (done.refused) throw done.refused;
  return done.row;
}

/** What a step did: its audit action and summary, and the refusal to answer once it is recorded. */
interface StepDone {
  action: Parameters<typeof recordCaseAction>[2]['action'];
  summary: Record<string, string | string[]>;
  refused?: AppError;
}

/** Why a proposed resolution ended when one ADMIN+ alone closed the case another way. */
const resolvedOtherwise = 'The case was resolved another way';

/**
 * Resolving a case (docs/design/monitoring.md "Two people"): one ADMIN+ alone, unless the case
 * asked for a freeze of a wallet or is called a false positive at MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE
 * or more; then the first ADMIN's resolution is proposed (audited, the case stays open,
 * FOUR_EYES_REQUIRED) and a different ADMIN+ giving the same resolution closes it; its proposer
 * giving it again is APPROVAL_BY_REQUESTER (audited); a proposal past its expiry is approved by
 * nobody (APPROVAL_NOT_PENDING, audited, and stored EXPIRED: the next resolution proposes anew).
 */
async function resolveAct(
  client: PoolClient,
  found: CaseRow,
  asked: {
    resolution: 'CONFIRMED' | 'FALSE_POSITIVE';
    reason: string;
    by: number;
    decider: Decider;
    falsePositiveAt: number;
    expiryMs: number;
  },
): Promise<StepDone> {
  const { resolution, reason, by } = asked;
  const why = caseClosureNeedsSecond(found, resolution, asked.falsePositiveAt);
  const target = `monitoring-case:${found.id}`;
  if (why === null) {
    // A resolution proposed another way ends with the case: rejected by whoever closed it.
    const proposed = await pendingRequest(client, target);
    if (proposed) await endRequest(client, proposed.id, { status: 'REJECTED', by, reason: resolvedOtherwise });
    await resolveCase(client, found.id, { by, resolution, reason });
    return { action: 'monitoring-case.resolve', summary: { resolution, reason, ...(proposed ? { rejected: proposed.id } : {}) } };
  }
  const pending = await pendingRequest(client, target);
  if (pending === null || !sameChange(pending.change, { resolution })) {
    const proposed = await proposeChange(client, { target, change: { resolution }, by, expiryMs: asked.expiryMs, before: pending });
    return {
      action: 'monitoring-case.resolve-propose',
      summary: { resolution, reason, ...proposedSummary(proposed) },
      refused: secondPersonNeeded(`${why}: closing it waits for a different ADMIN+ to resolve it the same way`),
    };
  }
  const eligible = deciderFacts('case-resolution', asked.decider, pending.requestedAt);
  const second = secondPersonError(
    {
      decider: personOf(by),
      requester: personOf(pending.requestedBy),
      now: new Date(),
      expiresAt: proposalExpiresAt(pending.requestedAt, asked.expiryMs),
      ...eligible.facts,
    },
    { requester: { detail: 'The ADMIN who proposed this resolution cannot approve it' }, ...eligible.wording },
  );
  if (second && isExpiredRefusal(second)) await endRequest(client, pending.id, { status: 'EXPIRED' });
  if (second)
    return {
      action: 'monitoring-case.approval-refused',
      summary: { resolution, errorCode: second.code, request: pending.id },
      refused: second,
    };
  await endRequest(client, pending.id, { status: 'APPROVED', by });
  await resolveCase(client, found.id, { by, resolution, reason });
  return {
    action: 'monitoring-case.resolve',
    summary: { resolution, reason, proposedBy: String(pending.requestedBy), request: pending.id },
  };
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
      const row = await step(deps, request.params.id, { ...request.body, step: 'assign' }, async (client, found) => {
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
      const row = await step(deps, request.params.id, { ...request.body, step: 'comment' }, async (client, found) => {
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
      const asked = { ...request.body, step: 'link', linking: transactionIds };
      const row = await step(deps, request.params.id, asked, async (client, found) => {
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
      const row = await step(deps, request.params.id, { ...request.body, step: 'resolve' }, (client, found, decider) =>
        resolveAct(client, found, {
          resolution,
          reason,
          by: Number(actor.id),
          decider,
          falsePositiveAt: deps.falsePositiveFourEyesScore,
          expiryMs: deps.proposalExpiryMs,
        }),
      );
      return caseView(row);
    },
  );
}
