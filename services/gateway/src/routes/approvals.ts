import {
  apiKeyScopeOfCommand,
  approval,
  approvalIdParam,
  approvalPublicPage,
  approvalsPublicQuery,
  approverKeyScopeRefusal,
  ledgerDraft,
  payoutApproval,
  payoutApprovalPublicPage,
  payoutApprovalsPublicQuery,
  rejectApprovalBody,
  routeOfApprovalId,
  type ApprovableCommand,
  type Approval,
  type CashoutReversalApproval,
  type CommissionChangeApproval,
  type LedgerCommandOf,
  type PayoutApproval,
} from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomIdNonce } from '@coin/security';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { requireApiKeyScope, type ApiKeyVerifier } from '../plugins/api-key';
import type { ApiKeyScope } from '../plugins/access';
import { sendLedgerCommand } from './command-route';
import type { ActPart } from './four-eyes';
import { exampleApproval, exampleAt, examplePayoutResult, exampleTransaction, exampleTreasury, exampleUserId } from './examples';
import { offsetLinks, startOf } from './paging';

// The OpenAPI examples of these routes.
const exampleApprovalPage = {
  approvals: [exampleApproval],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};
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
const examplePayoutApprovalPage = {
  payoutApprovals: [examplePayoutApproval],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
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

export interface ApprovalRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  apiKeys: ApiKeyVerifier;
}

type AnyApproval = Approval | PayoutApproval | CashoutReversalApproval | CommissionChangeApproval;

/** The request of a route of Approvals: never a payout's (the ledger's read of an Approval answers APPROVAL_NOT_FOUND for one). */
function asApproval(shown: AnyApproval): Approval {
  if ('payout' in shown) throw new InvariantViolation('a payout request answered on the routes of Approvals');
  if ('reversal' in shown) throw new InvariantViolation("a cash-out's reversal answered on the routes of Approvals");
  if ('change' in shown) throw new InvariantViolation('a commission change answered on the routes of Approvals');
  return shown;
}

/** The request of a route of payout approvals: always a payout's (the ledger's read of one answers for nothing else). */
function asPayoutApproval(shown: AnyApproval): PayoutApproval {
  if (!('payout' in shown)) throw new InvariantViolation('an Approval answered on the routes of payout approvals');
  return shown;
}

/**
 * An early refusal that needs no read: an id that names its route (docs/decisions/0005) and is a
 * payout's request where an Approval is asked for, or the other way round, is not found. Ids
 * issued before name nothing and are read as before; the ledger answers the same code.
 */
function refuseOtherKindOfRequest(id: string, payout: boolean): void {
  const route = routeOfApprovalId(id);
  if (route && route.payout !== payout) {
    throw new AppError('APPROVAL_NOT_FOUND', `${payout ? 'Payout approval' : 'Approval'} request ${id} does not exist`);
  }
}

/** An Approval, and the command as the ledger keeps it (minor units). */
function readApproval(deps: ApprovalRouteDeps, request: FastifyRequest, id: string) {
  refuseOtherKindOfRequest(id, false);
  return deps.internal.read('ledger.approval', { id }, String(request.id));
}

/** A PayoutApproval, and the payout as the ledger keeps it. */
function readPayoutApproval(deps: ApprovalRouteDeps, request: FastifyRequest, id: string) {
  refuseOtherKindOfRequest(id, true);
  return deps.internal.read('ledger.payout-approval', { id }, String(request.id));
}

/**
 * What an approve or a reject sends beside the request's id (docs/decisions/0005): nothing when
 * the id names its route (the ledger loads the stored command itself; no read here), or the
 * stored command, read once, for an id of the earlier layout (UUIDv5), whose key follows from it.
 */
async function heldCommandToSend(
  deps: ApprovalRouteDeps,
  request: FastifyRequest,
  id: string,
  payout: boolean,
): Promise<{ command?: ApprovableCommand }> {
  refuseOtherKindOfRequest(id, payout);
  if (routeOfApprovalId(id)) return {};
  const { command } = await (payout ? readPayoutApproval : readApproval)(deps, request, id);
  return { command };
}

/** The scopes a request on these routes may need: a payout's is the reward scope; an Approval's, one of the four. */
const scopesOfRequests = {
  payout: [apiKeyScopeOfCommand['ledger.payout']],
  approval: [...new Set(Object.values(apiKeyScopeOfCommand))],
} as const satisfies Record<string, readonly ApiKeyScope[]>;

/**
 * The approver's own API key, kept for the command (its proof). The ledger judges its scope
 * against the stored command once it loaded the request (approverKeyScopeRefusal, the shared
 * rule, and the people behind the key); the gateway refuses early what it can tell without a
 * read: a key with none of the scopes a request of this route may need, or, when it read the
 * request (an id of the earlier layout), the shared rule itself.
 */
async function requireApproverKey(
  deps: ApprovalRouteDeps,
  request: FastifyRequest,
  payout: boolean,
  held: { command?: ApprovableCommand },
) {
  await requireApiKeyScope(request, deps.apiKeys, payout ? scopesOfRequests.payout : scopesOfRequests.approval);
  const refusal = held.command && request.apiKeyGrant ? approverKeyScopeRefusal(held.command, request.apiKeyGrant.scopes) : null;
  if (refusal) throw new AppError('API_KEY_SCOPE', refusal);
}

