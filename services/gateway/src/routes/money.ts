import {
  burnBody,
  coinsToMinorUnits,
  mintBody,
  moneyResult,
  problem,
  purchaseBody,
  refundBody,
  rewardBody,
  transferBody,
  walletKeyOf,
  walletKeyOfTreasury,
  walletKeyOfUser,
  type Actor,
  type LedgerCommand,
  type MoneyResult,
  type Party,
  type TopicNames,
  type Transaction,
  type TreasuryCode,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CommandBus } from '../clients/commands';
import type { InternalHttpClient } from '../clients/internal-http';
import type { Principal } from '../plugins/access';
import { principalOf, userIdOf } from '../plugins/auth';
import { idempotencyHeaders, idempotencyOf } from '../plugins/idempotency';

export interface MoneyRouteDeps {
  commands: CommandBus;
  topics: TopicNames;
  ledger: InternalHttpClient;
}

const errorResponses = { 400: problem, 401: problem, 403: problem, 404: problem, 409: problem, 422: problem, 429: problem, 503: problem, 504: problem };
const userSecurity = [{ bearerAuth: [] }];
const apiKeySecurity = [{ bearerAuth: [], apiKey: [] }];

function actorOf(principal: Principal): Actor {
  return principal.kind === 'system'
    ? { kind: 'system', id: principal.subject }
    : { kind: 'user', id: principal.subject, ...(principal.role !== 'SYSTEM' ? { role: principal.role } : {}) };
}

/** Amounts were validated by the body schema; here they become the ledger's minor units. */
function minor(coins: number): number {
  const units = coinsToMinorUnits(coins);
  if (units === null) throw new Error('amount passed validation but is not convertible');
  return units;
}

function partyOf(target: { userId?: number | undefined; treasury?: TreasuryCode | undefined }): Party {
  return target.userId !== undefined ? { kind: 'user', userId: target.userId } : { kind: 'treasury', code: target.treasury! };
}

/**
 * Money endpoints (SPEC §3). Each sends one command to ledger.commands keyed by the wallet it
 * debits (MINT: credits) and answers 201 with the ledger's stored outcome once the debit side
 * has committed; rejections come back as the ledger's error code.
 */
export function registerMoneyRoutes(app: App, deps: MoneyRouteDeps): void {
  async function execute(
    request: FastifyRequest,
    reply: FastifyReply,
    command: { key: string; type: LedgerCommand['type']; data: Record<string, unknown> },
  ): Promise<MoneyResult> {
    const { commandId, requestHash } = idempotencyOf(request);
    const result = await deps.commands.execute<MoneyResult>({
      topic: deps.topics.ledgerCommands,
      key: command.key,
      type: command.type,
      data: { ...command.data, requestHash },
      actor: actorOf(principalOf(request)),
      commandId,
      requestId: String(request.id),
    });
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
        body: mintBody,
        response: { 201: moneyResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const to = partyOf(request.body);
      return execute(request, reply, {
        key: walletKeyOf(to),
        type: 'ledger.mint',
        data: { to, amount: minor(request.body.amount), reason: request.body.reason },
      });
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
        body: burnBody,
        response: { 201: moneyResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const from = partyOf(request.body);
      return execute(request, reply, {
        key: walletKeyOf(from),
        type: 'ledger.burn',
        data: { from, amount: minor(request.body.amount), reason: request.body.reason },
      });
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
        body: transferBody,
        response: { 201: moneyResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const fromUserId = userIdOf(request);
      const to = partyOf({ userId: request.body.toUserId, treasury: request.body.toTreasury });
      return execute(request, reply, {
        key: walletKeyOfUser(fromUserId),
        type: 'ledger.transfer',
        data: { kind: 'TRANSFER', fromUserId, to, amount: minor(request.body.amount), reason: request.body.reason },
      });
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
        body: purchaseBody,
        response: { 201: moneyResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const fromUserId = userIdOf(request);
      const { treasury, amount, reason, reference } = request.body;
      return execute(request, reply, {
        key: walletKeyOfUser(fromUserId),
        type: 'ledger.transfer',
        data: {
          kind: 'PURCHASE',
          fromUserId,
          to: { kind: 'treasury', code: treasury },
          amount: minor(amount),
          reason,
          ...(reference !== undefined ? { reference } : {}),
        },
      });
    },
  );

  app.post(
    '/api/admin/reward',
    {
      config: { access: 'reward', idempotent: true },
      schema: {
        tags: ['admin', 'money'],
        summary: 'Pay a user from the REWARDS treasury (platform clients and admins)',
        security: userSecurity,
        headers: idempotencyHeaders,
        body: rewardBody,
        response: { 201: moneyResult, ...errorResponses },
      },
    },
    async (request, reply) =>
      execute(request, reply, {
        key: walletKeyOfTreasury('REWARDS'),
        type: 'ledger.reward',
        data: { toUserId: request.body.userId, amount: minor(request.body.amount), reason: request.body.reason },
      }),
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
        body: refundBody,
        response: { 201: moneyResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { transactionId, amount, reason } = request.body;
      // The refund debits the treasury the purchase paid, so it is keyed by that treasury;
      // the ledger checks the purchase again when it applies the refund.
      const purchase = await deps.ledger.get<Transaction>(`/internal/transactions/${transactionId}`, String(request.id));
      if (purchase.type !== 'PURCHASE' || purchase.toTreasury === null) throw new AppError('NOT_REFUNDABLE', 'Only a purchase can be refunded');
      return execute(request, reply, {
        key: walletKeyOfTreasury(purchase.toTreasury),
        type: 'ledger.refund',
        data: { transactionId, treasury: purchase.toTreasury, reason, ...(amount !== undefined ? { amount: minor(amount) } : {}) },
      });
    },
  );
}
