import { randomUUID } from 'node:crypto';
import { randomIdNonce } from '@coin/security';
import { payoutCallbackBodyBytesMax } from '@coin/events';
import {
  cashoutCallbackBody,
  cashoutIdParams,
  claimCashoutResult,
  clientMayCashout,
  cashoutPublicPage,
  cashoutsPublicQuery,
  myCashoutsPublicQuery,
  problem,
  reconciliation,
  reconciliationCsv,
  reconciliationQuery,
  cashoutResult,
  createCashoutBody,
  ledgerDraft,
  payerOfHoldId,
  settleCashoutResult,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { ProviderCallbackSecrets } from '../auth/callback-secrets';
import { callbackSignatureRefusal } from '../auth/callback-signature';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf, principalOf, userIdOf } from '../plugins/auth';
import { dryRunQuery, idempotencyHeaders } from '../plugins/idempotency';
import { parseJsonBody } from '../plugins/json-body';
import { minor } from './amounts';
import { commandErrorResponses as errorResponses, dryRunnable, sendLedgerCommand } from './command-route';
import { exampleAt, exampleTransaction, exampleUserId, exampleWallet, withExample } from './examples';
import { offsetLinks, startOf } from './paging';

// The OpenAPI examples of these routes.
/** POST /api/cashouts: 25.50 coins to a mobile money account, to be paid by the provider pc_momo (named: only it may claim it). */
const exampleCreateCashout = { amount: 25.5, msisdn: '+237670000000', providerClientId: 'pc_momo' };
export const exampleCashout = {
  id: '3f0c1d2e-4b5a-8c7d-8e00-00000000002a',
  userId: exampleUserId,
  amount: 25.5,
  xafAmount: 16702,
  xafPerCoin: 655,
  rateEffectiveFrom: '2026-11-01T00:00:00.000Z',
  msisdn: '+237670000000',
  providerClientId: 'pc_momo',
  claimedBy: null,
  claimedAt: null,
  status: 'REQUESTED',
  providerReference: null,
  transactionId: null,
  approval: { status: 'NOT_REQUIRED', approvedBy: null, approvedAt: null },
  expiresAt: '2026-11-25T10:00:00.000Z',
  createdAt: exampleAt,
  updatedAt: exampleAt,
} as const;
export const exampleCashoutResult = { cashout: exampleCashout, wallet: { ...exampleWallet, activeCoins: 125 } };
/** POST /api/cashouts/{id}/claim: pc_momo took it to pay. */
const exampleClaimedCashout = {
  ...exampleCashout,
  status: 'CLAIMED',
  claimedBy: 'pc_momo',
  claimedAt: '2026-11-24T10:05:00.000Z',
} as const;
const exampleClaimCashoutResult = { cashout: exampleClaimedCashout } as const;
/** POST /api/cashouts/callbacks: the provider paid it (its own reference of the payment). */
const exampleCashoutCallback = { cashoutId: exampleCashout.id, outcome: 'CONFIRMED', providerReference: 'MOMO-778' } as const;
const exampleSettleCashoutResult = {
  cashout: { ...exampleClaimedCashout, status: 'CONFIRMED', providerReference: 'MOMO-778', transactionId: 1003 },
  transaction: {
    ...exampleTransaction,
    id: 1003,
    type: 'BURN',
    amount: 25.5,
    toUserId: null,
    reason: 'Cash-out of 16702 XAF',
    metadata: { cashoutXafAmount: '16702', cashoutXafPerCoin: '655', cashoutProvider: 'pc_momo', cashoutProviderReference: 'MOMO-778' },
  },
  wallet: { ...exampleWallet, balance: 125, activeCoins: 125, totalSent: 75 },
} as const;
const exampleCashoutPage = {
  cashouts: [exampleCashout],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};
const exampleReconciliation = {
  from: '2026-11-24',
  to: '2026-11-24',
  lines: [
    {
      day: '2026-11-24',
      providerClientId: 'pc_momo',
      requested: 3,
      requestedXaf: 42900,
      confirmed: 2,
      confirmedCoins: 40,
      confirmedXaf: 26200,
      failed: 1,
      expired: 0,
      released: 0,
      pending: 0,
      claimed: 0,
      overdue: 0,
      frozen: 0,
    },
  ],
};

