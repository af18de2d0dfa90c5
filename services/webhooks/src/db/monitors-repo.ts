import type { Pool } from '@coin/db';
import type { MonitorDirection } from '@coin/events';
import { type MonitorAction, recordMonitorAction } from './monitor-audit';

export interface MonitorRow {
  id: string;
  walletKey: string;
  thresholdMinor: number;
  direction: MonitorDirection;
  enabled: boolean;
  /** The ADMIN+ who set it, or null for a platform client's. */
  createdBy: number | null;
  /** The platform client that set it (its crossings go to that client alone), or null for an ADMIN+'s. */
  clientId: string | null;
  createdAt: Date;
  lastCrossedAt: Date | null;
}

/** Whose monitors a read or a deletion may reach: an ADMIN+'s (every one) or one client's own. */
export type MonitorOwner = { kind: 'any' } | { kind: 'client'; clientId: string };

interface Row {
  id: string;
  wallet_key: string;
  threshold_minor: string;
  direction: MonitorDirection;
  enabled: boolean;
  created_by: string | null;
  client_id: string | null;
  created_at: Date;
  last_crossed_at: Date | null;
}

const columns = 'id, wallet_key, threshold_minor, direction, enabled, created_by, client_id, created_at, last_crossed_at';

function monitorOf(row: Row): MonitorRow {
  return {
    id: row.id,
    walletKey: row.wallet_key,
    thresholdMinor: Number(row.threshold_minor),
    direction: row.direction,
    enabled: row.enabled,
    createdBy: row.created_by === null ? null : Number(row.created_by),
    clientId: row.client_id,
    createdAt: row.created_at,
    lastCrossedAt: row.last_crossed_at,
  };
}

export type NewMonitor = Omit<MonitorRow, 'createdAt' | 'lastCrossedAt'>;

/** Who asked for a change, and where its admin audit record goes. */
export interface AskedBy {
  actor: MonitorAction['actor'];
  requestId: string | null;
  adminAuditTopic: string;
}

/**
 * Inserts the monitor unless `max` monitors exist (counted under a lock, so two concurrent
 * creations cannot both pass), with its admin audit record in the same transaction. An existing
 * id is answered with its monitor when the same person made it with the same settings (a
 * retried request, recorded once); otherwise the id is taken. A client's monitor is also bounded
 * by `clientMax` of its own, so one client cannot use up the bound every ADMIN+ shares.
 */
export async function insertMonitor(
  pool: Pool,
  monitor: NewMonitor,
  max: number,
  by: AskedBy,
  clientMax = max,
): Promise<{ kind: 'created' | 'existing'; row: MonitorRow } | { kind: 'over-limit'; max: number } | { kind: 'id-taken' }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtext('webhooks:balance-monitors'))");
    const existing = await client.query<Row & { deleted_at: Date | null }>(
      `SELECT ${columns}, deleted_at FROM balance_monitors WHERE id = $1`,
      [monitor.id],
    );
    const found = existing.rows[0];
    if (found) {
      await client.query('COMMIT');
      const row = monitorOf(found);
      // A retried request is the same person asking the same; anything else reuses the id.
      const same =
        found.deleted_at === null &&
        row.createdBy === monitor.createdBy &&
        row.clientId === monitor.clientId &&
        row.walletKey === monitor.walletKey &&
        row.thresholdMinor === monitor.thresholdMinor &&
        row.direction === monitor.direction &&
        row.enabled === monitor.enabled;
      return same ? { kind: 'existing', row } : { kind: 'id-taken' };
    }
    const count = await client.query<{ n: number; own: number }>(
      'SELECT count(*)::int AS n, (count(*) FILTER (WHERE client_id = $1))::int AS own FROM balance_monitors WHERE deleted_at IS NULL',
      [monitor.clientId],
    );
    if ((count.rows[0]?.n ?? 0) >= max) {
      await client.query('ROLLBACK');
      return { kind: 'over-limit', max };
    }
    if (monitor.clientId !== null && (count.rows[0]?.own ?? 0) >= clientMax) {
      await client.query('ROLLBACK');
      return { kind: 'over-limit', max: clientMax };
    }
    const inserted = await client.query<Row>(
      `INSERT INTO balance_monitors (id, wallet_key, threshold_minor, direction, enabled, created_by, client_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${columns}`,
      [monitor.id, monitor.walletKey, monitor.thresholdMinor, monitor.direction, monitor.enabled, monitor.createdBy, monitor.clientId],
    );
    const row = monitorOf(inserted.rows[0] as Row);
    await recordMonitorAction(client, by.adminAuditTopic, {
      action: 'balance-monitor.create',
      monitor: row,
      at: row.createdAt,
      actor: by.actor,
      requestId: by.requestId,
    });
    await client.query('COMMIT');
    return { kind: 'created', row };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The client filter of an owner: null for an ADMIN+ (every monitor), else the client's id. */
