import {
  type LedgerDraft,
  ledgerDraft,
  type MonitoringFreezeLift,
  type MonitoringProposal,
  type MonitoringProposalKind,
  monitoringCaseParams,
  monitoringProposalAnswer,
  monitoringProposalList,
  monitoringProposalQuery,
  monitoringRuleParams,
  problem,
  rejectProposalBody,
} from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { FastifyRequest } from 'fastify';
import type { CommandBus } from '../../clients/commands';
import type { Asker } from '../../clients/internal-http';
import { authorityOf, principalOf } from '../../plugins/auth';
import type { ActPart, FourEyesRouteDeps, ListPart } from './kit';
import { unfreezeToDecideId } from './unfreeze';

/**
 * The monitoring acts' lists (a rule's change, a case's resolution, a rule's freeze lift), drawn
 * from their rows of the four-eyes table, and the examples the monitoring routes share.
 */

/** The answers a monitoring route may give besides its own. */
export const errorResponses = { 400: problem, 401: problem, 403: problem, 429: problem, 500: problem, 503: problem, 504: problem };

// The OpenAPI examples of the monitoring routes.
export const exampleCase = {
  id: '0c9f4e2a-7b1d-4c3e-9f5a-2b6d8e0a1c3f',
  subject: 'user:42',
  status: 'OPEN' as const,
  score: 70,
  rules: ['circular'],
  assignee: null,
  openedAt: '2026-01-15T09:30:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  resolution: null,
  reason: null,
  freezeRequestedAt: null,
  freezeOutcome: null,
};
export const exampleRule = {
  id: 'fan-out',
  kind: 'fan-out' as const,
  mode: 'ACTIVE' as const,
  score: 50,
  windowMs: 3_600_000,
  minRecipients: 15,
  minAmountMinor: 1_000,
};
export const exampleFreezeLift = {
  ruleId: 'catch-all',
  status: 'PENDING' as const,
  reason: 'A rule tuned to fire on every payment',
  requestedBy: 7,
  requestedAt: '2026-01-15T10:00:00.000Z',
  approvedBy: null,
  freezes: [{ caseId: exampleCase.id, userId: 42 }],
};

const exampleProposal = {
  id: 'fan-out',
  requestId: '5b0c4a1e-2f3d-4c5b-8a9e-1d2c3b4a5f6e',
  change: { ...exampleRule, score: 60 },
  proposedBy: 7,
  proposedAt: '2026-01-15T10:00:00.000Z',
  expiresAt: '2026-01-16T10:00:00.000Z',
  status: 'PENDING' as const,
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
};

/** The path parameters that name a proposal's rule or case, and how its id is read from them. */
interface ProposalTarget {
  params: typeof monitoringRuleParams | typeof monitoringCaseParams;
  idOf(params: unknown): string;
}
const ofRule: ProposalTarget = { params: monitoringRuleParams, idOf: (params) => (params as { ruleId: string }).ruleId };
const ofCase: ProposalTarget = { params: monitoringCaseParams, idOf: (params) => (params as { id: string }).id };

/**
 * The rejection of a rule's or a case's pending proposal, drawn from its act's row (four-eyes.ts
 * rejectRoute): the monitoring service judges it (an ADMIN+, its requester withdrawing it included,
 * never whom it is about) and keeps it REJECTED with the reason.
 */
function proposalRejection(kind: MonitoringProposalKind, rejectUrl: string, target: ProposalTarget, example: object) {
  return {
    rejectUrl,
    params: target.params,
    rejectBody: rejectProposalBody,
    reject: {
      result: monitoringProposalAnswer,
      example: {
        proposal: { ...example, status: 'REJECTED', decidedBy: 8, decidedAt: '2026-01-15T11:00:00.000Z', rejectionReason: 'Not now' },
      },
      handler: (deps: FourEyesRouteDeps, request: FastifyRequest, _reply: unknown, _id: string, reason: string) =>
        deps.internal.act(
          'monitoring.reject-proposal',
          { params: { kind, id: target.idOf(request.params) }, body: { reason, ...askedBy(request) } },
          String(request.id),
        ),
    },
  };
}

