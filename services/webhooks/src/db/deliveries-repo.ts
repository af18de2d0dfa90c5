import { randomUUID } from 'node:crypto';
import { type WebhookTestEvent, webhookTestEventType } from '@coin/contracts';
import { inTransaction, type Pool, type PoolClient } from '@coin/db';
import { type DeliveryHealth, type DeliveryOutcome, deliveryHealthFrom, deliveryHealthWindowHours } from '../domain/delivery-outcome';
import { type AuditedBy, recordIfAudited } from './audit-outbox';
import { deleteInBatches } from './batched-delete';

export interface NewDelivery {
  endpointId: string;
  eventId: string;
  eventType: string;
  walletKey: string;
  body: string;
}

/** Idempotent on (endpoint, event): a redelivered Kafka event adds nothing. Returns the rows added. In a transaction when given its client. */
export async function insertDeliveries(pool: Pool | PoolClient, deliveries: readonly NewDelivery[]): Promise<number> {
  if (deliveries.length === 0) return 0;
  const r = await pool.query(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, wallet_key, body)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[])
     ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
    [
      deliveries.map((d) => d.endpointId),
      deliveries.map((d) => d.eventId),
      deliveries.map((d) => d.eventType),
      deliveries.map((d) => d.walletKey),
      deliveries.map((d) => d.body),
    ],
  );
  return r.rowCount ?? 0;
}

export interface ClaimedDelivery {
  id: number;
  endpointId: string;
  eventId: string;
  body: string;
  attempts: number;
  /** The client's test clock as the claim judged it (milliseconds ahead of wall time; 0 outside the sandbox). */
  offsetMs: number;
  /** When the attempt was due, on that clock. */
  dueAt: Date;
  /** When it was claimed (PostgreSQL's clock): the attempt's time in the delivery log, and a paced endpoint's slot. */
  startedAt: Date;
}

/**
 * The clients of enabled endpoints that have pending deliveries, at most `limit` (the sandbox's
 * worker reads their test clocks before each claim).
 */
export async function clientsWithPendingDeliveries(pool: Pool, limit: number): Promise<string[]> {
  const r = await pool.query<{ client_id: string }>(
    `SELECT e.client_id FROM webhook_endpoints e
      WHERE e.status = 'ENABLED' AND e.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'PENDING')
      GROUP BY e.client_id ORDER BY e.client_id LIMIT $1`,
    [limit],
  );
  return r.rows.map((row) => row.client_id);
}

/**
 * A test client's clock went back `backMs` (its reset, docs/decisions/0018-sandbox.md "Deleting a
 * client's test data"): its pending deliveries' times were set on the clock as it read before (a
 * retry's wait counted from its due time there, a lease from its now), so each moves back as far
 * and keeps the wait it had left, instead of waiting out the clock's old lead at wall time.
 */
export async function moveSchedulesBack(pool: Pool, clientId: string, backMs: number): Promise<number> {
  const r = await pool.query(
    `UPDATE webhook_deliveries d SET next_attempt_at = d.next_attempt_at - $2 * interval '1 millisecond'
       FROM webhook_endpoints e
      WHERE e.id = d.endpoint_id AND e.client_id = $1 AND d.status = 'PENDING'`,
    [clientId, backMs],
  );
  return r.rowCount ?? 0;
}

/**
 * How long until the next delivery the worker could claim is due at wall time, in milliseconds (0
 * or less: one is due now; null: none is pending): the earliest of the oldest pending delivery of
 * each (endpoint, wallet) of an enabled endpoint, as claimDueDeliveries takes them (a paced
 * endpoint's not before its next slot). Measured on PostgreSQL's clock, as the claim is.
 */
export async function nextDueInMs(pool: Pool): Promise<number | null> {
  const r = await pool.query<{ due_in_ms: number | null }>(
    `SELECT (extract(epoch FROM min(greatest(d.next_attempt_at,
              CASE WHEN e.max_deliveries_per_second IS NULL THEN d.next_attempt_at ELSE e.pace_next_at END)) - now()) * 1000)::float8 AS due_in_ms
       FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.status = 'PENDING' AND e.status = 'ENABLED' AND e.deleted_at IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries p
           WHERE p.endpoint_id = d.endpoint_id AND p.wallet_key = d.wallet_key AND p.status = 'PENDING' AND p.id < d.id)`,
  );
  const due = r.rows[0]?.due_in_ms;
  return due === null || due === undefined ? null : Number(due);
}

