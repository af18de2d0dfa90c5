import {
  assignCaseBody,
  backtestBody,
  backtestReport,
  commentCaseBody,
  freezeLiftBody,
  ledgerDraft,
  linkCaseBody,
  monitoringCase,
  monitoringCaseDetail,
  monitoringCasePage,
  monitoringCaseParams,
  monitoringCasesQuery,
  monitoringRule,
  monitoringRuleList,
  monitoringRuleParams,
  monitoringRuleProposed,
  problem,
  resolveCaseBody,
  ruleFreezeLiftAnswer,
} from '@coin/contracts';
import type { App } from '@coin/http';
import { randomIdNonce } from '@coin/security';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { withExample } from './examples';
import { askedBy, errorResponses, exampleCase, exampleFreezeLift, exampleRule, readerOf, throughLedger } from './four-eyes/monitoring';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

export interface MonitoringRouteDeps {
  internal: InternalApi;
  /** The ledger's unfreeze commands of a rule's freeze lift, in the caller's name. */
  commands: CommandBus;
}

const caseErrors = { 404: problem, 409: problem, ...errorResponses };

const exampleDetail = {
  case: exampleCase,
  transactions: [
    {
      transactionId: 1051,
      type: 'TRANSFER',
      amountMinor: 48_000,
      from: 'user:44',
      to: 'user:42',
      at: '2026-01-15T09:30:00.000Z',
      score: 70,
      hits: [
        { ruleId: 'circular', mode: 'ACTIVE', score: 70, subject: 'user:42', detail: 'cycle user:42 -> user:43 -> user:44 -> user:42' },
      ],
      linkedBy: null,
    },
  ],
  notes: [{ id: 1, author: 7, body: 'Three accounts made the same day', createdAt: '2026-01-15T10:00:00.000Z' }],
  flows: [
    { from: 'user:42', to: 'user:43', amountMinor: 50_000, count: 1 },
    { from: 'user:43', to: 'user:44', amountMinor: 49_000, count: 1 },
    { from: 'user:44', to: 'user:42', amountMinor: 48_000, count: 1 },
  ],
};

const doc = (summary: string, operationId: string) => ({
  tags: ['admin', 'monitoring'],
  summary,
  operationId,
});

const route = routeOf<MonitoringRouteDeps>();

const caseReadRoutes: RouteDef<MonitoringRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/monitoring/cases',
    config: { access: 'admin' },
    schema: {
      ...doc('Monitoring cases, newest first: each opened by a transaction scored at or above the case score', 'listMonitoringCases'),
      querystring: monitoringCasesQuery,
      response: { 200: withExample(monitoringCasePage, { cases: [exampleCase], hasMore: false, nextCursor: null }), ...errorResponses },
    },
    handler: async (request, _reply, deps) =>
      deps.internal.read('monitoring.cases', request.query, String(request.id), { asker: readerOf(request) }),
  }),
  route({
    method: 'GET',
    url: '/api/admin/monitoring/cases/:id',
    config: { access: 'admin' },
    schema: {
      ...doc(
        "One monitoring case: its transactions with the rules that fired, its notes, and its wallets' flows over 7 days",
        'getMonitoringCase',
      ),
      params: monitoringCaseParams,
      response: { 200: withExample(monitoringCaseDetail, exampleDetail), 404: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) =>
      deps.internal.read('monitoring.case', { id: request.params.id }, String(request.id), { asker: readerOf(request) }),
  }),
];

/**
 * The steps of an open case, each a POST on the case: the same route but for its path, command,
 * body and operation. Each is its own route() so its handler is typed by its own body: the step's
 * command gets that body with who asked, checked against the command's internal body.
 */
function caseStep<B extends z.ZodType>(path: string, operationId: string, summary: string, body: B) {
  return {
    method: 'POST' as const,
    url: `/api/admin/monitoring/cases/:id/${path}`,
    // Each step decides something about a suspected person: a fresh second factor, as the rules' changes.
    config: { access: 'admin' as const, stepUp: true },
    schema: {
      ...doc(
        `${summary}; recorded in the admin audit log; a resolved case answers 409 CASE_NOT_OPEN; with a fresh second factor (403 STEP_UP_REQUIRED); the case's subject or a party to its transactions is refused (403 SELF_DEALING, recorded)`,
        operationId,
      ),
      params: monitoringCaseParams,
      body,
      response: { 200: withExample(monitoringCase, exampleCase), ...caseErrors },
    },
  };
}

