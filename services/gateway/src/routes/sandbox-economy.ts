import { randomIdNonce } from '@coin/security';
import {
  cashoutPublicPage,
  cashoutResult,
  commissionRuleEntry,
  ledgerDraft,
  mandateResult,
  problem,
  purchaseResult,
  refundResult,
  sandboxCashoutBody,
  sandboxCashoutsQuery,
  sandboxCommissionRuleBody,
  sandboxMandateBody,
  sandboxPurchaseBody,
  sandboxRefundBody,
  unlinkedUserOf,
  type CommissionRule,
  type SandboxPurchaseBody,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { principalOf } from '../plugins/auth';
import { idempotencyHeaders } from '../plugins/idempotency';
import { minor } from './amounts';
import { commandErrorResponses as errorResponses, moneyFields, sendLedgerCommand, withMetadata } from './command-route';
import { exampleAt, exampleTransaction, exampleTreasury, exampleUserId, exampleWallet, withExample } from './examples';
import { exampleCommissionRule } from './commission-rules';
import { exampleMandate } from './mandates';
import { exampleCashout } from './cashouts';
import { offsetLinks, startOf } from './paging';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const exampleSandboxMandate = {
  userId: exampleUserId,
  amount: 9.99,
  period: 'MONTH',
  reason: 'Sandbox Premium, monthly',
} as const;
export const exampleSandboxMandateResult = {
  mandate: { ...exampleMandate, clientId: 'test_Xk3v9QmT2bLw', reason: 'Sandbox Premium, monthly' },
} as const;
const exampleSandboxCashout = { userId: exampleUserId, amount: 25.5, msisdn: '+237670000000', testOutcome: 'CONFIRMED' } as const;
const exampleTestCashout = {
  ...exampleCashout,
  xafPerCoin: 650,
  xafAmount: 16575,
  providerClientId: null,
  claimedBy: 'test_Xk3v9QmT2bLw',
  claimedAt: exampleAt,
  status: 'CLAIMED',
} as const;
export const exampleSandboxCashoutResult = { cashout: exampleTestCashout, wallet: { ...exampleWallet, activeCoins: 125 } } as const;
export const exampleSandboxCashoutPage = {
  cashouts: [{ ...exampleTestCashout, status: 'CONFIRMED' as const, providerReference: 'TEST-3F0C1D2E', transactionId: 1003 }],
  pagination: { limit: 20, offset: 0, total: 1 },
  hasMore: false,
  nextCursor: null,
};
const exampleSandboxPurchase = {
  userId: exampleUserId,
  treasury: 'COURSE_FEES',
  amount: 50,
  reason: 'Course: TypeScript basics',
  reference: 'order-7',
  affiliate: { userId: 43 },
} as const;
export const exampleSandboxPurchaseResult = {
  transaction: {
    ...exampleTransaction,
    type: 'PURCHASE',
    amount: 45,
    toUserId: null,
    toTreasury: 'COURSE_FEES',
    reason: 'Course: TypeScript basics',
  },
  commission: { ...exampleTransaction, id: 1002, amount: 5, toUserId: 43, reason: 'Course: TypeScript basics', splitOf: 1001 },
  wallet: { ...exampleWallet, balance: 100.5, activeCoins: 100.5 },
} as const;
const exampleSandboxRefund = {
  transactionId: 1001,
  treasury: 'COURSE_FEES',
  amount: 22.5,
  reason: 'Half the course cancelled',
} as const;
export const exampleSandboxRefundResult = {
  transaction: {
    ...exampleTransaction,
    id: 1010,
    type: 'REFUND',
    amount: 22.5,
    fromUserId: null,
    toUserId: exampleUserId,
    fromTreasury: 'COURSE_FEES',
    reason: 'Half the course cancelled',
    refundOf: 1001,
  },
  commission: {
    ...exampleTransaction,
    id: 1011,
    amount: 2.5,
    fromUserId: null,
    toUserId: exampleUserId,
    fromTreasury: 'COURSE_FEES',
    reason: "Refund of the affiliate commission's part of purchase 1001",
    splitOf: 1001,
  },
  wallet: { ...exampleTreasury, code: 'COURSE_FEES', name: 'Course fees', balance: 4977.5 },
} as const;
const exampleSandboxCommissionRuleBody = { treasury: 'COURSE_FEES', rule: { bps: 1000 } } as const;
export const exampleSandboxCommissionRule = { ...exampleCommissionRule, clientId: 'test_Xk3v9QmT2bLw', setBy: null } as const;

export interface SandboxEconomyDeps {
  commands: CommandBus;
  internal: InternalApi;
}

/** The calling test-mode client: its id and grants; any other caller (a live client, a person) is 403 on a sandbox route. */
export function testClientOf(request: FastifyRequest, what: string): { id: string; treasuries: readonly string[] } {
  const principal = principalOf(request);
  if (principal.mode !== 'test' || principal.kind !== 'system') throw new AppError('FORBIDDEN', `Only a test-mode platform client ${what}`);
  return { id: principal.subject, treasuries: principal.treasuries ?? [] };
}

/**
 * A test-mode client acts in the sandbox only for its test users: the users who linked it
 * (docs/CONTRACT.md "Platform links"), asked of the user service, which keeps the links of both
 * spaces. Any other id, an existing account's or one no account has, is the same 404
 * USER_NOT_FOUND, judged by one read for all of them before any command is sent, so the sandbox
 * tells a client nothing of who exists and does nothing in the name of anyone who never used it.
 * `where` names a payout's line in the detail.
 */
export async function requireTestUsers(
  internal: InternalApi,
  request: FastifyRequest,
  clientId: string,
  userIds: readonly number[],
  where: (index: number) => string = () => '',
): Promise<void> {
  const { userIds: linked, usersProof } = await internal.post(
    'users.linked-users',
    { clientId, userIds: [...new Set(userIds)] },
    String(request.id),
  );
  const unlinked = unlinkedUserOf(userIds, new Set(linked));
  if (unlinked) throw new AppError('USER_NOT_FOUND', `${where(unlinked.index)}${unlinked.detail}`);
  // The sandbox ledger judges the users again, on the user service's signed word carried in the command.
  request.testUsersProof = usersProof;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The user service's signed proof that the users this request's sandbox command names are the
     * test-mode client's (requireTestUsers): copied into the command (sendLedgerCommand).
     */
    testUsersProof?: string;
  }
}

