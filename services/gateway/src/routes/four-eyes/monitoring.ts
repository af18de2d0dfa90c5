import { monitoringProposalList, type MonitoringProposalKind, problem } from '@coin/contracts';
import type { ListPart } from './kit';

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
  change: { ...exampleRule, score: 60 },
  proposedBy: 7,
  proposedAt: '2026-01-15T10:00:00.000Z',
  expiresAt: '2026-01-16T10:00:00.000Z',
  status: 'PENDING' as const,
};

/**
 * The list of one kind of monitoring proposal, drawn from its act's row of the four-eyes table
 * (four-eyes.ts readRoutes). Its decisions stay this module's: a second ADMIN+ approves by sending
 * the same change (the same rule, the same resolution) or on the lift's own approval route.
 */
function proposalsPart(kind: MonitoringProposalKind, listUrl: string, summary: string, example: object): ListPart {
  return {
    summaries: { list: summary },
    listUrl,
    list: {
      answer: monitoringProposalList,
      example: { proposals: [example] },
      errors: errorResponses,
      handler: (deps, request) => deps.internal.read('monitoring.proposals', { kind }, String(request.id)),
    },
  };
}

const expiry =
  'each until MONITORING_PROPOSAL_EXPIRY_S (24 h) after it was made, then EXPIRED: nobody approves it (409 APPROVAL_NOT_PENDING) and the next send proposes anew';

export const ruleChangeProposalsPart = proposalsPart(
  'rule',
  '/api/admin/monitoring/rules/proposals',
  `Rules' changes waiting for a second ADMIN+ (loosening, or more power to freeze), newest first; a different ADMIN+ approves one by sending the same rule; ${expiry}`,
  exampleProposal,
);
export const caseResolutionProposalsPart = proposalsPart(
  'case',
  '/api/admin/monitoring/cases/proposals',
  `Cases' resolutions waiting for a second ADMIN+, newest first (id: the case); a different ADMIN+ approves one by resolving the case the same way; ${expiry}`,
  { ...exampleProposal, id: exampleCase.id, change: { resolution: 'FALSE_POSITIVE' } },
);
export const freezeLiftProposalsPart = proposalsPart(
  'freeze-lift',
  '/api/admin/monitoring/rules/freeze-lifts',
  `Lifts of a rule's freezes waiting for a second ADMIN+, newest first (id: the rule); approved with POST /api/admin/monitoring/rules/{ruleId}/freeze-lift/approve; ${expiry}`,
  {
    ...exampleProposal,
    id: exampleFreezeLift.ruleId,
    change: { reason: exampleFreezeLift.reason, freezes: [{ caseId: exampleCase.id, wallet: 'user:42' }] },
  },
);

/**
 * Monitoring cases and rules (docs/design/monitoring.md), for ADMIN+: the monitoring service keeps
 * them and records each step in the admin audit log; the gateway admits the caller and names who asks.
 */
