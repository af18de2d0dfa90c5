import { randomUUID } from 'node:crypto';
import { inTransaction, type Pool, type PoolClient } from '@coin/db';
import { endpointDisabledEvent } from '../domain/platform-events';
import { insertDeliveries } from './deliveries-repo';
import { insertPlatformEvents } from './events-repo';
import { type AuditedBy, type EndpointActionActor, recordEndpointAction, recordIfAudited, serviceActor } from './audit-outbox';

export interface EndpointRow {
  id: string;
  clientId: string;
  url: string;
  eventTypes: string[];
  treasuries: string[];
  status: 'ENABLED' | 'DISABLED';
  disabledReason: string | null;
  disabledAt: Date | null;
  createdAt: Date;
  previousSecretExpiresAt: Date | null;
  /** The platform's pace: at most this many attempts a second; null: none. */
  maxDeliveriesPerSecond: number | null;
}

export interface EndpointSecrets {
  secretSealed: Buffer;
  previousSecretSealed: Buffer | null;
  previousSecretExpiresAt: Date | null;
}

const columns = `id, client_id, url, event_types, treasuries, status, disabled_reason, disabled_at, created_at, previous_secret_expires_at,
  max_deliveries_per_second`;

interface Row {
  id: string;
  client_id: string;
  url: string;
  event_types: string[];
  treasuries: string[];
  status: 'ENABLED' | 'DISABLED';
  disabled_reason: string | null;
  disabled_at: Date | null;
  created_at: Date;
  previous_secret_expires_at: Date | null;
  max_deliveries_per_second: number | null;
}

function endpointOf(row: Row): EndpointRow {
  return {
    id: row.id,
    clientId: row.client_id,
    url: row.url,
    eventTypes: row.event_types,
    treasuries: row.treasuries,
    status: row.status,
    disabledReason: row.disabled_reason,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    maxDeliveriesPerSecond: row.max_deliveries_per_second,
  };
}

export interface NewEndpoint {
  id: string;
  clientId: string;
  url: string;
  eventTypes: readonly string[];
  treasuries: readonly string[];
  secretSealed: Buffer;
}

/**
 * Inserts the endpoint unless the client already has `maxPerClient` (counted under a lock on the
 * client's id, so two concurrent registrations cannot both pass); an existing id is answered
 * with the row that has it (a retried request), unless another client's endpoint has it.
 */
export async function insertEndpoint(
  pool: Pool,
  endpoint: NewEndpoint,
  maxPerClient: number,
  auditedBy?: AuditedBy,
): Promise<
  | { kind: 'created'; row: EndpointRow; secretSealed: Buffer }
  | { kind: 'existing'; row: EndpointRow; secretSealed: Buffer }
  | { kind: 'over-limit' }
  | { kind: 'id-taken' }
  | { kind: 'client-revoked' }
> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhooks:${endpoint.clientId}`]);
    // Under the client's lock, which a revocation takes too: no endpoint is added after it.
    if (await clientRevoked(client, endpoint.clientId)) {
      await client.query('ROLLBACK');
      return { kind: 'client-revoked' };
    }
    const existing = await client.query<Row & { secret_sealed: Buffer; deleted_at: Date | null }>(
      `SELECT ${columns}, secret_sealed, deleted_at FROM webhook_endpoints WHERE id = $1`,
      [endpoint.id],
    );
    const found = existing.rows[0];
    if (found) {
      await client.query('COMMIT');
      // Another client's id (a guessed or reused key) is never answered with that client's endpoint;
      // a deleted endpoint's id (its key used again after the deletion) makes no new one under it.
      if (found.client_id !== endpoint.clientId || found.deleted_at !== null) return { kind: 'id-taken' };
      return { kind: 'existing', row: endpointOf(found), secretSealed: found.secret_sealed };
    }
    const count = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_endpoints WHERE client_id = $1 AND deleted_at IS NULL',
      [endpoint.clientId],
    );
    if ((count.rows[0]?.n ?? 0) >= maxPerClient) {
      await client.query('ROLLBACK');
      return { kind: 'over-limit' };
    }
    const inserted = await client.query<Row>(
      `INSERT INTO webhook_endpoints (id, client_id, url, event_types, treasuries, secret_sealed)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
      [endpoint.id, endpoint.clientId, endpoint.url, endpoint.eventTypes, endpoint.treasuries, endpoint.secretSealed],
    );
    const row = endpointOf(inserted.rows[0] as Row);
    await recordIfAudited(client, auditedBy, {
      action: 'webhook-endpoint.create',
      endpointId: row.id,
      clientId: row.clientId,
      at: row.createdAt,
      details: { url: row.url.slice(0, 1000), eventTypes: row.eventTypes },
    });
    await client.query('COMMIT');
    return { kind: 'created', row, secretSealed: endpoint.secretSealed };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The client's endpoints (not deleted), oldest first. */
