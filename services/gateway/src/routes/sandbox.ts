import { spaceOf } from '../plugins/sandbox';
import type { InternalApi } from '../clients/internal-api';
import {
  holdResult,
  ledgerDraft,
  moneyResult,
  sandboxClockAdvanceBody,
  sandboxFundBody,
  sandboxHoldBody,
  problem,
  testClock,
} from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import type { CommandBus } from '../clients/commands';
import { principalOf } from '../plugins/auth';
import { idempotencyHeaders } from '../plugins/idempotency';
import { minor } from './amounts';
import { randomIdNonce } from '@coin/security';
import { commandErrorResponses as errorResponses, sendLedgerCommand } from './command-route';
import { exampleMoneyResult, withExample } from './examples';
import { exampleHoldResult } from './holds';
import { registerSandboxEconomyRoutes, requireTestUsers, testClientOf } from './sandbox-economy';
import { registerSandboxResetRoutes } from './sandbox-reset';
import { registerSandboxTestUserRoutes } from './sandbox-test-users';

/**
 * The sandbox's own routes (docs/decisions/0018-sandbox.md), for test-mode platform clients only:
 * `POST /api/sandbox/fund` mints test coins into its own treasury of a code the client was granted, in the
 * sandbox ledger, which alone accepts it (the live ledger refuses every test-mode command, and a
 * live client here is 403), at most `sandboxFundMaxCoins` a call (422 `SANDBOX_FUND_LIMIT`, judged by
 * the sandbox ledger). Its rewards then pay users' sandbox wallets through the same
 * `POST /api/admin/reward` a live client uses. Its clock and holds are below; its economy (mandates,
 * cash-outs, purchases, refunds) in routes/sandbox-economy.ts.
 */
