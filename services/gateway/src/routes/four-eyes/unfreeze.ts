import {
  approvalsPublicQuery,
  ownFreezeDetail,
  rejectApprovalBody,
  unfreezePending,
  unfreezeRequestBody,
  unfreezePublicPage,
  unfreezeResult,
  userIdParam,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userIdOf } from '../../plugins/auth';
import { idempotencyHeaders } from '../../plugins/idempotency';
import { commandErrorResponses } from '../command-route';
import { exampleAt, examplePendingMembers, exampleUserId, withExample } from '../examples';
import { routeOf } from '../route-def';
import { requestKept, requestOfAct, requestsList, sendKeptDecision } from './approvals';
import type { ActPart, FourEyesRouteDeps } from './kit';

// The OpenAPI examples of the act's routes.
/** POST /api/admin/users/{id}/freeze/unfreeze-request: why the freeze may be lifted. */
export const exampleUnfreezeRequestBody = { reason: 'The case was closed: no abuse found' };
/** A request to lift a freeze, waiting for a different ADMIN+. */
const exampleUnfreezeApproval = {
  id: '9c8b7a6f-5e4d-8c3b-8a2f-1e0d9c8b7a72',
  status: 'PENDING',
  unfreeze: { userId: exampleUserId, reason: exampleUnfreezeRequestBody.reason },
  ...examplePendingMembers,
} as const;
/** A frozen wallet. */
export const exampleFreezeResult = {
  userId: exampleUserId,
  frozen: true,
  freeze: {
    userId: exampleUserId,
    reason: 'Circular transfers among new accounts',
    caseId: 'case-2026-0042',
    frozenBy: { kind: 'user' as const, id: '7' },
    frozenAt: exampleAt,
    unfreezeRequest: null,
  },
};
/** The request's answer: the freeze with its standing request, and the request. */
const exampleUnfreezeRequested = {
  ...exampleFreezeResult,
  freeze: {
    ...exampleFreezeResult.freeze,
    unfreezeRequest: {
      id: exampleUnfreezeApproval.id,
      requestedBy: 42,
      reason: exampleUnfreezeRequestBody.reason,
      requestedAt: examplePendingMembers.createdAt,
    },
  },
  approval: exampleUnfreezeApproval,
};
const decidedBy = { kind: 'user', id: '7', role: 'ADMIN' } as const;
/** The approval's answer: the wallet no longer frozen, and the request. */
const exampleUnfrozen = {
  userId: exampleUserId,
  frozen: false,
  freeze: null,
  approval: { ...exampleUnfreezeApproval, status: 'APPROVED', decidedBy },
};
const exampleUnfreezeRejected = {
  approval: { ...exampleUnfreezeApproval, status: 'REJECTED', decidedBy, rejectionReason: 'The case is still open' },
};

const idParams = z.object({ id: userIdParam });

/**
 * The wallet's owner neither asks for nor decides the lift of its freeze: refused at once, and
 * recorded as the gateway's refusal (the ledger judges it again where the lift is applied).
 */
export function refuseOwnWallet(request: FastifyRequest, userId: number): void {
  if (userIdOf(request) !== userId) return;
  request.refusedAtGateway = true;
  throw new AppError('SELF_DEALING', ownFreezeDetail);
}

/** The user's frozen wallet as the ledger lists it (its standing request to lift it among it), or null: not frozen. */
export async function frozenWallet(deps: Pick<FourEyesRouteDeps, 'internal'>, request: FastifyRequest, userId: number) {
  const page = await deps.internal.read('ledger.freezes', { userId, limit: 1, offset: 0 }, String(request.id));
  return page.freezes[0] ?? null;
}

/**
 * The id of the request a decision on `userId`'s unfreeze names, as the ledger reads it: the
 * wallet's standing request (its newest pending one), else its newest of any status, so a decision
 * sent again with the same Idempotency-Key names a request and is answered from its stored outcome
 * (a fresh one naming a decided request is refused as not pending). None ever asked: 409
 * UNFREEZE_NOT_REQUESTED. The ledger loads and judges the request itself.
 */
export async function unfreezeToDecideId(
  deps: Pick<FourEyesRouteDeps, 'internal'>,
  request: FastifyRequest,
  userId: number,
): Promise<string> {
  return (await deps.internal.read('ledger.unfreeze-to-decide', { userId }, String(request.id))).id;
}

/** As unfreezeToDecideId, on a route: a refusal for want of a request is recorded as the gateway's. */
async function decidedRequestId(deps: Pick<FourEyesRouteDeps, 'internal'>, request: FastifyRequest, userId: number): Promise<string> {
  try {
    return await unfreezeToDecideId(deps, request, userId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'UNFREEZE_NOT_REQUESTED') request.refusedAtGateway = true;
    throw err;
  }
}

