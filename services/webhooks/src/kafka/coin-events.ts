import type { Pool } from '@coin/db';
import { coinHoldEvent, coinTransactionEvent } from '@coin/events';
import type { Delivered } from '@coin/kafka';
import { z } from 'zod';
import { enabledEndpoints } from '../db/endpoints-repo';
import { insertDeliveries, type NewDelivery } from '../db/deliveries-repo';
import { deliveryOf, type WebhookEvent } from '../domain/visibility';

/** What the consumer validates with: every event of coin.transactions and coin.holds. */
export const webhookEvent = z.discriminatedUnion('type', [...coinTransactionEvent.options, ...coinHoldEvent.options]);

/** The event types an endpoint may subscribe to. */
export const webhookEventTypes = webhookEvent.options.map((o) => o.shape.type.value);

/**
 * Turns a batch of events into deliveries, one per endpoint that asked for the type and may see
 * the event. The body is fixed here, so every attempt sends (and signs) the same bytes. Inserts
 * are idempotent on (endpoint, event): a redelivered batch adds nothing.
 */
export function handleCoinEvents(deps: { pool: Pool }) {
  return async (items: Delivered<WebhookEvent>[]): Promise<void> => {
    const endpoints = await enabledEndpoints(deps.pool);
    if (endpoints.length === 0) return;
    const deliveries: NewDelivery[] = [];
    for (const item of items) {
      const event = item.value;
      let body: string | undefined;
      for (const endpoint of endpoints) {
        const match = deliveryOf(endpoint, event);
        if (!match) continue;
        body ??= JSON.stringify(event);
        deliveries.push({ endpointId: endpoint.id, eventId: event.eventId, eventType: event.type, walletKey: match.walletKey, body });
      }
    }
    await insertDeliveries(deps.pool, deliveries);
  };
}
