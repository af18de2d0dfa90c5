import { randomIdNonce } from '@coin/security';
import {
  apiKeyScopeOfCommand,
  clientMayReward,
  approvalPending,
  burnBody,
  ledgerDraft,
  mintBody,
  moneyResult,
  purchaseBody,
  purchaseResult,
  referralClaimsOf,
  refundBody,
  refundResult,
  rewardBody,
  transferBody,
  type Party,
  type TreasuryCode,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { principalOf, userIdOf } from '../plugins/auth';
import { refusePaymentToPeopleBehindKey } from '../plugins/api-key';
import { dryRunQuery, idempotencyHeaders } from '../plugins/idempotency';
import { minor } from './amounts';
import {
  appliedOrPending,
  approvableMoneyFields,
  commandErrorResponses as errorResponses,
  dryRunnable,
  moneyFields,
  sendLedgerCommand,
  withMetadata,
} from './command-route';
import { exampleApprovalPending, exampleMoneyResult, exampleReferral, exampleUserId, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';
import { spaceOf } from '../plugins/sandbox';
import { requireTestUsers } from './sandbox-economy';

// The OpenAPI examples of these routes.
export const exampleMint = { treasury: 'REWARDS', amount: 10000, reason: 'Quarterly rewards budget' } as const;
export const exampleBurn = { userId: exampleUserId, amount: 25.5, reason: 'Correction of a duplicate mint' };
export const exampleTransfer = { toUserId: 43, amount: 12.5, reason: 'Lunch, split two ways' };
export const examplePurchase = {
  treasury: 'COURSE_FEES',
  amount: 49.99,
  reason: 'Course: TypeScript basics',
  reference: 'ORDER-2026-0042',
  affiliate: { referral: exampleReferral.referral },
} as const;
export const exampleReward = { userId: exampleUserId, amount: 5, reason: 'Completed the onboarding course' };
export const exampleRefund = { transactionId: 1001, amount: 10, reason: 'Partial refund: one lesson cancelled' };

export interface MoneyRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

const route = routeOf<MoneyRouteDeps>();

function partyOf(target: { userId?: number | undefined; treasury?: TreasuryCode | undefined }): Party {
  return target.userId !== undefined ? { kind: 'user', userId: target.userId } : { kind: 'treasury', code: target.treasury! };
}

/** A reward from REWARDS: a platform client within its grants, or an ADMIN+ with an API key of the reward scope. */
const rewardRoutes: RouteDef<MoneyRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/reward',
    config: { access: 'reward', apiKeyScope: apiKeyScopeOfCommand['ledger.reward'], idempotent: true, sandbox: 'ledger', dryRun: true },
    schema: {
      tags: ['admin', 'money'],
      summary:
        'Pay a user from the REWARDS treasury (platform clients with their token; admins with an API key of the reward scope, never to themselves)',
      headers: idempotencyHeaders,
      operationId: 'rewardUser',
      querystring: dryRunQuery,
      body: withExample(rewardBody, exampleReward),
      response: {
        201: withExample(dryRunnable(moneyResult), exampleMoneyResult),
        202: withExample(dryRunnable(approvalPending), exampleApprovalPending).describe(
          "A person's reward that would take a four-eyes window to its threshold waits for a second ADMIN+ (a platform client's never does)",
        ),
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const principal = principalOf(request);
      if (principal.kind === 'system' && !clientMayReward(principal.treasuries)) {
        throw new AppError('FORBIDDEN', 'This platform client is not granted the REWARDS treasury');
      }
      const { userId, reference } = request.body;
      refusePaymentToPeopleBehindKey(request, [userId]);
      // A test-mode client rewards in the sandbox only the users who linked it.
      if (spaceOf(request) === 'test') await requireTestUsers(deps.internal, request, principal.subject, [userId]);
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) =>
          ledgerDraft('ledger.reward', {
            toUserId: userId,
            ...approvableMoneyFields(request.body),
            ...(reference !== undefined ? { reference } : {}),
            requestHash,
          }),
        appliedOrPending,
      );
    },
  }),
];

/**
 * A refund: it debits the treasury the purchase paid, so the command names that treasury (its
 * key). A request naming it is sent there with no read (docs/decisions/0005): the ledger alone
 * judges the purchase (that it paid this treasury, what remains, who it pays). A request naming
 * none (clients before 3.0.0) reads the purchase once to learn it, and refuses early by the same rules.
 */
