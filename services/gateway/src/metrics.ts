import { Counter, Gauge, type Registry } from 'prom-client';
import { macCaches, staleReasons } from './plugins/cache-mac';

/** Metric names, shared with the docs (docs/operations/observability.md "Observability"). */
export const gatewayMetricNames = {
  rateLimitFailOpen: 'coin_gateway_rate_limit_fail_open_total',
  cacheMacFailures: 'coin_gateway_cache_mac_failures_total',
  refusalAuditDropped: 'coin_gateway_refusal_audit_dropped_total',
  balanceStreams: 'coin_gateway_balance_stream_requests',
  balanceEventsDropped: 'coin_gateway_balance_events_dropped_total',
  balanceEventsDelivered: 'coin_gateway_balance_events_delivered_total',
  balanceEventsRelayed: 'coin_gateway_balance_events_relayed_total',
  balanceRelayRefused: 'coin_gateway_balance_relay_refused_total',
  cacheStaleEntries: 'coin_gateway_cache_stale_entries_total',
  streamsEnded: 'coin_gateway_balance_streams_ended_total',
  revocationFeedFailures: 'coin_gateway_revocation_feed_failures_total',
  revocationEventsDropped: 'coin_gateway_revocation_events_dropped_total',
  revocationsForgotten: 'coin_gateway_revocations_forgotten_total',
} as const;

/** Which limit was checked without Redis: the rate-limit policies, the per-caller write limit, and the failed-login counters. */
export const failOpenLimits = ['login-ip', 'register-ip', 'credentials-ip', 'writes-caller', 'login-failures', 'resends-client'] as const;
export type FailOpenLimit = (typeof failOpenLimits)[number];

/**
 * Limit checks made without the shared counters because Redis could not be reached: since issue
 * 29 item 6 they are counted in process (per gateway instance) instead of skipped. The name is
 * kept from when they failed open, so that dashboards and alerts keep working.
 */
export function rateLimitFailOpenCounter(registry: Registry): Counter<'limit'> {
  const existing = registry.getSingleMetric(gatewayMetricNames.rateLimitFailOpen) as Counter<'limit'> | undefined;
  return (
    existing ??
    new Counter({
      name: gatewayMetricNames.rateLimitFailOpen,
      help: 'Rate-limit and login-throttling checks counted per gateway instance (in process) because Redis could not be reached, by limit',
      labelNames: ['limit'] as const,
      registers: [registry],
      // Each limit's series exists from the start (at 0): the first fail-open is an increase.
      collect() {
        for (const limit of failOpenLimits) this.inc({ limit }, 0);
      },
    })
  );
}

/**
 * Cached authorization entries (API-key grants, platform-client status, token versions) whose MAC
 * did not verify, by cache: each was ignored (a miss, answered by the user service) and deleted.
 * Anything above zero outside a CACHE_MAC_SECRET rotation means something other than the gateway
 * wrote its Redis keys (docs/operations/procedures.md "Cache MAC secret").
 */
export function cacheMacFailureCounter(registry: Registry): Counter<'cache'> {
  const existing = registry.getSingleMetric(gatewayMetricNames.cacheMacFailures) as Counter<'cache'> | undefined;
  return (
    existing ??
    new Counter({
      name: gatewayMetricNames.cacheMacFailures,
      help: 'Cached authorization entries whose MAC did not verify (ignored as a miss and deleted), by cache',
      labelNames: ['cache'] as const,
      registers: [registry],
      // Each cache's series exists from the start (at 0), so an increase over 0 is an increase.
      collect() {
        for (const cache of macCaches) this.inc({ cache }, 0);
      },
    })
  );
}

/**
 * Cached authorization entries whose MAC verified but which were not believed, by cache and reason:
 * `expired`, past the expiry sealed into them (Redis drops entries then, so one still read was
 * written back, or the clocks disagree); `revoked`, older than a revocation the gateway knows of (a
 * token version below the one a revocation set, the grant of a revoked key, the status of a revoked
 * client). Each was a miss, answered by the user service, and deleted. Outside a burst right after
 * a revocation (a read that raced it), an increase means something wrote back an old entry.
 */
export function cacheStaleEntriesCounter(registry: Registry): Counter<'cache' | 'reason'> {
  const existing = registry.getSingleMetric(gatewayMetricNames.cacheStaleEntries) as Counter<'cache' | 'reason'> | undefined;
  return (
    existing ??
    new Counter({
      name: gatewayMetricNames.cacheStaleEntries,
      help: 'Cached authorization entries with a valid MAC not believed (ignored as a miss and deleted), by cache and reason (expired, revoked)',
      labelNames: ['cache', 'reason'] as const,
      registers: [registry],
      collect() {
        for (const cache of macCaches) for (const reason of staleReasons) this.inc({ cache, reason }, 0);
      },
    })
  );
}

/** The revocation feed's metrics (services/gateway/src/revocation), one set per registry. */
export interface RevocationMetrics {
  /** Live balance streams the gateway ended because their token was revoked or expired. */
  streamsEnded: Counter<'reason'>;
  /** Polls of the user service's revocations that failed. */
  feedFailures: Counter;
  /** Records of user.events.v2 this instance's revocation consumer could not read (the shared consumer dead-letters them). */
  eventsDropped: Counter;
  /** Users' revocations forgotten before their window ended, to stay within GATEWAY_REVOCATIONS_TRACKED_MAX. */
  forgotten: Counter;
}

