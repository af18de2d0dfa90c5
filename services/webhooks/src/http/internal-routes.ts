import {
  adminWebhookEndpointPage,
  createWebhookEndpointInternalBody,
  enableWebhookEndpointInternalBody,
  idempotentReplayedHeader,
  internalWebhookEndpointsQuery,
  revokedClientsAnswer,
  revokedClientsInternalBody,
  webhookChangeInternalBody,
  type webhookDelivery,
  webhookDeliveryPage,
  webhookEndpoint,
  webhookEndpointList,
  webhookEndpointWithSecret,
  webhookClientIdText,
  webhookPaceInternalBody,
  webhookRecovery,
  webhookRecoveryDaysMax,
  webhookRecoveryInternalBody,
  webhookSecretOverlapMs,
} from '@coin/contracts';
import type { Pool } from '@coin/db';
import { AppError, validationError } from '@coin/errors';
import { registerRoutes, routeOf, type App, type InternalRoute } from '@coin/http';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type DeliveryLogRow, deliveryHealthOf, deliveryLog, insertTestDelivery, redeliver } from '../db/deliveries-repo';
import { type DeliveryHealth, noDeliveries } from '../domain/delivery-outcome';
import {
  clientRevoked,
  deleteEndpoint,
  enableEndpoint,
  type EndpointRow,
  findEndpoint,
  insertEndpoint,
  listAllEndpoints,
  listEndpoints,
  rotateSecret,
  setPace,
  stopRevokedClients,
} from '../db/endpoints-repo';
import { findRecovery, type RecoveryRow, startRecovery } from '../db/recoveries-repo';
import { checkEndpointUrl, type OutboundPolicy } from '../domain/outbound-policy';
import { spaceRefusalOf, type WebhooksSpace } from '../domain/space';
import { newEndpointSecret, type SecretBox } from '../domain/secret-box';
import type { AuditedBy } from '../db/audit-outbox';
import type { WebhooksMetrics } from '../metrics';

const clientParams = z.strictObject({ clientId: webhookClientIdText });
const endpointParams = clientParams.extend({ endpointId: z.uuid() });
const deliveryParams = endpointParams.extend({ deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const recoveryParams = endpointParams.extend({ recoveryId: z.uuid() });
const logQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .optional(),
});

function endpointView(row: EndpointRow, deliveryHealth: DeliveryHealth): z.input<typeof webhookEndpoint> {
  return {
    id: row.id,
    clientId: row.clientId,
    url: row.url,
    eventTypes: row.eventTypes,
    status: row.status,
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    previousSecretExpiresAt: row.previousSecretExpiresAt?.toISOString() ?? null,
    maxDeliveriesPerSecond: row.maxDeliveriesPerSecond,
    deliveryHealth,
  };
}

/** The endpoints as every answer shows them, each with its delivery health: one read of the database for them all. */
async function viewsOf(pool: Pool, rows: readonly EndpointRow[]): Promise<Array<z.input<typeof webhookEndpoint>>> {
  const health = await deliveryHealthOf(
    pool,
    rows.map((row) => row.id),
  );
  return rows.map((row) => endpointView(row, health.get(row.id) ?? noDeliveries));
}

async function viewOf(pool: Pool, row: EndpointRow): Promise<z.input<typeof webhookEndpoint>> {
  return endpointView(row, (await deliveryHealthOf(pool, [row.id])).get(row.id) ?? noDeliveries);
}

function deliveryView(d: DeliveryLogRow): z.input<typeof webhookDelivery> {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'PENDING' ? d.nextAttemptAt.toISOString() : null,
    lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
    lastResponseCode: d.lastResponseCode,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    endpointDisabled: d.endpointDisabled
      ? { at: d.endpointDisabled.at.toISOString(), eventId: d.endpointDisabled.eventId, toldEndpoints: d.endpointDisabled.toldEndpoints }
      : null,
    // The signed body, as sent: the service wrote it, from an event it validated.
    payload: JSON.parse(d.body) as Record<string, unknown>,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'No such webhook endpoint');
const revoked = () =>
  new AppError('PLATFORM_CLIENT_REVOKED', 'The platform client is revoked: its endpoints can be listed, read and deleted, nothing else');

/** A change's body: absent (a caller that audits nothing) reads as `{}`. */
const changeBody = z.preprocess((value) => value ?? {}, webhookChangeInternalBody);

/** The change's admin audit record, when the gateway says it is a SUPERADMIN's (an admin action). */
function auditedByOf(
  body: { auditedBy?: z.output<typeof webhookChangeInternalBody>['auditedBy'] } | undefined,
  topic: string,
): AuditedBy | undefined {
  const given = body?.auditedBy;
  return given ? { topic, actor: given.actor, requestId: given.requestId } : undefined;
}

