import { clientMaySeeTreasuries, minorUnitsToCoins, ownTreasuryOfKey, walletKeyOfBalanceEvent } from '@coin/contracts';
import { insertOutbox, type OutboxRelay, type OutboxRow, type PoolClient } from '@coin/db';
import type { BalanceMonitorCrossed, CoinBalanceEvent, CrossingDirection } from '@coin/events';
import type { Delivered } from '@coin/kafka';
import { uuidV5 } from '@coin/security';
import { insertDeliveries, type NewDelivery } from '../db/deliveries-repo';
import { enabledEndpoints } from '../db/endpoints-repo';
import { insertPlatformEvents, type NewPlatformEvent } from '../db/events-repo';
import { type RecordingClientsDeps, recordingClients } from '../clients/recording-clients';
import { liveMonitorsOf, type MonitorRow } from '../db/monitors-repo';
import { balanceMinorOf, crossingOf } from '../domain/crossing';

const crossedType = 'coin.balance-monitor.crossed';

/**
 * Why a well-formed balance event was passed over (counted: a producer sending these is a bug to
 * look at): its wallet names no or both sides, a balance has more than 2 decimals, or it names
 * another wallet than the key it travelled under (which the consumer judged it by).
 */
export type SkipReason = 'wallet' | 'amount' | 'key';

export interface BalanceEventDeps extends RecordingClientsDeps {
  outbox: OutboxRelay;
  /** The coin.balance-monitors topic (with its prefix). */
  topic: string;
  onSkipped: (reason: SkipReason) => void;
}

/** The crossed event's id: the same for every copy of one crossing (monitor, balance event). */
export function crossingEventId(monitorId: string, balanceEventId: string): string {
  return uuidV5(`${crossedType}:${monitorId}:${balanceEventId}`);
}

interface Change {
  event: CoinBalanceEvent;
  walletKey: string;
  previousMinor: number;
  balanceMinor: number;
}

interface Crossing {
  monitor: MonitorRow;
  change: Change;
  direction: CrossingDirection;
}

function crossedEvent(crossing: Crossing): BalanceMonitorCrossed {
  const { monitor, change, direction } = crossing;
  return {
    eventId: crossingEventId(monitor.id, change.event.eventId),
    type: crossedType,
    version: 1,
    // When the balance crossed: every copy of the crossing carries the same bytes.
    occurredAt: change.event.occurredAt,
    monitorId: monitor.id,
    wallet: change.event.wallet,
    threshold: minorUnitsToCoins(monitor.thresholdMinor),
    direction,
    balance: change.event.balance,
    previousBalance: change.event.previousBalance,
    transactionId: change.event.transactionId,
    transactionType: change.event.transactionType,
    sequence: change.event.sequence,
  };
}

/** The balance changes of a batch, each well formed and under its wallet's key; the others are passed over and counted. */
function changesOf(items: Delivered<CoinBalanceEvent>[], onSkipped: (reason: SkipReason) => void): Change[] {
  const changes: Change[] = [];
  for (const { value: event, key } of items) {
    // A test-mode client's own sandbox treasury is named by the key alone (`treasury:<CODE>@<clientId>`).
    const walletKey = walletKeyOfBalanceEvent(event.wallet, key);
    if (!walletKey) {
      onSkipped('wallet');
      continue;
    }
    if (key !== walletKey) {
      onSkipped('key');
      continue;
    }
    const previousMinor = balanceMinorOf(event.previousBalance);
    const balanceMinor = balanceMinorOf(event.balance);
    if (previousMinor === null || balanceMinor === null) {
      onSkipped('amount');
      continue;
    }
    changes.push({ event, walletKey, previousMinor, balanceMinor });
  }
  return changes;
}

/** The crossings of the live monitors of the changes' wallets, by (monitor, balance event): two copies of one event in one batch are one crossing. */
function crossingsOf(changes: Change[], monitors: MonitorRow[]): Crossing[] {
  const byKey = new Map<string, Crossing>();
  for (const change of changes) {
    for (const monitor of monitors) {
      if (monitor.walletKey !== change.walletKey) continue;
      const direction = crossingOf(monitor, change);
      if (direction) byKey.set(`${monitor.id}:${change.event.eventId}`, { monitor, change, direction });
    }
  }
  return [...byKey.values()];
}

