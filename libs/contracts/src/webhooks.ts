import { coinBalanceMonitorEventTypes, coinHoldEventTypes, coinTransactionEventTypes } from '@coin/events';
import { z } from 'zod';

/**
 * Webhook endpoints (docs/DESIGN.md "Webhooks"): the shapes the webhooks service's internal API
 * takes and answers. Every limit is explicit: the URL's length, the number of event types.
 */
export const webhookEventTypes = [...coinTransactionEventTypes, ...coinHoldEventTypes, ...coinBalanceMonitorEventTypes] as [
  string,
  ...string[],
];
export const webhookEventType = z.enum(webhookEventTypes);

export const webhookEndpointUrlMaxLength = 2048;

export const createWebhookEndpointBody = z.strictObject({
  url: z.string().min(1).max(webhookEndpointUrlMaxLength).describe('https:// URL the deliveries are POSTed to'),
  eventTypes: z
    .array(webhookEventType)
    .min(1)
    .max(webhookEventTypes.length)
    .refine((types) => new Set(types).size === types.length, 'must not repeat an event type')
    .describe('The event types to receive; only those touching a treasury the client was granted are sent'),
});
export type CreateWebhookEndpointBody = z.infer<typeof createWebhookEndpointBody>;

/** What the internal API is told besides the body: whose endpoint, and what that client was granted. */
export const createWebhookEndpointInternalBody = createWebhookEndpointBody.extend({
  id: z.uuid().describe("The endpoint's id, from the request's idempotency key: a retried request answers the same endpoint"),
  clientId: z.string().min(1).max(100),
  treasuries: z.array(z.string().min(1).max(32)).max(20),
});

export const webhookEndpoint = z.object({
  id: z.uuid(),
  clientId: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  status: z.enum(['ENABLED', 'DISABLED']),
  disabledReason: z.string().nullable(),
  disabledAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  previousSecretExpiresAt: z.iso.datetime().nullable().describe('While set and in the future, the previous secret signs too'),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The answer to a create or a rotation: the only time the secret is shown. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({
  secret: z.string().describe('Shown once: keep it to verify the Coin-Signature header (verifyWebhookSignature in @coin/events)'),
});

export const webhookDelivery = z.object({
  id: z.number().int().positive(),
  eventId: z.uuid(),
  eventType: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.iso.datetime().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  lastResponseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
});

export const webhookDeliveryPage = z.object({
  deliveries: z.array(webhookDelivery),
  nextCursor: z.string().nullable().describe('null on the last page'),
});

/** How long the previous secret keeps signing after a rotation. */
export const webhookSecretOverlapMs = 24 * 60 * 60 * 1000;
