import {
  cashoutRateList,
  cashoutRateResult,
  decideCashoutResult,
  ledgerDraft,
  payerOfHoldId,
  proposeCashoutRateBody,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomIdNonce } from '@coin/security';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { idempotencyHeaders } from '../plugins/idempotency';
import { commandErrorResponses as errorResponses, sendLedgerCommand } from './command-route';
import { withExample } from './examples';
import { exampleCashout } from './cashouts';
import type { ActPart, FourEyesRouteDeps } from './four-eyes/kit';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
/** A proposed cash-out rate version. */
const exampleProposeCashoutRate = { xafPerCoin: 660, effectiveFrom: '2026-12-01T00:00:00.000Z' } as const;
const exampleCashoutRateResult = {
  rate: {
    id: '5b1f8a2c-3d4e-5f60-8172-93a4b5c6d7e8',
    xafPerCoin: 660,
    effectiveFrom: '2026-12-01T00:00:00.000Z',
    status: 'APPROVED',
    proposedBy: { kind: 'user', id: '11' },
    proposedAt: '2026-11-24T10:00:00.000Z',
    decidedBy: { kind: 'user', id: '12' },
    decidedAt: '2026-11-24T10:20:00.000Z',
  },
} as const;
const exampleCashoutRateList = {
  configured: [{ xafPerCoin: 655, effectiveFrom: '2026-01-01T00:00:00.000Z' }],
  versions: [{ ...exampleCashoutRateResult.rate }],
  inForce: { xafPerCoin: 655, effectiveFrom: '2026-01-01T00:00:00.000Z', id: null },
};
/** A cash-out above the four-eyes threshold, approved by its second person. */
const exampleDecideCashoutResult = {
  cashout: {
    ...exampleCashout,
    amount: 20000,
    xafAmount: 13100000,
    approval: { status: 'APPROVED', approvedBy: 12, approvedAt: '2026-01-15T09:40:00.000Z' },
  },
} as const;

export interface CashoutRateRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

const idParams = z.object({ id: z.uuid().overwrite((id) => id.toLowerCase()) });
/** A second person's decision, as the ledger's decide commands take it. */
type Decision = 'APPROVE' | 'REJECT';

const route = routeOf<CashoutRateRouteDeps>();

/**
 * The approve and reject of an act one ledger command decides either way (`decide`, with APPROVE or
 * REJECT, no reason): each answers 200 with `result`, as `example` shows it.
 */
function decidedBy(
  decide: (deps: FourEyesRouteDeps, request: FastifyRequest, reply: FastifyReply, id: string, decision: Decision) => Promise<object>,
  result: z.ZodType,
  example: object,
): Pick<ActPart, 'approve' | 'reject'> {
  return {
    approve: { status: 200, example, handler: (deps, request, reply, id) => decide(deps, request, reply, id, 'APPROVE') },
    reject: { result, example, handler: (deps, request, reply, id) => decide(deps, request, reply, id, 'REJECT') },
  };
}

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
    list: 'The cash-out rates: the configured versions, every version proposed through the API (proposed, approved, rejected: who and when), newest first, and the one in force',
    approve:
      'Approve a proposed cash-out rate version: by an ADMIN+ other than its proposer (403 APPROVAL_BY_REQUESTER), one since before the request was made (403 APPROVER_NOT_ELIGIBLE), while it is still at least 60 s ahead, with a fresh second factor',
    reject: 'Reject a proposed cash-out rate version (its proposer may withdraw it), with a fresh second factor',
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

/**
 * Cash-out rates set by two people and the second person of a big cash-out (docs/CONTRACT.md
 * "Cash-out"). The gateway only drafts the commands: the ledger judges who may (ADMIN+, the
 * proposer never approving, the payer never deciding their own cash-out) and when (a version's
 * time against the ledger's clock), and audits every step and refusal. The rates' list and
 * decisions, and a big cash-out's, are drawn from their rows of the four-eyes table (cashoutRatePart,
 * cashoutPart).
 */
export const cashoutRateRoutes: RouteDef<CashoutRateRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/cashout-rates',
    config: { access: 'admin', idempotent: true },
    schema: {
      tags: ['cashouts', 'admin'],
      summary:
        'Propose a cash-out rate version (XAF per coin from a time at least 60 s and at most 90 days ahead at the ledger); a different ADMIN+ approves it (201 with the PROPOSED version)',
      headers: idempotencyHeaders,
      body: withExample(proposeCashoutRateBody, exampleProposeCashoutRate),
      operationId: 'proposeCashoutRate',
      response: { 201: withExample(cashoutRateResult, exampleCashoutRateResult), ...errorResponses },
    },
    handler: async (request, reply, deps) =>
      sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.propose-cashout-rate', {
          xafPerCoin: request.body.xafPerCoin,
          effectiveFrom: request.body.effectiveFrom,
          // The version's id derives from these random bits too: not computable from the caller and the key.
          idNonce: randomIdNonce(),
          requestHash,
        }),
      ),
  }),
];

export function registerCashoutRateRoutes(app: App, deps: CashoutRateRouteDeps): void {
  registerRoutes(app, cashoutRateRoutes, deps);
}
