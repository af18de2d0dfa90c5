import {
  balanceMonitor,
  balanceMonitorIdParams,
  balanceMonitorList,
  clientBalanceMonitor,
  clientBalanceMonitorList,
  clientBalanceMonitorParams,
  clientBalanceMonitorsMax,
  createBalanceMonitorBody,
  createClientBalanceMonitorBody,
  idempotencyKey,
  problem,
} from '@coin/contracts';
import { AppError, InvariantViolation } from '@coin/errors';
import type { App } from '@coin/http';
import { z } from 'zod';
import type { InternalApi } from '../clients/internal-api';
import type { FastifyRequest } from 'fastify';
import { principalOf, userIdOf } from '../plugins/auth';
import { idempotencyKeyHeader, idempotencyOf } from '../plugins/idempotency';
import { spaceOf } from '../plugins/sandbox';
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

const exampleClientMonitor = {
  id: '3b8e0d5f-2c4a-4b6d-9e7f-8a0b1c2d3e4f',
  wallet: { userId: null, treasury: 'REWARDS' as const },
  threshold: 500,
  direction: 'down' as const,
  enabled: true,
  clientId: 'pc_Xk3v9QmT2bLw',
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
      summary:
        "Every balance monitor, oldest first: the ADMIN+'s (monitors) and the platform clients' own (clientMonitors); their number is bounded by WEBHOOKS_MAX_BALANCE_MONITORS",
      operationId: 'listBalanceMonitors',
      response: {
        200: withExample(balanceMonitorList, {
          monitors: [exampleMonitor],
          clientMonitors: [exampleClientMonitor],
        }),
        ...errorResponses,
      },
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
    method: 'GET',
    url: '/api/admin/platform-clients/:clientId/balance-monitors/:id',
    config: { access: 'admin' },
    schema: {
      tags: ['admin', 'balance-monitors'],
      summary:
        "One platform client's balance monitor, with when it last fired (an ADMIN+ lists them all under clientMonitors of GET /api/admin/balance-monitors); an id that is not this live client's is 404 NOT_FOUND",
      params: clientBalanceMonitorParams,
      operationId: 'getPlatformClientBalanceMonitor',
      response: { 200: withExample(clientBalanceMonitor, exampleClientMonitor), 404: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) =>
      deps.internal.read(
        'webhooks.client-balance-monitor',
        { clientId: request.params.clientId, id: request.params.id },
        String(request.id),
      ),
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

/** The calling platform client, and the webhooks service of its space (the sandbox's for a test-mode client). */
function clientOf(request: FastifyRequest, deps: BalanceMonitorRouteDeps) {
  const principal = principalOf(request);
  return { id: principal.subject, treasuries: principal.treasuries ?? [], api: deps.internal.in(spaceOf(request)) };
}

const clientErrorResponses = {
  400: problem,
  401: problem,
  403: problem,
  404: problem,
  429: problem,
  500: problem,
  503: problem,
  504: problem,
};

/**
 * A platform client's own balance monitors (docs/DESIGN.md "Balance monitors"): on the treasuries
 * it was granted only (any other is the 404 of a path that serves nothing), delivered to its own
 * endpoints and events alone, in the space of its credentials (a test-mode client's in the
 * sandbox, watching sandbox balances). It reads and deletes its own; another's answers as absent.
 * An ADMIN+ sees them all (GET /api/admin/balance-monitors, clientMonitors) and may delete any.
 */
export const clientBalanceMonitorRoutes: RouteDef<BalanceMonitorRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/api/platform/balance-monitors',
    config: { access: 'platform', idempotent: true, sandbox: 'webhooks' },
    schema: {
      tags: ['balance-monitors'],
      summary: `Watch the balance of a treasury the calling platform client was granted: each crossing of the threshold fires one coin.balance-monitor.crossed to this client's endpoints subscribed to it (and its events), no other client's. At most ${clientBalanceMonitorsMax} a client (422 LIMIT_EXCEEDED); a treasury not granted is 404 NOT_FOUND. A test-mode client watches its sandbox treasury`,
      operationId: 'createClientBalanceMonitor',
      headers: requiredIdempotencyHeaders,
      body: withExample(createClientBalanceMonitorBody, { wallet: { treasury: 'REWARDS' }, threshold: 500, direction: 'down' }),
      response: { 201: withExample(clientBalanceMonitor, exampleClientMonitor), 422: problem, ...clientErrorResponses },
    },
    handler: async (request, reply, deps) => {
      const client = clientOf(request, deps);
      const { treasury } = request.body.wallet;
      if (!client.treasuries.includes(treasury)) throw new AppError('NOT_FOUND', `This client has no treasury ${treasury}`);
      const { commandId } = idempotencyOf(request);
      const monitor = await client.api.post(
        'webhooks.create-client-balance-monitor',
        { ...request.body, id: commandId, clientId: client.id, requestId: String(request.id) },
        String(request.id),
      );
      return reply.code(201).send(monitor);
    },
  }),

  route({
    method: 'GET',
    url: '/api/platform/balance-monitors',
    config: { access: 'platform', sandbox: 'webhooks' },
    schema: {
      tags: ['balance-monitors'],
      summary: `The calling platform client's own balance monitors, oldest first (at most ${clientBalanceMonitorsMax})`,
      operationId: 'listClientBalanceMonitors',
      response: { 200: withExample(clientBalanceMonitorList, { monitors: [exampleClientMonitor] }), ...clientErrorResponses },
    },
    handler: async (request, _reply, deps) => {
      const client = clientOf(request, deps);
      return client.api.read('webhooks.client-balance-monitors', { clientId: client.id }, String(request.id));
    },
  }),

  route({
    method: 'GET',
    url: '/api/platform/balance-monitors/:id',
    config: { access: 'platform', sandbox: 'webhooks' },
    schema: {
      tags: ['balance-monitors'],
      summary: "One of the calling platform client's balance monitors, with when it last fired; any other id is 404 NOT_FOUND",
      params: balanceMonitorIdParams,
      operationId: 'getClientBalanceMonitor',
      response: { 200: withExample(clientBalanceMonitor, exampleClientMonitor), ...clientErrorResponses },
    },
    handler: async (request, _reply, deps) => {
      const client = clientOf(request, deps);
      return client.api.read('webhooks.client-balance-monitor', { clientId: client.id, id: request.params.id }, String(request.id));
    },
  }),

  route({
    method: 'DELETE',
    url: '/api/platform/balance-monitors/:id',
    config: { access: 'platform', sandbox: 'webhooks' },
    schema: {
      tags: ['balance-monitors'],
      summary: "Delete one of the calling platform client's balance monitors: it fires nothing more; any other id is 404 NOT_FOUND",
      params: balanceMonitorIdParams,
      operationId: 'deleteClientBalanceMonitor',
      response: { 204: z.null().describe('Deleted'), ...clientErrorResponses },
    },
    handler: async (request, reply, deps) => {
      const client = clientOf(request, deps);
      await client.api.post(
        'webhooks.delete-client-balance-monitor',
        { clientId: client.id, id: request.params.id, requestId: String(request.id) },
        String(request.id),
      );
      return reply.status(204).send(null);
    },
  }),
];

export function registerBalanceMonitorRoutes(app: App, deps: BalanceMonitorRouteDeps): void {
  registerRoutes(app, balanceMonitorRoutes, deps);
  registerRoutes(app, clientBalanceMonitorRoutes, deps);
}
