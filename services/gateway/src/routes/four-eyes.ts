import {
  closeWalletReason,
  deletionRequestList,
  deletionRequestsQuery,
  fourEyesActs,
  grantRequestIdParam,
  grantRequestList,
  grantRequestsQuery,
  callbackSecretRequestList,
  ledgerDraft,
  problem,
  rejectGrantBody,
  userDraft,
  verificationRequestList,
  type AnyGrantRequest,
  type CallbackSecretRequest,
  type DeletionRequest,
  type FourEyesAct,
  type FourEyesActRow,
  type GrantRequest,
  type VerificationRequest,
} from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import { uuidV5 } from '@coin/security';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import type { ApiKeyVerifier } from '../plugins/api-key';
import { authorityOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf } from '../plugins/idempotency';
import type { TokenVersionStore } from '../plugins/token-version';
import { moneyPart, payoutPart } from './approvals';
import { cashoutPart, cashoutRatePart } from './cashout-rates';
import { cashoutReversalPart } from './cashout-reversals';
import { commissionChangePart } from './commission-rules';
import { unfreezePart } from './freezes';
import { caseResolutionProposalsPart, freezeLiftProposalsPart, ruleChangeProposalsPart } from './monitoring';
import { answered, commandErrorResponses as errorResponses } from './command-route';
import { exampleGrantRequest, withExample } from './examples';
import { registerRoutes, type RouteDef } from './route-def';

/**
 * The four-eyes acts (docs/DESIGN.md "Two-person acts"), drawn from their rows of the four-eyes
 * table (@coin/contracts four-eyes-acts.ts): each act's list, read, approve and reject routes take
 * their path, operation ids, tags, access (who may decide), step-up, result schema and rejection
 * example from the row; what differs per act (its words, how a request is found, what an approval
 * does besides) is its part, one object an act: the user service's here, the ledger's and
 * monitoring's beside their helpers in their own route modules. A monitoring act's list alone is
 * drawn: its second ADMIN+ approves by sending the same change on its own route. The services judge
 * every rule (the second person's among them); the gateway relays.
 */

export interface FourEyesRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  tokenVersions: TokenVersionStore;
  apiKeys: ApiKeyVerifier;
}

type UserAct = 'grant' | 'deletion' | 'callback-secret' | 'verification';

/** A request of an act, as the routes find it: its id, and whatever its part reads of it. */
type Found = { id: string };

