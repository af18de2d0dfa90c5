import {
  coinBalanceMonitorEventTypes,
  coinHoldEventTypes,
  coinMandateEventTypes,
  coinMonitoringCaseEventTypes,
  coinTransactionEventTypes,
} from '@coin/events';
import { z } from 'zod';
import { role, singleLineText } from './common';

/**
 * Webhook endpoints (docs/DESIGN.md "Webhooks"): the shapes the webhooks service's internal API
 * takes and answers. Every limit is explicit: the URL's length, the number of event types.
 */
export const webhookEventTypes = [
  ...coinTransactionEventTypes,
  ...coinHoldEventTypes,
  ...coinMandateEventTypes,
  ...coinBalanceMonitorEventTypes,
  ...coinMonitoringCaseEventTypes,
] as [string, ...string[]];
export const webhookEventType = z.enum(webhookEventTypes);

export const webhookEndpointUrlMaxLength = 2048;

export const createWebhookEndpointBody = z.strictObject({
  // One line of text before it is a URL: WHATWG URL parsing drops tab and line breaks and escapes
  // other controls, so a URL holding them would pass the URL checks and be stored and shown as sent.
  url: singleLineText(1, webhookEndpointUrlMaxLength).describe(
    'https:// URL the deliveries are POSTed to (one line: no control characters, no lone surrogates)',
  ),
  eventTypes: z
    .array(webhookEventType)
    .min(1)
    .max(webhookEventTypes.length)
    .refine((types) => new Set(types).size === types.length, 'must not repeat an event type')
    // The refinement's rule, stated in the document too (a list of strings: uniqueItems says it exactly).
    .meta({ uniqueItems: true })
    .describe(
      'The event types to receive; only the events that name the client as party are sent (a transaction it made, a hold it settles, its mandate), never a monitoring case',
    ),
});
export type CreateWebhookEndpointBody = z.infer<typeof createWebhookEndpointBody>;

/** Who changes an endpoint, as the gateway verified it: recorded in the admin audit log. */
export const webhookActor = z.object({
  kind: z.enum(['user', 'system']),
  id: z.string().min(1).max(100),
  role: role.optional(),
});
/**
 * A SUPERADMIN's change of a client's endpoint is an admin action: the gateway names who and its
 * request id, and the service records it in the admin audit log with the change. A platform
 * client's changes of its own endpoints are not admin actions and carry none (re-enabling excepted:
 * always recorded).
 */
export const webhookAudit = z.strictObject({ actor: webhookActor, requestId: z.string().max(200).nullable() });
export const webhookChangeInternalBody = z.strictObject({ auditedBy: webhookAudit.optional() });

/** What the internal API is told besides the body: whose endpoint, and what that client was granted. */
export const createWebhookEndpointInternalBody = createWebhookEndpointBody.extend({
  id: z.uuid().describe("The endpoint's id, from the request's idempotency key: a retried request answers the same endpoint"),
  clientId: z.string().min(1).max(100),
  treasuries: z.array(z.string().min(1).max(32)).max(20),
  auditedBy: webhookAudit.optional(),
});

/** How an endpoint's deliveries fare (docs/reference/platform.md "Webhooks"): what its views show beside it. */
export const webhookDeliveryHealth = z
  .object({
    attempts24h: z
      .number()
      .int()
      .nonnegative()
      .describe('Delivery attempts made to the endpoint in the last 24 hours (first tries and retries)'),
    succeeded24h: z.number().int().nonnegative().describe('Of those, the attempts the endpoint answered with a 2xx'),
    successRate: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe(
        'succeeded24h / attempts24h, from 0 to 1, rounded down to 4 decimals (below 1 while any attempt failed); null without attempts',
      ),
    oldestPendingAgeSeconds: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe(
        'Seconds since the oldest delivery still waiting (to be tried, or retried) was queued; null when none waits. Grows while the endpoint fails or is disabled',
      ),
  })
  .describe(
    "The endpoint's delivery health: the share of its attempts that succeeded over the last 24 hours, and how long its oldest pending delivery has waited",
  );