const route = routeOf<FourEyesRouteDeps>();

/**
 * POST /api/admin/users/{id}/freeze/unfreeze-request: one ADMIN+ asks, with a reason; the request
 * is an approval request of the unfreeze act holding the lift. Answered with the freeze (its
 * standing request among it) and the request.
 */
const askRoute = route({
  method: 'POST',
  url: '/api/admin/users/:id/freeze/unfreeze-request',
  config: { access: 'admin', idempotent: true },
  schema: {
    tags: ['admin', 'freezes'],
    summary:
      "Ask to lift a freeze, with a reason: a different ADMIN+ approves it (200 with the freeze, its standing request and the request). Never the wallet's owner (403 SELF_DEALING); 409 WALLET_NOT_FROZEN when it is not frozen",
    headers: idempotencyHeaders,
    params: idParams,
    body: withExample(unfreezeRequestBody, exampleUnfreezeRequestBody),
    operationId: 'requestUnfreeze',
    response: { 200: withExample(unfreezeResult, exampleUnfreezeRequested), ...commandErrorResponses },
  },
  handler: async (request, reply, deps) => {
    const { id } = request.params;
    refuseOwnWallet(request, id);
    const lift = { type: 'ledger.lift-freeze' as const, data: { userId: id, reason: request.body.reason } };
    const { approval } = await requestKept(deps.commands, request, reply, lift, 'unfreeze', 200);
    const listed = await frozenWallet(deps, request, id);
    const freeze = listed ? (({ unfreezeStatus: _s, unfreezeExpiresAt: _e, ...shown }) => shown)(listed) : null;
    return { userId: id, frozen: freeze !== null, freeze, approval };
  },
});

/** An unfreeze's decision, by the wallet's user id: the request it names (unfreezeToDecideId), then the ledger's approve or reject of it. */
async function decide(deps: FourEyesRouteDeps, request: FastifyRequest, reply: FastifyReply, userId: number, reason?: string) {
  refuseOwnWallet(request, userId);
  const approvalId = await decidedRequestId(deps, request, userId);
  const result = await sendKeptDecision(deps, request, reply, approvalId, 'unfreeze', reason);
  return { ...result, approval: requestOfAct('unfreeze', result.approval) };
}

/**
 * Lifting a wallet's freeze, an approval request of the unfreeze act: asked for, approved and
 * rejected under the wallet's own path (its standing request is the newest pending one; the URLs
 * it had before the table), listed with its status like every act's requests.
 */
export const unfreezePart: ActPart = {
  asks: [askRoute],
  summaries: {
    list: 'Requests to lift a freeze, newest first, optionally of one status: those waiting for a second ADMIN+ (PENDING) and what became of the others',
    approve:
      "Approve the pending request to lift a freeze (200, frozen: false, with the request). By an ADMIN+ other than its requester (403 UNFREEZE_BY_REQUESTER) and the wallet's owner (403 SELF_DEALING), one since before the request was made (403 APPROVER_NOT_ELIGIBLE), with a fresh second factor; 409 APPROVAL_NOT_PENDING when the wallet's request was decided or has expired, 409 UNFREEZE_NOT_REQUESTED when none was asked",
    reject:
      "Reject the pending request to lift a freeze, with a reason: the wallet stays frozen. Any ADMIN+ but the wallet's owner (403 SELF_DEALING), with a fresh second factor; 409 APPROVAL_NOT_PENDING when the wallet's request was decided or has expired, 409 UNFREEZE_NOT_REQUESTED when none was asked",
  },
  approveUrl: '/api/admin/users/:id/freeze/unfreeze-approval',
  rejectUrl: '/api/admin/users/:id/freeze/unfreeze-rejection',
  tags: { list: ['admin', 'freezes', 'approvals'] },
  params: idParams,
  rejectBody: rejectApprovalBody,
  list: requestsList({
    query: approvalsPublicQuery,
    answer: unfreezePublicPage,
    items: 'unfreezes',
    example: exampleUnfreezeApproval,
    read: (deps, request, query) => deps.internal.read('ledger.unfreezes', query, String(request.id)),
  }),
  approve: {
    status: 200,
    example: exampleUnfrozen,
    handler: (deps, request, reply, id) => decide(deps, request, reply, Number(id)),
  },
  reject: {
    result: unfreezePending,
    example: exampleUnfreezeRejected,
    handler: async (deps, request, reply, id, reason) => ({ approval: (await decide(deps, request, reply, Number(id), reason)).approval }),
  },
};