/**
 * Takes up to `limit` due deliveries of enabled endpoints, each the oldest pending one of its
 * (endpoint, wallet), and leases them for `leaseMs` (their next attempt moves past the attempt's
 * time), so another instance does not send them meanwhile; a crash mid-attempt lets the lease
 * run out and the delivery is sent again (at least once). "Due" is judged at wall time plus the
 * test clock of the endpoint's client in `clocks` (the sandbox's instance only; none: wall time),
 * and the lease runs on that clock too. `onlyClients` (the sandbox's): only those clients'
 * deliveries are taken, the clients whose clocks were read for this claim; a delivery written
 * after they were listed waits for the next pass rather than be judged, and its retry set, on
 * wall time while its client's clock is ahead.
 *
 * A paced endpoint (max_deliveries_per_second) gives at most one delivery per claim, and only
 * once its slot has come (pace_next_at, wall time): the first in the queue's order is kept and
 * its slot taken (moved 1/pace past this claim), the others claimed with it are put back as they
 * were, in the same transaction. Taking the slot is a conditional update of the endpoint's row,
 * so of two instances claiming at once only one sends.
 */
export async function claimDueDeliveries(
  pool: Pool,
  limit: number,
  leaseMs: number,
  clocks: ReadonlyMap<string, number> = new Map(),
  onlyClients?: readonly string[],
): Promise<ClaimedDelivery[]> {
  return inTransaction(pool, async (client) => {
    const claimed = await leaseDue(client, limit, leaseMs, clocks, onlyClients);
    const kept = await keepPacedSlots(client, claimed);
    return kept.map(({ paced: _paced, dueAtExact: _exact, dueMicros: _micros, ...delivery }) => delivery).sort((a, b) => a.id - b.id);
  });
}

/** A leased delivery, with whether its endpoint is paced and its due time to the microsecond (to put it back exactly). */
type Leased = ClaimedDelivery & { paced: boolean; dueAtExact: string; dueMicros: bigint };

async function leaseDue(
  client: PoolClient,
  limit: number,
  leaseMs: number,
  clocks: ReadonlyMap<string, number>,
  onlyClients: readonly string[] | undefined,
): Promise<Leased[]> {
  const r = await client.query<{
    id: string;
    endpoint_id: string;
    event_id: string;
    body: string;
    attempts: number;
    offset_ms: string;
    due_at: Date;
    paced: boolean;
    started_at: Date;
    due_at_exact: string;
    due_us: string;
  }>(
    `WITH clocks AS (SELECT * FROM unnest($3::text[], $4::bigint[]) AS c(client_id, offset_ms)),
     due AS (
       SELECT d.id, coalesce(c.offset_ms, 0) AS offset_ms, d.next_attempt_at AS due_at,
              e.max_deliveries_per_second IS NOT NULL AS paced
         FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.id = d.endpoint_id
         LEFT JOIN clocks c ON c.client_id = e.client_id
        WHERE d.status = 'PENDING' AND d.next_attempt_at <= now() + $5 * interval '1 millisecond'
          AND d.next_attempt_at <= now() + coalesce(c.offset_ms, 0) * interval '1 millisecond'
          AND e.status = 'ENABLED' AND e.deleted_at IS NULL
          AND (e.max_deliveries_per_second IS NULL OR e.pace_next_at <= now())
          AND ($6::text[] IS NULL OR e.client_id = ANY($6::text[]))
          AND NOT EXISTS (
            SELECT 1 FROM webhook_deliveries p
             WHERE p.endpoint_id = d.endpoint_id AND p.wallet_key = d.wallet_key AND p.status = 'PENDING' AND p.id < d.id)
        ORDER BY d.next_attempt_at, d.id
        LIMIT $1
        FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries d
        SET next_attempt_at = now() + (due.offset_ms + $2) * interval '1 millisecond'
       FROM due WHERE d.id = due.id
     RETURNING d.id, d.endpoint_id, d.event_id, d.body, d.attempts, due.offset_ms, due.due_at, due.due_at::text AS due_at_exact,
               (extract(epoch FROM due.due_at) * 1000000)::bigint AS due_us,
               due.paced, now() AS started_at`,
    [limit, leaseMs, [...clocks.keys()], [...clocks.values()], Math.max(0, ...clocks.values()), onlyClients ?? null],
  );
  return r.rows.map((row) => ({
    id: Number(row.id),
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    body: row.body,
    attempts: row.attempts,
    offsetMs: Number(row.offset_ms),
    dueAt: row.due_at,
    startedAt: row.started_at,
    paced: row.paced,
    dueAtExact: row.due_at_exact,
    dueMicros: BigInt(row.due_us),
  }));
}