const rejectionWords =
  'Reject the pending proposal with a reason: it is kept REJECTED, nothing changes, and the next send proposes anew. By an ADMIN+ (its proposer withdrawing it included), never by whom it is about (403 SELF_DEALING); 409 APPROVAL_NOT_PENDING when none is pending or it expired';

/**
 * The list of one kind of monitoring proposal, each with its life (pending, approved, rejected,
 * expired), and the pending one's rejection, drawn from its act's row of the four-eyes table
 * (four-eyes.ts). Its approval stays this module's: a second ADMIN+ approves by sending the same
 * change (the same rule, the same resolution) or on the lift's own approval route.
 */
function proposalsPart(
  kind: MonitoringProposalKind,
  urls: { list: string; reject: string },
  target: ProposalTarget,
  summary: string,
  example: object,
): ListPart {
  return {
    summaries: { list: summary, reject: rejectionWords },
    listUrl: urls.list,
    list: {
      query: monitoringProposalQuery,
      answer: monitoringProposalList,
      example: { proposals: [example] },
      errors: errorResponses,
      handler: (deps, request) =>
        deps.internal.read(
          'monitoring.proposals',
          { kind, ...(request.query as { status?: MonitoringProposal['status'] }) },
          String(request.id),
          { asker: readerOf(request) },
        ),
    },
    rejection: proposalRejection(kind, urls.reject, target, example),
  };
}

const life =
  "each with its life: PENDING until a different ADMIN+ approves it (APPROVED), an ADMIN+ rejects it or a newer proposal replaces it (REJECTED, in its proposer's name), or MONITORING_PROPOSAL_EXPIRY_S (24 h) after it was made (EXPIRED: nobody approves it, 409 APPROVAL_NOT_PENDING, and the next send proposes anew); `status` lists one of them";

export const ruleChangeProposalsPart = proposalsPart(
  'rule',
  { list: '/api/admin/monitoring/rules/proposals', reject: '/api/admin/monitoring/rules/:ruleId/proposal/reject' },
  ofRule,
  `Rules' changes for a second ADMIN+ (loosening, or more power to freeze), newest first; a different ADMIN+ approves one by sending the same rule; ${life}`,
  exampleProposal,
);
export const caseResolutionProposalsPart = proposalsPart(
  'case',
  { list: '/api/admin/monitoring/cases/proposals', reject: '/api/admin/monitoring/cases/:id/proposal/reject' },
  ofCase,
  `Cases' resolutions for a second ADMIN+, newest first (id: the case); a different ADMIN+ approves one by resolving the case the same way; ${life}`,
  { ...exampleProposal, id: exampleCase.id, change: { resolution: 'FALSE_POSITIVE' } },
);
const freezeLiftProposals = proposalsPart(
  'freeze-lift',
  { list: '/api/admin/monitoring/rules/freeze-lifts', reject: '/api/admin/monitoring/rules/:ruleId/freeze-lift/reject' },
  ofRule,
  `Lifts of a rule's freezes for a second ADMIN+, newest first (id: the rule); approved with POST /api/admin/monitoring/rules/{ruleId}/freeze-lift/approve; ${life}`,
  {
    ...exampleProposal,
    id: exampleFreezeLift.ruleId,
    change: { reason: exampleFreezeLift.reason, freezes: [{ caseId: exampleCase.id, wallet: 'user:42' }] },
  },
);

/**
 * Lifting a rule's freezes, its second person on the route drawn from the act's row: the approver
 * names the rule (its lift is the rule's one pending lift); monitoring judges the second person and
 * marks the freezes lifted, then each is lifted through the ledger's own unfreeze approval in the
 * approver's name (the ledger judges them again).
 */
