import { randomIdNonce } from '@coin/security';
import {
  apiKeyScopeOfCommand,
  clientMayReward,
  ledgerDraft,
  payoutApprovalPending,
  payoutBody,
  payoutLinesMax,
  payoutResult,
  type LedgerCommandOf,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { refusePaymentToPeopleBehindKey, requireApiKeyScope, type ApiKeyVerifier } from '../plugins/api-key';
import { actsAsAdmin, principalOf, userIdOf } from '../plugins/auth';
import { dryRunQuery, idempotencyHeaders } from '../plugins/idempotency';
import { minor } from './amounts';
import { appliedOrPending, commandErrorResponses as errorResponses, dryRunnable, sendLedgerCommand, withMetadata } from './command-route';
import { examplePayoutResult, exampleUserId, withExample } from './examples';
import { examplePayoutApproval } from './four-eyes/payout';
import { registerRoutes, routeOf, type RouteDef } from './route-def';
import { spaceOf } from '../plugins/sandbox';
import { requireTestUsers } from './sandbox-economy';

// The OpenAPI examples of these routes.
const examplePayout = {
  from: { treasury: 'REWARDS' as const },
  reason: 'Spring cup: prizes',
  reference: 'spring-cup-2026',
  lines: [
    { toUserId: exampleUserId, amount: 50, reason: 'Spring cup: first place' },
    { toUserId: 43, amount: 25 },
  ],
};

// The OpenAPI examples of these routes.
const examplePayoutApprovalPending = { approval: examplePayoutApproval };

export interface PayoutRouteDeps {
  commands: CommandBus;
  apiKeys: ApiKeyVerifier;
  internal: InternalApi;
}

/**
 * The largest payout body: payoutLinesMax lines with reasons of their own need more than the
 * gateway's BODY_BYTES_MAX (16 KiB), and this bound keeps the command far below Kafka's 1 MiB.
 */
export const payoutBodyBytesMax = 256 * 1024;

type Payer = LedgerCommandOf<'ledger.payout'>['data']['from'];

/**
 * Who may pay from where (docs/design/ledger.md "Payouts"): from REWARDS, whoever may reward (a platform
 * client granted REWARDS; an ADMIN+ signed in with a second factor and an API key of the reward
 * scope); from a wallet, its owner alone, like a transfer (an ADMIN+ included: no one moves
 * another's coins). The ledger judges the same from the command's proof.
 */
async function payerOf(
  request: FastifyRequest,
  from: { treasury: 'REWARDS' } | { userId?: number | undefined },
  apiKeys: ApiKeyVerifier,
): Promise<Payer> {
  const principal = principalOf(request);
  if ('treasury' in from) {
    if (principal.kind === 'system') {
      if (!clientMayReward(principal.treasuries))
        throw new AppError('FORBIDDEN', 'This platform client is not granted the REWARDS treasury');
    } else {
      if (principal.role === 'USER' || principal.role === 'DEVELOPER') {
        throw new AppError('FORBIDDEN', 'Only ADMIN+ and platform clients granted REWARDS pay from REWARDS');
      }
      if (!actsAsAdmin(principal)) {
        throw new AppError(
          'MFA_REQUIRED',
          'Admin operations need a session signed in with a second factor (TOTP): enrol or sign in with it',
        );
      }
      await requireApiKeyScope(request, apiKeys, apiKeyScopeOfCommand['ledger.payout']);
    }
    return { kind: 'treasury', code: 'REWARDS' };
  }
  if (principal.kind === 'system') throw new AppError('FORBIDDEN', 'A platform client pays from REWARDS only');
  const me = userIdOf(request);
  if (from.userId !== undefined && from.userId !== me) throw new AppError('FORBIDDEN', "Only the payer moves their wallet's coins");
  return { kind: 'user', userId: me };
}

const route = routeOf<PayoutRouteDeps>();

/** POST /api/coins/payouts: one request pays up to payoutLinesMax users, all or nothing. */
export const payoutRoutes: RouteDef<PayoutRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/coins/payouts',
    // A test-mode client's payout goes to the sandbox ledger (docs/decisions/0018-sandbox.md).
    config: { access: 'payout', idempotent: true, sandbox: 'ledger', dryRun: true },
    bodyLimit: payoutBodyBytesMax,
    schema: {
      tags: ['coins', 'money'],
      summary: `Pay up to ${payoutLinesMax.toLocaleString('en-US')} users at once from REWARDS or the caller's wallet: all lines or none`,
      description:
        'From REWARDS (`{"treasury":"REWARDS"}`): a platform client granted REWARDS, or an ADMIN+ with an API key of the reward scope (lines are REWARDs). From the caller\'s wallet (`{}`): any user (lines are TRANSFERs). The total is judged once against the payer\'s active coins and limits; one bad line (unknown or closed recipient, the payer, a user paid twice) refuses the whole payout. Each line is its own transaction, referenced `<reference>#<index>`. A person\'s payout from REWARDS that would take a four-eyes window to its threshold moves nothing and answers 202 with a PayoutApproval: another ADMIN+ approves it (POST /api/admin/payout-approvals/{id}/approve) or rejects it, or it expires. Body at most 256 KiB.',
      headers: idempotencyHeaders,
      operationId: 'payout',
      querystring: dryRunQuery,
      body: withExample(payoutBody, examplePayout),
      response: {
        201: withExample(dryRunnable(payoutResult), examplePayoutResult),
        202: withExample(dryRunnable(payoutApprovalPending), examplePayoutApprovalPending),
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const { from, reason, reference, metadata, lines } = request.body;
      const payer = await payerOf(request, from, deps.apiKeys);
      refusePaymentToPeopleBehindKey(
        request,
        lines.map((line) => line.toUserId),
      );
      // A test-mode client pays in the sandbox only the users who linked it.
      if (spaceOf(request) === 'test') {
        await requireTestUsers(
          deps.internal,
          request,
          principalOf(request).subject,
          lines.map((line) => line.toUserId),
          (index) => `lines[${index}]: `,
        );
      }
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) =>
          ledgerDraft('ledger.payout', {
            from: payer,
            reason,
            ...(reference !== undefined ? { reference } : {}),
            ...withMetadata(metadata),
            lines: lines.map((line) => ({
              toUserId: line.toUserId,
              amount: minor(line.amount),
              ...(line.reason !== undefined ? { reason: line.reason } : {}),
            })),
            idNonce: randomIdNonce(),
            requestHash,
          }),
        appliedOrPending,
      );
    },
  }),
];

export function registerPayoutRoutes(app: App, deps: PayoutRouteDeps): void {
  registerRoutes(app, payoutRoutes, deps);
}