export async function listEndpoints(pool: Pool, clientId: string): Promise<EndpointRow[]> {
  const r = await pool.query<Row>(
    `SELECT ${columns} FROM webhook_endpoints WHERE client_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
    [clientId],
  );
  return r.rows.map(endpointOf);
}

/** One endpoint of the client; undefined when it is another client's, deleted or unknown (all answer 404). */
export async function findEndpoint(pool: Pool, clientId: string, id: string): Promise<EndpointRow | undefined> {
  const r = await pool.query<Row>(`SELECT ${columns} FROM webhook_endpoints WHERE id = $1 AND client_id = $2 AND deleted_at IS NULL`, [
    id,
    clientId,
  ]);
  return r.rows[0] ? endpointOf(r.rows[0]) : undefined;
}

/** Every endpoint that takes new deliveries. */
export async function enabledEndpoints(pool: Pool): Promise<EndpointRow[]> {
  const r = await pool.query<Row>(`SELECT ${columns} FROM webhook_endpoints WHERE status = 'ENABLED' AND deleted_at IS NULL`);
  return r.rows.map(endpointOf);
}

/** Soft delete: the delivery log keeps its endpoint; nothing more is sent. A SUPERADMIN's deletion is recorded with it. */
export async function deleteEndpoint(pool: Pool, clientId: string, id: string, auditedBy?: AuditedBy): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const r = await client.query<{ deleted_at: Date }>(
      'UPDATE webhook_endpoints SET deleted_at = now() WHERE id = $1 AND client_id = $2 AND deleted_at IS NULL RETURNING deleted_at',
      [id, clientId],
    );
    const deleted = r.rows[0];
    if (deleted)
      await recordIfAudited(client, auditedBy, {
        action: 'webhook-endpoint.delete',
        endpointId: id,
        clientId,
        at: deleted.deleted_at,
      });
    return deleted !== undefined;
  });
}

/** The new secret signs from now on; the current one keeps signing too until `overlapMs` from now. A SUPERADMIN's rotation is recorded with it. */
export async function rotateSecret(
  pool: Pool,
  clientId: string,
  id: string,
  secretSealed: Buffer,
  overlapMs: number,
  auditedBy?: AuditedBy,
): Promise<EndpointRow | undefined> {
  return inTransaction(pool, async (client) => {
    const r = await client.query<Row & { rotated_at: Date }>(
      `UPDATE webhook_endpoints
          SET previous_secret_sealed = secret_sealed,
              previous_secret_expires_at = now() + $4 * interval '1 millisecond',
              secret_sealed = $3
        WHERE id = $1 AND client_id = $2 AND deleted_at IS NULL
        RETURNING ${columns}, now() AS rotated_at`,
      [id, clientId, secretSealed, overlapMs],
    );
    const rotated = r.rows[0];
    if (!rotated) return undefined;
    await recordIfAudited(client, auditedBy, {
      action: 'webhook-endpoint.rotate-secret',
      endpointId: id,
      clientId,
      at: rotated.rotated_at,
    });
    return endpointOf(rotated);
  });
}

/**
 * Sets the endpoint's pace (at most `maxPerSecond` attempts a second; null: none); undefined when
 * the client has no such endpoint. Its next slot is left as it is: a pace changed takes effect at
 * the next claim. A SUPERADMIN's change is recorded with it.
 */
export async function setPace(
  pool: Pool,
  clientId: string,
  id: string,
  maxPerSecond: number | null,
  auditedBy?: AuditedBy,
): Promise<EndpointRow | undefined> {
  return inTransaction(pool, async (client) => {
    const r = await client.query<Row & { changed_at: Date }>(
      `UPDATE webhook_endpoints SET max_deliveries_per_second = $3
        WHERE id = $1 AND client_id = $2 AND deleted_at IS NULL
        RETURNING ${columns}, now() AS changed_at`,
      [id, clientId, maxPerSecond],
    );
    const changed = r.rows[0];
    if (!changed) return undefined;
    await recordIfAudited(client, auditedBy, {
      action: 'webhook-endpoint.set-pace',
      endpointId: id,
      clientId,
      at: changed.changed_at,
      details: { maxDeliveriesPerSecond: maxPerSecond === null ? 'none' : String(maxPerSecond) },
    });
    return endpointOf(changed);
  });
}

/** The signing material of the enabled endpoints among `ids` (the worker's, right before it sends), with their clients (metrics). */
export async function endpointSecrets(
  pool: Pool,
  ids: readonly string[],
): Promise<Map<string, EndpointSecrets & { url: string; clientId: string }>> {
  const r = await pool.query<{
    id: string;
    client_id: string;
    url: string;
    secret_sealed: Buffer;
    previous_secret_sealed: Buffer | null;
    previous_secret_expires_at: Date | null;
  }>(
    // Enabled ones only: an endpoint stopped (its client revoked) between the claim and this read sends nothing.
    `SELECT id, client_id, url, secret_sealed, previous_secret_sealed, previous_secret_expires_at FROM webhook_endpoints
      WHERE id = ANY($1) AND status = 'ENABLED' AND deleted_at IS NULL`,
    [ids],
  );
  return new Map(
    r.rows.map((row) => [
      row.id,
      {
        url: row.url,
        clientId: row.client_id,
        secretSealed: row.secret_sealed,
        previousSecretSealed: row.previous_secret_sealed,
        previousSecretExpiresAt: row.previous_secret_expires_at,
      },
    ]),
  );
}

/**
 * Disables an enabled endpoint and records it for the admin audit log in the same transaction
 * (the outbox: exactly one record per disabling), with a `coin.webhook-endpoint.disabled` event in
 * the client's events and a delivery of it to each other enabled endpoint of the client; the
 * delivery whose failure disabled it (`byDeliveryId`) says so in the delivery log (the event, the
 * endpoints told). Undefined when it already was disabled (another instance got there first), and
 * then nothing.
 */
export async function disableEndpoint(
  pool: Pool,
  id: string,
  reason: string,
  adminAuditTopic: string,
  byDeliveryId?: number,
): Promise<EndpointRow | undefined> {
  return inTransaction(pool, async (client) => {
    const r = await client.query<Row>(
      `UPDATE webhook_endpoints SET status = 'DISABLED', disabled_reason = $2, disabled_at = now()
        WHERE id = $1 AND status = 'ENABLED' AND deleted_at IS NULL RETURNING ${columns}`,
      [id, reason],
    );
    const row = r.rows[0] ? endpointOf(r.rows[0]) : undefined;
    if (row?.disabledAt) {
      await recordEndpointAction(client, adminAuditTopic, {
        action: 'webhook-endpoint.disable',
        endpointId: row.id,
        clientId: row.clientId,
        at: row.disabledAt,
        actor: serviceActor,
        reason,
        requestId: null,
      });
      const told = await tellClientOfDisabling(client, row, reason, row.disabledAt);
      if (byDeliveryId !== undefined)
        await client.query(
          `UPDATE webhook_deliveries SET endpoint_disabled_at = $3, endpoint_disabled_event_id = $4, endpoint_disabled_told = $5
            WHERE id = $1 AND endpoint_id = $2`,
          [byDeliveryId, row.id, row.disabledAt, told.eventId, told.endpoints],
        );
    }
    return row;
  });
}

/**
 * The platform's own event of a disabled endpoint: in its events, and sent to its other enabled
 * endpoints (a lane of their own). Returns the event's id and how many endpoints it was sent to.
 */
async function tellClientOfDisabling(
  client: PoolClient,
  row: EndpointRow,
  reason: string,
  at: Date,
): Promise<{ eventId: string; endpoints: number }> {
  const event = endpointDisabledEvent(randomUUID(), row, reason, at);
  const body = JSON.stringify(event);
  await insertPlatformEvents(client, [{ clientId: row.clientId, eventId: event.eventId, eventType: event.type, body }]);
  const others = await client.query<{ id: string }>(
    `SELECT id FROM webhook_endpoints WHERE client_id = $1 AND id <> $2 AND status = 'ENABLED' AND deleted_at IS NULL`,
    [row.clientId, row.id],
  );
  await insertDeliveries(
    client,
    others.rows.map((other) => ({
      endpointId: other.id,
      eventId: event.eventId,
      eventType: event.type,
      walletKey: `endpoint:${row.id}`,
      body,
    })),
  );
  return { eventId: event.eventId, endpoints: others.rows.length };
}

/**
 * Re-enables a disabled endpoint of the client (its pending deliveries go out again, a failed one
 * only when redelivered) and records who did it for the admin audit log, in one transaction. An
 * endpoint already enabled is answered as it is, with no record (a retried request changes
 * nothing); undefined when the client has no such endpoint; 'client-revoked' when the client was
 * revoked (under the client's lock, which a revocation takes too).
 */
export async function enableEndpoint(
  pool: Pool,
  clientId: string,
  id: string,
  by: { actor: EndpointActionActor; requestId: string | null; adminAuditTopic: string },
): Promise<EndpointRow | 'client-revoked' | undefined> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhooks:${clientId}`]);
    if (await clientRevoked(client, clientId)) return 'client-revoked';
    const r = await client.query<Row & { enabled_at: Date; was_reason: string | null }>(
      `WITH before AS (
         SELECT id, disabled_reason FROM webhook_endpoints
          WHERE id = $1 AND client_id = $2 AND status = 'DISABLED' AND deleted_at IS NULL FOR UPDATE)
       UPDATE webhook_endpoints e SET status = 'ENABLED', disabled_reason = NULL, disabled_at = NULL
         FROM before WHERE e.id = before.id
       RETURNING ${columns.replace(/(\w+)/g, 'e.$1')}, statement_timestamp() AS enabled_at, before.disabled_reason AS was_reason`,
      [id, clientId],
    );
    const enabled = r.rows[0];
    if (!enabled) {
      const current = await client.query<Row>(
        `SELECT ${columns} FROM webhook_endpoints WHERE id = $1 AND client_id = $2 AND deleted_at IS NULL`,
        [id, clientId],
      );
      return current.rows[0] ? endpointOf(current.rows[0]) : undefined;
    }
    const row = endpointOf(enabled);
    await recordEndpointAction(client, by.adminAuditTopic, {
      action: 'webhook-endpoint.enable',
      endpointId: row.id,
      clientId: row.clientId,
      at: enabled.enabled_at,
      actor: by.actor,
      reason: enabled.was_reason === null ? null : `was disabled: ${enabled.was_reason}`,
      requestId: by.requestId,
    });
    return row;
  });
}

