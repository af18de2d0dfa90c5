import { clientMaySeeTreasuries } from '@coin/contracts';
import type { CoinHoldEvent, CoinTransactionEvent } from '@coin/events';

/** The events a webhook endpoint can subscribe to: every event of coin.transactions and coin.holds. */
export type WebhookEvent = CoinTransactionEvent | CoinHoldEvent;

/** What an endpoint asked for and what its client was granted (a copy of the client's immutable grants). */
export interface EndpointScope {
  eventTypes: readonly string[];
  treasuries: readonly string[];
}

/**
 * Whether the endpoint gets the event, and under which wallet its deliveries are ordered: the
 * user wallet the movement touches (its payer first), else the treasury. Deliveries of one
 * endpoint and wallet go out one at a time in the order they were consumed.
 */
export function deliveryOf(scope: EndpointScope, event: WebhookEvent): { walletKey: string } | null {
  if (!scope.eventTypes.includes(event.type)) return null;
  return visibleWith(scope.treasuries, event);
}

/**
 * Whether a client granted `treasuries` sees the event (its events list, GET /api/events, whatever
 * its endpoints subscribe to), and its wallet key.
 */
export function visibleWith(treasuries: readonly string[], event: WebhookEvent): { walletKey: string } | null {
  if ('transaction' in event) {
    const t = event.transaction;
    if (!clientMaySeeTreasuries(treasuries, [t.fromTreasury, t.toTreasury])) return null;
    const user = t.fromUserId ?? t.toUserId;
    return { walletKey: user !== null ? `user:${user}` : `treasury:${t.fromTreasury ?? t.toTreasury}` };
  }
  const h = event.hold;
  if (!clientMaySeeTreasuries(treasuries, [h.toTreasury])) return null;
  return { walletKey: `user:${h.fromUserId}` };
}
