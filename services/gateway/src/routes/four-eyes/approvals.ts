import {
  type approvalsPublicQuery,
  approverKeyScopeRefusal,
  fourEyesActs,
  ledgerDraft,
  routeOfApprovalId,
  type ApprovableCommand,
  type ApprovalAct,
  type DecidedKind,
  type LedgerCommandOf,
} from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomIdNonce } from '@coin/security';
import type { z } from 'zod';
import type { CommandBus } from '../../clients/commands';
import type { InternalApi } from '../../clients/internal-api';
import { requireApiKeyScope, type ApiKeyVerifier } from '../../plugins/api-key';
import type { ApiKeyScope } from '../../plugins/access';
import { sendLedgerCommand } from '../command-route';
import type { ActPart } from './kit';
import { offsetLinks, startOf } from '../paging';

/**
 * What the routes of the ledger's approval acts share (docs/design/ledger.md "Approvals"): each
 * act's module (four-eyes/money.ts, four-eyes/payout.ts, cashout-reversals.ts, commission-rules.ts)
 * names its act, and these helpers read, decide and show its requests by it.
 */

export interface ApprovalRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  apiKeys: ApiKeyVerifier;
}

/** A request of `act` as the API shows it: its row's request schema's. */
type RequestOf<A extends ApprovalAct> = z.output<(typeof fourEyesActs)[A]['request']>;

/**
 * The request of `act` a ledger answer holds, parsed by its row's request schema: the ledger finds
 * no other act's request on an act's routes, and each act's request has a member no other's has
 * (an Approval its command, a payout's its payout, ...), so anything else is a broken invariant.
 */
export function requestOfAct<A extends ApprovalAct>(act: A, shown: unknown): RequestOf<A> {
  const parsed = (fourEyesActs[act].request as z.ZodType).safeParse(shown);
  if (!parsed.success) throw new InvariantViolation(`a request other than a ${act} answered on its routes`);
  return parsed.data as RequestOf<A>;
}

/**
 * An early refusal that needs no read (docs/decisions/0005): an id that names its route says
 * whether its request holds a payout, so one of another kind than `act`'s is not found. An id of
 * the earlier layout (UUIDv5) names nothing: an act whose requests were issued such ids (`earlier`)
 * reads it as before, and the ledger answers the same code; any other act's requests never had one.
 */
function refuseOtherActsId(id: string, act: ApprovalAct, what: string, earlier: boolean): void {
  const route = routeOfApprovalId(id);
  const mayName = route === null ? earlier : route.payout === (act === 'payout');
  if (!mayName) throw new AppError('APPROVAL_NOT_FOUND', `${what} ${id} does not exist`);
}

/**
 * An act whose request holds a ledger command the gateway may have to read (money, payout): its
 * requests were issued ids of the earlier layout too, whose key follows from the stored command.
 */
export interface HeldAct<R extends { command: ApprovableCommand }> {
  act: ApprovalAct;
  /** Its request, as a refusal names it ("Approval request"). */
  what: string;
  /** The scopes an approver's API key may hold for a request of it (one of them at least). */
  scopes: readonly ApiKeyScope[];
  /** The ledger's read of a request: as the API shows it, and its command as the ledger keeps it (minor units). */
  read(deps: Pick<ApprovalRouteDeps, 'internal'>, request: FastifyRequest, id: string): Promise<R>;
}

/** A request of a held act, read after the early refusal. */
export function readHeld<R extends { command: ApprovableCommand }>(
  deps: Pick<ApprovalRouteDeps, 'internal'>,
  request: FastifyRequest,
  id: string,
  held: HeldAct<R>,
): Promise<R> {
  refuseOtherActsId(id, held.act, held.what, true);
  return held.read(deps, request, id);
}

/**
 * What an approve or a reject sends beside the request's id (docs/decisions/0005): nothing when
 * the id names its route (the ledger loads the stored command itself; no read here), or the
 * stored command, read once, for an id of the earlier layout (UUIDv5), whose key follows from it.
 */
async function heldCommandToSend<R extends { command: ApprovableCommand }>(
  deps: ApprovalRouteDeps,
  request: FastifyRequest,
  id: string,
  held: HeldAct<R>,
): Promise<{ command?: ApprovableCommand }> {
  refuseOtherActsId(id, held.act, held.what, true);
  if (routeOfApprovalId(id)) return {};
  const { command } = await held.read(deps, request, id);
  return { command };
}

/**
 * The approver's own API key, kept for the command (its proof). The ledger judges its scope
 * against the stored command once it loaded the request (approverKeyScopeRefusal, the shared
 * rule, and the people behind the key); the gateway refuses early what it can tell without a
 * read: a key with none of the scopes a request of the act may need, or, when it read the
 * request (an id of the earlier layout), the shared rule itself.
 */
async function requireApproverKey(
  deps: ApprovalRouteDeps,
  request: FastifyRequest,
  scopes: readonly ApiKeyScope[],
  sent: { command?: ApprovableCommand },
) {
  await requireApiKeyScope(request, deps.apiKeys, scopes);
  const refusal = sent.command && request.apiKeyGrant ? approverKeyScopeRefusal(sent.command, request.apiKeyGrant.scopes) : null;
  if (refusal) throw new AppError('API_KEY_SCOPE', refusal);
}