/** Every client's endpoints (not deleted), by id from `after`, optionally of one status: the admins' list. */
export async function listAllEndpoints(
  pool: Pool,
  options: { status?: 'ENABLED' | 'DISABLED' | undefined; after?: string | undefined; limit: number },
): Promise<EndpointRow[]> {
  const r = await pool.query<Row>(
    `SELECT ${columns} FROM webhook_endpoints
      WHERE deleted_at IS NULL AND ($1::text IS NULL OR status = $1) AND ($2::uuid IS NULL OR id > $2)
      ORDER BY id LIMIT $3`,
    [options.status ?? null, options.after ?? null, options.limit],
  );
  return r.rows.map(endpointOf);
}

/** What a revocation writes as the reason of the endpoints it disables. */
export const clientRevokedReason = 'the platform client was revoked';

/** Whether the client was revoked (webhook_revoked_clients), read in the caller's transaction. */
export async function clientRevoked(db: Pool | PoolClient, clientId: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM webhook_revoked_clients WHERE client_id = $1', [clientId]);
  return (r.rowCount ?? 0) > 0;
}

/**
 * Platform clients revoked (the gateways report them, docs/DESIGN.md "Webhooks"): each is
 * remembered, and every enabled endpoint of theirs is disabled, naming the revocation, with its
 * admin audit record, in one transaction. Their pending deliveries stay in the log and are never
 * claimed (the worker takes only enabled endpoints' deliveries). Under each client's lock, taken
 * in one order, so no endpoint is added or enabled beside it. Naming a client again changes
 * nothing. Returns the endpoints disabled.
 */