type InternalRouteDeps = {
  pool: Pool;
  box: SecretBox;
  policy: OutboundPolicy;
  maxEndpointsPerClient: number;
  adminAuditTopic: string;
  /** The space this instance serves: an endpoint only for a client of it (WEBHOOKS_SPACE). */
  space: WebhooksSpace;
  /** The metrics' label sets of deleted endpoints and revoked clients, dropped (metrics.ts). */
  metrics: Pick<WebhooksMetrics, 'forgetEndpoints' | 'forgetClients'>;
};

/** POST /internal/webhooks/endpoints: a new endpoint of a client, its secret in the answer. */
async function createEndpoint(deps: InternalRouteDeps, body: z.output<typeof createWebhookEndpointInternalBody>, reply: FastifyReply) {
  // Judged here from the id, not on the gateway's word: a test-mode client's grants are the
  // sandbox's, never a view of live movements, and the sandbox has no live client's endpoints
  // (docs/decisions/0018-sandbox.md).
  const refusal = spaceRefusalOf(deps.space, body.clientId);
  if (refusal) throw refusal;
  const checked = checkEndpointUrl(body.url, deps.policy);
  if (!checked.ok) throw validationError([{ path: 'url', message: `refused: ${checked.reason}` }], 'The endpoint URL is not allowed');
  const secret = newEndpointSecret();
  const row = await insertEndpoint(
    deps.pool,
    {
      id: body.id,
      clientId: body.clientId,
      url: checked.url,
      eventTypes: body.eventTypes,
      treasuries: body.treasuries,
      secretSealed: deps.box.seal(secret, body.id),
    },
    deps.maxEndpointsPerClient,
    auditedByOf(body, deps.adminAuditTopic),
  );
  if (row.kind === 'over-limit') {
    throw new AppError('LIMIT_EXCEEDED', `A client may register at most ${deps.maxEndpointsPerClient} webhook endpoints`);
  }
  if (row.kind === 'id-taken') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (row.kind === 'client-revoked') throw revoked();
  // A retried create (the same idempotency key of the same client) answers the endpoint it made, with its secret.
  const secretShown = row.kind === 'created' ? secret : deps.box.open(row.secretSealed, row.row.id);
  // The gateway's Idempotent-Replayed: this answer is the one the key's first request got.
  if (row.kind === 'existing') reply.header(idempotentReplayedHeader, 'true');
  reply.code(201);
  return { ...(await viewOf(deps.pool, row.row)), secret: secretShown };
}

/**
 * The webhooks service's internal API, called by the gateway only, which decides whose client id
 * a call names (the platform client itself, or a SUPERADMIN naming one) and passes the client's
 * grants. Another client's endpoint is answered like a missing one (404).
 */
export function registerInternalRoutes(app: App, deps: InternalRouteDeps): void {
  registerRoutes(app, endpointRoutes, deps);
  registerRoutes(app, deliveryRoutes, deps);
  registerRoutes(app, paceAndRecoveryRoutes, deps);
  registerRoutes(app, acrossClientsRoutes, deps);
}

const route = routeOf<InternalRouteDeps>();

/** A client's endpoints: made, read, re-enabled, deleted, their secrets rotated. */
const endpointRoutes: InternalRoute<InternalRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/internal/webhooks/endpoints',
    schema: { body: createWebhookEndpointInternalBody, response: { 201: webhookEndpointWithSecret } },
    handler: (request, reply, deps) => createEndpoint(deps, request.body, reply),
  }),
  route({
    method: 'GET',
    url: '/internal/webhooks/clients/:clientId/endpoints',
    schema: { params: clientParams, response: { 200: webhookEndpointList } },
    handler: async (request, _reply, deps) => ({
      endpoints: await viewsOf(deps.pool, await listEndpoints(deps.pool, request.params.clientId)),
    }),
  }),
  route({
    method: 'GET',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId',
    schema: { params: endpointParams, response: { 200: webhookEndpoint } },
    handler: async (request, _reply, deps) => {
      const row = await findEndpoint(deps.pool, request.params.clientId, request.params.endpointId);
      if (!row) throw notFound();
      return viewOf(deps.pool, row);
    },
  }),
  // Re-enabling is audited (the outbox, in the same transaction): the gateway names who asked.
  route({
    method: 'POST',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/enable',
    schema: { params: endpointParams, body: enableWebhookEndpointInternalBody, response: { 200: webhookEndpoint } },
    handler: async (request, _reply, deps) => {
      const row = await enableEndpoint(deps.pool, request.params.clientId, request.params.endpointId, {
        actor: request.body.actor,
        requestId: request.body.requestId,
        adminAuditTopic: deps.adminAuditTopic,
      });
      if (row === 'client-revoked') throw revoked();
      if (!row) throw notFound();
      return viewOf(deps.pool, row);
    },
  }),
  route({
    method: 'DELETE',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId',
    schema: { params: endpointParams, body: changeBody },
    handler: async (request, reply, deps) => {
      const audited = auditedByOf(request.body, deps.adminAuditTopic);
      if (!(await deleteEndpoint(deps.pool, request.params.clientId, request.params.endpointId, audited))) throw notFound();
      await deps.metrics.forgetEndpoints([request.params.endpointId]);
      return reply.code(204).send();
    },
  }),
  route({
    method: 'POST',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/rotate-secret',
    schema: { params: endpointParams, body: changeBody, response: { 200: webhookEndpointWithSecret } },
    handler: (request, _reply, deps) => rotateEndpointSecret(deps, request.params, auditedByOf(request.body, deps.adminAuditTopic)),
  }),
];