/** Where a provider's callback secrets come from (auth/callback-secrets.ts: its issued ones, or the configured fallback). */
export type CallbackSecretSource = Pick<ProviderCallbackSecrets, 'secretsOf'>;

export interface CashoutRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
  /** The payout providers' callback secrets; absent, or none for a client: every callback of it is refused. */
  callbackSecrets?: CallbackSecretSource;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact text of a signed callback's body, which its signature is over. */
    rawCallbackBody?: string;
  }
}

/**
 * A 403 for a platform client not granted `cashout` (its verified token's claim), or null: only a
 * payout provider claims, settles or reads a queue. The ledger judges the same claim again itself.
 */
function providerRefusal(request: FastifyRequest): AppError | null {
  return clientMayCashout(principalOf(request).cashout)
    ? null
    : new AppError('FORBIDDEN', 'This platform client is not granted cashout: it is no payout provider');
}

/** Refuses (403, audited as a refusal) a client that is no payout provider. */
function requireProvider(request: FastifyRequest): void {
  const refusal = providerRefusal(request);
  if (refusal) {
    request.refusedAtGateway = true;
    throw refusal;
  }
}

/** The largest callback body read (bytes): a callback is a few hundred. */
const callbackBodyBytesMax = payoutCallbackBodyBytesMax;

/** Why a callback's signature is refused with these secrets, or null. */
function signatureRefusal(request: FastifyRequest, secrets: readonly string[]): AppError | null {
  return callbackSignatureRefusal(request.rawCallbackBody ?? '', request.headers, secrets);
}

/**
 * Why a provider's callback is refused before its body is read, or null: signed with one of its
 * own secrets (its token's client's: another provider's never verifies; Standard Webhooks:
 * `webhook-id`, `webhook-timestamp`, `webhook-signature` over "<id>.<timestamp>.<body>") within
 * 5 minutes, with a usable id. Secrets from the cache that refuse it are read again from the user
 * service: a cache never grants, and a secret approved since the entry was cached verifies at once.
 */
async function callbackRefusal(request: FastifyRequest, source: CallbackSecretSource | undefined): Promise<AppError | null> {
  const grantRefusal = providerRefusal(request);
  if (grantRefusal) return grantRefusal;
  const provider = principalOf(request).subject;
  const requestId = String(request.id);
  let { secrets, cached } = source ? await source.secretsOf(provider, { requestId }) : { secrets: [], cached: false };
  let refusal = secrets.length > 0 ? signatureRefusal(request, secrets) : null;
  if ((refusal || secrets.length === 0) && cached && source) {
    ({ secrets, cached } = await source.secretsOf(provider, { fresh: true, requestId }));
    refusal = secrets.length > 0 ? signatureRefusal(request, secrets) : null;
  }
  if (secrets.length === 0) return new AppError('FORBIDDEN', 'This platform client is no payout provider with a callback secret');
  return refusal;
}

/** The callback route's own context: its JSON parser keeps the exact text the signature is over. */
function registerCallbackRoute(app: FastifyInstance, deps: CashoutRouteDeps): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: callbackBodyBytesMax }, (request, body, done) => {
    request.rawCallbackBody = body as string;
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  (app as App).post(
    '/api/cashouts/callbacks',
    {
      config: { access: 'platform' },
      // Nothing of the body is judged before the signature holds.
      preValidation: async (request) => {
        const refusal = await callbackRefusal(request, deps.callbackSecrets);
        if (refusal) {
          request.refusedAtGateway = true;
          throw refusal;
        }
      },
      schema: {
        tags: ['cashouts'],
        summary:
          "A payout provider's word on a cash-out it claimed: CONFIRMED burns the held coins (a BURN with the XAF amount and the rate), FAILED releases them; one past its window (CLAIM_OVERDUE) is settled the same way. Signed with the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) and the provider's callback secret; applied once: a forged, stale or replayed callback is refused and audited. A CONFIRMED of a cash-out claimed once its payer's wallet was frozen is 409 WALLET_FROZEN (audited): the provider fails it",
        operationId: 'settleCashout',
        body: withExample(cashoutCallbackBody, exampleCashoutCallback),
        response: { 200: withExample(settleCashoutResult, exampleSettleCashoutResult), ...errorResponses },
      },
    },
    async (request) => {
      const { cashoutId, outcome, providerReference } = request.body;
      const fromUserId = payerOfHoldId(cashoutId);
      if (fromUserId === null) throw new AppError('NOT_FOUND', `Cash-out ${cashoutId} does not exist`);
      const webhookId = String(request.headers['webhook-id']);
      const draft = ledgerDraft('ledger.settle-cashout', {
        holdId: cashoutId,
        fromUserId,
        outcome,
        callbackId: webhookId,
        ...(providerReference !== undefined ? { providerReference } : {}),
      });
      try {
        // A command of its own each time: a second delivery is judged, and refused, by the settled cash-out, not answered from a key.
        return await deps.commands.ledger(draft, { ...authorityOf(request), commandId: randomUUID(), requestId: String(request.id) });
      } catch (err) {
        if (err instanceof AppError && err.code === 'HOLD_NOT_PENDING') {
          request.refusedAtGateway = true;
          throw new AppError('FORBIDDEN', `This cash-out is already settled or released: the callback is refused (${err.message})`);
        }
        throw err;
      }
    },
  );
}

