import {
  clientEventParams,
  clientEventsParams,
  eventResend,
  eventsQuery,
  platformEvent,
  platformEventPage,
  resendEventInternalBody,
} from '@coin/contracts';
import type { Pool } from '@coin/db';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { z } from 'zod';
import { resendEvent } from '../db/deliveries-repo';
import { clientRevoked } from '../db/endpoints-repo';
import { findPlatformEvent, listPlatformEvents, type PlatformEventRow } from '../db/events-repo';
import { decodeEventCursor, encodeEventCursor } from '../domain/platform-events';
import type { PlatformClientDirectory } from '../clients/client-directory';

function eventView(row: PlatformEventRow): z.input<typeof platformEvent> {
  // The body the service wrote, from an event it validated (or made itself).
  return { id: row.eventId, type: row.eventType, createdAt: row.createdAt.toISOString(), payload: JSON.parse(row.body) };
}

function afterSeqOf(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const decoded = decodeEventCursor(cursor);
  if (decoded.ok) return decoded.seq;
  if (decoded.reason === 'other-list')
    throw new AppError('CURSOR_MISMATCH', 'The cursor was returned by another list; pass a nextCursor of this one', {
      errors: [{ path: 'querystring.cursor', message: 'must be a cursor returned by a previous page of this list' }],
    });
  throw new AppError('VALIDATION_FAILED', 'The cursor is not one this API returned', {
    errors: [{ path: 'querystring.cursor', message: 'must be a cursor returned by a previous page' }],
  });
}

/**
 * A platform client's events (GET /api/events through the gateway, which names the client: its
 * token's subject). Oldest first; another client's event is answered like a missing one (404). A
 * client the service does not know yet has the user service's table read again (in the background:
 * the answer does not wait), so its events are recorded from then on.
 */
export function registerEventRoutes(
  app: App,
  deps: { pool: Pool; directory: Pick<PlatformClientDirectory, 'learn'>; adminAuditTopic: string },
): void {
  app.get(
    '/internal/webhooks/clients/:clientId/events',
    { schema: { params: clientEventsParams, querystring: eventsQuery, response: { 200: platformEventPage } } },
    async (request) => {
      const { limit, cursor, type, after } = request.query;
      void deps.directory.learn([request.params.clientId]);
      const rows = await listPlatformEvents(deps.pool, request.params.clientId, {
        limit: limit + 1,
        afterSeq: afterSeqOf(cursor),
        type,
        since: after === undefined ? undefined : new Date(after),
      });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { events: page.map(eventView), nextCursor: rows.length > limit && last ? encodeEventCursor(last.seq) : null };
    },
  );

  app.get(
    '/internal/webhooks/clients/:clientId/events/:eventId',
    { schema: { params: clientEventParams, response: { 200: platformEvent } } },
    async (request) => {
      const row = await findPlatformEvent(deps.pool, request.params.clientId, request.params.eventId);
      if (!row) throw new AppError('NOT_FOUND', 'No such event');
      return eventView(row);
    },
  );

  app.post(
    '/internal/webhooks/clients/:clientId/events/:eventId/resend',
    { schema: { params: clientEventParams, body: resendEventInternalBody, response: { 202: eventResend } } },
    async (request, reply) => {
      const { clientId, eventId } = request.params;
      if (await clientRevoked(deps.pool, clientId))
        throw new AppError('PLATFORM_CLIENT_REVOKED', 'This platform client is revoked: its events are no longer delivered');
      const deliveries = await resendEvent(deps.pool, clientId, eventId, {
        topic: deps.adminAuditTopic,
        requestId: request.body.requestId,
      });
      if (deliveries === null) throw new AppError('NOT_FOUND', 'No such event');
      return reply.code(202).send({ eventId, deliveries: deliveries.map((delivery) => ({ ...delivery, status: 'PENDING' as const })) });
    },
  );
}
