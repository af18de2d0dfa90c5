import { type CommandStatusView, commandAnswerBody, commandStatus, idempotencyKey, problem } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import { principalOf } from '../plugins/auth';
import type { CommandStatus, CommandStatusReader } from '../plugins/idempotency';
import { exampleMoneyResult, withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const exampleCommandStatus = {
  status: 'DONE',
  statusCode: 201,
  body: exampleMoneyResult,
  request: 'POST /api/coins/transfer',
} as const;

export interface CommandRouteDeps {
  commandStatus: CommandStatusReader;
}

const route = routeOf<CommandRouteDeps>();

/**
 * The status as this route may show it: a recorded answer is shown as `commandAnswerBody` read
 * it. One outside it (a 202's pending approval, for one) is 409 COMMAND_ANSWER_NOT_SHOWN naming
 * the request and the status it got: the same request sent again with its key is answered from
 * the stored outcome.
 */
function shownStatus(status: CommandStatus): CommandStatusView {
  if (status.status !== 'DONE') return status;
  const body = commandAnswerBody.safeParse(status.body);
  if (body.success) return { ...status, body: body.data };
  throw new AppError(
    'COMMAND_ANSWER_NOT_SHOWN',
    `${status.request} was answered ${status.statusCode}; send it again with the same Idempotency-Key and body to read that answer`,
  );
}

/**
 * What became of a money request sent with an Idempotency-Key, e.g. after a 504.
 * Keys are per caller: the command ids are derived from the caller's token subject, so another
 * caller's key reads UNKNOWN, like a key never used. Any user, and a platform client (SYSTEM) for
 * the keys of its own rewards, payouts and hold settlements; a test-mode client for the keys of its
 * sandbox commands only (docs/decisions/0018-sandbox.md: its command ids are of its space).
 */
export const commandRoutes: RouteDef<CommandRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/commands/:idempotencyKey',
    config: { access: 'owner', sandbox: 'ledger' },
    schema: {
      tags: ['coins', 'money'],
      summary:
        "What became of the caller's request sent with this Idempotency-Key: IN_PROGRESS, DONE (with the answer it got) or UNKNOWN (send it again with the same key: safe)",
      operationId: 'getCommandStatus',
      params: z.object({ idempotencyKey }),
      response: {
        200: withExample(commandStatus, exampleCommandStatus),
        400: problem,
        401: problem,
        403: problem,
        409: problem,
        503: problem,
      },
    },
    handler: async (request, _reply, deps) =>
      shownStatus(await deps.commandStatus.statusOf(principalOf(request), request.params.idempotencyKey)),
  }),
];

export function registerCommandRoutes(app: App, deps: CommandRouteDeps): void {
  registerRoutes(app, commandRoutes, deps);
}
