import {
  apiKeyScopeOfCommand,
  approvalIdParam,
  payoutApproval,
  payoutApprovalPublicPage,
  payoutApprovalsPublicQuery,
  rejectApprovalBody,
  type ApprovableCommand,
  type PayoutApproval,
} from '@coin/contracts';
import { z } from 'zod';
import { heldDecisionHandlers, requestsList, readAndRejectTags, readHeld, type HeldAct } from './approvals';
import { exampleAt, examplePayoutResult, exampleUserId } from '../examples';
import type { ActPart } from './kit';

// The OpenAPI examples of these routes.
export const examplePayoutApproval = {
  id: '3d2c1b0a-9f8e-5d7c-8b6a-5f4e3d2c1b0a',
  status: 'PENDING' as const,
  payout: {
    from: { treasury: 'REWARDS' as const },
    reference: 'spring-cup-2026',
    reason: 'Spring cup: prizes',
    total: 75,
    lines: [
      { index: 0, toUserId: exampleUserId, amount: 50, reason: 'Spring cup: first place' },
      { index: 1, toUserId: 43, amount: 25, reason: null },
    ],
  },
  requestedBy: { kind: 'user' as const, id: '12', role: 'ADMIN' as const },
  createdAt: exampleAt,
  expiresAt: '2026-01-16T09:30:00.000Z',
  updatedAt: exampleAt,
  decidedBy: null,
  rejectionReason: null,
  transactionId: null,
};
const examplePayoutApproved = {
  ...examplePayoutResult,
  approval: {
    ...examplePayoutApproval,
    status: 'APPROVED' as const,
    decidedBy: { kind: 'user' as const, id: '7', role: 'SUPERADMIN' as const },
    transactionId: 1002,
  },
};
const examplePayoutRejected = {
  approval: {
    ...examplePayoutApproval,
    status: 'REJECTED' as const,
    decidedBy: { kind: 'user' as const, id: '7', role: 'SUPERADMIN' as const },
    rejectionReason: 'Budget not signed off yet',
  },
};

/** A person's payout: its approver's key is of the reward scope. */
const payout: HeldAct<{ command: ApprovableCommand; payoutApproval: PayoutApproval }> = {
  act: 'payout',
  what: 'Payout approval request',
  scopes: [apiKeyScopeOfCommand['ledger.payout']],
  read: (deps, request, id) => deps.internal.read('ledger.payout-approval', { id }, String(request.id)),
};
const decisions = heldDecisionHandlers(payout);

/**
 * A person's payout from REWARDS past the four-eyes windows (docs/design/ledger.md "Payouts") answers
 * 202 with a PayoutApproval: no Approval (whose view shows one recipient and whose events
 * consumers know a closed set of commands), so it is listed, read and decided on routes of its own.
 * Approving applies every line as the direct payout would (all or nothing), by an ADMIN+ other than
 * the requester with an API key of the reward scope.
 */
export const payoutPart: ActPart = {
  summaries: {
    list: "Approval requests of people's payouts from REWARDS past the four-eyes windows, newest first, optionally of one status",
    read: "One approval request of a person's payout, with its lines",
    approve:
      "Approve a payout request: every line is applied as the direct payout would be, all or nothing (201 with each line's transaction, the REWARDS treasury and the request). By an ADMIN+ other than the requester (403 APPROVAL_BY_REQUESTER) and its payees (403 SELF_DEALING), one since before the request was made (403 APPROVER_NOT_ELIGIBLE), with an API key of the reward scope",
    reject: 'Reject a pending payout request with a reason: nothing moves, and it can no longer be approved',
  },
  tags: readAndRejectTags,
  params: approvalIdParam,
  rejectBody: rejectApprovalBody,
  list: requestsList({
    query: payoutApprovalsPublicQuery,
    answer: payoutApprovalPublicPage,
    items: 'payoutApprovals',
    example: examplePayoutApproval,
    read: (deps, request, query) => deps.internal.read('ledger.payout-approvals', query, String(request.id)),
  }),
  read: {
    example: examplePayoutApproval,
    handler: async (deps, request, id) => (await readHeld(deps, request, id, payout)).payoutApproval,
  },
  approve: { status: 201, example: examplePayoutApproved, handler: decisions.approve },
  reject: { result: z.object({ approval: payoutApproval }), example: examplePayoutRejected, handler: decisions.reject },
};
