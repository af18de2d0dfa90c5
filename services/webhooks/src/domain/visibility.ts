import { clientMaySeeTreasuries } from '@coin/contracts';
import type { CoinHoldEvent, CoinMandateEvent, CoinMonitoringCaseEvent, CoinTransactionEvent } from '@coin/events';

/** The events a webhook endpoint can subscribe to: every event of coin.transactions, coin.holds, coin.mandates and coin.monitoring-cases. */
export type WebhookEvent = CoinTransactionEvent | CoinHoldEvent | CoinMandateEvent | CoinMonitoringCaseEvent;

/** What an endpoint asked for and what its client was granted (a copy of the client's immutable grants). */
export interface EndpointScope extends ClientScope {
  eventTypes: readonly string[];
}

/** Who sees an event: the client, and the treasuries it was granted. */
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
 * subscribe to), and its wallet key: a movement touching a treasury it was granted, or split from a
 * purchase of one (an affiliate's commission: `splitTreasury`); a mandate's
 * events only by the client the mandate was granted to (a payer's subscriptions are no other
 * platform's business); a monitoring case only by the clients it names as linked to it (the
 * monitoring service decides, docs/design/monitoring.md "Who hears of a case": a treasury granted
 * to this client and to an unrelated one is no link), ordered under its subject.
 */
export function visibleWith({ clientId, treasuries }: ClientScope, event: WebhookEvent): { walletKey: string } | null {
  if ('mandate' in event) return event.mandate.clientId === clientId ? { walletKey: `user:${event.mandate.fromUserId}` } : null;
  if ('caseId' in event) return (event.clients ?? []).includes(clientId) ? { walletKey: event.subject } : null;
  if ('transaction' in event) {
    const t = event.transaction;
    // An affiliate's commission is a part of a purchase: whoever sees the purchase (its treasury) sees it.
    if (!clientMaySeeTreasuries(treasuries, [t.fromTreasury, t.toTreasury, event.splitTreasury ?? null])) return null;
    const user = t.fromUserId ?? t.toUserId;
    return { walletKey: user !== null ? `user:${user}` : `treasury:${t.fromTreasury ?? t.toTreasury}` };
  }
  const h = event.hold;
  if (!clientMaySeeTreasuries(treasuries, [h.toTreasury])) return null;
  return { walletKey: `user:${h.fromUserId}` };
}

/**
 * The platform clients an event names: the client that made a transaction, a mandate's client, the
 * clients a monitoring case names. A hold names none.
 */
export function clientsNamedBy(event: WebhookEvent): string[] {
  if ('mandate' in event) return [event.mandate.clientId];
  if ('caseId' in event) return [...(event.clients ?? [])];
  if ('transaction' in event) return event.transaction.clientId === undefined ? [] : [event.transaction.clientId];
  return [];
}
