import { inTransaction } from '@coin/db';
import { coinHoldEvent, coinMandateEvent, coinMonitoringCaseEvent, coinTransactionEvent } from '@coin/events';
import type { Delivered } from '@coin/kafka';
import { z } from 'zod';
import { enabledEndpoints } from '../db/endpoints-repo';
import { insertDeliveries, type NewDelivery } from '../db/deliveries-repo';
import { insertPlatformEvents, type NewPlatformEvent } from '../db/events-repo';
import { type RecordingClientsDeps, recordingClients } from '../clients/recording-clients';
import { clientsNamedBy, deliveryOf, visibleWith, type WebhookEvent } from '../domain/visibility';

/** What the consumer validates with: every event of coin.transactions, coin.holds, coin.mandates and coin.monitoring-cases. */
export const webhookEvent = z.discriminatedUnion('type', [
  ...coinTransactionEvent.options,
  ...coinHoldEvent.options,
  ...coinMandateEvent.options,
  ...coinMonitoringCaseEvent.options,
]);

/** The event types an endpoint may subscribe to. */
export const webhookEventTypes = webhookEvent.options.map((o) => o.shape.type.value);

/**
 * Turns a batch of events into deliveries, one per endpoint that asked for the type and may see
 * the event, and into the events of each live client that may see it (GET /api/events, whether it
 * has an endpoint or not: the user service's table, read again first when an event names a client
 * it does not know), in one transaction. The body is fixed here, so every attempt
 * sends (and signs) the same bytes and the events list shows them. Inserts are idempotent on
 * (endpoint, event) and (client, event): a redelivered batch adds nothing.
 */
export function handleCoinEvents(deps: RecordingClientsDeps) {
  return async (items: Delivered<WebhookEvent>[]): Promise<void> => {
    const [endpoints, clients] = await Promise.all([
      enabledEndpoints(deps.pool),
      recordingClients(
        deps,
        items.flatMap((item) => clientsNamedBy(item.value)),
      ),
    ]);
    if (clients.length === 0) return;
    const deliveries: NewDelivery[] = [];
    const events: NewPlatformEvent[] = [];
    for (const item of items) {
      const event = item.value;
      const body = JSON.stringify(event);
      for (const client of clients) {
        if (visibleWith(client, event)) events.push({ clientId: client.clientId, eventId: event.eventId, eventType: event.type, body });
      }
      for (const endpoint of endpoints) {
        const match = deliveryOf(endpoint, event);
        if (!match) continue;
        deliveries.push({ endpointId: endpoint.id, eventId: event.eventId, eventType: event.type, walletKey: match.walletKey, body });
      }
    }
    if (events.length === 0 && deliveries.length === 0) return;
    await inTransaction(deps.pool, async (client) => {
      await insertPlatformEvents(client, events);
      await insertDeliveries(client, deliveries);
    });
  };
}
