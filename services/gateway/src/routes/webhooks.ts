import {
  adminWebhookEndpointPublicPage,
  adminWebhookEndpointsQuery,
  clientWebhookDeliveryParams,
  clientWebhookEndpointParams,
  clientWebhookParams,
  createWebhookEndpointBody,
  idempotencyKey,
  problem,
  webhookDeliveriesQuery,
  webhookDeliveryIdParams,
  webhookDeliveryPublicPage,
  webhookEndpoint,
  webhookEndpointIdParams,
  webhookEndpointList,
  webhookEndpointWithSecret,
  webhookPaceBody,
  webhookRecovery,
  webhookRecoveryBody,
  webhookRecoveryDaysMax,
  webhookRecoveryIdParams,
  clientWebhookRecoveryParams,
  webhookRedelivery,
  webhookTestDelivery,
  type WebhookEndpoint,
  type WebhookRecovery,
} from '@coin/contracts';
import { AppError } from '@coin/errors';
import { credentialModeOf } from '@coin/security';
import type { App } from '@coin/http';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { InternalApi } from '../clients/internal-api';
import type { Access } from '../plugins/access';
import { markReplayed, principalOf } from '../plugins/auth';
import { type SandboxPart, spaceOf } from '../plugins/sandbox';
import { idempotencyKeyHeader, idempotencyOf } from '../plugins/idempotency';
import { withExample } from './examples';
import { registerEventRoutes } from './events';
import { keysetLinks } from './paging';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

export interface WebhookRouteDeps {
  internal: InternalApi;
}

const route = routeOf<WebhookRouteDeps>();

const errorResponses = { 400: problem, 401: problem, 403: problem, 429: problem, 503: problem, 504: problem };
/** A creation must carry a key: the secret is shown once, so a blind retry must not make a second endpoint. */
const requiredIdempotencyHeaders = z.looseObject({ [idempotencyKeyHeader]: idempotencyKey });

const at = '2026-01-15T09:30:00.000Z';
const exampleEndpoint: WebhookEndpoint = {
  id: '0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20',
  clientId: 'pc_Xk3v9QmT2bLw',
  url: 'https://tournaments.example.com/coin-webhooks',
  eventTypes: ['coin.transaction.recorded'],
  status: 'ENABLED',
  disabledReason: null,
  disabledAt: null,
  createdAt: at,
  previousSecretExpiresAt: null,
  maxDeliveriesPerSecond: null,
  // 238 of its 240 attempts of the last 24 hours answered 2xx; nothing waits.
  deliveryHealth: { attempts24h: 240, succeeded24h: 238, successRate: 0.9916, oldestPendingAgeSeconds: null },
};
/** A new endpoint: nothing attempted yet. */
const exampleNewEndpoint: WebhookEndpoint = {
  ...exampleEndpoint,
  deliveryHealth: { attempts24h: 0, succeeded24h: 0, successRate: null, oldestPendingAgeSeconds: null },
};
const exampleSecret = 'whsec_JkA/W5vHBuj4fiiYmq2Q+WfS9MBy8MpHWHmaEv+Fod8=';
const exampleDelivery = {
  id: 812,
  eventId: '7f9b1d3f-5c7e-5092-b4d6-f81a2c4e6083',
  eventType: 'coin.transaction.recorded',
  status: 'DELIVERED' as const,
  attempts: 2,
  nextAttemptAt: null,
  lastAttemptAt: '2026-01-15T09:31:02.000Z',
  lastResponseCode: 200,
  lastError: null,
  createdAt: at,
  deliveredAt: '2026-01-15T09:31:02.000Z',
  endpointDisabled: null,
  payload: {
    eventId: '7f9b1d3f-5c7e-5092-b4d6-f81a2c4e6083',
    type: 'coin.transaction.recorded',
    version: 1,
    occurredAt: at,
    transaction: {
      id: 1042,
      type: 'REWARD',
      amount: 25,
      fromUserId: null,
      toUserId: 9,
      fromTreasury: 'REWARDS',
      toTreasury: null,
      reason: 'tournament win',
      reference: null,
      refundOf: null,
      createdAt: at,
    },
  },
};
const exampleRecovery: WebhookRecovery = {
  id: '5b2d8e41-7c3a-4f90-8e16-2a9d4c7b1f03',
  endpointId: exampleEndpoint.id,
  since: '2026-01-14T09:30:00.000Z',
  until: '2026-01-15T09:30:00.000Z',
  status: 'RUNNING',
  total: 1200,
  requeued: 500,
  createdAt: at,
  finishedAt: null,
};
const exampleTestDelivery = { status: 'PENDING' as const, deliveryId: 813, eventId: '0c6f3b7e-2d41-4a8e-9b55-1f0e7a3c9d21' };