/** Approves a request: the ledger applies its stored command, with the API key the direct command needs. */
async function sendApprove(deps: ApprovalRouteDeps, request: FastifyRequest, reply: FastifyReply, approvalId: string, payout: boolean) {
  const held = await heldCommandToSend(deps, request, approvalId, payout);
  await requireApproverKey(deps, request, payout, held);
  return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
    ledgerDraft('ledger.approve', { approvalId, ...held, requestHash }),
  );
}

/**
 * The approve (no reason) or reject of a request the ledger keeps as a kind of its own (`holds`),
 * whose id always names its route: sent with no read, as the ledger loads the request itself.
 */
export function sendKeptDecision(
  deps: Pick<ApprovalRouteDeps, 'commands'>,
  request: FastifyRequest,
  reply: FastifyReply,
  approvalId: string,
  holds: 'cashout-reversal' | 'commission-change',
  reason?: string,
) {
  return sendLedgerCommand(
    deps.commands,
    request,
    reply,
    (requestHash) =>
      reason === undefined
        ? ledgerDraft('ledger.approve', { approvalId, holds, requestHash })
        : ledgerDraft('ledger.reject-approval', { approvalId, holds, reason, requestHash }),
    200,
  );
}

/**
 * Sends `command` to wait for a second person (a kept kind's request: ledger.request-approval under
 * a fresh id nonce) and answers 202 with the request as `shown` parses it.
 */
export async function requestKept<T>(
  commands: CommandBus,
  request: FastifyRequest,
  reply: FastifyReply,
  command: LedgerCommandOf<'ledger.request-approval'>['data']['command'],
  shown: (answer: { approval: unknown }) => T,
): Promise<{ approval: T }> {
  const result = await sendLedgerCommand(
    commands,
    request,
    reply,
    (requestHash) => ledgerDraft('ledger.request-approval', { command, idNonce: randomIdNonce(), requestHash }),
    202,
  );
  return { approval: shown(result) };
}

/**
 * The request a kept kind's route answers with, parsed by its schema: always one of that kind (the
 * ledger finds no other request on these routes), else an invariant broke.
 */
export function keptRequestOf<T>(
  schema: z.ZodType<T>,
  holds: 'cashout-reversal' | 'commission-change',
): (answer: { approval: unknown }) => T {
  return (answer) => {
    const parsed = schema.safeParse(answer.approval);
    if (!parsed.success) throw new InvariantViolation(`a request other than a ${holds} answered on its routes`);
    return parsed.data;
  };
}

/**
 * The approve and reject handlers of a kind of kept request (`holds`): its id must name its route
 * (it is always drawn with a nonce; any other is no such request: `what` does not exist), the
 * decision is sent with no read, and the ledger's answer is shown as the act's view (`shown`, which
 * refuses another act's); an approval's answer also holds what it did (its member `applied`: the
 * released cash-out, the rule set).
 */
export function keptDecisionHandlers(
  holds: 'cashout-reversal' | 'commission-change',
  what: string,
  shown: (answer: { approval: unknown }) => object,
  applied: string,
): { approve: ActPart['approve']['handler']; reject: NonNullable<ActPart['reject']>['handler'] } {
  const requireRoutedId = (id: string) => {
    const route = routeOfApprovalId(id);
    if (!route || route.payout) throw new AppError('APPROVAL_NOT_FOUND', `${what} ${id} does not exist`);
  };
  return {
    approve: async (deps, request, reply, approvalId) => {
      requireRoutedId(approvalId);
      const result = await sendKeptDecision(deps, request, reply, approvalId, holds);
      if (!(applied in result)) throw new InvariantViolation(`a request other than a ${holds} answered on its routes`);
      return { ...result, approval: shown(result) };
    },
    reject: async (deps, request, reply, approvalId, reason) => {
      requireRoutedId(approvalId);
      return { approval: shown(await sendKeptDecision(deps, request, reply, approvalId, holds, reason)) };
    },
  };
}

/** The ledger's read of each kind of kept request, and its page's member. */
const keptLists = {
  'cashout-reversal': { read: 'ledger.cashout-reversals', items: 'cashoutReversals' },
  'commission-change': { read: 'ledger.commission-changes', items: 'commissionChanges' },
} as const;

/**
 * The list of the requests the ledger keeps as a kind of its own (`holds`), newest first,
 * optionally of one status, paged by offset or cursor as every list is (the route's query schema,
 * `approvalsPublicQuery`'s shape, validated it).
 */
export async function listKept(
  deps: Pick<ApprovalRouteDeps, 'internal'>,
  request: FastifyRequest,
  holds: 'cashout-reversal' | 'commission-change',
): Promise<object> {
  const { status, limit, offset, cursor } = request.query as z.infer<typeof approvalsPublicQuery>;
  const { read, items } = keptLists[holds];
  const query = { limit, offset: startOf(request, 'offset', offset, cursor), status };
  const page: { pagination: { limit: number; offset: number; total: number } } & { [K in typeof items]?: unknown[] } =
    await deps.internal.read(read, query, String(request.id));
  return { ...page, ...offsetLinks(request, page.pagination, page[items]?.length ?? 0) };
}

