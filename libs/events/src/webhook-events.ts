import { z } from 'zod';
import { coinBalanceMonitorEvent } from './coin-balance-monitors';
import { coinHoldEvent } from './coin-holds';
import { coinMandateEvent } from './coin-mandates';
import { coinMonitoringCaseEvent } from './coin-monitoring-cases';
import { coinTransactionEvent } from './coin-transactions';
import { isoDateTime } from './primitives';

/*
 * What a platform's webhook endpoint receives (docs/DESIGN.md "Webhooks"): the events of
 * coin.transactions, coin.holds, coin.mandates, coin.balance-monitors and coin.monitoring-cases as published, and two events of the
 * webhooks service itself, never on a Kafka topic and never about money.
 */

/** The type of the sample event a test delivery sends. */
export const webhookTestEventType = 'coin.webhook.test';

/** The body of a test delivery: the event envelope, with the endpoint it was sent to. */
export const webhookTestEvent = z.object({
  eventId: z.uuid(),
  type: z.literal(webhookTestEventType),
  version: z.literal(1),
  occurredAt: isoDateTime,
  data: z.object({ endpointId: z.uuid(), clientId: z.string() }),
});
export type WebhookTestEvent = z.infer<typeof webhookTestEvent>;

/** The type of the event that tells a platform one of its endpoints was disabled after persistent failure. */
export const webhookEndpointDisabledEventType = 'coin.webhook-endpoint.disabled';

/**
 * One of the platform's endpoints was disabled after its retry schedule ran out: in the platform's
 * events (GET /api/events) and delivered to its other enabled endpoints. Re-enabling it
 * (POST /api/webhooks/endpoints/{id}/enable) sends what was pending.
 */
export const webhookEndpointDisabledEvent = z.object({
  eventId: z.uuid(),
  type: z.literal(webhookEndpointDisabledEventType),
  version: z.literal(1),
  occurredAt: isoDateTime,
  data: z.object({
    endpointId: z.uuid(),
    clientId: z.string(),
    url: z.string(),
    reason: z.string(),
    disabledAt: isoDateTime,
  }),
});
export type WebhookEndpointDisabledEvent = z.infer<typeof webhookEndpointDisabledEvent>;

/** Every event a webhook delivery or GET /api/events carries, discriminated by `type`. */
export const coinWebhookEvent = z.discriminatedUnion('type', [
  ...coinTransactionEvent.options,
  ...coinHoldEvent.options,
  ...coinMandateEvent.options,
  ...coinBalanceMonitorEvent.options,
  ...coinMonitoringCaseEvent.options,
  webhookTestEvent,
  webhookEndpointDisabledEvent,
]);
export type CoinWebhookEvent = z.infer<typeof coinWebhookEvent>;
export type CoinWebhookEventType = CoinWebhookEvent['type'];
export const coinWebhookEventTypes = coinWebhookEvent.options.map((o) => o.shape.type.value) as CoinWebhookEventType[];