/**
 * Of the deliveries just leased, each paced endpoint's first in the queue's order (its due time,
 * then its id) if the endpoint's slot could be taken; every other delivery of a paced endpoint
 * goes back to the time it was due. The rest are kept as they are.
 */
async function keepPacedSlots(client: PoolClient, leased: readonly Leased[]): Promise<Leased[]> {
  const first = new Map<string, Leased>();
  for (const delivery of leased) {
    if (!delivery.paced) continue;
    const seen = first.get(delivery.endpointId);
    // The claim's own order (its due time, then its id): the rows come back in no order.
    if (!seen || delivery.dueMicros < seen.dueMicros || (delivery.dueMicros === seen.dueMicros && delivery.id < seen.id))
      first.set(delivery.endpointId, delivery);
  }
  if (first.size === 0) return [...leased];
  const slots = await client.query<{ id: string }>(
    `UPDATE webhook_endpoints SET pace_next_at = now() + interval '1 second' / max_deliveries_per_second
      WHERE id = ANY($1::uuid[]) AND max_deliveries_per_second IS NOT NULL AND pace_next_at <= now()
      RETURNING id`,
    [[...first.keys()]],
  );
  const slotted = new Set(slots.rows.map((row) => row.id));
  const kept = leased.filter((d) => !d.paced || (slotted.has(d.endpointId) && first.get(d.endpointId) === d));
  const putBack = leased.filter((d) => !kept.includes(d));
  if (putBack.length > 0)
    await client.query(
      `UPDATE webhook_deliveries d SET next_attempt_at = back.due_at
         FROM unnest($1::bigint[], $2::timestamptz[]) AS back(id, due_at) WHERE d.id = back.id`,
      [putBack.map((d) => d.id), putBack.map((d) => d.dueAtExact)],
    );
  return kept;
}

export interface AttemptOutcome {
  responseCode: number | null;
  error: string | null;
  /** The attempt's class, recorded in webhook_delivery_attempts (an endpoint's success rate). */
  outcome: DeliveryOutcome;
}

/**
 * The attempt recorded with the statement that moves its delivery on (`$1` the delivery, `$2` the
 * outcome): one round trip, and no attempt counted for a delivery the statement did not find.
 */
function withAttemptRow(update: string): string {
  return `WITH attempted AS (${update} RETURNING endpoint_id)
    INSERT INTO webhook_delivery_attempts (endpoint_id, outcome) SELECT endpoint_id, $2 FROM attempted`;
}

/** A claimed delivery, as its outcome is recorded: its last attempt is the time it was claimed (startedAt). */
type Attempted = Pick<ClaimedDelivery, 'id' | 'startedAt'>;

export async function markDelivered(pool: Pool, delivery: Attempted, outcome: AttemptOutcome): Promise<void> {
  await pool.query(
    withAttemptRow(
      `UPDATE webhook_deliveries SET status = 'DELIVERED', attempts = attempts + 1, last_attempt_at = $4,
              delivered_at = now(), last_response_code = $3, last_error = NULL WHERE id = $1`,
    ),
    [delivery.id, outcome.outcome, outcome.responseCode, delivery.startedAt],
  );
}

