import {
  fourEyesActs,
  grantRequestIdParam,
  grantRequestsQuery,
  rejectGrantBody,
  userDraft,
  type AnyGrantRequest,
  type FourEyesAct,
  type GrantRequest,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authorityOf } from '../../plugins/auth';
import { idempotencyOf } from '../../plugins/idempotency';
import { answered } from '../command-route';
import type { ActPart, FourEyesRouteDeps } from './kit';

/**
 * What the user service's acts (grants, deletions, callback secrets, verifications) share: each
 * act's module writes a UserActPart, and `ofUserPart` makes it any act's part, each decision
 * finding its request first.
 */

/** An act the user service keeps. */
type UserAct = { [A in FourEyesAct]: (typeof fourEyesActs)[A]['service'] extends 'user' ? A : never }[FourEyesAct];

/** A request of an act, as the routes find it: its id, and whatever its part reads of it. */
type Found = { id: string };

/** What one act's routes do that the table does not say. */
export interface UserActPart<F extends Found> {
  summaries: { list: string; read?: string; approve: string; reject: string };
  /** The list's query and answer, and its example. */
  list: { query: z.ZodType; answer: z.ZodType; example: object };
  /** A pending request, shown in the examples. */
  example: F;
  listOf(deps: FourEyesRouteDeps, request: FastifyRequest, status: string | undefined): Promise<object>;
  /** The request `id` (404 APPROVAL_NOT_FOUND when it is no request of this act). */
  find(deps: FourEyesRouteDeps, request: FastifyRequest, id: string): Promise<F>;
  /** Sends the approval of `found` and answers it (the act's result); `commandId` is the caller's. */
  approve(deps: FourEyesRouteDeps, request: FastifyRequest, found: F, commandId: string): Promise<object>;
  approvedExample(example: F): object;
  /** Sends the rejection and answers it. */
  reject(deps: FourEyesRouteDeps, request: FastifyRequest, found: F, reason: string, commandId: string): Promise<object>;
  rejectedExample(example: F, reason: string): object;
  rejectResult: z.ZodType;
}

/** The command options of a decision sent in the caller's name under their Idempotency-Key's command id. */
export function sentAs(request: FastifyRequest, commandId: string) {
  return { ...authorityOf(request), commandId, requestId: String(request.id) };
}

const decidedBy = { kind: 'user' as const, id: '2', role: 'SUPERADMIN' as const };
/** A request of the examples once a SUPERADMIN decided it. */
export const decided = <F extends Found>(example: F) => ({ ...example, decidedBy, decidedAt: '2026-01-15T10:02:00.000Z' });

/** A status filter as the user service's lists read it (the route's query schema validated it). */
export type Status = GrantRequest['status'] | undefined;

/**
 * How a kind of grant request (`is`: a role grant, a verification, a callback secret, all kept as
 * the user service's grant requests) is listed, under the member `items` (`example` shows one), and
 * found, 404 for a request of another kind as for none (`what` names it).
 */
export function grantRequestsOfKind<F extends AnyGrantRequest>(kind: {
  is: (found: AnyGrantRequest) => found is F;
  items: string;
  answer: z.ZodType;
  example: F;
  what: string;
}): Pick<UserActPart<F>, 'list' | 'example' | 'listOf' | 'find'> {
  const { is, items, answer, example, what } = kind;
  return {
    list: { query: grantRequestsQuery, answer, example: { [items]: [example] } },
    example,
    listOf: async (deps, request, status) => {
      const list = await deps.internal.read('users.grant-requests', { status: status as Status }, String(request.id));
      return { [items]: list.grantRequests.filter(is) };
    },
    find: async (deps, request, id) => {
      const found = await deps.internal.read('users.grant-request', { id }, String(request.id));
      if (!is(found)) throw new AppError('APPROVAL_NOT_FOUND', `No such ${what}`);
      return found;
    },
  };
}

/**
 * A grant request's approval, sent as the user service's approve-grant: the approved request. Where
 * the approval changed what an account's tokens say (`accountOf` names the account: a role, a
 * verification), the account's older tokens are refused from the very next request.
 */
export async function approveGrant(
  request: FastifyRequest,
  deps: FourEyesRouteDeps,
  id: string,
  commandId: string,
  accountOf?: (approved: AnyGrantRequest) => number | null,
): Promise<AnyGrantRequest> {
  const result = await answered(request, () =>
    deps.commands.user(userDraft('user.approve-grant', { requestId: id }), sentAs(request, commandId)),
  );
  const account = accountOf?.(result.grantRequest) ?? null;
  if (account !== null && result.tokenVersion !== null) await deps.tokenVersions.remember(account, result.tokenVersion);
  return result.grantRequest;
}

/** A grant request's rejection, sent as the user service's reject-grant. */
export async function rejectGrant(request: FastifyRequest, deps: FourEyesRouteDeps, id: string, commandId: string, reason: string) {
  const result = await answered(request, () =>
    deps.commands.user(userDraft('user.reject-grant', { requestId: id, reason }), sentAs(request, commandId)),
  );
  return result.grantRequest;
}

/** A user service act's part as any act's: each decision finds its request first, and is sent under the caller's command id. */
export function ofUserPart<F extends Found>(act: UserAct, part: UserActPart<F>): ActPart {
  const reason = fourEyesActs[act].rejectExample.reason;
  return {
    summaries: part.summaries,
    params: grantRequestIdParam,
    rejectBody: rejectGrantBody,
    list: {
      ...part.list,
      handler: (deps, request) => part.listOf(deps, request, (request.query as { status?: string }).status),
    },
    read: { example: part.example, handler: (deps, request, id) => part.find(deps, request, id) },
    approve: {
      status: 200,
      example: part.approvedExample(part.example),
      handler: async (deps, request, _reply, id) =>
        part.approve(deps, request, await part.find(deps, request, id), idempotencyOf(request).commandId),
    },
    reject: {
      result: part.rejectResult,
      example: part.rejectedExample(part.example, reason),
      handler: async (deps, request, _reply, id, why) =>
        part.reject(deps, request, await part.find(deps, request, id), why, idempotencyOf(request).commandId),
    },
  };
}