/**
 * The approve and reject handlers of a held act: an approval applies the stored command, with the
 * API key the direct command needs (201 with what it did); a rejection takes a reason (200),
 * and nothing moves. Either answers the request as the act's view (another act's is refused).
 */
export function heldDecisionHandlers<R extends { command: ApprovableCommand }>(
  held: HeldAct<R>,
): { approve: ActPart['approve']['handler']; reject: NonNullable<ActPart['reject']>['handler'] } {
  return {
    approve: async (deps, request, reply, approvalId) => {
      const sent = await heldCommandToSend(deps, request, approvalId, held);
      await requireApproverKey(deps, request, held.scopes, sent);
      const result = await sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.approve', { approvalId, ...sent, requestHash }),
      );
      return { ...result, approval: requestOfAct(held.act, result.approval) };
    },
    reject: async (deps, request, reply, approvalId, reason) => {
      const sent = await heldCommandToSend(deps, request, approvalId, held);
      const result = await sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.reject-approval', { approvalId, ...sent, reason, requestHash }),
        200,
      );
      return { approval: requestOfAct(held.act, result.approval) };
    },
  };
}

/** The reason a kept request's rejection records when its route takes no body (a rate's, a big cash-out's). */
export const rejectedByItsSecondPerson = 'Rejected by its second person';

/**
 * The approve (no reason) or reject of a request the ledger keeps as a kind of its own (`holds`),
 * whose id always names its route: sent with no read, as the ledger loads the request itself.
 */
export function sendKeptDecision(
  deps: Pick<ApprovalRouteDeps, 'commands'>,
  request: FastifyRequest,
  reply: FastifyReply,
  approvalId: string,
  holds: DecidedKind,
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
 * a fresh id nonce) and answers `status` (202, or the 200 an unfreeze's request and the 201 a
 * rate's kept from before they were approval requests) with the request as its act (`holds`) shows it.
 */
export async function requestKept<A extends DecidedKind>(
  commands: CommandBus,
  request: FastifyRequest,
  reply: FastifyReply,
  command: LedgerCommandOf<'ledger.request-approval'>['data']['command'],
  holds: A,
  status: 200 | 201 | 202 = 202,
): Promise<{ approval: RequestOf<A> }> {
  const result = await sendLedgerCommand(
    commands,
    request,
    reply,
    (requestHash) => ledgerDraft('ledger.request-approval', { command, idNonce: randomIdNonce(), requestHash }),
    status,
  );
  return { approval: requestOfAct(holds, result.approval) };
}

/**
 * The approve and reject handlers of a kind of kept request (`holds`): its id must name its route
 * (it is always drawn with a nonce; any other is no such request: `what` does not exist), the
 * decision is sent with no read, and the ledger's answer is shown as the act's view (another act's
 * is refused); an approval's answer also holds what it did (the released cash-out, the rule set).
 */
export function keptDecisionHandlers(
  holds: DecidedKind,
  what: string,
): { approve: ActPart['approve']['handler']; reject: NonNullable<ActPart['reject']>['handler'] } {
  return {
    approve: async (deps, request, reply, approvalId) => {
      refuseOtherActsId(approvalId, holds, what, false);
      const result = await sendKeptDecision(deps, request, reply, approvalId, holds);
      return { ...result, approval: requestOfAct(holds, result.approval) };
    },
    reject: async (deps, request, reply, approvalId, reason) => {
      refuseOtherActsId(approvalId, holds, what, false);
      return { approval: requestOfAct(holds, (await sendKeptDecision(deps, request, reply, approvalId, holds, reason)).approval) };
    },
  };
}

/** A list's page as the ledger reads it: its offset (from its cursor or its offset), its size and its status filter. */
type PageQuery = { limit: number; offset: number; status: z.output<typeof approvalsPublicQuery>['status'] };

/** A page of requests as the ledger reads it: its pagination, and the requests under the member `K`. */
type RequestsPage<K extends string> = { pagination: { limit: number; offset: number; total: number } } & { [P in K]: unknown[] };

/**
 * An act's list of requests, newest first, optionally of one status, paged by offset or cursor as
 * every list is (the route's `query` schema, `approvalsPublicQuery`'s shape, validated it): `read`
 * is the ledger's read of a page, whose member `items` holds the requests; its example is a page
 * of the act's `example`.
 */
export function requestsList<K extends string>(list: {
  query: z.ZodType;
  answer: z.ZodType;
  items: K;
  example: object;
  errors?: object;
  read: (deps: Pick<ApprovalRouteDeps, 'internal'>, request: FastifyRequest, query: PageQuery) => Promise<RequestsPage<K>>;
}): NonNullable<ActPart['list']> {
  const { query, answer, items, example, errors, read } = list;
  return {
    query,
    answer,
    example: { [items]: [example], pagination: { limit: 20, offset: 0, total: 1 }, hasMore: false, nextCursor: null },
    ...(errors ? { errors } : {}),
    handler: async (deps, request) => {
      const { status, limit, offset, cursor } = request.query as z.output<typeof approvalsPublicQuery>;
      const page = await read(deps, request, { limit, offset: startOf(request, 'offset', offset, cursor), status });
      return { ...page, ...offsetLinks(request, page.pagination, page[items].length) };
    },
  };
}

/** Lists and rejections show fewer tags than an approval, which also moves money. */
export const readAndRejectTags = { list: ['admin', 'approvals'], read: ['admin', 'approvals'], reject: ['admin', 'approvals'] } as const;
