import { cashoutRateList, cashoutRateDecidedResult, routeOfApprovalId, type CashoutRateDecidedResult } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rejectedByItsSecondPerson, requestOfAct, sendKeptDecision } from './approvals';
import { idParams } from './decided-by';
import type { ActPart, FourEyesRouteDeps } from './kit';

// The OpenAPI examples of the act's routes.
export const exampleCashoutRateResult = {
  rate: {
    id: '5b1f8a2c-3d4e-5f60-8172-93a4b5c6d7e8',
    xafPerCoin: 660,
    effectiveFrom: '2026-12-01T00:00:00.000Z',
    status: 'APPROVED',
    proposedBy: { kind: 'user', id: '11' },
    proposedAt: '2026-11-24T10:00:00.000Z',
    decidedBy: { kind: 'user', id: '12' },
    decidedAt: '2026-11-24T10:20:00.000Z',
    expiresAt: '2026-11-25T10:00:00.000Z',
  },
} as const;
const exampleCashoutRateList = {
  configured: [{ xafPerCoin: 655, effectiveFrom: '2026-01-01T00:00:00.000Z' }],
  versions: [{ ...exampleCashoutRateResult.rate }],
  inForce: { xafPerCoin: 655, effectiveFrom: '2026-01-01T00:00:00.000Z', id: null },
};
/** POST /api/admin/cashout-rates/{id}/reject: the version as its rejected request shows it. */
const exampleCashoutRateRejected = {
  rate: { ...exampleCashoutRateResult.rate, status: 'REJECTED' },
  approval: { ...exampleCashoutRateResult.rate, status: 'REJECTED' },
} as const;

/** An id naming no route (a version proposed before rates were requests) is no request waiting: 404, nothing sent. */
function refuseUnrouted(rateId: string): void {
  if (routeOfApprovalId(rateId) === null) throw new AppError('APPROVAL_NOT_FOUND', `No cash-out rate proposal ${rateId} waits`);
}

/**
 * A rate's decision: its request, named by the version's id (a request's, naming the rate table's
 * partition: no read), approved, or rejected with `reason`; answered with the version (the one its
 * approval set, or as its rejected request shows it) and the request.
 */
async function decideRate(
  deps: FourEyesRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  rateId: string,
  reason?: string,
): Promise<CashoutRateDecidedResult> {
  refuseUnrouted(rateId);
  const result = await sendKeptDecision(deps, request, reply, rateId, 'cashout-rate-change', reason);
  const shown = requestOfAct('cashout-rate-change', result.approval);
  return { rate: 'rate' in result ? result.rate : shown, approval: shown };
}

/**
 * A cash-out rate version's second person, on routes drawn from its row of the four-eyes table
 * (four-eyes.ts): approve (never its proposer) or reject (its proposer may withdraw it); no reason.
 */
export const cashoutRateChangePart: ActPart = {
  summaries: {
    list: 'The cash-out rates: the configured versions, every version proposed through the API (proposed, approved, rejected, expired: who and when), newest first, and the one in force',
    approve:
      'Approve a proposed cash-out rate version: by an ADMIN+ other than its proposer (403 APPROVAL_BY_REQUESTER), one since before the request was made (403 APPROVER_NOT_ELIGIBLE), before it expires (`expiresAt`: 24 h after it, or 60 s before its time; then 409 APPROVAL_NOT_PENDING), with a fresh second factor',
    reject:
      'Reject a proposed cash-out rate version (its proposer may withdraw it) before it expires (then 409 APPROVAL_NOT_PENDING), with a fresh second factor',
  },
  params: idParams,
  rejectBody: null,
  list: {
    answer: cashoutRateList,
    example: exampleCashoutRateList,
    handler: (deps, request) => deps.internal.read('ledger.cashout-rates', {}, String(request.id)),
  },
  approve: {
    status: 200,
    example: { ...exampleCashoutRateResult, approval: exampleCashoutRateResult.rate },
    handler: (deps, request, reply, id) => decideRate(deps, request, reply, id),
  },
  reject: {
    result: cashoutRateDecidedResult,
    example: exampleCashoutRateRejected,
    handler: (deps, request, reply, id) => decideRate(deps, request, reply, id, rejectedByItsSecondPerson),
  },
};