/** The sandbox's ledger API: a sandbox route's caller is a test-mode client, whose reads the sandbox answers alone. */
const sandboxOf = (deps: SandboxEconomyDeps) => deps.internal.in('test');

const sandboxRoute = { access: 'platform', idempotent: true, sandbox: 'ledger' } as const;

const route = routeOf<SandboxEconomyDeps>();

/** A mandate the test user grants the calling client, starting at the client's clock's now unless it names a start. */
const sandboxMandateRoutes: RouteDef<SandboxEconomyDeps>[] = [
  route({
    method: 'POST',
    url: '/api/sandbox/mandates',
    config: sandboxRoute,
    schema: {
      tags: ['sandbox', 'mandates'],
      summary:
        "Grant the calling test-mode client a mandate on the sandbox wallet of a test user (a user who linked the client; any other id is 404 USER_NOT_FOUND), as the user would (the user is not present in the sandbox): charged `amount` into SUBSCRIPTIONS once per period from startsAt (default: the client's test clock's now), each period, retry and the grace counted on that clock, so advancing it brings the next charge. Test coins only; a live client is 403 FORBIDDEN",
      security: [{ bearerAuth: [] }],
      headers: idempotencyHeaders,
      operationId: 'createSandboxMandate',
      body: withExample(sandboxMandateBody, exampleSandboxMandate),
      response: { 201: withExample(mandateResult, exampleSandboxMandateResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const client = testClientOf(request, 'grants itself a sandbox mandate');
      const { userId, amount, maxPerPeriod, period, endsAt, reason } = request.body;
      await requireTestUsers(deps.internal, request, client.id, [userId]);
      // The first period starts on the client's clock: a start in wall time would be in its past once it moved.
      const startsAt =
        request.body.startsAt ?? (await sandboxOf(deps).read('ledger.test-clock', { clientId: client.id }, String(request.id))).now;
      if (endsAt !== undefined && Date.parse(endsAt) <= Date.parse(startsAt)) {
        throw new AppError('VALIDATION_FAILED', `endsAt must be after the mandate's start, ${startsAt} on the client's test clock`);
      }
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.grant-mandate', {
          fromUserId: userId,
          clientId: client.id,
          amount: minor(amount),
          ...(maxPerPeriod !== undefined ? { maxPerPeriod: minor(maxPerPeriod) } : {}),
          period,
          startsAt,
          ...(endsAt !== undefined ? { endsAt } : {}),
          reason,
          idNonce: randomIdNonce(),
          requestHash,
        }),
      );
    },
  }),
];

