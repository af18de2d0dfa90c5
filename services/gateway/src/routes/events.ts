import {
  eventResend,
  eventRetentionDays,
  eventsQuery,
  type PlatformEvent,
  platformEvent,
  platformEventIdParams,
  platformEventPublicPage,
  problem,
} from '@coin/contracts';
import type { App } from '@coin/http';
import type { z } from 'zod';
import type { InternalApi } from '../clients/internal-api';
import { principalOf } from '../plugins/auth';
import { spaceOf } from '../plugins/sandbox';
import { withExample } from './examples';
import { keysetLinks } from './paging';
import { registerRoutes, routeOf, type RouteDef } from './route-def';

const errorResponses = { 400: problem, 401: problem, 403: problem, 429: problem, 503: problem, 504: problem };

const exampleEvent: PlatformEvent = {
  id: '7f9b1d3f-5c7e-5092-b4d6-f81a2c4e6083',
  type: 'coin.webhook-endpoint.disabled',
  createdAt: '2026-01-16T11:30:00.000Z',
  payload: {
    eventId: '7f9b1d3f-5c7e-5092-b4d6-f81a2c4e6083',
    type: 'coin.webhook-endpoint.disabled',
    version: 1,
    occurredAt: '2026-01-16T11:30:00.000Z',
    data: {
      endpointId: '0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20',
      clientId: 'pc_Xk3v9QmT2bLw',
      url: 'https://tournaments.example.com/coin-webhooks',
      reason: 'delivery 812 failed 13 attempts over the retry schedule',
      disabledAt: '2026-01-16T11:30:00.000Z',
    },
  },
};

export interface EventRouteDeps {
  internal: InternalApi;
}

const route = routeOf<EventRouteDeps>();

/**
 * A platform client's own events (docs/DESIGN.md "Webhooks"): what its webhooks carry, kept 30
 * days by the webhooks service, so a platform backfills after an outage. SYSTEM tokens only
 * (access `platform`); the client is the token's subject, never a parameter, so no other
 * client's events can be named. A test-mode client's events are the sandbox webhooks instance's
 * (plugins/sandbox.ts), read there only.
 */
export const eventRoutes: RouteDef<EventRouteDeps>[] = [
  route({
    method: 'GET',
    url: '/api/events',
    config: { access: 'platform', sandbox: 'webhooks' },
    schema: {
      tags: ['webhooks'],
      summary: `The calling platform client's events of the last ${eventRetentionDays} days, oldest first, each exactly as its webhook deliveries carry it (whether or not an endpoint received it, and whether or not the client ever registered one); filter by type and by time. A test-mode client's are the sandbox's`,
      operationId: 'listEvents',
      querystring: eventsQuery,
      response: {
        200: withExample(platformEventPublicPage, { events: [exampleEvent], nextCursor: null, hasMore: false }),
        ...errorResponses,
      },
    },
    handler: async (request, _reply, deps) => {
      const { limit, cursor, type, after } = request.query as z.output<typeof eventsQuery>;
      const page = await deps.internal.in(spaceOf(request)).read(
        'webhooks.events',
        {
          clientId: principalOf(request).subject,
          limit,
          ...(cursor ? { cursor } : {}),
          ...(type ? { type } : {}),
          ...(after ? { after } : {}),
        },
        String(request.id),
      );
      return keysetLinks(page);
    },
  }),

  route({
    method: 'GET',
    url: '/api/events/:id',
    config: { access: 'platform', sandbox: 'webhooks' },
    schema: {
      tags: ['webhooks'],
      summary:
        "One event of the calling platform client, exactly as its webhook deliveries carry it (another client's is a 404; a test-mode client's are the sandbox's)",
      operationId: 'getEvent',
      params: platformEventIdParams,
      response: { 200: withExample(platformEvent, exampleEvent), 404: problem, ...errorResponses },
    },
    handler: async (request, _reply, deps) =>
      deps.internal
        .in(spaceOf(request))
        .read(
          'webhooks.event',
          { clientId: principalOf(request).subject, eventId: (request.params as { id: string }).id },
          String(request.id),
        ),
  }),

  route({
    method: 'POST',
    url: '/api/events/:id/resend',
    // Each resend writes an audit row per delivery it queues: a quota per client (RATE_LIMIT_RESENDS_PER_CLIENT_*).
    config: { access: 'platform', sandbox: 'webhooks', rateLimitPolicies: ['resends-client'] },
    schema: {
      tags: ['webhooks'],
      summary:
        "Send one of the calling platform client's events again to each of its endpoints that received it: each delivery waits for its next attempt now, with a fresh schedule, and is recorded in the audit log. Safe to repeat: a delivery already waiting is not queued twice. Each client has a quota of resends (100 an hour by default, RATE_LIMIT_RESENDS_PER_CLIENT_MAX and _WINDOW_MS), past it 429 RATE_LIMITED with Retry-After. Another client's event is a 404, as a missing one is; a test-mode client's are the sandbox's",
      operationId: 'resendEvent',
      params: platformEventIdParams,
      response: {
        202: withExample(eventResend, {
          eventId: exampleEvent.id,
          deliveries: [{ endpointId: '0f8e3c6a-2b4d-4e1f-9a7c-5d3b1e8f6a20', deliveryId: 812, status: 'PENDING' }],
        }),
        404: problem,
        409: problem,
        ...errorResponses,
      },
    },
    handler: async (request, reply, deps) => {
      const answer = await deps.internal.in(spaceOf(request)).act(
        'webhooks.resend-event',
        {
          params: { clientId: principalOf(request).subject, eventId: (request.params as { id: string }).id },
          body: { requestId: String(request.id) },
        },
        String(request.id),
      );
      return reply.code(202).send(answer);
    },
  }),
];

export function registerEventRoutes(app: App, deps: EventRouteDeps): void {
  registerRoutes(app, eventRoutes, deps);
}
