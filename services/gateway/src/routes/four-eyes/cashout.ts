import { decideCashoutResult, ledgerDraft, payerOfHoldId } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { exampleCashout } from '../cashouts';
import { sendLedgerCommand } from '../command-route';
import { type Decision, decidedBy, idParams } from './decided-by';
import type { ActPart, FourEyesRouteDeps } from './kit';

/** A cash-out above the four-eyes threshold, approved by its second person. */
const exampleDecideCashoutResult = {
  cashout: {
    ...exampleCashout,
    amount: 20000,
    xafAmount: 13100000,
    approval: { status: 'APPROVED', approvedBy: 12, approvedAt: '2026-01-15T09:40:00.000Z' },
  },
} as const;

/** A big cash-out's decision, sent to its payer's partition (the cash-out's id names its payer, docs/decisions/0005: no read). */
function decideCashout(deps: FourEyesRouteDeps, request: FastifyRequest, reply: FastifyReply, holdId: string, decision: Decision) {
  const fromUserId = payerOfHoldId(holdId);
  if (fromUserId === null) throw new AppError('HOLD_NOT_FOUND', `Cash-out ${holdId} does not exist`);
  return sendLedgerCommand(
    deps.commands,
    request,
    reply,
    (requestHash) => ledgerDraft('ledger.decide-cashout', { holdId, fromUserId, decision, requestHash }),
    200,
  );
}

/**
 * A big cash-out's second person, on routes drawn from its row of the four-eyes table
 * (four-eyes.ts): approve (the provider may then confirm it) or reject (released); never its payer.
 */
export const cashoutPart: ActPart = {
  summaries: {
    approve:
      'Approve a cash-out above the four-eyes threshold: a provider may claim and confirm it from then on. By an ADMIN+ other than its payer (403 SELF_DEALING), one since before the cash-out was asked for (403 APPROVER_NOT_ELIGIBLE), with a fresh second factor',
    reject:
      'Reject a cash-out above the four-eyes threshold: its coins are released (RELEASED). By an ADMIN+ other than its payer, with a fresh second factor',
  },
  params: idParams,
  rejectBody: null,
  ...decidedBy(decideCashout, decideCashoutResult, exampleDecideCashoutResult),
};