/** Whose endpoints a route manages, and with which grants (event visibility: docs/DESIGN.md "Webhooks"). */
interface Owner {
  clientId: string;
  treasuries: string[];
}

/**
 * What a route does with the client's endpoints: `manage` reads or deletes them (also a revoked
 * client's: its integration is gone, its endpoints are not, and someone must be able to see and
 * remove them), `change` adds, enables, rotates, tests or redelivers (never for a revoked client: 409
 * PLATFORM_CLIENT_REVOKED).
 */
type Purpose = 'manage' | 'change';

/**
 * The two families of the same routes: a platform client's own (`platform`: the client is its
 * token's subject, the grants its token's claim; a revoked client's token is refused before) and a
 * SUPERADMIN's for a named client (its grants read from the user service; an unknown client is a
 * 404, a revoked one is managed but not changed; writes need a fresh step-up and are recorded in
 * the admin audit log by the webhooks service, with the change).
 */
interface Family {
  base: string;
  access: Access;
  stepUp: boolean;
  tags: string[];
  /** Whether its writes are admin actions, recorded in the admin audit log (a SUPERADMIN's). */
  audited: boolean;
  /** The operationIds' infix: `createWebhookEndpoint` / `createClientWebhookEndpoint`. */
  infix: string;
  /** Served by the sandbox's webhooks instance to a test-mode client (plugins/sandbox.ts); absent: live only. */
  sandbox?: SandboxPart;
  who: string;
  params: z.ZodObject;
  endpointParams: z.ZodObject;
  deliveryParams: z.ZodObject;
  recoveryParams: z.ZodObject;
  ownerOf(request: FastifyRequest, purpose: Purpose, deps: WebhookRouteDeps): Promise<Owner>;
}

const families: Family[] = [
  {
    base: '/api/webhooks/endpoints',
    access: 'platform',
    stepUp: false,
    audited: false,
    tags: ['webhooks'],
    infix: '',
    // A test-mode client's own endpoints are the sandbox's (docs/decisions/0018-sandbox.md).
    sandbox: 'webhooks',
    who: "the calling platform client's (a test-mode client's are the sandbox's)",
    params: z.strictObject({}),
    endpointParams: webhookEndpointIdParams,
    deliveryParams: webhookDeliveryIdParams,
    recoveryParams: webhookRecoveryIdParams,
    ownerOf: async (request) => {
      const principal = principalOf(request);
      return { clientId: principal.subject, treasuries: principal.treasuries ?? [] };
    },
  },
  {
    base: '/api/admin/platform-clients/:clientId/webhooks/endpoints',
    access: 'superadmin',
    stepUp: true,
    audited: true,
    tags: ['webhooks', 'platform-clients'],
    infix: 'Client',
    who: "a platform client's (SUPERADMIN)",
    params: clientWebhookParams,
    endpointParams: clientWebhookEndpointParams,
    deliveryParams: clientWebhookDeliveryParams,
    recoveryParams: clientWebhookRecoveryParams,
    ownerOf: async (request, purpose, deps) => {
      const { clientId } = request.params as { clientId: string };
      const { platformClients } = await deps.internal.read('users.platform-clients', {}, String(request.id));
      const client = platformClients.find((c) => c.id === clientId);
      if (!client) throw new AppError('NOT_FOUND', 'No such platform client');
      // A test-mode client sees no live movement, and its sandbox endpoints are no live
      // credential's to see (docs/decisions/0018-sandbox.md); the webhooks service refuses it too.
      if (credentialModeOf('system', client.id) === 'test') {
        throw new AppError(
          'TEST_MODE_CREDENTIALS',
          "A test-mode platform client has no live webhook endpoints: its endpoints are the sandbox's, managed with its own credentials",
        );
      }
      if (client.revokedAt !== null && purpose === 'change') {
        throw new AppError('PLATFORM_CLIENT_REVOKED', 'The platform client is revoked: its endpoints can be listed, read and deleted');
      }
      return { clientId: client.id, treasuries: [...client.treasuries] };
    },
  },
];