/** A test cash-out for a test user, and the client's list of them. */
const sandboxCashoutRoutes: RouteDef<SandboxEconomyDeps>[] = [
  route({
    method: 'POST',
    url: '/api/sandbox/cashouts',
    config: sandboxRoute,
    schema: {
      tags: ['sandbox', 'cashouts'],
      summary:
        "Cash out the sandbox coins of a test user (a user who linked the client; any other id is 404 USER_NOT_FOUND) to a mobile money number, as the user would: held at once and CLAIMED by the calling test-mode client; the sandbox's test provider settles it a minute later on the client's test clock with `testOutcome` (CONFIRMED burns the held coins, FAILED releases them), so waiting a minute or advancing the clock settles it. No XAF moves; a live client is 403 FORBIDDEN",
      security: [{ bearerAuth: [] }],
      headers: idempotencyHeaders,
      operationId: 'createSandboxCashout',
      body: withExample(sandboxCashoutBody, exampleSandboxCashout),
      response: { 201: withExample(cashoutResult, exampleSandboxCashoutResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const client = testClientOf(request, 'asks for a sandbox cash-out');
      const { userId, amount, msisdn, testOutcome } = request.body;
      await requireTestUsers(deps.internal, request, client.id, [userId]);
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.cashout', {
          fromUserId: userId,
          amount: minor(amount),
          msisdn,
          testOutcome,
          idNonce: randomIdNonce(),
          requestHash,
        }),
      );
    },
  }),

  route({
    method: 'GET',
    url: '/api/sandbox/cashouts',
    config: { access: 'platform', sandbox: 'ledger' },
    schema: {
      tags: ['sandbox', 'cashouts'],
      summary:
        "The calling test-mode client's sandbox cash-outs, newest first, optionally of one state or one test user (offset pages with the total): CLAIMED until the test provider settles them, then CONFIRMED or FAILED. A live client is 403 FORBIDDEN",
      security: [{ bearerAuth: [] }],
      querystring: sandboxCashoutsQuery,
      operationId: 'listSandboxCashouts',
      response: {
        200: withExample(cashoutPublicPage, exampleSandboxCashoutPage),
        400: problem,
        401: problem,
        403: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) => {
      const client = testClientOf(request, 'reads sandbox cash-outs');
      const { status, userId, limit, offset, cursor } = request.query;
      const page = await sandboxOf(deps).read(
        'ledger.cashouts',
        { status, providerClientId: client.id, fromUserId: userId, limit, offset: startOf(request, 'offset', offset, cursor) },
        String(request.id),
      );
      return { ...page, ...offsetLinks(request, page.pagination, page.cashouts.length) };
    },
  }),
];

function ruleOf(rule: { bps: number } | { amount: number } | null): CommissionRule | null {
  if (rule === null) return null;
  return 'bps' in rule ? { kind: 'bps', bps: rule.bps } : { kind: 'fixed', amount: minor(rule.amount) };
}

/** The client's own commission rule, and a purchase for a test user naming an affiliate paid by it. */
const sandboxPurchaseRoutes: RouteDef<SandboxEconomyDeps>[] = [
  route({
    method: 'PUT',
    url: '/api/sandbox/commission-rules',
    config: sandboxRoute,
    schema: {
      tags: ['sandbox'],
      summary:
        "Set (or, with rule null, remove) the calling test-mode client's own sandbox commission rule for a treasury it was granted (422 TREASURY_NOT_GRANTED otherwise): a share in basis points (1–5000) or a fixed amount of each sandbox purchase naming an affiliate. The sandbox's rule only; a live client is 403 FORBIDDEN",
      security: [{ bearerAuth: [] }],
      headers: idempotencyHeaders,
      operationId: 'setSandboxCommissionRule',
      body: withExample(sandboxCommissionRuleBody, exampleSandboxCommissionRuleBody),
      response: { 200: withExample(commissionRuleEntry, exampleSandboxCommissionRule), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const client = testClientOf(request, 'sets a sandbox commission rule');
      const { treasury, rule } = request.body;
      if (!client.treasuries.includes(treasury)) {
        throw new AppError('TREASURY_NOT_GRANTED', `This test-mode client is not granted ${treasury}`);
      }
      return sendLedgerCommand(
        deps.commands,
        request,
        reply,
        (requestHash) => ledgerDraft('ledger.set-commission', { treasury, clientId: client.id, rule: ruleOf(rule), requestHash }),
        200,
      );
    },
  }),

  route({
    method: 'POST',
    url: '/api/sandbox/purchases',
    config: sandboxRoute,
    schema: {
      tags: ['sandbox', 'money'],
      summary:
        "A test user (a user who linked the client, as the affiliate is; any other id is 404 USER_NOT_FOUND) pays a treasury the calling test-mode client was granted (another is refused by the sandbox ledger, 422 COMMAND_REFUSED), as the user's own purchase would; naming an affiliate splits it by the calling test-mode client's own sandbox commission rule for that treasury (the client is the platform here, so it names the affiliate itself; the commission in `commission`). Test coins only; a live client is 403 FORBIDDEN",
      security: [{ bearerAuth: [] }],
      headers: idempotencyHeaders,
      operationId: 'createSandboxPurchase',
      body: withExample(sandboxPurchaseBody, exampleSandboxPurchase),
      response: { 201: withExample(purchaseResult, exampleSandboxPurchaseResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const client = testClientOf(request, 'makes a sandbox purchase');
      const body: SandboxPurchaseBody = request.body;
      // Refused early as the ledger would (it judges again): the buyer is never their own affiliate.
      if (body.affiliate?.userId === body.userId)
        throw new AppError('SELF_REFERRAL', 'The buyer cannot be the affiliate of their own purchase');
      await requireTestUsers(deps.internal, request, client.id, [body.userId, ...(body.affiliate ? [body.affiliate.userId] : [])]);
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.transfer', {
          kind: 'PURCHASE',
          fromUserId: body.userId,
          to: { kind: 'treasury', code: body.treasury },
          ...moneyFields(body),
          ...(body.reference !== undefined ? { reference: body.reference } : {}),
          ...(body.affiliate !== undefined ? { affiliate: { userId: body.affiliate.userId, clientId: client.id } } : {}),
          requestHash,
        }),
      );
    },
  }),
];