export async function stopRevokedClients(pool: Pool, clientIds: readonly string[], adminAuditTopic: string): Promise<number> {
  const ids = [...new Set(clientIds)].sort();
  if (ids.length === 0) return 0;
  return inTransaction(pool, async (client) => {
    // The ids are sorted and unnest keeps their order: the locks are taken in one order by every caller.
    await client.query('SELECT pg_advisory_xact_lock(hashtext(id)) FROM unnest($1::text[]) AS id', [ids.map((id) => `webhooks:${id}`)]);
    await client.query('INSERT INTO webhook_revoked_clients (client_id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [ids]);
    const r = await client.query<Row>(
      `UPDATE webhook_endpoints SET status = 'DISABLED', disabled_reason = $2, disabled_at = now()
        WHERE client_id = ANY($1) AND status = 'ENABLED' AND deleted_at IS NULL RETURNING ${columns}`,
      [ids, clientRevokedReason],
    );
    for (const row of r.rows.map(endpointOf)) {
      await recordEndpointAction(client, adminAuditTopic, {
        action: 'webhook-endpoint.disable',
        endpointId: row.id,
        clientId: row.clientId,
        at: row.disabledAt ?? new Date(),
        actor: serviceActor,
        reason: clientRevokedReason,
        requestId: null,
      });
    }
    return r.rows.length;
  });
}