/** The id of the endpoint the path names (both families call it `id`). */
function endpointIdOf(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** Who asked, as the gateway verified it: the audit record of a re-enabling names them. */
function actorOf(request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.kind === 'system') return { kind: 'system' as const, id: principal.subject };
  return { kind: 'user' as const, id: principal.subject, ...(principal.role !== 'SYSTEM' ? { role: principal.role } : {}) };
}

/**
 * Webhooks through the gateway (docs/DESIGN.md "Webhooks"): the webhooks service's internal API,
 * the gateway deciding whose client a call names. Another client's endpoint is answered like a
 * missing one (404); the event types an endpoint gets are limited by the client's grants, which the
 * gateway passes and the service applies.
 */
export function registerWebhookRoutes(app: App, deps: WebhookRouteDeps): void {
  for (const family of families)
    registerRoutes(
      app,
      [...webhookFamilyRoutes, ...paceAndRecoveryRoutes].map((familyRoute) => familyRoute(family)),
      deps,
    );
  // What the deliveries carried, to read back (GET /api/events).
  registerEventRoutes(app, deps);
  registerRoutes(app, adminWebhookRoutes, deps);
}

/** Every client's endpoints, for an ADMIN+. */
export const adminWebhookRoutes: RouteDef<WebhookRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/admin/webhooks/endpoints',
    config: { access: 'admin' },
    schema: {
      tags: ['webhooks', 'admin'],
      summary: "Every platform client's webhook endpoints (ADMIN+), by id; status=disabled lists those disabled after persistent failure",
      operationId: 'listAllWebhookEndpoints',
      querystring: adminWebhookEndpointsQuery,
      response: {
        200: withExample(adminWebhookEndpointPublicPage, { endpoints: [exampleEndpoint], nextCursor: null, hasMore: false }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => {
      const { status, limit, cursor } = request.query;
      const page = await deps.internal.read(
        'webhooks.all-endpoints',
        { limit, ...(cursor ? { cursor } : {}), ...(status ? { status: status === 'disabled' ? 'DISABLED' : 'ENABLED' } : {}) },
        String(request.id),
      );
      return keysetLinks(page);
    },
  }),
];

/** A family's read routes' config: its access, and the sandbox part serving them to a test-mode client (plugins/sandbox.ts). */
function readConfigOf(family: Family): { access: Access; sandbox?: SandboxPart } {
  return { access: family.access, ...(family.sandbox ? { sandbox: family.sandbox } : {}) };
}

/** A family's write routes' config: its read config, and a fresh step-up where the family needs one. */
function writeConfigOf(family: Family): { access: Access; sandbox?: SandboxPart; stepUp?: boolean } {
  return { ...readConfigOf(family), ...(family.stepUp ? { stepUp: true } : {}) };
}

/**
 * A family's way to the webhooks service: the caller's space, so a test-mode client's calls reach
 * the sandbox's webhooks instance only (plugins/sandbox.ts); what a change names of who asked; and
 * the endpoint a path names, of the owner the family finds.
 */
function familyParts(deps: WebhookRouteDeps, family: Family) {
  return {
    api: (request: FastifyRequest) => deps.internal.in(spaceOf(request)),
    /** A SUPERADMIN's change names who asked, for its admin audit record; a client's own changes carry nothing. */
    change: (request: FastifyRequest) => (family.audited ? { auditedBy: { actor: actorOf(request), requestId: String(request.id) } } : {}),
    target: async (request: FastifyRequest, purpose: Purpose) => ({
      clientId: (await family.ownerOf(request, purpose, deps)).clientId,
      endpointId: endpointIdOf(request),
    }),
  };
}