/** A refund of a purchase the client made in the sandbox: the treasury it paid is read from the sandbox ledger when not named. */
const sandboxRefundRoutes: RouteDef<SandboxEconomyDeps>[] = [
  route({
    method: 'POST',
    url: '/api/sandbox/refunds',
    config: sandboxRoute,
    schema: {
      tags: ['sandbox', 'money'],
      summary:
        "Refund a sandbox purchase the calling test-mode client made, in full (default) or in part, never beyond it: the REFUND, and for a split purchase the commission's part the treasury fronts to the buyer (`commission`), clawed back from the affiliate. Another client's purchase is 404; a live client is 403 FORBIDDEN",
      security: [{ bearerAuth: [] }],
      headers: idempotencyHeaders,
      operationId: 'refundSandboxPurchase',
      body: withExample(sandboxRefundBody, exampleSandboxRefund),
      response: { 201: withExample(refundResult, exampleSandboxRefundResult), ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const client = testClientOf(request, 'refunds a sandbox purchase');
      const { transactionId, amount, reason, metadata } = request.body;
      const treasury = request.body.treasury ?? (await treasuryOfOwnPurchase(deps, request, transactionId, client.id));
      const result = await sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.refund', {
          transactionId,
          treasury,
          reason,
          ...(amount !== undefined ? { amount: minor(amount) } : {}),
          ...withMetadata(metadata),
          idNonce: randomIdNonce(),
          requestHash,
        }),
      );
      // No approval arises in the sandbox: a client's refund is never parked for a second person.
      if (!('transaction' in result)) throw new AppError('UNAVAILABLE', 'A sandbox refund waited for an approval');
      return result;
    },
  }),
];

/** The treasury a purchase of the client's paid, read from the sandbox ledger; another's, or anything but a purchase, as the ledger answers it. */
async function treasuryOfOwnPurchase(deps: SandboxEconomyDeps, request: FastifyRequest, transactionId: number, clientId: string) {
  const purchase = await sandboxOf(deps).read('ledger.transaction', { id: transactionId }, String(request.id));
  if (purchase.clientId !== clientId) throw new AppError('TRANSACTION_NOT_FOUND', `Transaction ${transactionId} does not exist`);
  if (purchase.type !== 'PURCHASE' || purchase.toTreasury === null) throw new AppError('NOT_REFUNDABLE', 'Only a purchase can be refunded');
  return purchase.toTreasury;
}

/**
 * The sandbox runs the whole economy (docs/decisions/0018-sandbox.md): a test-mode client acts for
 * its test users (the users who linked it: requireTestUsers), who are not present in the sandbox
 * (people's tokens are live), with test coins
 * only: it grants mandates to itself that its test clock brings due, asks for cash-outs the
 * sandbox's test provider settles, buys with affiliates paid by its own commission rule, and
 * refunds its purchases. Every route here is 403 for a live credential, and the sandbox ledger
 * judges each command again by its own rule (test-mode authors only); the live ledger refuses them all.
 */
export const sandboxEconomyRoutes: RouteDef<SandboxEconomyDeps>[] = [
  ...sandboxMandateRoutes,
  ...sandboxCashoutRoutes,
  ...sandboxPurchaseRoutes,
  ...sandboxRefundRoutes,
];

export function registerSandboxEconomyRoutes(app: App, deps: SandboxEconomyDeps): void {
  registerRoutes(app, sandboxEconomyRoutes, deps);
}
