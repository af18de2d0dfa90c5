import type { Pool, PoolClient } from '@coin/db';
import { deleteInBatches } from './batched-delete';

export interface NewPlatformEvent {
  clientId: string;
  eventId: string;
  eventType: string;
  /** The event exactly as its deliveries carry it. */
  body: string;
}

export interface PlatformEventRow {
  seq: number;
  eventId: string;
  eventType: string;
  body: string;
  createdAt: Date;
}

/**
 * The clients with an endpoint (enabled or not) that were not revoked, and what they were granted
 * (its endpoints hold copies of its grants); the user service's table adds the others
 * (eventClientScopes).
 */
export async function eventClients(db: Pool | PoolClient): Promise<{ clientId: string; treasuries: string[] }[]> {
  const r = await db.query<{ client_id: string; treasuries: string[] }>(
    `SELECT e.client_id, array_agg(DISTINCT t) AS treasuries
       FROM webhook_endpoints e CROSS JOIN LATERAL unnest(e.treasuries) AS t
      WHERE e.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM webhook_revoked_clients r WHERE r.client_id = e.client_id)
      GROUP BY e.client_id`,
  );
  return r.rows.map((row) => ({ clientId: row.client_id, treasuries: row.treasuries }));
}

/** Those of `clientIds` the gateways reported revoked (webhook_revoked_clients). */
export async function revokedAmong(db: Pool | PoolClient, clientIds: readonly string[]): Promise<Set<string>> {
  if (clientIds.length === 0) return new Set();
  const r = await db.query<{ client_id: string }>('SELECT client_id FROM webhook_revoked_clients WHERE client_id = ANY($1::text[])', [
    [...clientIds],
  ]);
  return new Set(r.rows.map((row) => row.client_id));
}

/** Idempotent on (client, event): a redelivered Kafka event adds nothing. In a transaction when given its client. */
export async function insertPlatformEvents(db: Pool | PoolClient, events: readonly NewPlatformEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const r = await db.query(
    `INSERT INTO webhook_events (client_id, event_id, event_type, body)
     SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[])
     ON CONFLICT (client_id, event_id) DO NOTHING`,
    [events.map((e) => e.clientId), events.map((e) => e.eventId), events.map((e) => e.eventType), events.map((e) => e.body)],
  );
  return r.rowCount ?? 0;
}

interface Row {
  seq: string;
  event_id: string;
  event_type: string;
  body: string;
  created_at: Date;
}

const rowOf = (row: Row): PlatformEventRow => ({
  seq: Number(row.seq),
  eventId: row.event_id,
  eventType: row.event_type,
  body: row.body,
  createdAt: row.created_at,
});

/** One client's events in recording order, from after `afterSeq`, optionally of one type and created after `since`. */
export async function listPlatformEvents(
  pool: Pool,
  clientId: string,
  options: { limit: number; afterSeq?: number | undefined; type?: string | undefined; since?: Date | undefined },
): Promise<PlatformEventRow[]> {
  const r = await pool.query<Row>(
    `SELECT seq, event_id, event_type, body, created_at FROM webhook_events
      WHERE client_id = $1 AND ($2::bigint IS NULL OR seq > $2) AND ($3::text IS NULL OR event_type = $3)
        AND ($4::timestamptz IS NULL OR created_at > $4)
      ORDER BY seq LIMIT $5`,
    [clientId, options.afterSeq ?? null, options.type ?? null, options.since ?? null, options.limit],
  );
  return r.rows.map(rowOf);
}

/** One event of the client; undefined when it is another client's, pruned or unknown (all answer 404). */
export async function findPlatformEvent(pool: Pool, clientId: string, eventId: string): Promise<PlatformEventRow | undefined> {
  const r = await pool.query<Row>(
    'SELECT seq, event_id, event_type, body, created_at FROM webhook_events WHERE client_id = $1 AND event_id = $2',
    [clientId, eventId],
  );
  return r.rows[0] ? rowOf(r.rows[0]) : undefined;
}

/** Deletes events older than `retentionDays`, at most `batch` rows per statement; returns the rows deleted. */
export async function prunePlatformEvents(pool: Pool, retentionDays: number, batch: number): Promise<number> {
  return deleteInBatches(
    pool,
    `DELETE FROM webhook_events WHERE seq IN (
       SELECT seq FROM webhook_events WHERE created_at < now() - $1 * interval '1 day' LIMIT $2)`,
    retentionDays,
    batch,
  );
}