/** Stores the crossings under their unique key (monitor, balance event) and returns those stored now: the ones that fire. */
async function insertCrossings(client: PoolClient, crossings: Crossing[]): Promise<Crossing[]> {
  const inserted = await client.query<{ monitor_id: string; balance_event_id: string }>(
    `INSERT INTO balance_monitor_crossings
       (monitor_id, balance_event_id, event_id, direction, balance_minor, previous_minor, transaction_id, sequence)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
     ON CONFLICT DO NOTHING
     RETURNING monitor_id, balance_event_id`,
    [
      crossings.map((c) => c.monitor.id),
      crossings.map((c) => c.change.event.eventId),
      crossings.map((c) => crossingEventId(c.monitor.id, c.change.event.eventId)),
      crossings.map((c) => c.direction),
      crossings.map((c) => c.change.balanceMinor),
      crossings.map((c) => c.change.previousMinor),
      crossings.map((c) => c.change.event.transactionId),
      crossings.map((c) => c.change.event.sequence),
    ],
  );
  const fresh = new Set(inserted.rows.map((r) => `${r.monitor_id}:${r.balance_event_id}`));
  return crossings.filter((c) => fresh.has(`${c.monitor.id}:${c.change.event.eventId}`));
}

/**
 * Turns a batch of coin.balances events into crossings (docs/DESIGN.md "Balance monitors"). Each
 * is decided from one event alone and stored under the unique key (monitor, balance event) in
 * one transaction with its Kafka message (the outbox) and its webhook deliveries: a redelivered or
 * late copy of the event hits the key and fires nothing. After the commit the messages go out.
 */
export function handleBalanceEvents(deps: BalanceEventDeps) {
  return async (items: Delivered<CoinBalanceEvent>[]): Promise<void> => {
    const changes = changesOf(items, deps.onSkipped);
    const monitors = await liveMonitorsOf(deps.pool, [...new Set(changes.map((c) => c.walletKey))]);
    const crossings = crossingsOf(changes, monitors);
    if (crossings.length === 0) return;
    // A crossing names no client: the clients are those already known.
    const [all, clients] = await Promise.all([enabledEndpoints(deps.pool), recordingClients(deps, [])]);
    const endpoints = all.filter((e) => e.eventTypes.includes(crossedType));
    const client = await deps.pool.connect();
    let published: number[] = [];
    const messages: OutboxRow[] = [];
    try {
      await client.query('BEGIN');
      const firing = await insertCrossings(client, crossings);
      const deliveries: NewDelivery[] = [];
      const events: NewPlatformEvent[] = [];
      for (const crossing of firing) {
        const event = crossedEvent(crossing);
        messages.push({
          id: 0, // the outbox's, once inserted
          topic: deps.topic,
          key: crossing.change.walletKey,
          headers: { type: crossedType },
          payload: event,
        });
        fanOut(event, crossing.change.walletKey, crossing.monitor.clientId, endpoints, clients, deliveries, events);
      }
      published = await insertOutbox(client, messages);
      await insertDeliveries(client, deliveries);
      await insertPlatformEvents(client, events);
      if (firing.length > 0)
        await client.query('UPDATE balance_monitors SET last_crossed_at = now() WHERE id = ANY($1::uuid[])', [
          [...new Set(firing.map((c) => c.monitor.id))],
        ]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    await deps.outbox.publishCommitted(messages.map((m, i) => ({ ...m, id: published[i] as number })));
  };
}

/**
 * A treasury's crossing goes to the endpoints of the clients granted it and into those clients'
 * events; a user wallet's names no client (Kafka only). The crossing of a client's own monitor
 * goes to that client alone (`owner`), and only while it is still granted the treasury; so does
 * any crossing of a test-mode client's own sandbox treasury.
 */
export function fanOut(
  event: BalanceMonitorCrossed,
  walletKey: string,
  owner: string | null,
  endpoints: readonly { id: string; clientId: string; treasuries: readonly string[] }[],
  clients: readonly { clientId: string; treasuries: readonly string[] }[],
  deliveries: NewDelivery[],
  events: NewPlatformEvent[],
): void {
  const treasury = event.wallet.treasury;
  if (treasury === null) return;
  const body = JSON.stringify(event);
  // A test-mode client's own sandbox treasury is that client's alone, whoever watches it.
  const walletOwner = ownTreasuryOfKey(walletKey)?.clientId;
  const addressed = (clientId: string) => (owner === null || owner === clientId) && (walletOwner === undefined || walletOwner === clientId);
  for (const granted of clients) {
    if (addressed(granted.clientId) && clientMaySeeTreasuries(granted.treasuries, [treasury]))
      events.push({ clientId: granted.clientId, eventId: event.eventId, eventType: crossedType, body });
  }
  for (const endpoint of endpoints) {
    if (addressed(endpoint.clientId) && clientMaySeeTreasuries(endpoint.treasuries, [treasury]))
      deliveries.push({ endpointId: endpoint.id, eventId: event.eventId, eventType: crossedType, walletKey, body });
  }
}