/**
 * Cash-out to XAF (docs/CONTRACT.md "Cash-out"): a user asks, the ledger holds the coins and
 * fixes the XAF amount at the rate in force; a payout provider claims it and settles it by a
 * signed callback.
 * Every command is keyed by the payer's wallet: the callback learns the payer from the cash-out's
 * id (a hold id naming its payer, docs/decisions/0005).
 */
export function registerCashoutRoutes(app: App, deps: CashoutRouteDeps): void {
  app.post(
    '/api/cashouts',
    {
      config: { access: 'user', idempotent: true, dryRun: true },
      schema: {
        tags: ['cashouts'],
        summary:
          "Exchange coins of the caller's wallet for XAF paid to a mobile money account by a payout provider: the coins are held at once and the rate in force fixes the XAF amount; the provider's callback burns them, or they are released",
        headers: idempotencyHeaders,
        operationId: 'createCashout',
        querystring: dryRunQuery,
        body: withExample(createCashoutBody, exampleCreateCashout),
        response: { 201: withExample(dryRunnable(cashoutResult), exampleCashoutResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { amount, msisdn, providerClientId } = request.body;
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.cashout', {
          fromUserId: userIdOf(request),
          amount: minor(amount),
          msisdn,
          ...(providerClientId !== undefined ? { providerClientId } : {}),
          // The cash-out's id derives from these random bits too: not computable from the payer and the key.
          idNonce: randomIdNonce(),
          requestHash,
        }),
      );
    },
  );
  registerClaimRoute(app, deps);
  void app.register(async (child) => registerCallbackRoute(child, deps));
  registerCashoutReads(app, deps);
}

/**
 * A payout provider claims a REQUESTED cash-out (docs/CONTRACT.md "Cash-out"): it becomes CLAIMED
 * by it, whose signed callback alone then settles it. Keyed by the payer's wallet, which the id names.
 */