/** An endpoint's deliveries: its log, a test delivery, a delivery sent again. */
const deliveryRoutes: InternalRoute<InternalRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/deliveries',
    schema: { params: endpointParams, querystring: logQuery, response: { 200: webhookDeliveryPage } },
    handler: (request, _reply, deps) => deliveryPage(deps, request.params, request.query),
  }),
  route({
    method: 'POST',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/test',
    schema: { params: endpointParams, body: changeBody },
    handler: async (request, reply, deps) => {
      const endpoint = await findEndpoint(deps.pool, request.params.clientId, request.params.endpointId);
      if (!endpoint) throw notFound();
      if (await clientRevoked(deps.pool, endpoint.clientId)) throw revoked();
      const queued = await insertTestDelivery(deps.pool, endpoint, auditedByOf(request.body, deps.adminAuditTopic));
      return reply.code(202).send({ status: 'PENDING', ...queued });
    },
  }),
  route({
    method: 'POST',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/deliveries/:deliveryId/redeliver',
    schema: { params: deliveryParams, body: changeBody },
    handler: async (request, reply, deps) => {
      const endpoint = await findEndpoint(deps.pool, request.params.clientId, request.params.endpointId);
      if (endpoint && (await clientRevoked(deps.pool, endpoint.clientId))) throw revoked();
      const audited = auditedByOf(request.body, deps.adminAuditTopic);
      if (!endpoint || !(await redeliver(deps.pool, endpoint, request.params.deliveryId, audited))) throw notFound();
      return reply.code(202).send({ status: 'PENDING' });
    },
  }),
];

