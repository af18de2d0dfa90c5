import { randomIdNonce } from '@coin/security';
import {
  adminSettleRefusal,
  clientSettleRefusal,
  adminHoldsPublicQuery,
  captureHoldBody,
  captureResult,
  createHoldBody,
  holdIdParam,
  holdPublicPage,
  holdResult,
  ledgerDraft,
  myHoldsPublicQuery,
  payerOfHoldId,
  problem,
  type Metadata,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { principalOf, userIdOf } from '../plugins/auth';
import { spaceOf } from '../plugins/sandbox';
import { dryRunQuery, idempotencyHeaders } from '../plugins/idempotency';
import { minor } from './amounts';
import { commandErrorResponses as errorResponses, dryRunnable, sendLedgerCommand, withMetadata } from './command-route';
import { exampleAt, exampleTransaction, exampleUserId, exampleWallet, withExample } from './examples';
import { offsetLinks, startOf } from './paging';
import { registerRoutes, routeOf, type RouteDef, type RouteRequest } from './route-def';

export interface HoldRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  /** Whether a platform client exists and is not revoked (the auth plugin's check): a hold names only such a settler. */
  auth: { platformClientActive?: (clientId: string, requestId: string) => Promise<boolean> };
}

// The examples of the holds' bodies and answers in the OpenAPI document.
const holdId = '5b1f3c2e-8d4a-5f6b-9c7e-1a2b3c4d5e6f';
const exampleHold = {
  id: holdId,
  status: 'PENDING',
  amount: 49.99,
  fromUserId: exampleUserId,
  toUserId: null,
  toTreasury: 'COURSE_FEES',
  reason: 'Order ORDER-2026-0042',
  reference: 'ORDER-2026-0042',
  expiresAt: '2026-01-22T09:30:00.000Z',
  createdAt: exampleAt,
  updatedAt: exampleAt,
  capturedAmount: null,
  transactionId: null,
} as const;
const exampleCreateHold = {
  toTreasury: 'COURSE_FEES',
  amount: 49.99,
  reason: 'Order ORDER-2026-0042',
  reference: 'ORDER-2026-0042',
  expiresInSeconds: 604800,
} as const;
export const exampleHoldResult = { hold: exampleHold, wallet: { ...exampleWallet, activeCoins: 100.51 } };
const exampleCapture = { amount: 39.99 };
export const exampleCaptureResult = {
  hold: { ...exampleHold, status: 'CAPTURED', capturedAmount: 39.99, transactionId: 1002 },
  transaction: {
    ...exampleTransaction,
    id: 1002,
    type: 'PURCHASE',
    amount: 39.99,
    toUserId: null,
    toTreasury: 'COURSE_FEES',
    reason: exampleHold.reason,
    reference: exampleHold.reference,
  },
  wallet: { ...exampleWallet, balance: 110.51, activeCoins: 110.51, totalSent: 89.49 },
} as const;
export const exampleVoidResult = { hold: { ...exampleHold, status: 'VOIDED' }, wallet: exampleWallet } as const;
export const exampleHoldPage = { holds: [exampleHold], pagination: { limit: 20, offset: 0, total: 1 }, hasMore: false, nextCursor: null };

/** What a capture's body adds to its command: the amount to take (all without it) and the metadata, if given. */
function captureFields(body: { amount?: number | undefined; metadata?: Metadata | undefined }): { amount?: number; metadata?: Metadata } {
  return { ...(body.amount !== undefined ? { amount: minor(body.amount) } : {}), ...withMetadata(body.metadata) };
}

/**
 * The payer of a hold to capture or void (its commands are keyed by the payer's wallet): the one
 * its id names. An id issued before ids named their payer (UUIDv5) is read from the ledger, and
 * the caller refused here with 403 (audited) unless one who may settle it (the client its payer
 * named; with none, a client granted the treasury it pays; an ADMIN+ voiding, or capturing when
 * no client is named), by the rule the ledger judges again from the token it verifies itself.
 */
export async function payerOf(deps: HoldRouteDeps, request: RouteRequest, holdId: string, action: 'capture' | 'void'): Promise<number> {
  const named = payerOfHoldId(holdId);
  if (named !== null) return named;
  // The caller's space's ledger: a test-mode client's hold is looked up in the sandbox alone.
  const hold = await deps.internal.in(spaceOf(request)).read('ledger.hold', { id: holdId }, String(request.id));
  const principal = principalOf(request);
  const refusal =
    principal.kind === 'system' ? clientSettleRefusal(principal.subject, principal.treasuries, hold) : adminSettleRefusal(action, hold);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  return hold.fromUserId;
}

const route = routeOf<HoldRouteDeps>();

/**
 * Holds: a payer reserves coins for a treasury or a user, naming the platform client
 * that may settle them if it wants one; that client (or, with none named, one granted the
 * treasury paid), or an ADMIN+, later captures them (a PURCHASE or TRANSFER is recorded) or voids
 * them, or they expire.
 * Every command about a hold is keyed by the payer's wallet: capture and void learn the payer from
 * the hold's id (payerOfHoldId, docs/decisions/0005), and the ledger, which alone judges who may
 * settle it, checks the id's payer against the command's and the stored hold's. An id issued
 * before ids named their payer is looked up once (payerOf), the migration path.
 */
