import { clientIsParty } from '@coin/contracts';
import type { CoinHoldEvent, CoinMandateEvent, CoinMonitoringCaseEvent, CoinTransactionEvent } from '@coin/events';

/** The events a webhook endpoint can subscribe to: every event of coin.transactions, coin.holds, coin.mandates and coin.monitoring-cases. */
export type WebhookEvent = CoinTransactionEvent | CoinHoldEvent | CoinMandateEvent | CoinMonitoringCaseEvent;

/** What an endpoint asked for and what its client was granted (a copy of the client's immutable grants). */
export interface EndpointScope extends ClientScope {
  eventTypes: readonly string[];
}

/** Who sees an event: the client (its grants are kept for the endpoint's copy; visibility reads the client alone). */
export interface ClientScope {
  clientId: string;
  treasuries: readonly string[];
}

/**
 * Whether the endpoint gets the event, and under which wallet its deliveries are ordered: the
 * user wallet the movement touches (its payer first), else the treasury. Deliveries of one
 * endpoint and wallet go out one at a time in the order they were consumed.
 */
export function deliveryOf(scope: EndpointScope, event: WebhookEvent): { walletKey: string } | null {
  if (!scope.eventTypes.includes(event.type)) return null;
  return visibleWith(scope, event);
}

/**
 * Whether a client sees the event (its events list, GET /api/events, whatever its endpoints
 * subscribe to), and its wallet key: only an event that names the client as party
 * ({@link clientsNamedBy}, judged by `clientIsParty`, the read-back's rule): the transaction its
 * request made, the hold it settles, its mandate. A treasury grant shows no other platform's
 * movements. A monitoring case reaches no platform (docs/design/monitoring.md "Who hears of a
 * case"): telling a platform its user is suspected would tip them off.
 */
export function visibleWith({ clientId }: ClientScope, event: WebhookEvent): { walletKey: string } | null {
  if (!clientsNamedBy(event).some((named) => clientIsParty(clientId, named))) return null;
  if ('mandate' in event) return { walletKey: `user:${event.mandate.fromUserId}` };
  if ('hold' in event) return { walletKey: `user:${event.hold.fromUserId}` };
  if (!('transaction' in event)) return null;
  const t = event.transaction;
  const user = t.fromUserId ?? t.toUserId;
  return { walletKey: user !== null ? `user:${user}` : `treasury:${t.fromTreasury ?? t.toTreasury}` };
}

/**
 * The platform clients an event names as party: the client that made a transaction, the one a
 * hold names (its settler, a cash-out's provider), a mandate's client. A monitoring case names
 * none a platform may hear of.
 */
export function clientsNamedBy(event: WebhookEvent): string[] {
  if ('mandate' in event) return [event.mandate.clientId];
  if ('caseId' in event) return [];
  if ('transaction' in event) return event.transaction.clientId === undefined ? [] : [event.transaction.clientId];
  return event.hold.clientId === undefined ? [] : [event.hold.clientId];
}