/**
 * The next attempt `delayMs` after `from` (the sandbox: the time the failed attempt was due on the
 * client's test clock, so a clock moved past several waits has them all due at once), or after
 * now (the live schedule).
 */
export async function markRetry(pool: Pool, delivery: Attempted, outcome: AttemptOutcome, delayMs: number, from?: Date): Promise<void> {
  await pool.query(
    withAttemptRow(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = $7, last_response_code = $3, last_error = $4,
              next_attempt_at = coalesce($6::timestamptz, now()) + $5 * interval '1 millisecond' WHERE id = $1`,
    ),
    [delivery.id, outcome.outcome, outcome.responseCode, outcome.error, Math.round(delayMs), from ?? null, delivery.startedAt],
  );
}

export async function markFailed(pool: Pool, delivery: Attempted, outcome: AttemptOutcome): Promise<void> {
  await pool.query(
    withAttemptRow(
      `UPDATE webhook_deliveries SET status = 'FAILED', attempts = attempts + 1, last_attempt_at = $5,
              last_response_code = $3, last_error = $4 WHERE id = $1`,
    ),
    [delivery.id, outcome.outcome, outcome.responseCode, outcome.error, delivery.startedAt],
  );
}

/**
 * The endpoints' delivery health (their views): attempts and successes over the last
 * deliveryHealthWindowHours, and the age of the oldest pending delivery (whether or not the
 * endpoint is enabled: a disabled endpoint's deliveries wait too). Index reads per endpoint
 * (migration 008); an endpoint not found has nothing counted.
 */
export async function deliveryHealthOf(pool: Pool, endpointIds: readonly string[]): Promise<Map<string, DeliveryHealth>> {
  if (endpointIds.length === 0) return new Map();
  const r = await pool.query<{ id: string; attempts: number; succeeded: number; oldest_age_s: number | null }>(
    `SELECT e.id, a.attempts, a.succeeded, p.oldest_age_s
       FROM unnest($1::uuid[]) AS e(id)
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS attempts, (count(*) FILTER (WHERE outcome = 'success'))::int AS succeeded
           FROM webhook_delivery_attempts
          WHERE endpoint_id = e.id AND attempted_at > now() - $2 * interval '1 hour') a
       LEFT JOIN LATERAL (
         SELECT extract(epoch FROM now() - created_at)::float8 AS oldest_age_s
           FROM webhook_deliveries
          WHERE endpoint_id = e.id AND status = 'PENDING'
          ORDER BY created_at LIMIT 1) p ON true`,
    [[...new Set(endpointIds)], deliveryHealthWindowHours],
  );
  return new Map(
    r.rows.map((row) => [
      row.id,
      deliveryHealthFrom({
        attempts: row.attempts,
        succeeded: row.succeeded,
        oldestPendingAgeSeconds: row.oldest_age_s === null ? null : Number(row.oldest_age_s),
      }),
    ]),
  );
}

/** An enabled endpoint's backlog, as the metrics show it. */
export interface EndpointBacklog {
  endpointId: string;
  clientId: string;
  /** Pending deliveries whose last attempt failed: each waits for its retry. */
  retrying: number;
  /** Seconds since the oldest pending delivery was queued (PostgreSQL's clock); 0 when none is pending. */
  oldestPendingAgeSeconds: number;
}

/**
 * Every enabled endpoint's backlog, at most `limit` endpoints (the gauges, read at scrape): two
 * index reads per endpoint (migration 008), whatever the size of the log.
 */
export async function endpointBacklogs(pool: Pool, limit: number): Promise<EndpointBacklog[]> {
  const r = await pool.query<{ id: string; client_id: string; retrying: number; oldest_age_s: number }>(
    `SELECT e.id, e.client_id,
            (SELECT count(*) FROM webhook_deliveries
              WHERE endpoint_id = e.id AND status = 'PENDING' AND attempts > 0)::int AS retrying,
            coalesce((SELECT extract(epoch FROM now() - created_at) FROM webhook_deliveries
                       WHERE endpoint_id = e.id AND status = 'PENDING' ORDER BY created_at LIMIT 1), 0)::float8 AS oldest_age_s
       FROM webhook_endpoints e
      WHERE e.status = 'ENABLED' AND e.deleted_at IS NULL
      ORDER BY e.id LIMIT $1`,
    [limit],
  );
  return r.rows.map((row) => ({
    endpointId: row.id,
    clientId: row.client_id,
    retrying: row.retrying,
    oldestPendingAgeSeconds: Math.max(0, Number(row.oldest_age_s)),
  }));
}

/** Deletes the attempts older than `retentionHours`, at most `batch` rows per statement; returns the rows deleted. */
export async function pruneDeliveryAttempts(pool: Pool, retentionHours: number, batch: number): Promise<number> {
  return deleteInBatches(
    pool,
    `DELETE FROM webhook_delivery_attempts WHERE id IN (
       SELECT id FROM webhook_delivery_attempts WHERE attempted_at < now() - $1 * interval '1 hour' LIMIT $2)`,
    retentionHours,
    batch,
  );
}

export interface DeliveryLogRow {
  id: number;
  eventId: string;
  eventType: string;
  walletKey: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  lastResponseCode: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  /** Set on the delivery whose failure disabled its endpoint: when, the event that told the client, the endpoints it went to. */
  endpointDisabled: { at: Date; eventId: string; toldEndpoints: number } | null;
  /** The exact bytes sent. */
  body: string;
}

/** One endpoint's deliveries, newest first, keyset on the id (`before`: the last id of the previous page). */
export async function deliveryLog(pool: Pool, endpointId: string, limit: number, before?: number): Promise<DeliveryLogRow[]> {
  const r = await pool.query<{
    id: string;
    event_id: string;
    event_type: string;
    wallet_key: string;
    status: DeliveryLogRow['status'];
    attempts: number;
    next_attempt_at: Date;
    last_attempt_at: Date | null;
    last_response_code: number | null;
    last_error: string | null;
    created_at: Date;
    delivered_at: Date | null;
    endpoint_disabled_at: Date | null;
    endpoint_disabled_event_id: string | null;
    endpoint_disabled_told: number | null;
    body: string;
  }>(
    `SELECT id, event_id, event_type, wallet_key, status, attempts, next_attempt_at, last_attempt_at, last_response_code,
            last_error, created_at, delivered_at, endpoint_disabled_at, endpoint_disabled_event_id, endpoint_disabled_told, body
       FROM webhook_deliveries WHERE endpoint_id = $1 AND ($3::bigint IS NULL OR id < $3) ORDER BY id DESC LIMIT $2`,
    [endpointId, limit, before ?? null],
  );
  return r.rows.map((row) => ({
    id: Number(row.id),
    eventId: row.event_id,
    eventType: row.event_type,
    walletKey: row.wallet_key,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastAttemptAt: row.last_attempt_at,
    lastResponseCode: row.last_response_code,
    lastError: row.last_error,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
    endpointDisabled:
      row.endpoint_disabled_at && row.endpoint_disabled_event_id
        ? { at: row.endpoint_disabled_at, eventId: row.endpoint_disabled_event_id, toldEndpoints: row.endpoint_disabled_told ?? 0 }
        : null,
    body: row.body,
  }));
}

/** The sample event of a test delivery (libs/contracts `webhookTestEvent`). */
function testEventOf(endpoint: { id: string; clientId: string }, eventId: string): WebhookTestEvent {
  return {
    eventId,
    type: webhookTestEventType,
    version: 1,
    occurredAt: new Date().toISOString(),
    data: { endpointId: endpoint.id, clientId: endpoint.clientId },
  };
}

/**
 * Queues a test delivery of the endpoint (`coin.webhook.test`, sent now, signed and retried like
 * any delivery, in a lane of its own so it waits for no wallet's events). A SUPERADMIN's test is
 * recorded with it.
 */
export async function insertTestDelivery(
  pool: Pool,
  endpoint: { id: string; clientId: string },
  auditedBy?: AuditedBy,
): Promise<{ deliveryId: number; eventId: string }> {
  const eventId = randomUUID();
  return inTransaction(pool, async (client) => {
    const r = await client.query<{ id: string; at: Date }>(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, wallet_key, body)
       VALUES ($1::uuid, $2::uuid, $3, $4, $5)
       RETURNING id, now() AS at`,
      [endpoint.id, eventId, webhookTestEventType, `test:${endpoint.id}`, JSON.stringify(testEventOf(endpoint, eventId))],
    );
    const row = r.rows[0]!;
    await recordIfAudited(client, auditedBy, {
      action: 'webhook-endpoint.test',
      endpointId: endpoint.id,
      clientId: endpoint.clientId,
      at: row.at,
      details: { deliveryId: row.id, eventId },
    });
    return { deliveryId: Number(row.id), eventId };
  });
}

