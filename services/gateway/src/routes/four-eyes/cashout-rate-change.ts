import { cashoutRateList, cashoutRateResult, ledgerDraft } from '@coin/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendLedgerCommand } from '../command-route';
import { type Decision, decidedBy, idParams } from './decided-by';
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
/** A rate version's decision, sent to the ledger, which judges who may and when. */
function decideRate(deps: FourEyesRouteDeps, request: FastifyRequest, reply: FastifyReply, rateId: string, decision: Decision) {
  return sendLedgerCommand(
    deps.commands,
    request,
    reply,
    (requestHash) => ledgerDraft('ledger.decide-cashout-rate', { rateId, decision, requestHash }),
    200,
  );
}

/**
 * A cash-out rate version's second person, on routes drawn from its row of the four-eyes table
 * (four-eyes.ts): approve (never its proposer) or reject (its proposer may withdraw it); no reason.
 */
export const cashoutRatePart: ActPart = {
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
  ...decidedBy(decideRate, cashoutRateResult, exampleCashoutRateResult),
};