export const freezeLiftPart: ActPart = {
  ...freezeLiftProposals,
  ...freezeLiftProposals.rejection!,
  summaries: {
    ...freezeLiftProposals.summaries,
    approve:
      "Approve the pending lift of a rule's freezes: lifts exactly the freezes its request listed, each through the ledger's unfreeze approval in the approver's name (200 with the lift and each wallet's outcome). By an ADMIN+ other than its requester (403 APPROVAL_BY_REQUESTER) whose own wallet it does not list (403 SELF_DEALING), one since before the request was made (403 APPROVER_NOT_ELIGIBLE); 409 UNFREEZE_NOT_REQUESTED when none is pending, 409 APPROVAL_NOT_PENDING when it expired (MONITORING_PROPOSAL_EXPIRY_S)",
  },
  approveUrl: '/api/admin/monitoring/rules/:ruleId/freeze-lift/approve',
  approve: {
    status: 200,
    example: {
      freezeLift: { ...exampleFreezeLift, status: 'APPROVED', approvedBy: 8 },
      outcomes: [{ userId: 42, caseId: exampleCase.id, outcome: 'lifted' }],
    },
    handler: async (deps, request) => {
      const { ruleId } = request.params as { ruleId: string };
      const { freezeLift } = await deps.internal.act(
        'monitoring.approve-freeze-lift',
        { params: { ruleId }, body: askedBy(request) },
        String(request.id),
      );
      return throughLedger(request, deps, freezeLift, 'lifted', async (userId) =>
        ledgerDraft('ledger.approve', { approvalId: await unfreezeToDecideId(deps, request, userId), holds: 'unfreeze' }),
      );
    },
  },
};

/**
 * Monitoring cases and rules (docs/design/monitoring.md), for ADMIN+: the monitoring service keeps
 * them and records each step in the admin audit log; the gateway admits the caller and names who asks.
 */

/**
 * Who asks, as the gateway verified it (an ADMIN+ user: the routes admit no other), with their own
 * access token (`proof`): the monitoring service verifies it too and reads their role's start and
 * second factor from it, never from this call; and the request id: the audit record names both.
 */
export function askedBy(request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.role === 'SYSTEM') throw new InvariantViolation('a monitoring route admitted a SYSTEM caller');
  const { proof } = authorityOf(request);
  return { actor: { kind: 'user' as const, id: principal.subject, role: principal.role }, proof, requestId: String(request.id) };
}

/**
 * The person who reads a monitoring case, rule or proposal, with their own access token: the
 * monitoring service verifies them itself before it answers (docs/design/monitoring.md "Who asks").
 */
export function readerOf(request: FastifyRequest): Asker {
  const { actor, proof } = askedBy(request);
  return { id: actor.id, role: actor.role, token: proof };
}

/** How many of a lift's ledger commands are in flight at once: a lift lists at most 50, and the ledger's partitions share the rest of the load. */
const liftCommandsInFlightMax = 10;

/**
 * Each freeze a lift lists, through the ledger's own unfreeze act in the caller's name (a request
 * of it, or the approval of the wallet's pending one: the ledger judges it again, so the approver
 * is never that request's requester nor the wallet's owner): `done` when applied, else the error
 * code for that wallet (a wallet lifted meanwhile answers WALLET_NOT_FROZEN, one with no pending
 * request UNFREEZE_NOT_REQUESTED), so one wallet's refusal or timeout leaves the others lifted.
 */
export async function throughLedger(
  request: FastifyRequest,
  deps: { commands: CommandBus },
  freezeLift: MonitoringFreezeLift,
  done: 'requested' | 'lifted',
  draftOf: (userId: number) => Promise<LedgerDraft>,
) {
  const outcomes: { userId: number; caseId: string; outcome: string }[] = [];
  const freezes = freezeLift.freezes;
  for (let i = 0; i < freezes.length; i += liftCommandsInFlightMax) {
    const slice = freezes.slice(i, i + liftCommandsInFlightMax);
    const answered = await Promise.all(
      slice.map(async ({ userId, caseId }) => {
        try {
          await deps.commands.ledger(await draftOf(userId), { ...authorityOf(request), requestId: String(request.id) });
          return { userId, caseId, outcome: done };
        } catch (err) {
          if (err instanceof AppError) return { userId, caseId, outcome: err.code };
          throw err;
        }
      }),
    );
    outcomes.push(...answered);
  }
  return { freezeLift, outcomes };
}
