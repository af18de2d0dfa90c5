import {
  ledgerDraft,
  limitsBody,
  problem,
  spendingLimits,
  userIdParam,
  type LimitOverrides,
  type LimitsBody,
  type SpendingLimits,
} from '@coin/contracts';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CommandBus } from '../clients/commands';
import type { InternalApi } from '../clients/internal-api';
import { authorityOf } from '../plugins/auth';
import { exampleUserId, withExample } from './examples';
import { minor } from './amounts';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

// The OpenAPI examples of these routes.
const exampleLimits = { dailyAmount: 500, dailyCount: 20, singleAmount: null };
const exampleSpendingLimits = {
  userId: exampleUserId,
  role: 'USER',
  limits: { dailyAmount: 500, dailyCount: 20, singleAmount: null },
  defaults: { dailyAmount: 100000, dailyCount: 1000, singleAmount: null },
  overrides: { dailyAmount: 500, dailyCount: 20, singleAmount: null },
  usage: { amount: 62.49, count: 2, windowHours: 24 },
  resetsAt: '2026-01-16T09:00:00.000Z',
} as const;

export interface LimitRouteDeps {
  commands: CommandBus;
  internal: InternalApi;
}

const errorResponses = { 400: problem, 401: problem, 403: problem, 404: problem, 429: problem, 503: problem, 504: problem };
const idParams = z.object({ id: userIdParam });

/** Coins in the body to the ledger's minor units; 0 is a limit too (nothing may go out). */
function limitMinor(coins: number | null | undefined): number | null | undefined {
  if (coins === undefined || coins === null) return coins;
  return coins === 0 ? 0 : minor(coins);
}

function overridesOf(body: LimitsBody): LimitOverrides {
  const amounts = { dailyAmount: limitMinor(body.dailyAmount), singleAmount: limitMinor(body.singleAmount) };
  return {
    ...(amounts.dailyAmount !== undefined ? { dailyAmount: amounts.dailyAmount } : {}),
    ...(body.dailyCount !== undefined ? { dailyCount: body.dailyCount } : {}),
    ...(amounts.singleAmount !== undefined ? { singleAmount: amounts.singleAmount } : {}),
  };
}

/** A user's spending limits, read with the user's role (its defaults depend on it). */
async function limitsOf(deps: LimitRouteDeps, request: FastifyRequest, id: number): Promise<SpendingLimits> {
  const user = await deps.internal.read('users.user', { id }, String(request.id));
  return deps.internal.read('ledger.spending-limits', { userId: id, role: user.role }, String(request.id));
}

const route = routeOf<LimitRouteDeps>();

/**
 * Spending limits per user: the ledger enforces them when it decides a debit; the
 * defaults depend on the user's role, which the user service knows, so each read names it.
 */
export const limitRoutes: RouteDef<LimitRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/users/:id/limits',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'limits'],
      summary: "A user's spending limits (their role's defaults and their own overrides) with what the rolling 24 hours have used",
      params: idParams,
      operationId: 'getUserLimits',
      response: { 200: withExample(spendingLimits, exampleSpendingLimits), ...errorResponses },
    },
    handler: async (request, _reply, deps) => limitsOf(deps, request, request.params.id),
  }),

  route({
    method: 'PUT',
    url: '/api/admin/users/:id/limits',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'limits'],
      summary:
        "Set a user's own spending limits, replacing the previous ones: a number is the limit, null is no limit, an absent field keeps the role's default ({} = all defaults)",
      params: idParams,
      operationId: 'setUserLimits',
      body: withExample(limitsBody, exampleLimits),
      response: { 200: withExample(spendingLimits, exampleSpendingLimits), ...errorResponses },
    },
    handler: async (request, _reply, deps) => {
      const { id } = request.params;
      // The user must exist (404 otherwise) before the ledger is asked; the same body twice sets the same limits.
      await deps.internal.read('users.user', { id }, String(request.id));
      await deps.commands.ledger(ledgerDraft('ledger.set-limits', { userId: id, overrides: overridesOf(request.body) }), {
        ...authorityOf(request),
        requestId: String(request.id),
      });
      return limitsOf(deps, request, id);
    },
  }),
];

export function registerLimitRoutes(app: App, deps: LimitRouteDeps): void {
  registerRoutes(app, limitRoutes, deps);
}