/** What one act's routes do that the table does not say. */
interface UserActPart<F extends Found> {
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
function sentAs(request: FastifyRequest, commandId: string) {
  return { ...authorityOf(request), commandId, requestId: String(request.id) };
}

const decidedBy = { kind: 'user' as const, id: '2', role: 'SUPERADMIN' as const };
const decided = <F extends Found>(example: F) => ({ ...example, decidedBy, decidedAt: '2026-01-15T10:02:00.000Z' });

/** Whether a stored grant request is a role grant, an API key or a platform client: not a verification's nor a callback secret's, which have their own routes. */
function isGrant(found: AnyGrantRequest): found is GrantRequest {
  return found.act.type !== 'user.set-verification' && found.act.type !== 'user.platform-client.callback-secret';
}

/** Whether a stored grant request is a payout provider's callback secret. */
export function isCallbackSecretRequest(found: AnyGrantRequest): found is CallbackSecretRequest {
  return found.act.type === 'user.platform-client.callback-secret';
}

/** Whether a stored grant request is the verification of an ADMIN+ account. */
export function isVerification(found: AnyGrantRequest): found is VerificationRequest {
  return found.act.type === 'user.set-verification';
}

/** A grant request of the kind `is` names; 404 for any other, as for none. */
async function grantRequestOf<F extends AnyGrantRequest>(
  deps: FourEyesRouteDeps,
  request: FastifyRequest,
  id: string,
  is: (found: AnyGrantRequest) => found is F,
  what: string,
): Promise<F> {
  const found = await deps.internal.read('users.grant-request', { id }, String(request.id));
  if (!is(found)) throw new AppError('APPROVAL_NOT_FOUND', `No such ${what}`);
  return found;
}

/** The stored grant requests of the kind `is` names, optionally of one status. */
async function grantRequestsOf<F extends AnyGrantRequest>(
  deps: FourEyesRouteDeps,
  request: FastifyRequest,
  status: string | undefined,
  is: (found: AnyGrantRequest) => found is F,
): Promise<F[]> {
  const list = await deps.internal.read('users.grant-requests', { status: status as Status }, String(request.id));
  return list.grantRequests.filter(is);
}

/** A grant request's approval, sent as the user service's approve-grant. */
function approveGrant(request: FastifyRequest, deps: FourEyesRouteDeps, id: string, commandId: string) {
  return answered(request, () => deps.commands.user(userDraft('user.approve-grant', { requestId: id }), sentAs(request, commandId)));
}

/** A grant request's rejection, sent as the user service's reject-grant. */
async function rejectGrant(request: FastifyRequest, deps: FourEyesRouteDeps, id: string, commandId: string, reason: string) {
  const result = await answered(request, () =>
    deps.commands.user(userDraft('user.reject-grant', { requestId: id, reason }), sentAs(request, commandId)),
  );
  return result.grantRequest;
}

/** A status filter as the user service's lists read it (the route's query schema validated it). */
type Status = GrantRequest['status'] | undefined;

const exampleGrant = exampleGrantRequest({
  type: 'user.change-role' as const,
  userId: 42,
  role: 'ADMIN' as const,
  previousRole: 'USER' as const,
});

/** Role grants, API keys and platform clients, asked for by a SUPERADMIN (202 with the request). */
const grantPart: UserActPart<GrantRequest> = {
  summaries: {
    list: 'Grant requests (role grants, API keys and platform clients waiting for a second SUPERADMIN), newest first, optionally of one status',
    read: 'One grant request',
    approve:
      'Approve a grant request: the role change, key or client is applied as asked. By a SUPERADMIN other than the requester who held the role before the request was made (403 APPROVAL_BY_REQUESTER, APPROVER_NOT_ELIGIBLE)',
    reject: 'Reject a pending grant request with a reason: nothing is granted; any SUPERADMIN, the requester included',
  },
  list: { query: grantRequestsQuery, answer: grantRequestList, example: { grantRequests: [exampleGrant] } },
  example: exampleGrant as GrantRequest,
  listOf: async (deps, request, status) => ({ grantRequests: await grantRequestsOf(deps, request, status, isGrant) }),
  find: (deps, request, id) => grantRequestOf(deps, request, id, isGrant, 'grant request'),
  approve: async (deps, request, found, commandId) => {
    const result = await approveGrant(request, deps, found.id, commandId);
    // A role changed: the account's older tokens are refused from the very next request.
    const act = result.grantRequest.act;
    if (act.type === 'user.change-role' && result.tokenVersion !== null) await deps.tokenVersions.remember(act.userId, result.tokenVersion);
    return { message: 'Approved', grantRequest: result.grantRequest as GrantRequest };
  },
  approvedExample: (example) => ({ message: 'Approved', grantRequest: { ...decided(example), status: 'APPROVED' as const } }),
  reject: async (deps, request, found, reason, commandId) => ({
    grantRequest: (await rejectGrant(request, deps, found.id, commandId, reason)) as GrantRequest,
  }),
  rejectedExample: (example, reason) => ({ grantRequest: { ...decided(example), status: 'REJECTED' as const, rejectionReason: reason } }),
  rejectResult: fourEyesActs.grant.result.pick({ grantRequest: true }),
};

const exampleCallbackSecret = exampleGrantRequest({ type: 'user.platform-client.callback-secret' as const, clientId: 'pc_Xk3v9QmT2bLw' });

/** A payout provider's new callback secret, asked for with POST /api/admin/platform-clients/{id}/callback-secret. */
const callbackSecretPart: UserActPart<CallbackSecretRequest> = {
  summaries: {
    list: "Payout providers' callback secrets waiting for a second SUPERADMIN (never a secret), newest first, optionally of one status",
    approve:
      "Approve a payout provider's new callback secret: it signs the provider's callbacks from now on, and the previous one verifies for the configured overlap more. By a SUPERADMIN other than the requester who held the role before the request was made (403 APPROVAL_BY_REQUESTER, APPROVER_NOT_ELIGIBLE); a client revoked or not granted cashout since is 409 GRANT_REQUEST_OUTDATED",
    reject:
      "Reject a payout provider's pending callback secret with a reason: it never signs anything; any SUPERADMIN, the requester included",
  },
  list: { query: grantRequestsQuery, answer: callbackSecretRequestList, example: { callbackSecretRequests: [exampleCallbackSecret] } },
  example: exampleCallbackSecret as CallbackSecretRequest,
  listOf: async (deps, request, status) => ({
    callbackSecretRequests: await grantRequestsOf(deps, request, status, isCallbackSecretRequest),
  }),
  find: (deps, request, id) => grantRequestOf(deps, request, id, isCallbackSecretRequest, 'callback secret request'),
  approve: async (deps, request, found, commandId) => ({
    callbackSecretRequest: (await approveGrant(request, deps, found.id, commandId)).grantRequest as CallbackSecretRequest,
  }),
  approvedExample: (example) => ({ callbackSecretRequest: { ...decided(example), status: 'APPROVED' as const } }),
  reject: async (deps, request, found, reason, commandId) => ({
    callbackSecretRequest: (await rejectGrant(request, deps, found.id, commandId, reason)) as CallbackSecretRequest,
  }),
  rejectedExample: (example, reason) => ({
    callbackSecretRequest: { ...decided(example), status: 'REJECTED' as const, rejectionReason: reason },
  }),
  rejectResult: fourEyesActs['callback-secret'].result,
};

export const exampleVerificationRequest = {
  ...exampleGrantRequest({
    type: 'user.set-verification' as const,
    userId: 42,
    verified: true as const,
    reason: 'Identity document checked',
  }),
  requestedBy: { kind: 'user' as const, id: '3', role: 'ADMIN' as const },
};
/** A verification is decided by an ADMIN+, not only a SUPERADMIN: its examples show one. */
const verifiedBy = { decidedBy: { kind: 'user' as const, id: '4', role: 'ADMIN' as const }, decidedAt: '2026-01-15T10:02:00.000Z' };

/**
 * The verification of an ADMIN or SUPERADMIN account (docs/CONTRACT.md "Verification"), asked for
 * with POST /api/admin/users/{id}/verification-requests (routes/verification-requests.ts).
 */
const verificationPart: UserActPart<VerificationRequest> = {
  summaries: {
    list: 'Verification requests of ADMIN+ accounts waiting for a second ADMIN+, newest first, optionally of one status',
    read: 'One verification request',
    approve:
      'Approve a verification request: the account is verified (its current access tokens end). By an ADMIN+ other than the requester (403 APPROVAL_BY_REQUESTER) and the account (403 SELF_DEALING), one since before the request was made (403 APPROVER_NOT_ELIGIBLE)',
    reject: 'Reject a pending verification request with a reason: nothing changes; any ADMIN+, the requester included',
  },
  list: { query: grantRequestsQuery, answer: verificationRequestList, example: { verificationRequests: [exampleVerificationRequest] } },
  example: exampleVerificationRequest as VerificationRequest,
  listOf: async (deps, request, status) => ({ verificationRequests: await grantRequestsOf(deps, request, status, isVerification) }),
  find: (deps, request, id) => grantRequestOf(deps, request, id, isVerification, 'verification request'),
  approve: async (deps, request, found, commandId) => {
    const result = await approveGrant(request, deps, found.id, commandId);
    // The account's older tokens (without the verified claim) are refused from the very next request.
    if (result.tokenVersion !== null) await deps.tokenVersions.remember(found.act.userId, result.tokenVersion);
    return { verificationRequest: result.grantRequest as VerificationRequest };
  },
  approvedExample: (example) => ({ verificationRequest: { ...example, ...verifiedBy, status: 'APPROVED' as const } }),
  reject: async (deps, request, found, reason, commandId) => ({
    verificationRequest: (await rejectGrant(request, deps, found.id, commandId, reason)) as VerificationRequest,
  }),
  rejectedExample: (example, reason) => ({
    verificationRequest: { ...example, ...verifiedBy, status: 'REJECTED' as const, rejectionReason: reason },
  }),
  rejectResult: fourEyesActs.verification.result,
};

export const exampleDeletionRequest = {
  id: '5d1f0c3a-2b4e-5f6a-8b9c-0d1e2f3a4b5c',
  userId: 42,
  status: 'PENDING' as const,
  balance: 25000,
  requestedBy: { kind: 'user' as const, id: '1', role: 'SUPERADMIN' as const },
  createdAt: '2026-01-15T09:30:00.000Z',
  expiresAt: '2026-01-16T09:30:00.000Z',
  decidedBy: null,
  decidedAt: null,
  rejectionReason: null,
};

/**
 * Large deletions (docs/DESIGN.md "Deleting a user"): DELETE /api/admin/users/{id} of a user holding
 * DELETION_APPROVAL_MIN_COINS or more answers 202 with a request. The command is keyed by the user
 * it deletes, so it is applied in that user's order; the user service checks the request names them.
 */
const deletionPart: UserActPart<DeletionRequest> = {
  summaries: {
    list: 'Deletion requests (deletions of users holding DELETION_APPROVAL_MIN_COINS or more), newest first, optionally of one status',
    approve:
      'Approve a deletion request: the user is deleted as a direct deletion would (data erased, tokens revoked, wallet closed and its coins burned before it answers). By a SUPERADMIN other than the requester',
    reject: 'Reject a pending deletion request with a reason: the user stays; any SUPERADMIN, the requester included',
  },
  list: { query: deletionRequestsQuery, answer: deletionRequestList, example: { deletionRequests: [exampleDeletionRequest] } },
  example: exampleDeletionRequest as DeletionRequest,
  listOf: (deps, request, status) => deps.internal.read('users.deletion-requests', { status: status as Status }, String(request.id)),
  find: (deps, request, id) => deps.internal.read('users.deletion-request', { id }, String(request.id)),
  approve: async (deps, request, found, commandId) => {
    const { userId } = found;
    const result = await answered(request, () =>
      deps.commands.user(userDraft('user.approve-deletion', { userId, requestId: found.id }), sentAs(request, commandId)),
    );
    await deps.tokenVersions.rememberDeleted(userId);
    // Deleted means closed when this answers, exactly as DELETE /api/admin/users/{id} does it.
    await deps.commands.ledger(
      ledgerDraft('ledger.close-wallet', { userId, reason: closeWalletReason(userId) }),
      sentAs(request, uuidV5(`ledger.close-wallet:${commandId}`)),
    );
    return { message: 'User deleted', deletionRequest: result.deletionRequest };
  },
  approvedExample: (example) => ({ message: 'User deleted', deletionRequest: { ...example, status: 'APPROVED' as const } }),
  reject: (deps, request, found, reason, commandId) =>
    answered(request, () =>
      deps.commands.user(
        userDraft('user.reject-deletion', { userId: found.userId, requestId: found.id, reason }),
        sentAs(request, commandId),
      ),
    ),
  rejectedExample: (example, reason) => ({ deletionRequest: { ...example, status: 'REJECTED' as const, rejectionReason: reason } }),
  rejectResult: fourEyesActs.deletion.result.pick({ deletionRequest: true }),
};

/**
 * A route of an act, built from its row and part for any act, so typed by no one act's schemas: the
 * route's response schemas still check what it sends, and its params and body are validated.
 */
const route = (def: RouteDef<FourEyesRouteDeps>) => def;
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
const readErrors = { 400: problem, 401: problem, 403: problem, 503: problem };

/**
 * What an act's routes do, whichever service keeps it: the row says where, by whom and with what
 * schemas; the part gives the words, the id's and rejection's schemas, the examples and the handlers.
 */
export interface ActPart {
  summaries: { list?: string; read?: string; approve: string; reject?: string };
  /**
   * The approval's URL where it is not `<path>/:id/approve`: an act whose request is its subject's
   * own (an unfreeze is the wallet's) is approved at the URL it had before the table.
   */
  approveUrl?: string;
  /** A route's tags where they are not the row's. */
  tags?: { list?: readonly string[]; read?: readonly string[]; reject?: readonly string[] };
  params: z.ZodType;
  /** A rejection's body (null: it takes none, as its row's rejectExample says). */
  rejectBody: z.ZodType | null;
  list?: {
    /** Its query (none: it takes none). */
    query?: z.ZodType;
    answer: z.ZodType;
    example: object;
    /** Its error answers where they are not the reads' usual ones. */
    errors?: object;
    handler(deps: FourEyesRouteDeps, request: FastifyRequest): Promise<object>;
  };
  read?: { example: object; handler(deps: FourEyesRouteDeps, request: FastifyRequest, id: string): Promise<object> };
  approve: {
    status: 200 | 201;
    example: object;
    handler(deps: FourEyesRouteDeps, request: FastifyRequest, reply: FastifyReply, id: string): Promise<object>;
  };
  /** None where the row names no rejection (a request then waits for its approval or lapses). */
  reject?: {
    result: z.ZodType;
    example: object;
    /** `reason` is the body's; a rejection that takes no body is handed ''. */
    handler(deps: FourEyesRouteDeps, request: FastifyRequest, reply: FastifyReply, id: string, reason: string): Promise<object>;
  };
}

/** A user service act's part as any act's: each decision finds its request first, and is sent under the caller's command id. */
function ofUserPart<F extends Found>(act: UserAct, part: UserActPart<F>): ActPart {
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

/** The route options every route of an act shares, from its row: who may decide it reads and decides it; a decision with a fresh second factor. */
function accessOf(act: FourEyesAct) {
  const row: FourEyesActRow = fourEyesActs[act];
  const access = row.deciders === 'SUPERADMIN' ? ('superadmin' as const) : ('admin' as const);
  return { row, access, decision: { access, idempotent: true, stepUp: row.stepUp === 'required' }, tags: [...row.tags] };
}

/** What an act's list and read need of its part (an act whose decisions are its own routes' gives only these). */
export type ListPart = Pick<ActPart, 'tags' | 'list' | 'read'> & {
  summaries: { list?: string; read?: string };
  /**
   * The list's URL where it is not the row's path: a monitoring act's path lists the rules or the
   * cases themselves, so its proposals are listed under it.
   */
  listUrl?: string;
  params?: z.ZodType;
};

/** An act's list, and its read, where the row and the part name them. */
export function readRoutes(act: FourEyesAct, part: ListPart): RouteDef<FourEyesRouteDeps>[] {
  const { row, access, tags } = accessOf(act);
  const routes: RouteDef<FourEyesRouteDeps>[] = [];
  const { list, read } = part;
  if (row.operations.list !== null && list !== undefined && part.summaries.list !== undefined) {
    routes.push(
      route({
        method: 'GET',
        url: part.listUrl ?? row.listPath ?? row.path,
        config: { access },
        schema: {
          tags: [...(part.tags?.list ?? tags)],
          summary: part.summaries.list,
          ...(list.query ? { querystring: list.query } : {}),
          operationId: row.operations.list,
          response: { 200: withExample(list.answer, list.example), ...(list.errors ?? readErrors) },
        },
        handler: async (request, _reply, deps) => list.handler(deps, request),
      }),
    );
  }
  if (row.operations.read !== null && read !== undefined && part.summaries.read !== undefined) {
    routes.push(
      route({
        method: 'GET',
        url: `${row.path}/:id`,
        config: { access },
        schema: {
          tags: [...(part.tags?.read ?? tags)],
          summary: part.summaries.read,
          ...(part.params ? { params: part.params } : {}),
          operationId: row.operations.read,
          response: {
            200: withExample(row.request as z.ZodType, read.example),
            400: problem,
            401: problem,
            403: problem,
            404: problem,
            503: problem,
          },
        },
        handler: async (request, _reply, deps) => read.handler(deps, request, idOf(request)),
      }),
    );
  }
  return routes;
}

/** An act's approve, and its reject where its row names one. */
function decisionRoutes(act: FourEyesAct, part: ActPart): RouteDef<FourEyesRouteDeps>[] {
  const { row, decision, tags } = accessOf(act);
  const approve = route({
    method: 'POST',
    url: part.approveUrl ?? `${row.path}/:id/approve`,
    config: decision,
    schema: {
      tags,
      summary: part.summaries.approve,
      headers: idempotencyHeaders,
      params: part.params,
      operationId: row.operations.approve,
      response: { [part.approve.status]: withExample(row.result as z.ZodType, part.approve.example), ...errorResponses },
    },
    handler: async (request, reply, deps) => part.approve.handler(deps, request, reply, idOf(request)),
  });
  if (row.operations.reject === null) return [approve];
  return [approve, rejectRoute(act, part, row.operations.reject)];
}

/** An act's reject. */
function rejectRoute(act: FourEyesAct, part: ActPart, operationId: string): RouteDef<FourEyesRouteDeps> {
  const { row, decision, tags } = accessOf(act);
  const { reject } = part;
  if (reject === undefined || part.summaries.reject === undefined)
    throw new InvariantViolation(`four-eyes act ${act} names a rejection its part lacks`);
  const withBody = row.rejectExample !== null && part.rejectBody !== null;
  return route({
    method: 'POST',
    url: `${row.path}/:id/reject`,
    config: decision,
    schema: {
      tags: [...(part.tags?.reject ?? tags)],
      summary: part.summaries.reject,
      headers: idempotencyHeaders,
      params: part.params,
      ...(withBody ? { body: withExample(part.rejectBody as z.ZodType, row.rejectExample) } : {}),
      operationId,
      response: { 200: withExample(reject.result, reject.example), ...errorResponses },
    },
    handler: async (request, reply, deps) =>
      reject.handler(deps, request, reply, idOf(request), withBody ? (request.body as { reason: string }).reason : ''),
  });
}

/** One act's routes, in the order the document lists them: its list, its read, its approve and its reject. */
function actRoutes(act: FourEyesAct, part: ActPart): RouteDef<FourEyesRouteDeps>[] {
  return [...readRoutes(act, part), ...decisionRoutes(act, part)];
}

export const fourEyesRoutes: RouteDef<FourEyesRouteDeps>[] = [
  ...actRoutes('money', moneyPart),
  ...actRoutes('payout', payoutPart),
  ...actRoutes('cashout-reversal', cashoutReversalPart),
  ...actRoutes('commission-change', commissionChangePart),
  ...actRoutes('cashout-rate', cashoutRatePart),
  ...actRoutes('cashout', cashoutPart),
  ...actRoutes('unfreeze', unfreezePart),
  ...actRoutes('deletion', ofUserPart('deletion', deletionPart)),
  ...actRoutes('grant', ofUserPart('grant', grantPart)),
  ...actRoutes('callback-secret', ofUserPart('callback-secret', callbackSecretPart)),
  ...actRoutes('verification', ofUserPart('verification', verificationPart)),
  // The monitoring acts' decisions are their own routes' (monitoring.ts): a second ADMIN+ sends the same change.
  ...readRoutes('rule-change', ruleChangeProposalsPart),
  ...readRoutes('case-resolution', caseResolutionProposalsPart),
  ...readRoutes('freeze-lift', freezeLiftProposalsPart),
];

export function registerFourEyesRoutes(app: App, deps: FourEyesRouteDeps): void {
  registerRoutes(app, fourEyesRoutes, deps);
}
