import {
  approvalIdParam,
  cashoutReversalPending,
  cashoutReversalPublicPage,
  cashoutReversalsPublicQuery,
  rejectApprovalBody,
} from '@coin/contracts';
import { keptDecisionHandlers, requestsList } from './approvals';
import { exampleCashout } from '../cashouts';
import { exampleAt, examplePendingMembers, exampleRejectApproval, exampleUserId, exampleWallet } from '../examples';
import type { ActPart } from './kit';

// The OpenAPI examples of the act's routes.
/** POST /api/admin/cashouts/{id}/reversal: the reason the claimed cash-out is reversed. */
export const exampleCashoutReversalBody = { reason: 'The provider confirmed it paid nothing to this number' };
export const exampleCashoutReversal = {
  id: '9c8b7a6f-5e4d-8c3b-8a2f-1e0d9c8b7a70',
  status: 'PENDING',
  reversal: { cashoutId: exampleCashout.id, userId: exampleUserId, reason: exampleCashoutReversalBody.reason },
  ...examplePendingMembers,
} as const;
/** POST /api/admin/cashout-reversals/{id}/reject. */
const exampleCashoutReversalRejected = {
  approval: {
    ...exampleCashoutReversal,
    status: 'REJECTED',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    rejectionReason: exampleRejectApproval.reason,
  },
} as const;
/** POST /api/admin/cashout-reversals/{id}/approve: the claimed cash-out released, the coins the payer's again. */
const exampleCashoutReversed = {
  cashout: { ...exampleCashout, status: 'RELEASED', claimedBy: 'pc_momo', claimedAt: exampleAt },
  wallet: exampleWallet,
  approval: { ...exampleCashoutReversal, status: 'APPROVED', decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' } },
} as const;

/** A reversal's approve and reject: sent with no read, answered as a CashoutReversalApproval. */
const reversalDecisions = keptDecisionHandlers('cashout-reversal', 'Cash-out reversal request');

/**
 * The reversal of a cash-out its provider claimed, listed and decided on routes drawn from its row
 * of the four-eyes table (four-eyes.ts): a different ADMIN+, never the payer, approves it and the
 * claimed cash-out is released to its payer; any ADMIN+ rejects it with a reason and nothing changes.
 */
export const cashoutReversalPart: ActPart = {
  summaries: {
    list: 'Requests for the reversal of a claimed cash-out, newest first, optionally of one status: those waiting for a second ADMIN+ (PENDING) and what became of the others',
    approve:
      "Approve a cash-out's reversal: the claimed cash-out is released (RELEASED) and its coins are the payer's again. By an ADMIN+ other than the requester (APPROVAL_BY_REQUESTER) and the payer (SELF_DEALING), one since before the request was made (APPROVER_NOT_ELIGIBLE), with a fresh second factor",
    reject: "Reject a cash-out's reversal with a reason: nothing changes, the cash-out stays with its provider",
  },
  params: approvalIdParam,
  rejectBody: rejectApprovalBody,
  list: requestsList({
    query: cashoutReversalsPublicQuery,
    answer: cashoutReversalPublicPage,
    items: 'cashoutReversals',
    example: exampleCashoutReversal,
    read: (deps, request, query) => deps.internal.read('ledger.cashout-reversals', query, String(request.id)),
  }),
  approve: { status: 200, example: exampleCashoutReversed, handler: reversalDecisions.approve },
  reject: { result: cashoutReversalPending, example: exampleCashoutReversalRejected, handler: reversalDecisions.reject },
};