export type WebhookDeliveryHealth = z.infer<typeof webhookDeliveryHealth>;

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
  maxDeliveriesPerSecond: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe(
      'The pace the platform set (PUT …/pace): at most this many delivery attempts a second; deliveries beyond it wait in the queue, in order, none dropped. null: no pace',
    ),
  deliveryHealth: webhookDeliveryHealth,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The answer to a create or a rotation: the only time the secret is shown. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({
  secret: z
    .string()
    .describe(
      'Shown once: keep it to verify the deliveries. `whsec_` and the 32-byte key in standard base64, the Standard Webhooks form its libraries take as it is (the webhook-* headers), and the key of the Coin-Signature header as given (verifyWebhookSignature in @coin/events). Secrets issued before this form are base64url and keep signing until rotated',
    ),
});

/** What the delivery log says of the delivery whose failure disabled its endpoint. */
export const webhookEndpointDisabledNote = z
  .object({
    at: z.iso.datetime().describe('When the endpoint was disabled'),
    eventId: z
      .uuid()
      .describe('The coin.webhook-endpoint.disabled event that told the client (in GET /api/events, and sent to its other endpoints)'),
    toldEndpoints: z.number().int().nonnegative().describe('The other enabled endpoints of the client the event was sent to (0: none)'),
  })
  .describe('This delivery failed its last attempt and its endpoint was disabled');

export const webhookDelivery = z.object({
  id: z.number().int().positive(),
  eventId: z.uuid(),
  eventType: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.iso.datetime().nullable(),
  lastAttemptAt: z.iso.datetime().nullable().describe('When the last attempt started (a paced endpoint: its slot)'),
  lastResponseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
  endpointDisabled: webhookEndpointDisabledNote.nullable(),
  payload: z
    .record(z.string(), z.unknown())
    .describe('The event exactly as sent (the signed body): one of the webhook events (CoinWebhookEvent in @coin/events)'),
});

export const webhookDeliveryPage = z.object({
  deliveries: z.array(webhookDelivery),
  nextCursor: z.string().nullable().describe('null on the last page'),
});

/** How long the previous secret keeps signing after a rotation. */
export const webhookSecretOverlapMs = 24 * 60 * 60 * 1000;

/*
 * The public routes of the gateway (docs/DESIGN.md "Webhooks"): a platform client's own endpoints
 * under /api/webhooks, a SUPERADMIN's for a named client under
 * /api/admin/platform-clients/{clientId}/webhooks, ADMIN+'s list across clients.
 */

/** A platform client's id in a path (the `pc_…` of the operator CLI and the admin routes). */
export const webhookClientIdText = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a platform client id');

/** The most client ids one call of POST /internal/webhooks/revoked-clients names. */
export const revokedClientsBatchMax = 1000;
/**
 * Internal (the gateway): platform clients revoked. Their endpoints stop (disabled, naming the
 * revocation) and they get no new ones; naming a client again changes nothing.
 */
export const revokedClientsInternalBody = z.strictObject({
  clientIds: z.array(webhookClientIdText).min(1).max(revokedClientsBatchMax),
});
export const revokedClientsAnswer = z.object({
  stopped: z.number().int().nonnegative().describe('Endpoints disabled by this call (0 when every client named was known revoked)'),
});

export const webhookEndpointIdParams = z.strictObject({ id: z.uuid().describe("The endpoint's id") });
export const webhookDeliveryIdParams = webhookEndpointIdParams.extend({
  deliveryId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe("The delivery's id, from the delivery log"),
});
export const clientWebhookParams = z.strictObject({ clientId: webhookClientIdText });
export const clientWebhookEndpointParams = clientWebhookParams.extend(webhookEndpointIdParams.shape);
export const clientWebhookDeliveryParams = clientWebhookParams.extend(webhookDeliveryIdParams.shape);

export const webhookEndpointList = z.object({ endpoints: z.array(webhookEndpoint) });

/** A keyset cursor of the delivery log: the id of the last delivery shown (digits only). */
const deliveryCursor = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'must be a cursor returned by a previous page')
  .describe('Opaque; pass the nextCursor of the previous page (any other value is refused with 400)');

export const webhookDeliveriesLimitMax = 100;
export const webhookDeliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(webhookDeliveriesLimitMax).default(20).describe('Deliveries per page (1-100)'),
  cursor: deliveryCursor.optional(),
});

/** The delivery log as the public API answers it: newest first, with the one paging style's `hasMore`. */
export const webhookDeliveryPublicPage = webhookDeliveryPage.extend({
  hasMore: z.boolean().describe('true when another page follows: ask for it with cursor=nextCursor'),
});