function registerClaimRoute(app: App, deps: CashoutRouteDeps): void {
  app.post(
    '/api/cashouts/:id/claim',
    {
      config: { access: 'platform' },
      preValidation: async (request) => requireProvider(request),
      schema: {
        tags: ['cashouts'],
        summary:
          'A payout provider (a platform client granted cashout) takes a REQUESTED cash-out to pay: it becomes CLAIMED by it, and only its signed callback settles it. Once: a cash-out claimed by another provider, or naming another, is 403; the same provider claiming again gets it as it stands. One above the four-eyes threshold no second person approved yet is 403 CASHOUT_NOT_APPROVED; one whose payer has a frozen wallet is 409 WALLET_FROZEN (both audited)',
        operationId: 'claimCashout',
        params: cashoutIdParams,
        response: { 200: withExample(claimCashoutResult, exampleClaimCashoutResult), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const fromUserId = payerOfHoldId(id);
      if (fromUserId === null) throw new AppError('NOT_FOUND', `Cash-out ${id} does not exist`);
      const draft = ledgerDraft('ledger.claim-cashout', { holdId: id, fromUserId });
      // A command of its own each time: a second claim is judged by the cash-out's state, not answered from a key.
      return deps.commands.ledger(draft, { ...authorityOf(request), commandId: randomUUID(), requestId: String(request.id) });
    },
  );
}

const readErrors = { 400: problem, 401: problem, 403: problem, 503: problem };

/** The cash-out queue with its states (ADMIN+) and a provider's own cash-outs. */
function registerCashoutReads(app: App, deps: CashoutRouteDeps): void {
  app.get(
    '/api/admin/cashouts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['cashouts', 'admin'],
        summary: 'The cash-out queue, newest first: every cash-out, or those of one state (REQUESTED is the queue) or one provider',
        querystring: cashoutsPublicQuery,
        operationId: 'listCashouts',
        response: { 200: withExample(cashoutPublicPage, exampleCashoutPage), ...readErrors },
      },
    },
    async (request) => {
      const { status, providerClientId, approval, limit, offset, cursor } = request.query;
      const page = await deps.internal.read(
        'ledger.cashouts',
        { status, providerClientId, approval, limit, offset: startOf(request, 'offset', offset, cursor) },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.cashouts.length) };
    },
  );

  // A provider learns what to pay here: its own cash-outs only, whatever it asks for.
  app.get(
    '/api/cashouts/assigned',
    {
      config: { access: 'platform' },
      schema: {
        tags: ['cashouts'],
        summary:
          "The calling payout provider's queue, newest first: the REQUESTED cash-outs it may claim (naming it or no provider) and those it claimed (status=CLAIMED: what it has to pay or fail by its callback; status=CLAIM_OVERDUE: those past their window, still its to settle); one waiting for its second person, or whose payer's wallet is frozen, is not listed as claimable",
        querystring: cashoutsPublicQuery,
        operationId: 'listAssignedCashouts',
        response: { 200: withExample(cashoutPublicPage, exampleCashoutPage), ...readErrors },
      },
    },
    async (request) => {
      requireProvider(request);
      const { status, providerClientId, approval, limit, offset, cursor } = request.query;
      const own = principalOf(request).subject;
      if (providerClientId !== undefined && providerClientId !== own) {
        throw new AppError('FORBIDDEN', 'A provider reads its own cash-outs only');
      }
      // A cash-out waiting for its second person is not the provider's to pay yet: never in its queue.
      if (approval === 'PENDING') throw new AppError('FORBIDDEN', 'A cash-out waiting for its second person is not shown to its provider');
      const page = await deps.internal.read(
        'ledger.cashouts',
        { status, assignedTo: own, approval: 'CLEARED', limit, offset: startOf(request, 'offset', offset, cursor) },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.cashouts.length) };
    },
  );

  registerMyCashouts(app, deps);
  registerReconciliationRead(app, deps);
}

/** A user's own cash-outs: the payer is the caller's verified id, whatever the query says (it names none). */
function registerMyCashouts(app: App, deps: CashoutRouteDeps): void {
  app.get(
    '/api/cashouts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cashouts'],
        summary: "The caller's own cash-outs, newest first, optionally of one state (offset pages with the total)",
        querystring: myCashoutsPublicQuery,
        operationId: 'listMyCashouts',
        response: { 200: withExample(cashoutPublicPage, exampleCashoutPage), ...readErrors },
      },
    },
    async (request) => {
      const { status, limit, offset, cursor } = request.query;
      const page = await deps.internal.read(
        'ledger.cashouts',
        { status, fromUserId: userIdOf(request), limit, offset: startOf(request, 'offset', offset, cursor) },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.cashouts.length) };
    },
  );
}

/** The reconciliation per provider and UTC day (ADMIN+), JSON or CSV. */
function registerReconciliationRead(app: App, deps: CashoutRouteDeps): void {
  app.get(
    '/api/admin/cashouts/reconciliation',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['cashouts', 'admin'],
        summary:
          "Each provider's cash-outs by the UTC day they were asked for (from and to included, at most 366 days): requested, confirmed (coins and the XAF paid), failed, expired, released, pending; JSON or, with format=csv, CSV to match against the provider's statement",
        querystring: reconciliationQuery,
        operationId: 'getCashoutReconciliation',
        response: {
          200: {
            description: 'JSON, or with format=csv a header row and one row per provider and day',
            content: {
              'application/json': { schema: withExample(reconciliation, exampleReconciliation) },
              'text/csv': { schema: z.string().meta({ examples: [reconciliationCsv(exampleReconciliation)] }) },
            },
          },
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await deps.internal.read('ledger.cashout-reconciliation', { ...query, format: 'json' }, String(request.id));
      if (format !== 'csv') return reply.type('application/json; charset=utf-8').send(report);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cashouts-${query.from}-${query.to}.csv"`)
        .send(reconciliationCsv(report));
    },
  );
}
