import { z } from 'zod';
import { webhookClientIdText } from './webhooks';

/*
 * A platform client's own events (docs/DESIGN.md "Webhooks", GET /api/events): every event its
 * grants let it see, whether or not it has a webhook endpoint (the webhooks service reads every
 * client's grants from the user service), the body exactly as its deliveries carry it, kept
 * `eventRetentionDays`.
 */

/** How long the webhooks service keeps a platform's events (its pruning job deletes older ones). */
export const eventRetentionDays = 30;
export const eventsLimitMax = 100;

/** An event type in a filter: the names of @coin/events' webhook event union, or one added later. */
const eventTypeFilter = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9.-]+$/, 'must be an event type')
  .describe('Only events of this type (coin.transaction.recorded, coin.hold.created, coin.webhook-endpoint.disabled, …)');

const eventsCursor = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor returned by a previous page')
  .describe('Opaque; pass the nextCursor of the previous page (another list’s cursor is refused with 400 CURSOR_MISMATCH)');

export const eventsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(eventsLimitMax).default(20).describe('Events per page (1-100)'),
  cursor: eventsCursor.optional(),
  type: eventTypeFilter.optional(),
  after: z.iso.datetime({ offset: true }).optional().describe('Only events recorded after this instant'),
});

export const platformEvent = z.object({
  id: z.uuid().describe("The event's id: its eventId, and the webhook-id of its deliveries"),
  type: z.string(),
  createdAt: z.iso.datetime().describe('When the webhooks service recorded it for this platform'),
  payload: z
    .record(z.string(), z.unknown())
    .describe('The event exactly as its deliveries carry it: one of the webhook events (CoinWebhookEvent in @coin/events)'),
});
export type PlatformEvent = z.infer<typeof platformEvent>;

export const platformEventPage = z.object({
  events: z.array(platformEvent).describe('Oldest first, in the order they were recorded'),
  nextCursor: z.string().nullable().describe('null on the last page'),
});
export const platformEventPublicPage = platformEventPage.extend({
  hasMore: z.boolean().describe('true when another page follows: ask for it with cursor=nextCursor'),
});

export const platformEventIdParams = z.strictObject({ id: z.uuid().describe("The event's id") });
export const clientEventsParams = z.strictObject({ clientId: webhookClientIdText });
export const clientEventParams = clientEventsParams.extend({ eventId: z.uuid() });

/** What the webhooks service is told of a resend besides whose event: the request to quote in its audit records. */
export const resendEventInternalBody = z.strictObject({ requestId: z.string().max(200).nullable() });

/** POST /api/events/{id}/resend: the caller's deliveries of the event, each waiting for its next attempt now. */
export const eventResend = z.object({
  eventId: z.uuid(),
  deliveries: z
    .array(
      z.object({
        endpointId: z.uuid().describe('The endpoint the event goes to again'),
        deliveryId: z.number().int().positive().describe("The delivery in the endpoint's delivery log"),
        status: z.literal('PENDING'),
      }),
    )
    .describe("Every delivery of the event to the caller's endpoints (none when no endpoint of the caller received it)"),
});