/** A step's command input: the case from the path, and the caller's body with who asked. */
function caseStepInput<B extends object>(request: FastifyRequest & { params: { id: string }; body: B }) {
  return { params: { id: request.params.id }, body: { ...request.body, ...askedBy(request) } };
}

const caseStepRoutes: RouteDef<MonitoringRouteDeps>[] = [
  route({
    ...caseStep(
      'assign',
      'assignMonitoringCase',
      'Assign an open case to an ADMIN+ (null unassigns)',
      withExample(assignCaseBody, { assignee: 7 }),
    ),
    handler: async (request, _reply, deps) => deps.internal.act('monitoring.assign-case', caseStepInput(request), String(request.id)),
  }),
  route({
    ...caseStep(
      'comments',
      'commentMonitoringCase',
      'Add a note to an open case',
      withExample(commentCaseBody, { body: 'Three accounts made the same day' }),
    ),
    handler: async (request, _reply, deps) => deps.internal.act('monitoring.comment-case', caseStepInput(request), String(request.id)),
  }),
  route({
    ...caseStep(
      'transactions',
      'linkMonitoringCaseTransactions',
      'Link more transactions to an open case',
      withExample(linkCaseBody, { transactionIds: [1049, 1050] }),
    ),
    handler: async (request, _reply, deps) => deps.internal.act('monitoring.link-case', caseStepInput(request), String(request.id)),
  }),
  route({
    ...caseStep(
      'resolve',
      'resolveMonitoringCase',
      'Resolve an open case (CONFIRMED or FALSE_POSITIVE) with a reason. A case that froze a wallet, or one called FALSE_POSITIVE at a score of MONITORING_FALSE_POSITIVE_FOUR_EYES_SCORE (60) or more, is closed by two ADMIN+: the first resolution is proposed (403 FOUR_EYES_REQUIRED), a different ADMIN+ giving the same one closes it (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+ after the proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past it 409 APPROVAL_NOT_PENDING, and the next resolution proposes anew)',
      withExample(resolveCaseBody, { resolution: 'CONFIRMED', reason: 'A ring laundering one reward' }),
    ),
    handler: async (request, _reply, deps) => deps.internal.act('monitoring.resolve-case', caseStepInput(request), String(request.id)),
  }),
];