export function revocationMetrics(registry: Registry): RevocationMetrics {
  const existing = registry.getSingleMetric(gatewayMetricNames.streamsEnded) as Counter<'reason'> | undefined;
  if (existing) {
    return {
      streamsEnded: existing,
      feedFailures: registry.getSingleMetric(gatewayMetricNames.revocationFeedFailures) as Counter,
      eventsDropped: registry.getSingleMetric(gatewayMetricNames.revocationEventsDropped) as Counter,
      forgotten: registry.getSingleMetric(gatewayMetricNames.revocationsForgotten) as Counter,
    };
  }
  return {
    streamsEnded: new Counter({
      name: gatewayMetricNames.streamsEnded,
      help: 'Live balance streams ended by the gateway because their access token was revoked (role change, deletion, logout everywhere) or expired, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    feedFailures: new Counter({
      name: gatewayMetricNames.revocationFeedFailures,
      help: "Polls of the user service's revoked API keys and platform clients that failed (the last answer stays in use)",
      registers: [registry],
    }),
    eventsDropped: new Counter({
      name: gatewayMetricNames.revocationEventsDropped,
      help: "Records of user.events.v2 this instance's revocation consumer could not read and passed over",
      registers: [registry],
    }),
    forgotten: new Counter({
      name: gatewayMetricNames.revocationsForgotten,
      help: "Users' revocations this instance forgot before their window ended, to stay within GATEWAY_REVOCATIONS_TRACKED_MAX",
      registers: [registry],
    }),
  };
}

/**
 * Refusal audit records the gateway did not write (plugins/refusal-audit.ts): `in_flight`, too
 * many unacknowledged sends (Kafka slow or away); `send_failed`, Kafka refused the send. Any
 * increase is a gap in the audit of refusals; the refusals themselves were answered as always.
 */
export function refusalAuditDroppedCounter(registry: Registry): Counter<'reason'> {
  const existing = registry.getSingleMetric(gatewayMetricNames.refusalAuditDropped) as Counter<'reason'> | undefined;
  return (
    existing ??
    new Counter({
      name: gatewayMetricNames.refusalAuditDropped,
      help: 'Audit records of 401/403 refusals the gateway dropped instead of writing to admin.refusals, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    })
  );
}

/** The live balance streams' metrics (docs/DESIGN.md "Live balance"), one set per registry. */
export interface BalanceStreamMetrics {
  /** Records of coin.balances not fanned out: hostile, unknown or walletless (by reason). */
  dropped: Counter<'reason'>;
  /** Live events handed to streams (one per stream of the wallet). */
  delivered: Counter;
  /** Open streams on this instance. */
  streams: Gauge;
  /** Watched changes this instance's share of the relay published to Redis, by outcome. */
  relayed: Counter<'outcome'>;
  /** Messages on the relay's Redis channels not believed (unsealed, malformed, stale), by reason. */
  relayRefused: Counter<'reason'>;
}

export function balanceStreamMetrics(registry: Registry, openStreams: () => number): BalanceStreamMetrics {
  const existing = registry.getSingleMetric(gatewayMetricNames.balanceStreams) as Gauge | undefined;
  if (existing) {
    return {
      streams: existing,
      dropped: registry.getSingleMetric(gatewayMetricNames.balanceEventsDropped) as Counter<'reason'>,
      delivered: registry.getSingleMetric(gatewayMetricNames.balanceEventsDelivered) as Counter,
      relayed: registry.getSingleMetric(gatewayMetricNames.balanceEventsRelayed) as Counter<'outcome'>,
      relayRefused: registry.getSingleMetric(gatewayMetricNames.balanceRelayRefused) as Counter<'reason'>,
    };
  }
  return {
    streams: new Gauge({
      name: gatewayMetricNames.balanceStreams,
      help: 'Live balance streams (GET /api/wallets/me/stream) open on this gateway instance',
      registers: [registry],
      collect() {
        this.set(openStreams());
      },
    }),
    dropped: new Counter({
      name: gatewayMetricNames.balanceEventsDropped,
      help: 'Records of coin.balances the gateway did not fan out to streams (not valid, unknown type, no wallet, a body naming another wallet than its key), by reason; records of wallets no stream here watches are passed over by key unparsed and not counted',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    delivered: new Counter({
      name: gatewayMetricNames.balanceEventsDelivered,
      help: 'Live balance events handed to open streams (one per stream of the wallet)',
      registers: [registry],
    }),
    relayed: new Counter({
      name: gatewayMetricNames.balanceEventsRelayed,
      help: 'Balance changes of watched wallets this instance relayed from coin.balances to their Redis channel (outcome published, or failed while Redis is away); changes nobody watches are not relayed',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    relayRefused: new Counter({
      name: gatewayMetricNames.balanceRelayRefused,
      help: 'Messages on the live balance relay channels in Redis this instance did not believe: not sealed under CACHE_MAC_SECRET, malformed, or stale, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
  };
}