async function sendRefund(deps: MoneyRouteDeps, request: FastifyRequest, reply: FastifyReply, body: z.infer<typeof refundBody>) {
  const { transactionId, amount, reason, metadata } = body;
  const treasury = body.treasury ?? (await treasuryOfPurchase(deps, request, transactionId));
  return sendLedgerCommand(
    deps.commands,
    request,
    reply,
    (requestHash) =>
      ledgerDraft('ledger.refund', {
        transactionId,
        treasury,
        reason,
        ...(amount !== undefined ? { amount: minor(amount) } : {}),
        ...withMetadata(metadata),
        idNonce: randomIdNonce(),
        requestHash,
      }),
    appliedOrPending,
  );
}

/** The treasury a purchase paid, read from the ledger (a refund request naming none); NOT_REFUNDABLE for anything but a purchase. */
async function treasuryOfPurchase(deps: MoneyRouteDeps, request: FastifyRequest, transactionId: number) {
  const purchase = await deps.internal.read('ledger.transaction', { id: transactionId }, String(request.id));
  const treasury = purchase.toTreasury;
  if (purchase.type !== 'PURCHASE' || treasury === null) throw new AppError('NOT_REFUNDABLE', 'Only a purchase can be refunded');
  if (purchase.fromUserId !== null) refusePaymentToPeopleBehindKey(request, [purchase.fromUserId]);
  return treasury;
}

/**
 * Why a purchase's referral cannot pay its affiliate, thrown before anything is sent: it was
 * signed for another buyer, treasury or reference, it names the buyer, or it has expired. Its
 * signature and its client's revocation are the ledger's to judge (a forged one is refused there).
 */
function refuseReferral(referral: string, purchase: { buyerUserId: number; treasury: string; reference?: string | undefined }): void {
  const claims = referralClaimsOf(referral);
  const invalid = (detail: string) => new AppError('REFERRAL_INVALID', detail);
  if (!claims) throw invalid('affiliate.referral is not a referral: its claims are not those POST /api/platform/referrals signs');
  if (claims.buyer !== purchase.buyerUserId) throw invalid('The referral was signed for another buyer');
  if (claims.treasury !== purchase.treasury) throw invalid(`The referral is for purchases paying ${claims.treasury}`);
  if (claims.reference !== undefined && claims.reference !== purchase.reference) {
    throw invalid(`The referral is for the purchase with reference ${claims.reference} only`);
  }
  if (claims.exp * 1000 <= Date.now()) throw invalid('The referral has expired: ask the platform for a new one');
  if (claims.affiliate === purchase.buyerUserId)
    throw new AppError('SELF_REFERRAL', 'The buyer cannot be the affiliate of their own purchase');
}

/** A purchase, split with an affiliate when it names one by a referral (docs/CONTRACT.md "Affiliate splits"). */
const purchaseRoutes: RouteDef<MoneyRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/coins/purchase',
    config: { access: 'user', idempotent: true, dryRun: true },
    schema: {
      tags: ['coins', 'money'],
      summary:
        "Pay a treasury for a course, product or subscription; with a platform client's referral (`affiliate.referral`, POST /api/platform/referrals) it is split by that client's commission rule (the affiliate's commission in `commission`)",
      headers: idempotencyHeaders,
      operationId: 'purchase',
      querystring: dryRunQuery,
      body: withExample(purchaseBody, examplePurchase),
      response: { 201: withExample(dryRunnable(purchaseResult), exampleMoneyResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { treasury, reference, affiliate } = request.body;
      // Refused early as the ledger would (it verifies the referral and judges again).
      if (affiliate) refuseReferral(affiliate.referral, { buyerUserId: userIdOf(request), treasury, reference });
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.transfer', {
          kind: 'PURCHASE',
          fromUserId: userIdOf(request),
          to: { kind: 'treasury', code: treasury },
          ...moneyFields(request.body),
          ...(reference !== undefined ? { reference } : {}),
          ...(affiliate !== undefined ? { affiliate } : {}),
          requestHash,
        }),
      );
    },
  }),
];