/**
 * Sends one delivery of the endpoint again, now, with a fresh schedule; false when the endpoint has
 * no such delivery. A SUPERADMIN's redelivery is recorded with it.
 */
export async function redeliver(
  pool: Pool,
  endpoint: { id: string; clientId: string },
  deliveryId: number,
  auditedBy?: AuditedBy,
): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const r = await client.query<{ at: Date }>(
      `UPDATE webhook_deliveries SET status = 'PENDING', attempts = 0, next_attempt_at = now(), delivered_at = NULL
        WHERE id = $1 AND endpoint_id = $2 RETURNING now() AS at`,
      [deliveryId, endpoint.id],
    );
    const done = r.rows[0];
    if (done)
      await recordIfAudited(client, auditedBy, {
        action: 'webhook-endpoint.redeliver',
        endpointId: endpoint.id,
        clientId: endpoint.clientId,
        at: done.at,
        details: { deliveryId: String(deliveryId) },
      });
    return done !== undefined;
  });
}

/** A delivery a resend put back in the queue. */
export interface ResentDelivery {
  endpointId: string;
  deliveryId: number;
}

/**
 * Sends a client's event again to each of its endpoints that received it (POST /api/events/{id}/resend):
 * each delivery of the event to an endpoint of the client waits for its next attempt now, with a
 * fresh schedule, as a redelivery does. Safe to repeat: a delivery already waiting is left as it
 * is, so a retried resend queues nothing twice. Each delivery queued again is recorded in the
 * admin audit log (the client as actor), in the same transaction. Null when the client has no
 * such event (another client's is the same null: its id tells nothing).
 */