export const holdRoutes: RouteDef<HoldRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/coins/holds',
    config: { access: 'user', idempotent: true, dryRun: true },
    schema: {
      tags: ['coins', 'holds'],
      summary:
        "Reserve coins of the caller's wallet for a treasury (toTreasury) or a user (toUserId) until captured, voided or expired; activeCoins drop by the amount at once",
      headers: idempotencyHeaders,
      operationId: 'createHold',
      querystring: dryRunQuery,
      body: withExample(createHoldBody, exampleCreateHold),
      response: { 201: withExample(dryRunnable(holdResult), exampleHoldResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { toUserId, toTreasury, amount, reason, reference, expiresInSeconds, settlerClientId } = request.body;
      // A settler that does not exist (or is revoked) could never capture or void it: the coins would sit until it expires.
      if (settlerClientId !== undefined && deps.auth.platformClientActive) {
        if (!(await deps.auth.platformClientActive(settlerClientId, String(request.id)))) {
          throw new AppError('NOT_FOUND', `Platform client ${settlerClientId} does not exist or is revoked: it cannot settle a hold`);
        }
      }
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.hold', {
          fromUserId: userIdOf(request),
          to: toUserId !== undefined ? { kind: 'user', userId: toUserId } : { kind: 'treasury', code: toTreasury! },
          amount: minor(amount),
          reason,
          ...(reference !== undefined ? { reference } : {}),
          ...(expiresInSeconds !== undefined ? { expiresInSeconds } : {}),
          ...(settlerClientId !== undefined ? { settlerClientId } : {}),
          // The hold's id derives from these random bits too: not computable from the payer and the key.
          idNonce: randomIdNonce(),
          requestHash,
        }),
      );
    },
  }),

  route({
    method: 'POST',
    url: '/api/coins/holds/:id/capture',
    // A test-mode client settles the sandbox holds it placed, in the sandbox ledger alone (docs/decisions/0018-sandbox.md).
    config: { access: 'settle', idempotent: true, sandbox: 'ledger', dryRun: true },
    schema: {
      tags: ['coins', 'holds'],
      summary:
        'Take up to the held amount (all of it without amount; the rest is released): records a PURCHASE (to a treasury) or a TRANSFER (to a user). The platform client the payer named (settlerClientId); with none, a client granted the treasury the hold pays, or an ADMIN+. A test-mode client captures the sandbox holds it placed (POST /api/sandbox/holds), in the sandbox ledger alone, a hold judged expired by its test clock',
      headers: idempotencyHeaders,
      params: holdIdParam,
      operationId: 'captureHold',
      querystring: dryRunQuery,
      body: withExample(captureHoldBody, exampleCapture),
      response: { 201: withExample(dryRunnable(captureResult), exampleCaptureResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const holdId = request.params.id;
      const fromUserId = await payerOf(deps, request, holdId, 'capture');
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.capture-hold', { holdId, fromUserId, ...captureFields(request.body ?? {}), requestHash }),
      );
    },
  }),

  route({
    method: 'POST',
    url: '/api/coins/holds/:id/void',
    config: { access: 'settle', idempotent: true, sandbox: 'ledger', dryRun: true },
    schema: {
      tags: ['coins', 'holds'],
      summary:
        'Release a pending hold: its coins are active again. The platform client the payer named (settlerClientId); with none, a client granted the treasury the hold pays; or an ADMIN+. A cash-out a provider claimed is 403 (audited): only its callback ends it. A test-mode client voids the sandbox holds it placed (POST /api/sandbox/holds), in the sandbox ledger alone',
      headers: idempotencyHeaders,
      params: holdIdParam,
      operationId: 'voidHold',
      querystring: dryRunQuery,
      response: { 200: withExample(dryRunnable(holdResult), exampleVoidResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const holdId = request.params.id;
      const fromUserId = await payerOf(deps, request, holdId, 'void');
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.void-hold', { holdId, fromUserId, requestHash }),
        200,
      );
    },
  }),

  route({
    method: 'GET',
    url: '/api/wallets/me/holds',
    config: { access: 'user' },
    schema: {
      tags: ['wallets', 'holds'],
      summary: "The caller's holds, newest first, optionally of one status (offset pages with the total)",
      querystring: myHoldsPublicQuery,
      operationId: 'listMyHolds',
      response: { 200: withExample(holdPublicPage, exampleHoldPage), 400: problem, 401: problem, 403: problem, 503: problem },
    },
    handler: async (request, _reply, deps) => {
      const { status, limit, offset, cursor } = request.query;
      const page = await deps.internal.read(
        'ledger.holds',
        { userId: userIdOf(request), limit, offset: startOf(request, 'offset', offset, cursor), status },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.holds.length) };
    },
  }),

  route({
    method: 'GET',
    url: '/api/admin/holds',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'holds'],
      summary: 'Holds of every payer, or of one (userId), optionally of one status; newest first',
      querystring: adminHoldsPublicQuery,
      operationId: 'listHolds',
      response: { 200: withExample(holdPublicPage, exampleHoldPage), 400: problem, 401: problem, 403: problem, 503: problem },
    },
    handler: async (request, _reply, deps) => {
      const { userId, status, limit, offset, cursor } = request.query;
      const page = await deps.internal.read(
        'ledger.holds',
        { userId, limit, offset: startOf(request, 'offset', offset, cursor), status },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.holds.length) };
    },
  }),
];

export function registerHoldRoutes(app: App, deps: HoldRouteDeps): void {
  registerRoutes(app, holdRoutes, deps);
}
