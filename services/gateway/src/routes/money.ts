import {
  clientMayReward,
  approvalPending,
  burnBody,
  coinsToMinorUnits,
  ledgerDraft,
  mintBody,
  moneyResult,
  problem,
  purchaseBody,
  refundBody,
  rewardBody,
  transferBody,
  type LedgerDraft,
  type MoneyResult,
  type Party,
  type Transaction,
  type TreasuryCode,
} from '@coin/contracts';
import { AppError, isErrorCode, statusOf } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalHttpClient } from '../clients/internal-http';
import { authorityOf, principalOf, userIdOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf, markCommandAnswered } from '../plugins/idempotency';
import {
  exampleApprovalPending,
  exampleBurn,
  exampleMint,
  exampleMoneyResult,
  examplePurchase,
  exampleRefund,
  exampleReward,
  exampleTransfer,
  withExample,
} from './examples';

export interface MoneyRouteDeps {
  commands: CommandBus;
  ledger: InternalHttpClient;
}

/** Every answer a command route may give besides its success: the ledger's refusals, a busy or slow pipeline. */
export const commandErrorResponses = {
  400: problem,
  401: problem,
  403: problem,
  404: problem,
  409: problem,
  422: problem,
  429: problem,
  503: problem,
  504: problem,
};
const errorResponses = commandErrorResponses;
const userSecurity = [{ bearerAuth: [] }];
export const apiKeySecurity = [{ bearerAuth: [], apiKey: [] }];

/** Amounts were validated by the body schema; here they become the ledger's minor units. */
export function minor(coins: number): number {
  const units = coinsToMinorUnits(coins);
  if (units === null) throw new Error('amount passed validation but is not convertible');
  return units;
}

function partyOf(target: { userId?: number | undefined; treasury?: TreasuryCode | undefined }): Party {
  return target.userId !== undefined ? { kind: 'user', userId: target.userId } : { kind: 'treasury', code: target.treasury! };
}

/**
 * Sends a keyed command and marks the request answered by the command's own outcome (its result,
 * or the ledger's rejection) so GET /api/commands/{key} can show it; a timeout or an outage is
 * not the command's answer.
 */
export async function answered<T>(request: FastifyRequest, send: () => Promise<T>): Promise<T> {
  try {
    const result = await send();
    markCommandAnswered(request);
    return result;
  } catch (err) {
    if (isCommandRejection(err)) markCommandAnswered(request);
    throw err;
  }
}

/**
 * The ledger decided the command and refused it (a 4xx it stored as the command's outcome), as
 * opposed to a timeout or an outage (5xx: the outcome is not known) or a key reused for another
 * request (the answer to this request, not the command's outcome).
 */
export function isCommandRejection(err: unknown): boolean {
  return err instanceof AppError && isErrorCode(err.code) && statusOf(err.code) < 500 && err.code !== 'IDEMPOTENCY_KEY_REUSED';
}

type ApprovalPendingResult = z.infer<typeof approvalPending>;

/** The commands the money endpoints send: each answers with a transaction and the wallet it debited (MINT: credited). */
type MoneyDraft = LedgerDraft<'ledger.transfer'>;

/**
 * Money endpoints (docs/CONTRACT.md "Transaction types"). Each sends one command to the ledger (keyed, by the contract, by
 * the wallet it debits; MINT: credits) and answers 201 with the ledger's stored outcome once the
 * debit side has committed; rejections come back as the ledger's error code. Each command
 * carries the hash of its request, so the ledger can tell a retry from a reused key.
 */
