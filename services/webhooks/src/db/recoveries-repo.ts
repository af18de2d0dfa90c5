import { inTransaction, type Pool } from '@coin/db';
import { type AuditedBy, recordEndpointAction } from './audit-outbox';

/** "Recover since T": every failed delivery of an endpoint queued from `since` to `until`, sent again by a background task. */
export interface RecoveryRow {
  id: string;
  endpointId: string;
  clientId: string;
  since: Date;
  until: Date;
  status: 'RUNNING' | 'DONE';
  total: number;
  requeued: number;
  createdAt: Date;
  finishedAt: Date | null;
}

interface Row {
  id: string;
  endpoint_id: string;
  client_id: string;
  since: Date;
  until: Date;
  status: 'RUNNING' | 'DONE';
  total: number;
  requeued: number;
  created_at: Date;
  finished_at: Date | null;
}

const columns = 'id, endpoint_id, client_id, since, until, status, total, requeued, created_at, finished_at';

function recoveryOf(row: Row): RecoveryRow {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    clientId: row.client_id,
    since: row.since,
    until: row.until,
    status: row.status,
    total: row.total,
    requeued: row.requeued,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/**
 * Starts a recovery of the endpoint's failed deliveries queued since `since` (up to now), counting
 * them, and records it for the admin audit log (who asked: the client itself, or a SUPERADMIN),
 * in one transaction; the runner does the rest. A retried request (the same id) is answered with
 * the recovery it started (`existing`); the id of another endpoint's or another span's recovery
 * is `id-taken`.
 */
export async function startRecovery(
  pool: Pool,
  endpoint: { id: string; clientId: string },
  asked: { id: string; since: Date },
  audit: AuditedBy,
): Promise<{ kind: 'created' | 'existing'; row: RecoveryRow } | { kind: 'id-taken' }> {
  return inTransaction(pool, async (client) => {
    const inserted = await client.query<Row>(
      `INSERT INTO webhook_recoveries (id, endpoint_id, client_id, since, until, total)
       SELECT $1, $2, $3, $4, now(), count(*)::int FROM webhook_deliveries
        WHERE endpoint_id = $2 AND status = 'FAILED' AND created_at >= $4 AND created_at <= now()
       ON CONFLICT (id) DO NOTHING
       RETURNING ${columns}`,
      [asked.id, endpoint.id, endpoint.clientId, asked.since],
    );
    const row = inserted.rows[0];
    if (!row) {
      const existing = await client.query<Row>(`SELECT ${columns} FROM webhook_recoveries WHERE id = $1`, [asked.id]);
      const found = existing.rows[0];
      const same =
        found &&
        found.endpoint_id === endpoint.id &&
        found.client_id === endpoint.clientId &&
        found.since.getTime() === asked.since.getTime();
      return same ? { kind: 'existing', row: recoveryOf(found) } : { kind: 'id-taken' };
    }
    const recovery = recoveryOf(row);
    await recordEndpointAction(client, audit.topic, {
      action: 'webhook-endpoint.recover',
      endpointId: endpoint.id,
      clientId: endpoint.clientId,
      at: recovery.createdAt,
      actor: audit.actor,
      reason: null,
      requestId: audit.requestId,
      details: { recoveryId: recovery.id, since: recovery.since.toISOString(), failedDeliveries: String(recovery.total) },
    });
    return { kind: 'created', row: recovery };
  });
}

/** One recovery of the client's endpoint; undefined for another client's, another endpoint's or an unknown one (all 404). */
export async function findRecovery(pool: Pool, clientId: string, endpointId: string, id: string): Promise<RecoveryRow | undefined> {
  const r = await pool.query<Row>(`SELECT ${columns} FROM webhook_recoveries WHERE id = $1 AND client_id = $2 AND endpoint_id = $3`, [
    id,
    clientId,
    endpointId,
  ]);
  return r.rows[0] ? recoveryOf(r.rows[0]) : undefined;
}

/**
 * One batch of the oldest running recovery no other instance holds: up to `batch` of its failed
 * deliveries after its cursor, each back in the queue now with a fresh schedule (as a redelivery),
 * its progress and cursor moved on, and DONE once a batch comes back short. Returns the deliveries
 * put back, or null when no recovery is running.
 */
export async function runRecoveryBatch(pool: Pool, batch: number): Promise<number | null> {
  return inTransaction(pool, async (client) => {
    const task = await client.query<{ id: string; endpoint_id: string; since: Date; until: Date; after_id: string }>(
      `SELECT id, endpoint_id, since, until, after_id FROM webhook_recoveries
        WHERE status = 'RUNNING' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    const recovery = task.rows[0];
    if (!recovery) return null;
    const put = await client.query<{ last_id: string | null; n: number }>(
      `WITH picked AS (
         SELECT id FROM webhook_deliveries
          WHERE endpoint_id = $1 AND id > $2 AND status = 'FAILED' AND created_at >= $3 AND created_at <= $4
          ORDER BY id LIMIT $5 FOR UPDATE),
       queued AS (
         UPDATE webhook_deliveries d SET status = 'PENDING', attempts = 0, next_attempt_at = now(), delivered_at = NULL
           FROM picked WHERE d.id = picked.id RETURNING d.id)
       SELECT max(id)::text AS last_id, count(*)::int AS n FROM queued`,
      [recovery.endpoint_id, recovery.after_id, recovery.since, recovery.until, batch],
    );
    const { last_id: lastId, n } = put.rows[0] ?? { last_id: null, n: 0 };
    await client.query(
      `UPDATE webhook_recoveries
          SET requeued = requeued + $2, after_id = coalesce($3::bigint, after_id),
              status = CASE WHEN $2 < $4 THEN 'DONE' ELSE status END,
              finished_at = CASE WHEN $2 < $4 THEN now() ELSE finished_at END
        WHERE id = $1`,
      [recovery.id, n, lastId, batch],
    );
    return n;
  });
}