/** The routes of each family: each one a route of both, its schema and config drawn from the family. */
const webhookFamilyRoutes: ((family: Family) => RouteDef<WebhookRouteDeps>)[] = [
  (family) =>
    route({
      method: 'POST',
      url: family.base,
      config: { ...writeConfigOf(family), idempotent: true },
      schema: {
        tags: family.tags,
        summary: `Register a webhook endpoint of ${family.who}; its signing secret is in this 201 only (a retry with the same Idempotency-Key answers it again)`,
        operationId: `create${family.infix}WebhookEndpoint`,
        headers: requiredIdempotencyHeaders,
        params: family.params,
        body: withExample(createWebhookEndpointBody, { url: exampleEndpoint.url, eventTypes: exampleEndpoint.eventTypes }),
        response: {
          201: withExample(webhookEndpointWithSecret, { ...exampleNewEndpoint, secret: exampleSecret }),
          404: problem,
          409: problem,
          422: problem,
          ...errorResponses,
        },
      },
      handler: async (request, reply, deps) => {
        const { api, change } = familyParts(deps, family);
        const owner = await family.ownerOf(request, 'change', deps);
        // The endpoint's id is the key's command id: a retry names the same endpoint, which the service answers again (replayed).
        const body = request.body as z.output<typeof createWebhookEndpointBody>;
        const endpoint = await api(request).post(
          'webhooks.create-endpoint',
          {
            id: idempotencyOf(request).commandId,
            clientId: owner.clientId,
            treasuries: owner.treasuries,
            url: body.url,
            eventTypes: body.eventTypes,
            ...change(request),
          },
          String(request.id),
          () => markReplayed(request),
        );
        if (!sameRegistration(endpoint, body)) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another endpoint (another URL or event types)');
        }
        return reply.code(201).send(endpoint);
      },
    }),
  (family) =>
    route({
      method: 'GET',
      url: family.base,
      config: readConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `List the webhook endpoints of ${family.who}, oldest first, each with its delivery health (never their secrets)`,
        operationId: `list${family.infix}WebhookEndpoints`,
        params: family.params,
        response: { 200: withExample(webhookEndpointList, { endpoints: [exampleEndpoint] }), 404: problem, ...errorResponses },
      },
      handler: async (request, _reply, deps) => {
        const { api } = familyParts(deps, family);
        const owner = await family.ownerOf(request, 'manage', deps);
        return api(request).read('webhooks.endpoints', { clientId: owner.clientId }, String(request.id));
      },
    }),
  (family) =>
    route({
      method: 'GET',
      url: `${family.base}/:id`,
      config: readConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `One webhook endpoint of ${family.who}: its status, why and when it was disabled, and its delivery health (success rate over 24 h, oldest pending delivery)`,
        operationId: `get${family.infix}WebhookEndpoint`,
        params: family.endpointParams,
        response: { 200: withExample(webhookEndpoint, exampleEndpoint), 404: problem, ...errorResponses },
      },
      handler: async (request, _reply, deps) => {
        const { api, target } = familyParts(deps, family);
        return api(request).read('webhooks.endpoint', await target(request, 'manage'), String(request.id));
      },
    }),
  (family) =>
    route({
      method: 'DELETE',
      url: `${family.base}/:id`,
      config: writeConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `Delete a webhook endpoint of ${family.who}: nothing more is sent; its delivery log is kept`,
        operationId: `delete${family.infix}WebhookEndpoint`,
        params: family.endpointParams,
        response: { 204: z.null().describe('Deleted'), 404: problem, ...errorResponses },
      },
      handler: async (request, reply, deps) => {
        const { api, change, target } = familyParts(deps, family);
        await api(request).act(
          'webhooks.delete-endpoint',
          { params: await target(request, 'manage'), body: change(request) },
          String(request.id),
        );
        return reply.code(204).send(null);
      },
    }),
  (family) =>
    route({
      method: 'POST',
      url: `${family.base}/:id/rotate-secret`,
      config: writeConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `Rotate the signing secret of a webhook endpoint of ${family.who}: the new one is in this answer only; the old one keeps signing for 24 h`,
        operationId: `rotate${family.infix}WebhookSecret`,
        params: family.endpointParams,
        response: {
          200: withExample(webhookEndpointWithSecret, { ...exampleEndpoint, previousSecretExpiresAt: at, secret: exampleSecret }),
          404: problem,
          409: problem,
          ...errorResponses,
        },
      },
      handler: async (request, _reply, deps) => {
        const { api, change, target } = familyParts(deps, family);
        return api(request).act(
          'webhooks.rotate-secret',
          { params: await target(request, 'change'), body: change(request) },
          String(request.id),
        );
      },
    }),
  (family) =>
    route({
      method: 'POST',
      url: `${family.base}/:id/enable`,
      config: writeConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `Re-enable a webhook endpoint of ${family.who} that was disabled after persistent failure (audited; an enabled one is answered as it is)`,
        operationId: `enable${family.infix}WebhookEndpoint`,
        params: family.endpointParams,
        response: { 200: withExample(webhookEndpoint, exampleEndpoint), 404: problem, 409: problem, ...errorResponses },
      },
      handler: async (request, _reply, deps) => {
        const { api, target } = familyParts(deps, family);
        return api(request).act(
          'webhooks.enable-endpoint',
          { params: await target(request, 'change'), body: { actor: actorOf(request), requestId: String(request.id) } },
          String(request.id),
        );
      },
    }),
  (family) =>
    route({
      method: 'GET',
      url: `${family.base}/:id/deliveries`,
      config: readConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `The delivery log of a webhook endpoint of ${family.who}, newest first: each event's attempts, last answer and status`,
        operationId: `list${family.infix}WebhookDeliveries`,
        params: family.endpointParams,
        querystring: webhookDeliveriesQuery,
        response: {
          200: withExample(webhookDeliveryPublicPage, { deliveries: [exampleDelivery], nextCursor: null, hasMore: false }),
          404: problem,
          ...errorResponses,
        },
      },
      handler: async (request, _reply, deps) => {
        const { api, target } = familyParts(deps, family);
        const { limit, cursor } = request.query as z.output<typeof webhookDeliveriesQuery>;
        const page = await api(request).read(
          'webhooks.deliveries',
          { ...(await target(request, 'manage')), limit, ...(cursor ? { cursor } : {}) },
          String(request.id),
        );
        return keysetLinks(page);
      },
    }),
  (family) =>
    route({
      method: 'POST',
      url: `${family.base}/:id/test`,
      config: writeConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `Send a test event (coin.webhook.test) to a webhook endpoint of ${family.who} now, signed and retried like any delivery and shown in its delivery log; a disabled endpoint gets it once enabled`,
        operationId: `test${family.infix}WebhookEndpoint`,
        params: family.endpointParams,
        response: { 202: withExample(webhookTestDelivery, exampleTestDelivery), 404: problem, 409: problem, ...errorResponses },
      },
      handler: async (request, reply, deps) => {
        const { api, change, target } = familyParts(deps, family);
        const answer = await api(request).act(
          'webhooks.test-delivery',
          { params: await target(request, 'change'), body: change(request) },
          String(request.id),
        );
        return reply.code(202).send(answer);
      },
    }),
  (family) =>
    route({
      method: 'POST',
      url: `${family.base}/:id/deliveries/:deliveryId/redeliver`,
      config: writeConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `Send one delivery of a webhook endpoint of ${family.who} again, now, with a fresh retry schedule`,
        operationId: `redeliver${family.infix}WebhookDelivery`,
        params: family.deliveryParams,
        response: { 202: withExample(webhookRedelivery, { status: 'PENDING' }), 404: problem, 409: problem, ...errorResponses },
      },
      handler: async (request, reply, deps) => {
        const { api, change, target } = familyParts(deps, family);
        const { deliveryId } = request.params as { deliveryId: number };
        const answer = await api(request).act(
          'webhooks.redeliver',
          { params: { ...(await target(request, 'change')), deliveryId }, body: change(request) },
          String(request.id),
        );
        return reply.code(202).send(answer);
      },
    }),
];

