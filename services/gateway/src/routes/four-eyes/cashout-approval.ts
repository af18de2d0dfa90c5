import {
  cashoutApprovalIdOf,
  cashoutApprovalPublicPage,
  cashoutApprovalsPublicQuery,
  cashoutDecidedResult,
  type CashoutDecidedResult,
} from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { exampleCashout } from '../cashouts';
import { examplePendingMembers, exampleUserId } from '../examples';
import { rejectedByItsSecondPerson, requestOfAct, requestsList, sendKeptDecision } from './approvals';
import { idParams } from './decided-by';
import type { ActPart, FourEyesRouteDeps } from './kit';

/** A cash-out above the four-eyes threshold, approved by its second person. */
/** GET /api/admin/cashout-approvals: one cash-out's request, waiting. */
const exampleCashoutApprovalRequest = {
  id: '7d3c2a1b-0e9f-8a8b-8000-00000000002a',
  status: 'PENDING',
  cashout: { cashoutId: exampleCashout.id, userId: exampleUserId, amount: 20000 },
  ...examplePendingMembers,
  requestedBy: { kind: 'user', id: String(exampleUserId), role: 'USER' },
} as const;

const exampleDecideCashoutResult = {
  cashout: {
    ...exampleCashout,
    amount: 20000,
    xafAmount: 13100000,
    approval: { status: 'APPROVED', approvedBy: 12, approvedAt: '2026-01-15T09:40:00.000Z' },
  },
  approval: {
    ...exampleCashoutApprovalRequest,
    status: 'APPROVED',
    decidedBy: { kind: 'user', id: '12', role: 'ADMIN' },
    updatedAt: '2026-01-15T09:40:00.000Z',
  },
} as const;
/** POST /api/admin/cashouts/{id}/reject: released, its request rejected. */
const exampleCashoutRejected = {
  cashout: {
    ...exampleDecideCashoutResult.cashout,
    status: 'RELEASED',
    approval: { status: 'PENDING', approvedBy: null, approvedAt: null },
  },
  approval: { ...exampleDecideCashoutResult.approval, status: 'REJECTED', rejectionReason: 'Rejected by its second person' },
} as const;

/**
 * A big cash-out's decision: the request its cash-out made, named by the cash-out's id read as a
 * request's (the id names its payer, docs/decisions/0005: no read), approved or rejected as every
 * kept request is. Answered with the cash-out as it stands after: cleared, or released.
 */
async function decideCashout(
  deps: FourEyesRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  cashoutId: string,
  reason?: string,
): Promise<CashoutDecidedResult> {
  const approvalId = cashoutApprovalIdOf(cashoutId);
  if (approvalId === null) throw new AppError('HOLD_NOT_FOUND', `Cash-out ${cashoutId} does not exist`);
  const result = await sendKeptDecision(deps, request, reply, approvalId, 'cashout-approval', reason);
  const approval = requestOfAct('cashout-approval', result.approval);
  if (!('cashout' in result) || !result.cashout) throw new InvariantViolation('a cash-out decided without the cash-out');
  return { cashout: result.cashout, approval };
}

/**
 * A big cash-out's second person, on routes drawn from its row of the four-eyes table
 * (four-eyes.ts): approve (the provider may then confirm it) or reject (released); never its payer.
 * Its requests, whatever became of them, are listed at GET /api/admin/cashout-approvals.
 */
export const cashoutApprovalPart: ActPart = {
  summaries: {
    list: "Cash-outs' requests for their second person, newest first, optionally of one status: those waiting for an ADMIN+ (PENDING) and what became of the others (APPROVED, REJECTED, EXPIRED with their cash-out's hold)",
    approve:
      'Approve a cash-out above the four-eyes threshold: a provider may claim and confirm it from then on. By an ADMIN+ other than its payer (403 SELF_DEALING), one since before the cash-out was asked for (403 APPROVER_NOT_ELIGIBLE), with a fresh second factor',
    reject:
      'Reject a cash-out above the four-eyes threshold: its coins are released (RELEASED) and its request is REJECTED. By an ADMIN+ other than its payer, with a fresh second factor',
  },
  params: idParams,
  rejectBody: null,
  list: requestsList({
    query: cashoutApprovalsPublicQuery,
    answer: cashoutApprovalPublicPage,
    items: 'cashoutApprovals',
    example: exampleCashoutApprovalRequest,
    read: (deps, request, query) => deps.internal.read('ledger.cashout-approvals', query, String(request.id)),
  }),
  approve: {
    status: 200,
    example: exampleDecideCashoutResult,
    handler: (deps, request, reply, id) => decideCashout(deps, request, reply, id),
  },
  reject: {
    result: cashoutDecidedResult,
    example: exampleCashoutRejected,
    handler: (deps, request, reply, id) => decideCashout(deps, request, reply, id, rejectedByItsSecondPerson),
  },
};