/** The most delivery attempts a second an endpoint's pace allows (PUT …/pace): a pace is 1 to this, or none. */
export const webhookPaceMax = 1000;
export const webhookPaceBody = z.strictObject({
  maxDeliveriesPerSecond: z
    .number()
    .int()
    .min(1)
    .max(webhookPaceMax)
    .nullable()
    .describe(`At most this many delivery attempts a second to the endpoint (1-${webhookPaceMax}); null removes the pace`),
});
export const webhookPaceInternalBody = webhookPaceBody.extend({ auditedBy: webhookAudit.optional() });

/** The longest a recovery reaches back (POST …/recover): deliveries queued at most this many days ago. */
export const webhookRecoveryDaysMax = 14;
export const webhookRecoveryBody = z.strictObject({
  since: z.iso
    .datetime({ offset: true })
    .describe(`Recover the failed deliveries queued from this instant on (at most ${webhookRecoveryDaysMax} days ago, not in the future)`),
});
export const webhookRecoveryInternalBody = webhookRecoveryBody.extend({
  id: z.uuid().describe("The recovery's id, from the request's idempotency key: a retried request answers the same recovery"),
  auditedBy: webhookAudit.optional(),
});
export const webhookRecovery = z
  .object({
    id: z.uuid().describe("The recovery's id (GET …/recoveries/{recoveryId})"),
    endpointId: z.uuid(),
    since: z.iso.datetime().describe('The failed deliveries queued from this instant …'),
    until: z.iso.datetime().describe('… to this one (when the recovery was asked for) are sent again'),
    status: z.enum(['RUNNING', 'DONE']).describe('RUNNING while deliveries are being put back in the queue; DONE when every one is'),
    total: z.number().int().nonnegative().describe('The failed deliveries of the span when the recovery began'),
    requeued: z
      .number()
      .int()
      .nonnegative()
      .describe(
        'Of those, the ones put back in the queue so far: each is attempted again with a fresh schedule, shown in the delivery log',
      ),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .describe('A recovery: every failed delivery of the endpoint in its span, sent again by one background task');
export type WebhookRecovery = z.infer<typeof webhookRecovery>;
export const webhookRecoveryIdParams = webhookEndpointIdParams.extend({ recoveryId: z.uuid().describe("The recovery's id") });
export const clientWebhookRecoveryParams = clientWebhookParams.extend(webhookRecoveryIdParams.shape);

/** The answer to a redelivery: the delivery is queued again, sent on the worker's next pass. */
export const webhookRedelivery = z.object({ status: z.literal('PENDING') });

/** The sample event of a test delivery and the event of a disabled endpoint: their schemas are @coin/events' (the webhook event union). */
export {
  type WebhookEndpointDisabledEvent,
  type WebhookTestEvent,
  webhookEndpointDisabledEvent,
  webhookEndpointDisabledEventType,
  webhookTestEvent,
  webhookTestEventType,
} from '@coin/events';

/** The answer to a test delivery: queued, signed and sent like any delivery, shown in the delivery log. */
export const webhookTestDelivery = z.object({
  status: z.literal('PENDING'),
  deliveryId: z.number().int().positive().describe("The delivery in the endpoint's delivery log"),
  eventId: z.uuid().describe("The test event's id: its webhook-id header and the body's eventId"),
});

export const enableWebhookEndpointInternalBody = z.strictObject({
  actor: webhookActor,
  requestId: z.string().max(200).nullable(),
});

/** GET /api/admin/webhooks/endpoints: every client's endpoints, by id, optionally only the disabled or active ones. */
export const webhookEndpointsLimitMax = 100;
export const adminWebhookEndpointsQuery = z.strictObject({
  status: z.enum(['disabled', 'active']).optional().describe('disabled: disabled after persistent failure; active: still delivering'),
  limit: z.coerce.number().int().min(1).max(webhookEndpointsLimitMax).default(50).describe('Endpoints per page (1-100)'),
  cursor: z.uuid().optional().describe('Opaque; pass the nextCursor of the previous page (any other value is refused with 400)'),
});
export const adminWebhookEndpointPage = z.object({
  endpoints: z.array(webhookEndpoint),
  nextCursor: z.string().nullable().describe('null on the last page'),
});
export const adminWebhookEndpointPublicPage = adminWebhookEndpointPage.extend({
  hasMore: z.boolean().describe('true when another page follows: ask for it with cursor=nextCursor'),
});