export function registerMoneyRoutes(app: App, deps: MoneyRouteDeps): void {
  /**
   * A person's MINT, BURN or REFUND that would take a four-eyes window to its threshold
   * is not applied: the ledger, which counts the windows (docs/DESIGN.md "Four-eyes windows"),
   * stores it as an approval request that another ADMIN+ approves (routes/approvals.ts), and the
   * answer is 202 with the request. The gateway only relays: it judges no threshold itself, so a
   * caller cannot split or parallelise past a check it does not make.
   */
  async function executeOrWait(
    request: FastifyRequest,
    reply: FastifyReply,
    draft: LedgerDraft<'ledger.mint' | 'ledger.burn' | 'ledger.refund' | 'ledger.reward'>,
  ): Promise<MoneyResult | ApprovalPendingResult> {
    const result = await answered(request, () =>
      deps.commands.ledger(draft, {
        ...authorityOf(request),
        commandId: idempotencyOf(request).commandId,
        requestId: String(request.id),
      }),
    );
    reply.status('approval' in result && !('transaction' in result) ? 202 : 201);
    return result;
  }

  async function execute(request: FastifyRequest, reply: FastifyReply, draft: MoneyDraft): Promise<MoneyResult> {
    const result = await answered(request, () =>
      deps.commands.ledger(draft, {
        ...authorityOf(request),
        commandId: idempotencyOf(request).commandId,
        requestId: String(request.id),
      }),
    );
    reply.status(201);
    return result;
  }

  app.post(
    '/api/admin/mint',
    {
      config: { access: 'admin', apiKeyScope: 'mint', idempotent: true },
      schema: {
        tags: ['admin', 'money'],
        summary: 'Create coins in a user wallet or a treasury',
        security: apiKeySecurity,
        headers: idempotencyHeaders,
        operationId: 'mintCoins',
        body: withExample(mintBody, exampleMint),
        response: {
          201: withExample(moneyResult, exampleMoneyResult),
          202: withExample(approvalPending, exampleApprovalPending),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { amount, reason } = request.body;
      const { requestHash } = idempotencyOf(request);
      return executeOrWait(
        request,
        reply,
        ledgerDraft('ledger.mint', { to: partyOf(request.body), amount: minor(amount), reason, requestHash }),
      );
    },
  );

  app.post(
    '/api/admin/burn',
    {
      config: { access: 'admin', apiKeyScope: 'burn', idempotent: true },
      schema: {
        tags: ['admin', 'money'],
        summary: 'Destroy coins from a user wallet or a treasury',
        security: apiKeySecurity,
        headers: idempotencyHeaders,
        operationId: 'burnCoins',
        body: withExample(burnBody, exampleBurn),
        response: {
          201: withExample(moneyResult, exampleMoneyResult),
          202: withExample(approvalPending, exampleApprovalPending),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { amount, reason } = request.body;
      const { requestHash } = idempotencyOf(request);
      return executeOrWait(
        request,
        reply,
        ledgerDraft('ledger.burn', { from: partyOf(request.body), amount: minor(amount), reason, requestHash }),
      );
    },
  );

  app.post(
    '/api/coins/transfer',
    {
      config: { access: 'user', idempotent: true },
      schema: {
        tags: ['coins', 'money'],
        summary: "Move coins from the caller's wallet to a user (toUserId) or a treasury (toTreasury)",
        security: userSecurity,
        headers: idempotencyHeaders,
        operationId: 'transferCoins',
        body: withExample(transferBody, exampleTransfer),
        response: { 201: withExample(moneyResult, exampleMoneyResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { toUserId, toTreasury, amount, reason } = request.body;
      const { requestHash } = idempotencyOf(request);
      return execute(
        request,
        reply,
        ledgerDraft('ledger.transfer', {
          kind: 'TRANSFER',
          fromUserId: userIdOf(request),
          to: partyOf({ userId: toUserId, treasury: toTreasury }),
          amount: minor(amount),
          reason,
          requestHash,
        }),
      );
    },
  );

  app.post(
    '/api/coins/purchase',
    {
      config: { access: 'user', idempotent: true },
      schema: {
        tags: ['coins', 'money'],
        summary: 'Pay a treasury for a course, product or subscription',
        security: userSecurity,
        headers: idempotencyHeaders,
        operationId: 'purchase',
        body: withExample(purchaseBody, examplePurchase),
        response: { 201: withExample(moneyResult, exampleMoneyResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { treasury, amount, reason, reference } = request.body;
      const { requestHash } = idempotencyOf(request);
      return execute(
        request,
        reply,
        ledgerDraft('ledger.transfer', {
          kind: 'PURCHASE',
          fromUserId: userIdOf(request),
          to: { kind: 'treasury', code: treasury },
          amount: minor(amount),
          reason,
          ...(reference !== undefined ? { reference } : {}),
          requestHash,
        }),
      );
    },
  );

  app.post(
    '/api/admin/reward',
    {
      config: { access: 'reward', apiKeyScope: 'reward', idempotent: true },
      schema: {
        tags: ['admin', 'money'],
        summary:
          'Pay a user from the REWARDS treasury (platform clients with their token; admins with an API key of the reward scope, never to themselves)',
        security: [{ bearerAuth: [] }, { bearerAuth: [], apiKey: [] }],
        headers: idempotencyHeaders,
        operationId: 'rewardUser',
        body: withExample(rewardBody, exampleReward),
        response: {
          201: withExample(moneyResult, exampleMoneyResult),
          202: withExample(approvalPending, exampleApprovalPending).describe(
            "A person's reward that would take a four-eyes window to its threshold waits for a second ADMIN+ (a platform client's never does)",
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      if (principal.kind === 'system' && !clientMayReward(principal.treasuries)) {
        throw new AppError('FORBIDDEN', 'This platform client is not granted the REWARDS treasury');
      }
      const { userId, amount, reason } = request.body;
      const { requestHash } = idempotencyOf(request);
      return executeOrWait(request, reply, ledgerDraft('ledger.reward', { toUserId: userId, amount: minor(amount), reason, requestHash }));
    },
  );

  app.post(
    '/api/admin/refund',
    {
      config: { access: 'admin', apiKeyScope: 'refund', idempotent: true },
      schema: {
        tags: ['admin', 'money'],
        summary: 'Refund a purchase, in full (default) or in part; refunds never exceed the purchase',
        security: apiKeySecurity,
        headers: idempotencyHeaders,
        operationId: 'refundTransaction',
        body: withExample(refundBody, exampleRefund),
        response: {
          201: withExample(moneyResult, exampleMoneyResult),
          202: withExample(approvalPending, exampleApprovalPending),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { transactionId, amount, reason } = request.body;
      // The refund debits the treasury the purchase paid, so the command names that treasury
      // (its key); the ledger checks the purchase again when it applies the refund.
      const purchase = await deps.ledger.get<Transaction>(`/internal/transactions/${transactionId}`, String(request.id));
      if (purchase.type !== 'PURCHASE' || purchase.toTreasury === null)
        throw new AppError('NOT_REFUNDABLE', 'Only a purchase can be refunded');
      const { requestHash } = idempotencyOf(request);
      return executeOrWait(
        request,
        reply,
        ledgerDraft('ledger.refund', {
          transactionId,
          treasury: purchase.toTreasury,
          reason,
          ...(amount !== undefined ? { amount: minor(amount) } : {}),
          requestHash,
        }),
      );
    },
  );
}