export function registerSandboxRoutes(app: App, deps: { commands: CommandBus; internal: InternalApi }): void {
  app.post(
    '/api/sandbox/fund',
    {
      config: { access: 'platform', idempotent: true, sandbox: 'ledger' },
      schema: {
        tags: ['sandbox'],
        summary:
          "Fund the test-mode client's own sandbox treasury of a code it was granted with test coins, in the sandbox ledger (test-mode clients only: a live one is 403 FORBIDDEN; a treasury not granted is refused by the sandbox ledger, 422 COMMAND_REFUSED; more than 1,000,000 test coins in one call is 422 SANDBOX_FUND_LIMIT). Each test client's sandbox treasuries are its own: the answer's wallet shows its own figures, which no other client moves. Nothing here reaches a live balance or the supply",
        headers: idempotencyHeaders,
        operationId: 'fundSandboxTreasury',
        body: withExample(sandboxFundBody, { treasury: 'REWARDS', amount: 1000, reason: 'Sandbox funds' }),
        response: { 201: withExample(moneyResult, exampleMoneyResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (principalOf(request).mode !== 'test') {
        throw new AppError('FORBIDDEN', 'Only a test-mode platform client funds a sandbox treasury');
      }
      const { treasury, amount, reason } = request.body;
      const result = await sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.mint', { to: { kind: 'treasury', code: treasury }, amount: minor(amount), reason, requestHash }),
      );
      // The sandbox ledger never makes a client's mint wait for a person (no four-eyes there).
      if (!('transaction' in result)) throw new InvariantViolation('a sandbox fund waited for an approval');
      return result;
    },
  );
  registerSandboxClockRoutes(app, deps);
  registerSandboxResetRoutes(app, deps);
  registerSandboxEconomyRoutes(app, deps);
  registerSandboxTestUserRoutes(app, deps);
}

/** The caller's client id, when it is a test-mode platform client; any other caller is 403 here. */
function testClientIdOf(request: Parameters<typeof principalOf>[0], what: string): string {
  return testClientOf(request, what).id;
}

/**
 * The test clock and the holds it expires (docs/decisions/0018-sandbox.md "The test clock"): a
 * test-mode client moves its own clock forward, and places holds on sandbox wallets that it
 * settles, so that advancing its clock past a hold's expiry expires it (coin.hold.expired).
 */
function registerSandboxClockRoutes(app: App, deps: { commands: CommandBus; internal: InternalApi }): void {
  registerSandboxClockRead(app, deps);
  app.post(
    '/api/sandbox/clock/advance',
    {
      config: { access: 'platform', idempotent: true, sandbox: 'ledger' },
      schema: {
        tags: ['sandbox'],
        summary:
          "Move the test-mode client's own sandbox clock forward by `seconds` (at most 30 days a call, a year in all): the sandbox then judges the holds it settles at wall time plus its clock. Test-mode clients only (a live one is 403 FORBIDDEN)",
        headers: idempotencyHeaders,
        operationId: 'advanceSandboxClock',
        body: withExample(sandboxClockAdvanceBody, { seconds: 3600 }),
        response: {
          201: withExample(testClock, { clientId: 'test_shop', offsetSeconds: 3600, now: '2026-01-01T01:00:00.000Z' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const clientId = testClientIdOf(request, 'moves a sandbox clock');
      const { seconds } = request.body;
      const result = await sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.advance-clock', { clientId, seconds, requestHash }),
      );
      return { ...result, now: new Date(Date.now() + result.offsetSeconds * 1000).toISOString() };
    },
  );

  app.post(
    '/api/sandbox/holds',
    {
      config: { access: 'platform', idempotent: true, sandbox: 'ledger' },
      schema: {
        tags: ['sandbox'],
        summary:
          "Reserve test coins of a test user's sandbox wallet for a treasury or a test user, settled by the calling test-mode client: the payer is fromUserId; the payee a treasury the client was granted (another is refused by the sandbox ledger, 422 COMMAND_REFUSED) or a test user (users who linked the client; any other id is 404 USER_NOT_FOUND); its sandbox clock decides when the hold expires. Test-mode clients only (a live one is 403 FORBIDDEN); nothing here reaches a live balance",
        headers: idempotencyHeaders,
        operationId: 'createSandboxHold',
        body: withExample(sandboxHoldBody, {
          fromUserId: 42,
          toTreasury: 'REWARDS',
          amount: 10,
          reason: 'Sandbox order',
          expiresInSeconds: 3600,
        }),
        response: { 201: withExample(holdResult, exampleHoldResult), ...errorResponses },
      },
    },
    async (request, reply) => {
      const clientId = testClientIdOf(request, 'places a sandbox hold');
      const { fromUserId, toUserId, toTreasury, amount, reason, expiresInSeconds } = request.body;
      await requireTestUsers(deps.internal, request, clientId, toUserId !== undefined ? [fromUserId, toUserId] : [fromUserId]);
      return sendLedgerCommand(deps.commands, request, reply, (requestHash) =>
        ledgerDraft('ledger.hold', {
          fromUserId,
          to: toUserId !== undefined ? { kind: 'user', userId: toUserId } : { kind: 'treasury', code: toTreasury! },
          amount: minor(amount),
          reason,
          ...(expiresInSeconds !== undefined ? { expiresInSeconds } : {}),
          settlerClientId: clientId,
          idNonce: randomIdNonce(),
          requestHash,
        }),
      );
    },
  );
}

/**
 * `GET /api/sandbox/clock`: the test-mode client's clock as the sandbox ledger keeps it (its offset
 * and the time it reads), read from the sandbox ledger's internal API for the client the token names.
 */
function registerSandboxClockRead(app: App, deps: { internal: InternalApi }): void {
  app.get(
    '/api/sandbox/clock',
    {
      config: { access: 'platform', sandbox: 'ledger' },
      schema: {
        tags: ['sandbox'],
        summary:
          "The test-mode client's own sandbox clock: how far ahead of wall time it runs (offsetSeconds, 0 until it is advanced) and the time it reads now, as the sandbox ledger judges its holds by. Test-mode clients only (a live one is 403 FORBIDDEN)",
        operationId: 'getSandboxClock',
        response: {
          200: withExample(testClock, { clientId: 'test_shop', offsetSeconds: 3600, now: '2026-01-01T01:00:00.000Z' }),
          401: problem,
          403: problem,
          503: problem,
        },
      },
    },
    async (request) => {
      // The client is the verified token's, never the request's word: the ledger's internal route grants nothing.
      const clientId = testClientIdOf(request, 'reads a sandbox clock');
      return deps.internal.in(spaceOf(request)).read('ledger.test-clock', { clientId }, String(request.id));
    },
  );
}