/**
 * Money endpoints (docs/CONTRACT.md "Transaction types"). Each sends one command to the ledger (keyed, by the contract, by
 * the wallet it debits; MINT: credits) and answers 201 with the ledger's stored outcome once the
 * debit side has committed; rejections come back as the ledger's error code. Each command
 * carries the hash of its request, so the ledger can tell a retry from a reused key.
 *
 * A person's MINT, BURN, REFUND or REWARD that would take a four-eyes window to its threshold
 * is not applied: the ledger, which counts the windows (docs/design/ledger.md "Four-eyes windows"),
 * stores it as an approval request that another ADMIN+ approves (routes/four-eyes/approvals.ts), and the
 * answer is 202 with the request (appliedOrPending). The gateway only relays: it judges no
 * threshold itself, so a caller cannot split or parallelise past a check it does not make.
 *
 * The API key scope of each admin route is the contract's for the command it sends
 * (apiKeyScopeOfCommand), the table the ledger checks the command's key proof against.
 */
export const moneyRoutes: RouteDef<MoneyRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/mint',
    config: { access: 'admin', apiKeyScope: apiKeyScopeOfCommand['ledger.mint'], idempotent: true },
    schema: {
      tags: ['admin', 'money'],
      summary: 'Create coins in a user wallet or a treasury',
      headers: idempotencyHeaders,
      operationId: 'mintCoins',
      body: withExample(mintBody, exampleMint),
      response: {
        201: withExample(moneyResult, exampleMoneyResult),
        202: withExample(approvalPending, exampleApprovalPending),
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      if (request.body.userId !== undefined) refusePaymentToPeopleBehindKey(request, [request.body.userId]);
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.mint', { to: partyOf(request.body), ...approvableMoneyFields(request.body), requestHash }),
        appliedOrPending,
      );
    },
  }),

  route({
    method: 'POST',
    url: '/api/admin/burn',
    config: { access: 'admin', apiKeyScope: apiKeyScopeOfCommand['ledger.burn'], idempotent: true },
    schema: {
      tags: ['admin', 'money'],
      summary: 'Destroy coins from a user wallet or a treasury',
      headers: idempotencyHeaders,
      operationId: 'burnCoins',
      body: withExample(burnBody, exampleBurn),
      response: {
        201: withExample(moneyResult, exampleMoneyResult),
        202: withExample(approvalPending, exampleApprovalPending),
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.burn', { from: partyOf(request.body), ...approvableMoneyFields(request.body), requestHash }),
        appliedOrPending,
      );
    },
  }),

  route({
    method: 'POST',
    url: '/api/coins/transfer',
    config: { access: 'user', idempotent: true, dryRun: true },
    schema: {
      tags: ['coins', 'money'],
      summary: "Move coins from the caller's wallet to a user (toUserId) or a treasury (toTreasury)",
      headers: idempotencyHeaders,
      operationId: 'transferCoins',
      querystring: dryRunQuery,
      body: withExample(transferBody, exampleTransfer),
      response: { 201: withExample(dryRunnable(moneyResult), exampleMoneyResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { toUserId, toTreasury } = request.body;
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.transfer', {
          kind: 'TRANSFER',
          fromUserId: userIdOf(request),
          to: partyOf({ userId: toUserId, treasury: toTreasury }),
          ...moneyFields(request.body),
          requestHash,
        }),
      );
    },
  }),

  ...purchaseRoutes,

  ...rewardRoutes,

  route({
    method: 'POST',
    url: '/api/admin/refund',
    config: { access: 'admin', apiKeyScope: apiKeyScopeOfCommand['ledger.refund'], idempotent: true, dryRun: true },
    schema: {
      tags: ['admin', 'money'],
      summary: 'Refund a purchase, in full (default) or in part; refunds never exceed the purchase',
      headers: idempotencyHeaders,
      operationId: 'refundTransaction',
      querystring: dryRunQuery,
      body: withExample(refundBody, exampleRefund),
      response: {
        201: withExample(dryRunnable(refundResult), exampleMoneyResult),
        202: withExample(dryRunnable(approvalPending), exampleApprovalPending),
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => sendRefund(deps, request, reply, request.body),
  }),
];

export function registerMoneyRoutes(app: App, deps: MoneyRouteDeps): void {
  registerRoutes(app, moneyRoutes, deps);
}