/** Rejects a request with a reason (200): nothing moves. */
async function sendReject(
  deps: ApprovalRouteDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  approvalId: string,
  reason: string,
  payout: boolean,
) {
  const held = await heldCommandToSend(deps, request, approvalId, payout);
  return sendLedgerCommand(
    deps.commands,
    request,
    reply,
    (requestHash) => ledgerDraft('ledger.reject-approval', { approvalId, ...held, reason, requestHash }),
    200,
  );
}

type PageQuery = Pick<z.infer<typeof approvalsPublicQuery>, 'status' | 'limit' | 'offset' | 'cursor'>;

/** The offset a list's page starts at (its cursor or its offset), and its query as the ledger reads it. */
function pageOf(request: FastifyRequest) {
  const { status, limit, offset, cursor } = request.query as PageQuery;
  return { limit, offset: startOf(request, 'offset', offset, cursor), status };
}

/** Lists and rejections show fewer tags than an approval, which also moves money. */
const readAndRejectTags = { list: ['admin', 'approvals'], read: ['admin', 'approvals'], reject: ['admin', 'approvals'] } as const;

/**
 * Four-eyes approval (docs/design/ledger.md "Approvals"): a MINT, BURN or REFUND above the
 * thresholds answers 202 with a request; another ADMIN+ approves it with an API key of the
 * command's scope, and the ledger applies the stored command in the same step that marks the
 * request approved (never twice, never by its requester), or someone rejects it, or it expires.
 * Its routes are drawn from its row of the four-eyes table (four-eyes.ts).
 */
export const moneyPart: ActPart = {
  summaries: {
    list: 'Approval requests of mints, burns, refunds and rewards past the four-eyes windows, newest first, optionally of one status',
    approve:
      "Approve a request: its command is applied as a direct one would be (201 with the transaction and the wallet). By an ADMIN+ other than the requester, with an API key of the command's scope (mint, burn or refund)",
    reject: 'Reject a pending request with a reason: nothing moves, and it can no longer be approved',
  },
  tags: readAndRejectTags,
  params: approvalIdParam,
  rejectBody: rejectApprovalBody,
  list: {
    query: approvalsPublicQuery,
    answer: approvalPublicPage,
    example: exampleApprovalPage,
    handler: async (deps, request) => {
      const page = await deps.internal.read('ledger.approvals', pageOf(request), String(request.id));
      return { ...page, ...offsetLinks(request, page.pagination, page.approvals.length) };
    },
  },
  approve: {
    status: 201,
    example: exampleApproved,
    handler: async (deps, request, reply, id) => {
      const result = await sendApprove(deps, request, reply, id, false);
      if ('payout' in result) throw new InvariantViolation('a payout request answered on the routes of Approvals');
      if ('cashout' in result) throw new InvariantViolation("a cash-out's reversal answered on the routes of Approvals");
      if ('clientId' in result) throw new InvariantViolation('a commission change answered on the routes of Approvals');
      return result;
    },
  },
  reject: {
    result: z.object({ approval }),
    example: exampleRejected,
    handler: async (deps, request, reply, id, reason) => ({
      approval: asApproval((await sendReject(deps, request, reply, id, reason, false)).approval),
    }),
  },
};

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
      "Approve a payout request: every line is applied as the direct payout would be, all or nothing (201 with each line's transaction, the REWARDS treasury and the request). By an ADMIN+ other than the requester, with an API key of the reward scope",
    reject: 'Reject a pending payout request with a reason: nothing moves, and it can no longer be approved',
  },
  tags: readAndRejectTags,
  params: approvalIdParam,
  rejectBody: rejectApprovalBody,
  list: {
    query: payoutApprovalsPublicQuery,
    answer: payoutApprovalPublicPage,
    example: examplePayoutApprovalPage,
    handler: async (deps, request) => {
      const page = await deps.internal.read('ledger.payout-approvals', pageOf(request), String(request.id));
      return { ...page, ...offsetLinks(request, page.pagination, page.payoutApprovals.length) };
    },
  },
  read: {
    example: examplePayoutApproval,
    handler: async (deps, request, id) => (await readPayoutApproval(deps, request, id)).payoutApproval,
  },
  approve: {
    status: 201,
    example: examplePayoutApproved,
    handler: async (deps, request, reply, id) => {
      const result = await sendApprove(deps, request, reply, id, true);
      if (!('payout' in result)) throw new InvariantViolation('an Approval answered on the routes of payout approvals');
      return { ...result, approval: asPayoutApproval(result.approval) };
    },
  },
  reject: {
    result: z.object({ approval: payoutApproval }),
    example: examplePayoutRejected,
    handler: async (deps, request, reply, id, reason) => ({
      approval: asPayoutApproval((await sendReject(deps, request, reply, id, reason, true)).approval),
    }),
  },
};