/** An endpoint's pace and the recoveries of its failed deliveries, in each family. */
const paceAndRecoveryRoutes: ((family: Family) => RouteDef<WebhookRouteDeps>)[] = [
  (family) =>
    route({
      method: 'PUT',
      url: `${family.base}/:id/pace`,
      config: writeConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `Set the pace of a webhook endpoint of ${family.who}: at most maxDeliveriesPerSecond delivery attempts a second (1-1000; null: none). Deliveries beyond it wait in the queue, in order; none is dropped`,
        operationId: `set${family.infix}WebhookPace`,
        params: family.endpointParams,
        body: withExample(webhookPaceBody, { maxDeliveriesPerSecond: 1 }),
        response: {
          200: withExample(webhookEndpoint, { ...exampleEndpoint, maxDeliveriesPerSecond: 1 }),
          404: problem,
          409: problem,
          ...errorResponses,
        },
      },
      handler: async (request, _reply, deps) => {
        const { api, change, target } = familyParts(deps, family);
        const { maxDeliveriesPerSecond } = request.body as z.output<typeof webhookPaceBody>;
        return api(request).act(
          'webhooks.set-pace',
          { params: await target(request, 'change'), body: { maxDeliveriesPerSecond, ...change(request) } },
          String(request.id),
        );
      },
    }),
  (family) =>
    route({
      method: 'POST',
      url: `${family.base}/:id/recoveries`,
      config: { ...writeConfigOf(family), idempotent: true },
      schema: {
        tags: family.tags,
        summary: `Recover a webhook endpoint of ${family.who}: every delivery of it that failed, queued since \`since\` (at most ${webhookRecoveryDaysMax} days ago), is sent again by one background task; its progress is read at GET …/recoveries/{recoveryId} (a retry with the same Idempotency-Key answers the same recovery; audited)`,
        operationId: `recover${family.infix}WebhookEndpoint`,
        headers: requiredIdempotencyHeaders,
        params: family.endpointParams,
        body: withExample(webhookRecoveryBody, { since: exampleRecovery.since }),
        response: {
          202: withExample(webhookRecovery, { ...exampleRecovery, requeued: 0 }),
          404: problem,
          409: problem,
          422: problem,
          ...errorResponses,
        },
      },
      handler: async (request, reply, deps) => {
        const { api, change, target } = familyParts(deps, family);
        const { since } = request.body as z.output<typeof webhookRecoveryBody>;
        // The recovery's id is the key's command id: a retry names the same recovery, which the service answers again (replayed).
        const answer = await api(request).act(
          'webhooks.recover',
          { params: await target(request, 'change'), body: { id: idempotencyOf(request).commandId, since, ...change(request) } },
          String(request.id),
          () => markReplayed(request),
        );
        return reply.code(202).send(answer);
      },
    }),
  (family) =>
    route({
      method: 'GET',
      url: `${family.base}/:id/recoveries/:recoveryId`,
      config: readConfigOf(family),
      schema: {
        tags: family.tags,
        summary: `The progress of a recovery of a webhook endpoint of ${family.who}: the failed deliveries of its span, and how many are back in the queue`,
        operationId: `get${family.infix}WebhookRecovery`,
        params: family.recoveryParams,
        response: { 200: withExample(webhookRecovery, exampleRecovery), 404: problem, ...errorResponses },
      },
      handler: async (request, _reply, deps) => {
        const { api, target } = familyParts(deps, family);
        const { recoveryId } = request.params as { recoveryId: string };
        return api(request).read('webhooks.recovery', { ...(await target(request, 'manage')), recoveryId }, String(request.id));
      },
    }),
];

/** Whether the endpoint answered for a key is the one this request asks for (else the key was used for another). */
function sameRegistration(endpoint: WebhookEndpoint, body: z.output<typeof createWebhookEndpointBody>): boolean {
  const types = (list: readonly string[]) => [...list].sort().join(',');
  if (types(endpoint.eventTypes) !== types(body.eventTypes)) return false;
  try {
    return new URL(endpoint.url).href === new URL(body.url).href;
  } catch {
    return false;
  }
}
