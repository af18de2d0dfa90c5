import {
  apiKeyScopeOfCommand,
  approval,
  approvalIdParam,
  approvalPublicPage,
  approvalsPublicQuery,
  rejectApprovalBody,
  type ApprovableCommand,
} from '@coin/contracts';
import { z } from 'zod';
import { heldDecisionHandlers, requestsList, readAndRejectTags, type HeldAct } from './approvals';
import { exampleApproval, exampleTransaction, exampleTreasury } from '../examples';
import type { ActPart } from './kit';

// The OpenAPI examples of these routes.
const exampleApproved = {
  transaction: {
    ...exampleTransaction,
    id: 1003,
    type: 'MINT',
    amount: 50000,
    fromUserId: null,
    toUserId: null,
    toTreasury: 'REWARDS',
    reason: 'Quarterly rewards budget',
    approval: { id: exampleApproval.id, requestedBy: 42, approvedBy: 7 },
  },
  wallet: exampleTreasury,
  approval: { ...exampleApproval, status: 'APPROVED', decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' }, transactionId: 1003 },
} as const;
const exampleRejected = {
  approval: {
    ...exampleApproval,
    status: 'REJECTED',
    decidedBy: { kind: 'user', id: '7', role: 'SUPERADMIN' },
    rejectionReason: 'Budget not signed off yet',
  },
} as const;

/** A MINT, BURN, REFUND or REWARD: its approver's key is of its command's scope, so of one of these. */
const money: HeldAct<{ command: ApprovableCommand }> = {
  act: 'money',
  what: 'Approval request',
  scopes: [...new Set(Object.values(apiKeyScopeOfCommand))],
  read: (deps, request, id) => deps.internal.read('ledger.approval', { id }, String(request.id)),
};
const decisions = heldDecisionHandlers(money);

/**
 * Four-eyes approval (docs/design/ledger.md "Approvals"): a MINT, BURN or REFUND above the
 * thresholds answers 202 with a request; another ADMIN+ approves it with an API key of the
 * command's scope, and the ledger applies the stored command in the same step that marks the
 * request approved (never twice, never by its requester), or someone rejects it, or it expires.
 * Its routes are drawn from its row of the four-eyes table (../four-eyes.ts).
 */
export const moneyPart: ActPart = {
  summaries: {
    list: 'Approval requests of mints, burns, refunds and rewards past the four-eyes windows, newest first, optionally of one status',
    approve:
      "Approve a request: its command is applied as a direct one would be (201 with the transaction and the wallet). By an ADMIN+ other than the requester (403 APPROVAL_BY_REQUESTER) and its payees (403 SELF_DEALING), one since before the request was made (403 APPROVER_NOT_ELIGIBLE), with an API key of the command's scope (mint, burn or refund)",
    reject: 'Reject a pending request with a reason: nothing moves, and it can no longer be approved',
  },
  tags: readAndRejectTags,
  params: approvalIdParam,
  rejectBody: rejectApprovalBody,
  list: requestsList({
    query: approvalsPublicQuery,
    answer: approvalPublicPage,
    items: 'approvals',
    example: exampleApproval,
    read: (deps, request, query) => deps.internal.read('ledger.approvals', query, String(request.id)),
  }),
  approve: { status: 201, example: exampleApproved, handler: decisions.approve },
  reject: { result: z.object({ approval }), example: exampleRejected, handler: decisions.reject },
};