const ruleRoutes: RouteDef<MonitoringRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/monitoring/rules',
    config: { access: 'admin' },
    schema: {
      ...doc('The rules as deployed: the presets with their tuning, and the rules added', 'listMonitoringRules'),
      response: { 200: withExample(monitoringRuleList, { rules: [exampleRule] }), ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.read('monitoring.rules', {}, String(request.id), { asker: readerOf(request) }),
  }),
  route({
    method: 'PUT',
    url: '/api/admin/monitoring/rules/:ruleId',
    config: { access: 'admin', stepUp: true },
    schema: {
      ...doc(
        'Tune a rule (thresholds, mode ACTIVE, TEST or DISABLED) or add one, audited with its diff. A change that only tightens it takes effect at once (200); one that loosens it (disable, ACTIVE to TEST, a lower score, a higher threshold, a shorter window) is proposed (403 FOUR_EYES_REQUIRED); one that gives it more power to freeze (a new ACTIVE rule, TEST or DISABLED made ACTIVE, a higher score, any change of a rule whose score reaches MONITORING_FREEZE_SCORE) is proposed and answered 202 with the proposal, a new rule running in TEST meanwhile. A proposal takes effect when a different ADMIN+ sends the same rule (its proposer: 403 APPROVAL_BY_REQUESTER; one who became an ADMIN+ after the proposal: 403 APPROVER_NOT_ELIGIBLE) before it expires (MONITORING_PROPOSAL_EXPIRY_S; past it 409 APPROVAL_NOT_PENDING, and the next send proposes anew); the proposals are listed at GET /api/admin/monitoring/rules/proposals',
        'putMonitoringRule',
      ),
      params: monitoringRuleParams,
      body: withExample(z.strictObject({ rule: monitoringRule }), { rule: { ...exampleRule, mode: 'TEST' } }),
      response: {
        200: withExample(monitoringRuleList, { rules: [exampleRule] }),
        202: withExample(monitoringRuleProposed, {
          proposal: {
            ruleId: 'fan-out',
            rule: { ...exampleRule, score: 60 },
            proposedBy: 7,
            proposedAt: '2026-01-15T10:00:00.000Z',
            diff: ['score: 50 -> 60'],
            reasons: ['its score rises (50 -> 60) toward the freeze score 90'],
          },
          rules: [exampleRule],
        }),
        409: problem,
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const changed = await deps.internal.act(
        'monitoring.put-rule',
        { params: { ruleId: request.params.ruleId }, body: { rule: request.body.rule, ...askedBy(request) } },
        String(request.id),
      );
      if ('proposal' in changed) reply.status(202);
      return changed;
    },
  }),
  route({
    method: 'POST',
    url: '/api/admin/monitoring/rules/backtest',
    config: { access: 'admin' },
    schema: {
      ...doc(
        'What a rule would have done over the last days of transactions: hits, subjects, examples; nothing is scored or opened',
        'backtestMonitoringRule',
      ),
      description:
        'Replays the seen transactions of the last `days` through the candidate rule alone (as TEST), from empty windows, each wallet ' +
        'with the first-seen time the monitor had for it before the first replayed transaction (so fan-in and first-day judge ages ' +
        "as live). A dormancy rule reads each wallet's last movement before the replay from the seen transactions, which are kept " +
        'MONITORING_RETENTION_DAYS (30 by default): a dormancy longer than that retention less the days replayed cannot be shown, ' +
        'so with the defaults the preset `dormant-outflow` (90 days) never fires in a back-test.',
      body: withExample(backtestBody, { rule: { ...exampleRule, minRecipients: 10 }, days: 7 }),
      response: {
        200: withExample(backtestReport, {
          ruleId: 'fan-out',
          movements: 120_000,
          hits: 3,
          subjects: 1,
          examples: [{ transactionId: 1051, subject: 'user:42', detail: 'paid 10 wallets' }],
          truncated: false,
        }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => deps.internal.post('monitoring.backtest', request.body, String(request.id)),
  }),
];

/**
 * Lifting every freeze of one rule: one request listing them (here), one approval by a different
 * ADMIN+ on the route drawn from the act's row (four-eyes/monitoring.ts) (docs/design/monitoring.md "Freezes").
 */
const freezeLiftRoutes: RouteDef<MonitoringRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/monitoring/rules/:ruleId/freeze-lift',
    config: { access: 'admin', stepUp: true },
    schema: {
      ...doc(
        "Ask to lift every automatic freeze of a rule: lists its freezes not lifted yet (at most 50, oldest first) and asks the ledger to lift each in the caller's name (202 with the lift and each wallet's outcome); a different ADMIN+ approves it. 409 WALLET_NOT_FROZEN when the rule holds none; 403 SELF_DEALING when the caller's own wallet is among them",
        'requestRuleFreezeLift',
      ),
      params: monitoringRuleParams,
      body: withExample(freezeLiftBody, { reason: 'A rule tuned to fire on every payment' }),
      response: {
        202: withExample(ruleFreezeLiftAnswer, {
          freezeLift: exampleFreezeLift,
          outcomes: [{ userId: 42, caseId: exampleCase.id, outcome: 'requested' }],
        }),
        409: problem,
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const { ruleId } = request.params;
      const { reason } = request.body;
      const { freezeLift } = await deps.internal.act(
        'monitoring.request-freeze-lift',
        { params: { ruleId }, body: { reason, ...askedBy(request) } },
        String(request.id),
      );
      const ledgerReason = `Lifting the freezes of monitoring rule ${ruleId}: ${reason}`.slice(0, 500);
      const answer = await throughLedger(request, deps, freezeLift, 'requested', async (userId) =>
        ledgerDraft('ledger.request-approval', {
          command: { type: 'ledger.lift-freeze', data: { userId, reason: ledgerReason } },
          idNonce: randomIdNonce(),
        }),
      );
      reply.status(202);
      return answer;
    },
  }),
];

export const monitoringRoutes: RouteDef<MonitoringRouteDeps>[] = [...caseReadRoutes, ...caseStepRoutes, ...ruleRoutes, ...freezeLiftRoutes];

export function registerMonitoringRoutes(app: App, deps: MonitoringRouteDeps): void {
  registerRoutes(app, monitoringRoutes, deps);
}