export async function resendEvent(
  pool: Pool,
  clientId: string,
  eventId: string,
  audit: { topic: string; requestId: string | null },
): Promise<ResentDelivery[] | null> {
  return inTransaction(pool, async (client) => {
    const queued = await client.query<{ id: string; endpoint_id: string; at: Date }>(
      `UPDATE webhook_deliveries d
          SET status = 'PENDING', attempts = 0, next_attempt_at = now(), delivered_at = NULL
         FROM webhook_endpoints e
        WHERE d.endpoint_id = e.id AND e.client_id = $1 AND e.deleted_at IS NULL AND d.event_id = $2 AND d.status <> 'PENDING'
        RETURNING d.id, d.endpoint_id, now() AS at`,
      [clientId, eventId],
    );
    const auditedBy = { topic: audit.topic, actor: { kind: 'system' as const, id: clientId }, requestId: audit.requestId };
    for (const row of queued.rows)
      await recordIfAudited(client, auditedBy, {
        action: 'webhook-endpoint.resend-event',
        endpointId: row.endpoint_id,
        clientId,
        at: row.at,
        details: { eventId, deliveryId: String(row.id) },
      });
    const all = await client.query<{ id: string; endpoint_id: string }>(
      `SELECT d.id, d.endpoint_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE e.client_id = $1 AND e.deleted_at IS NULL AND d.event_id = $2 ORDER BY d.id`,
      [clientId, eventId],
    );
    if (all.rows.length > 0) return all.rows.map((row) => ({ endpointId: row.endpoint_id, deliveryId: Number(row.id) }));
    const known = await client.query('SELECT 1 FROM webhook_events WHERE client_id = $1 AND event_id = $2', [clientId, eventId]);
    return known.rows.length > 0 ? [] : null;
  });
}