const clientOf = (owner: MonitorOwner): string | null => (owner.kind === 'client' ? owner.clientId : null);

/** Every monitor not deleted, or one client's, oldest first (their number is bounded by the configured limits). */
export async function listMonitors(pool: Pool, owner: MonitorOwner = { kind: 'any' }): Promise<MonitorRow[]> {
  const r = await pool.query<Row>(
    `SELECT ${columns} FROM balance_monitors WHERE deleted_at IS NULL AND ($1::text IS NULL OR client_id = $1) ORDER BY created_at, id`,
    [clientOf(owner)],
  );
  return r.rows.map(monitorOf);
}

/** A monitor not deleted; for a client, only one of its own (another's reads as absent). */
export async function findMonitor(pool: Pool, id: string, owner: MonitorOwner = { kind: 'any' }): Promise<MonitorRow | undefined> {
  const r = await pool.query<Row>(
    `SELECT ${columns} FROM balance_monitors WHERE id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR client_id = $2)`,
    [id, clientOf(owner)],
  );
  return r.rows[0] ? monitorOf(r.rows[0]) : undefined;
}

/**
 * Soft delete, with its admin audit record in the same transaction: its crossings keep their
 * monitor; it fires nothing more. False when there was none (or it was deleted already).
 */
export async function deleteMonitor(pool: Pool, id: string, by: AskedBy, owner: MonitorOwner = { kind: 'any' }): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const r = await client.query<Row & { deleted_at: Date }>(
      `UPDATE balance_monitors SET deleted_at = now()
        WHERE id = $1 AND deleted_at IS NULL AND ($2::text IS NULL OR client_id = $2) RETURNING ${columns}, deleted_at`,
      [id, clientOf(owner)],
    );
    const deleted = r.rows[0];
    if (deleted) {
      await recordMonitorAction(client, by.adminAuditTopic, {
        action: 'balance-monitor.delete',
        monitor: monitorOf(deleted),
        at: deleted.deleted_at,
        actor: by.actor,
        requestId: by.requestId,
      });
    }
    await client.query('COMMIT');
    return deleted !== undefined;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The enabled monitors of these wallets. */
export async function liveMonitorsOf(pool: Pool, walletKeys: readonly string[]): Promise<MonitorRow[]> {
  if (walletKeys.length === 0) return [];
  const r = await pool.query<Row>(
    `SELECT ${columns} FROM balance_monitors WHERE wallet_key = ANY($1::text[]) AND enabled AND deleted_at IS NULL`,
    [walletKeys],
  );
  return r.rows.map(monitorOf);
}

/** The wallet keys some live (enabled, not deleted) monitor watches. */
export async function monitoredWalletKeys(pool: Pool): Promise<string[]> {
  const r = await pool.query<{ wallet_key: string }>(
    'SELECT DISTINCT wallet_key FROM balance_monitors WHERE enabled AND deleted_at IS NULL',
  );
  return r.rows.map((row) => row.wallet_key);
}