function recoveryView(row: RecoveryRow): z.input<typeof webhookRecovery> {
  return {
    id: row.id,
    endpointId: row.endpointId,
    since: row.since.toISOString(),
    until: row.until.toISOString(),
    status: row.status,
    total: row.total,
    requeued: row.requeued,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const dayMs = 86_400_000;

/**
 * POST …/recoveries: a recovery of the endpoint's failed deliveries since `since`, at most
 * webhookRecoveryDaysMax days back and not in the future (400 otherwise, nothing started). A
 * retried request (the same id) answers the recovery it started; the id of another is 422
 * IDEMPOTENCY_KEY_REUSED. Recorded in the admin audit log: the client's own request with the
 * client as actor, a SUPERADMIN's with them.
 */
async function recover(
  deps: InternalRouteDeps,
  params: z.output<typeof endpointParams>,
  body: z.output<typeof webhookRecoveryInternalBody>,
  reply: FastifyReply,
) {
  const endpoint = await findEndpoint(deps.pool, params.clientId, params.endpointId);
  if (!endpoint) throw notFound();
  if (await clientRevoked(deps.pool, endpoint.clientId)) throw revoked();
  const since = new Date(body.since);
  const now = Date.now();
  if (since.getTime() > now) throw validationError([{ path: 'since', message: 'must not be in the future' }], 'Nothing to recover yet');
  if (since.getTime() < now - webhookRecoveryDaysMax * dayMs)
    throw validationError(
      [{ path: 'since', message: `must be at most ${webhookRecoveryDaysMax} days ago` }],
      `A recovery reaches back at most ${webhookRecoveryDaysMax} days`,
    );
  const audit = auditedByOf(body, deps.adminAuditTopic) ?? {
    topic: deps.adminAuditTopic,
    actor: { kind: 'system' as const, id: endpoint.clientId },
    requestId: null,
  };
  const started = await startRecovery(deps.pool, endpoint, { id: body.id, since }, audit);
  if (started.kind === 'id-taken') throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (started.kind === 'existing') reply.header(idempotentReplayedHeader, 'true');
  return reply.code(202).send(recoveryView(started.row));
}

/** An endpoint's pace, and the recoveries of its failed deliveries. */
const paceAndRecoveryRoutes: InternalRoute<InternalRouteDeps>[] = [
  route({
    method: 'POST',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/pace',
    schema: { params: endpointParams, body: webhookPaceInternalBody, response: { 200: webhookEndpoint } },
    handler: async (request, _reply, deps) => {
      const { clientId, endpointId } = request.params;
      if (await clientRevoked(deps.pool, clientId)) throw revoked();
      const audited = auditedByOf(request.body, deps.adminAuditTopic);
      const row = await setPace(deps.pool, clientId, endpointId, request.body.maxDeliveriesPerSecond, audited);
      if (!row) throw notFound();
      return viewOf(deps.pool, row);
    },
  }),
  route({
    method: 'POST',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/recoveries',
    schema: { params: endpointParams, body: webhookRecoveryInternalBody, response: { 202: webhookRecovery } },
    handler: (request, reply, deps) => recover(deps, request.params, request.body, reply),
  }),
  route({
    method: 'GET',
    url: '/internal/webhooks/clients/:clientId/endpoints/:endpointId/recoveries/:recoveryId',
    schema: { params: recoveryParams, response: { 200: webhookRecovery } },
    handler: async (request, _reply, deps) => {
      const { clientId, endpointId, recoveryId } = request.params;
      const row = await findRecovery(deps.pool, clientId, endpointId, recoveryId);
      if (!row) throw new AppError('NOT_FOUND', 'No such recovery');
      return recoveryView(row);
    },
  }),
];

/** What spans every client: the revoked ones' endpoints stopped, every endpoint listed. */
const acrossClientsRoutes: InternalRoute<InternalRouteDeps>[] = [
  // Platform clients revoked, as the gateways report them (the revocation route at once, every
  // gateway's poll of the user service for the operator CLI's): their endpoints stop.
  route({
    method: 'POST',
    url: '/internal/webhooks/revoked-clients',
    schema: { body: revokedClientsInternalBody, response: { 200: revokedClientsAnswer } },
    handler: async (request, _reply, deps) => {
      const stopped = await stopRevokedClients(deps.pool, request.body.clientIds, deps.adminAuditTopic);
      await deps.metrics.forgetClients(request.body.clientIds);
      return { stopped };
    },
  }),
  // Every client's endpoints (ADMIN+ through the gateway: the console's list of failing endpoints).
  route({
    method: 'GET',
    url: '/internal/webhooks/endpoints',
    schema: { querystring: internalWebhookEndpointsQuery, response: { 200: adminWebhookEndpointPage } },
    handler: (request, _reply, deps) => allEndpointsPage(deps, request.query),
  }),
];

/** A new secret for an endpoint of a live client; the old one is still accepted for webhookSecretOverlapMs. */
async function rotateEndpointSecret(deps: InternalRouteDeps, params: z.output<typeof endpointParams>, audited: AuditedBy | undefined) {
  if (await clientRevoked(deps.pool, params.clientId)) throw revoked();
  const secret = newEndpointSecret();
  const row = await rotateSecret(
    deps.pool,
    params.clientId,
    params.endpointId,
    deps.box.seal(secret, params.endpointId),
    webhookSecretOverlapMs,
    audited,
  );
  if (!row) throw notFound();
  return { ...(await viewOf(deps.pool, row)), secret };
}

/** A page of an endpoint's delivery log, newest first, by the delivery-id cursor. */
async function deliveryPage(deps: InternalRouteDeps, params: z.output<typeof endpointParams>, query: z.output<typeof logQuery>) {
  const endpoint = await findEndpoint(deps.pool, params.clientId, params.endpointId);
  if (!endpoint) throw notFound();
  const { limit, cursor } = query;
  const rows = await deliveryLog(deps.pool, endpoint.id, limit + 1, cursor ? Number(cursor) : undefined);
  const page = rows.slice(0, limit);
  return {
    deliveries: page.map(deliveryView),
    nextCursor: rows.length > limit && page.length > 0 ? String(page[page.length - 1]?.id) : null,
  };
}

/** A page of every client's endpoints, by the endpoint-id cursor. */
async function allEndpointsPage(deps: InternalRouteDeps, query: z.output<typeof internalWebhookEndpointsQuery>) {
  const { status, limit, cursor } = query;
  const rows = await listAllEndpoints(deps.pool, { status, after: cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    endpoints: await viewsOf(deps.pool, page),
    nextCursor: rows.length > limit && page.length > 0 ? (page[page.length - 1]?.id ?? null) : null,
  };
}
