import { ledgerDraft, moneyResult, sandboxFundBody } from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import type { CommandBus } from '../clients/commands';
import { principalOf } from '../plugins/auth';
import { idempotencyHeaders } from '../plugins/idempotency';
import { minor } from './amounts';
import { commandErrorResponses as errorResponses, sendLedgerCommand } from './command-route';
import { exampleMoneyResult, withExample } from './examples';

/**
 * The sandbox's own routes (docs/decisions/0018-sandbox.md), for test-mode platform clients only:
 * `POST /api/sandbox/fund` mints test coins into a treasury the client was granted, in the
 * sandbox ledger, which alone accepts it (the live ledger refuses every test-mode command, and a
 * live client here is 403). Its rewards then pay users' sandbox wallets through the same
 * `POST /api/admin/reward` a live client uses.
 */
export function registerSandboxRoutes(app: App, deps: { commands: CommandBus }): void {
  app.post(
    '/api/sandbox/fund',
    {
      config: { access: 'platform', idempotent: true, sandbox: true },
      schema: {
        tags: ['sandbox'],
        summary:
          'Fund a treasury the test-mode client was granted with test coins, in the sandbox ledger (test-mode clients only: a live one is 403 FORBIDDEN; a treasury not granted is refused by the sandbox ledger, COMMAND_FAILED). Nothing here reaches a live balance or the supply',
        security: [{ bearerAuth: [] }],
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
}
