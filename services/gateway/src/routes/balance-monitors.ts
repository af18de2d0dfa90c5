import {
  balanceMonitor,
  balanceMonitorIdParams,
  balanceMonitorList,
  createBalanceMonitorBody,
  idempotencyKey,
  problem,
} from '@coin/contracts';
import { InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { InternalApi } from '../clients/internal-api';
import type { FastifyRequest } from 'fastify';
import { principalOf, userIdOf } from '../plugins/auth';
import { idempotencyKeyHeader, idempotencyOf } from '../plugins/idempotency';
import { withExample } from './examples';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

export interface BalanceMonitorRouteDeps {
  internal: InternalApi;
}

const errorResponses = { 400: problem, 401: problem, 403: problem, 429: problem, 500: problem, 503: problem, 504: problem };

/** A creation must carry a key: a blind retry must not make a second monitor (which would fire twice). */
const requiredIdempotencyHeaders = z.looseObject({ [idempotencyKeyHeader]: idempotencyKey });

/** Who asks, as the gateway verified it (an ADMIN+ user: the route admits no other), and the request id: the audit record names both. */
function askedBy(request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.role === 'SYSTEM') throw new InvariantViolation('a balance monitor route admitted a SYSTEM caller');
  return { actor: { kind: 'user' as const, id: principal.subject, role: principal.role }, requestId: String(request.id) };
}

const exampleMonitor = {
  id: '2a7d9c4e-1b3f-4a5c-8d6e-7f9a0b1c2d3e',
  wallet: { userId: null, treasury: 'REWARDS' as const },
  threshold: 1000,
  direction: 'down' as const,
  enabled: true,
  createdBy: 1,
  createdAt: '2026-01-15T09:30:00.000Z',
  lastCrossedAt: null,
};

const route = routeOf<BalanceMonitorRouteDeps>();

/**
 * Balance monitors (docs/DESIGN.md "Balance monitors"), for ADMIN+: a treasury's or a user
 * wallet's balance crossing a threshold fires one coin.balance-monitor.crossed on Kafka and, for a
 * treasury, to the webhook endpoints of the platform clients granted it. The webhooks service
 * keeps them; the gateway admits the caller and names who asks. The monitor's id is the command id
 * of the Idempotency-Key (plugins/idempotency.ts): a retry answers the monitor it made, the same
 * key with another body is 422 IDEMPOTENCY_KEY_REUSED.
 */
export const balanceMonitorRoutes: RouteDef<BalanceMonitorRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/admin/balance-monitors',
    config: { access: 'admin', idempotent: true, stepUp: true },
    schema: {
      tags: ['admin', 'balance-monitors'],
      summary:
        "Watch a treasury's or a user wallet's balance: each crossing of the threshold (down: from >= to <; up: from < to >=; both) fires one coin.balance-monitor.crossed on Kafka and to the webhooks of clients granted the treasury",
      operationId: 'createBalanceMonitor',
      headers: requiredIdempotencyHeaders,
      body: withExample(createBalanceMonitorBody, { wallet: { treasury: 'REWARDS' }, threshold: 1000, direction: 'down' }),
      response: { 201: withExample(balanceMonitor, exampleMonitor), 404: problem, 422: problem, ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      const { commandId } = idempotencyOf(request);
      // A user's wallet is watched only if the user exists (404 USER_NOT_FOUND otherwise, deleted
      // users included): a monitor of nobody would be stored, listed and never fire. A treasury
      // code is one of the enum's, checked by the schema.
      const { wallet } = request.body;
      if ('userId' in wallet) await deps.internal.read('users.user', { id: wallet.userId }, String(request.id));
      const monitor = await deps.internal.post(
        'webhooks.create-balance-monitor',
        { ...request.body, id: commandId, createdBy: userIdOf(request), ...askedBy(request) },
        String(request.id),
      );
      return reply.code(201).send(monitor);
    },
  }),

  route({
    method: 'GET',
    url: '/api/admin/balance-monitors',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'balance-monitors'],
      summary: 'Every balance monitor, oldest first (their number is bounded by WEBHOOKS_MAX_BALANCE_MONITORS)',
      operationId: 'listBalanceMonitors',
      response: { 200: withExample(balanceMonitorList, { monitors: [exampleMonitor] }), ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.read('webhooks.balance-monitors', {}, String(request.id)),
  }),

  route({
    method: 'GET',
    url: '/api/admin/balance-monitors/:id',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'balance-monitors'],
      summary: 'One balance monitor, with when it last fired',
      params: balanceMonitorIdParams,
      operationId: 'getBalanceMonitor',
      response: { 200: withExample(balanceMonitor, exampleMonitor), 404: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) => deps.internal.read('webhooks.balance-monitor', { id: request.params.id }, String(request.id)),
  }),

  route({
    method: 'DELETE',
    url: '/api/admin/balance-monitors/:id',
    config: { access: 'admin', stepUp: true },
    schema: {
      tags: ['admin', 'balance-monitors'],
      summary: 'Delete a balance monitor: it fires nothing more (its past crossings stay on Kafka and in the delivery logs)',
      params: balanceMonitorIdParams,
      operationId: 'deleteBalanceMonitor',
      response: { 204: z.null().describe('Deleted'), 404: problem, ...errorResponses },
    },
    handler: async (request, reply, deps) => {
      await deps.internal.post('webhooks.delete-balance-monitor', { id: request.params.id, ...askedBy(request) }, String(request.id));
      return reply.status(204).send(null);
    },
  }),
];

export function registerBalanceMonitorRoutes(app: App, deps: BalanceMonitorRouteDeps): void {
  registerRoutes(app, balanceMonitorRoutes, deps);
}
