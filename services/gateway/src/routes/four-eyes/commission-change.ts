import {
  approvalIdParam,
  commissionChangePending,
  commissionChangePublicPage,
  commissionChangesPublicQuery,
  problem,
  rejectApprovalBody,
} from '@coin/contracts';
import { keptDecisionHandlers, requestsList } from './approvals';
import { examplePendingMembers } from '../examples';
import type { ActPart } from './kit';

// The OpenAPI examples of the act's routes.
/** A commission rule in force: who asked for it and who approved it. */
export const exampleCommissionRule = {
  treasury: 'COURSE_FEES',
  clientId: 'pc_course_shop',
  rule: { kind: 'bps', bps: 1000 },
  setBy: 42,
  approvedBy: 7,
} as const;
/** A commission rule's change, waiting for a different ADMIN+. */
export const exampleCommissionChange = {
  id: '9c8b7a6f-5e4d-8c3b-8a2f-1e0d9c8b7a71',
  status: 'PENDING',
  change: {
    treasury: 'COURSE_FEES',
    clientId: 'pc_course_shop',
    rule: { kind: 'bps', bps: 1000 },
    reason: 'Affiliate programme agreed with the course shop',
  },
  ...examplePendingMembers,
} as const;
/** POST /api/admin/commission-changes/{id}/reject. */
const exampleCommissionChangeRejected = {
  approval: {
    ...exampleCommissionChange,
    status: 'REJECTED',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    rejectionReason: 'The programme starts next month',
  },
} as const;
/** POST /api/admin/commission-changes/{id}/approve: the rule in force, who asked for it and who approved it. */
const exampleCommissionChanged = {
  ...exampleCommissionRule,
  approval: { ...exampleCommissionChange, status: 'APPROVED', decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' } },
} as const;

/** The answers a commission read may give besides its own. */
export const readResponses = {
  400: problem,
  401: problem,
  403: problem,
  404: problem,
  422: problem,
  429: problem,
  503: problem,
  504: problem,
};

/** A change's approve and reject: sent with no read, answered as a CommissionChangeApproval. */
const changeDecisions = keptDecisionHandlers('commission-change', 'Commission change request');

/**
 * A commission rule's change, listed and decided on routes drawn from its row of the four-eyes
 * table (four-eyes.ts): a different ADMIN+ approves it and the rule is set, naming who asked and who
 * approved; any ADMIN+ rejects it with a reason and the rule stays as it is.
 */
export const commissionChangePart: ActPart = {
  summaries: {
    list: "Requests for a commission rule's change, newest first, optionally of one status: those waiting for a second ADMIN+ (PENDING) and what became of the others",
    approve:
      "Approve a commission rule's change: the rule is set (or removed) as asked. By an ADMIN+ other than the requester (APPROVAL_BY_REQUESTER), one since before the request was made (APPROVER_NOT_ELIGIBLE), with a fresh second factor; neither of them is ever paid under the rule",
    reject: "Reject a commission rule's change with a reason: the rule in force stays as it is",
  },
  tags: { list: ['admin', 'approvals'], reject: ['admin', 'approvals'] },
  params: approvalIdParam,
  rejectBody: rejectApprovalBody,
  list: requestsList({
    query: commissionChangesPublicQuery,
    answer: commissionChangePublicPage,
    items: 'commissionChanges',
    example: exampleCommissionChange,
    errors: readResponses,
    read: (deps, request, query) => deps.internal.read('ledger.commission-changes', query, String(request.id)),
  }),
  approve: { status: 200, example: exampleCommissionChanged, handler: changeDecisions.approve },
  reject: { result: commissionChangePending, example: exampleCommissionChangeRejected, handler: changeDecisions.reject },
};
