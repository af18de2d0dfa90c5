import type { Pool } from '@coin/db';
import type { MonitorDirection } from '@coin/events';

export interface MonitorRow {
  id: string;
  walletKey: string;
  thresholdMinor: number;
  direction: MonitorDirection;
  enabled: boolean;
  createdBy: number;
  createdAt: Date;
  lastCrossedAt: Date | null;
}

interface Row {
  id: string;
  wallet_key: string;
  threshold_minor: string;
  direction: MonitorDirection;
  enabled: boolean;
  created_by: string;
  created_at: Date;
  last_crossed_at: Date | null;
}

const columns = 'id, wallet_key, threshold_minor, direction, enabled, created_by, created_at, last_crossed_at';

function monitorOf(row: Row): MonitorRow {
  return {
    id: row.id,
    walletKey: row.wallet_key,
    thresholdMinor: Number(row.threshold_minor),
    direction: row.direction,
    enabled: row.enabled,
    createdBy: Number(row.created_by),
    createdAt: row.created_at,
    lastCrossedAt: row.last_crossed_at,
  };
}

export type NewMonitor = Omit<MonitorRow, 'createdAt' | 'lastCrossedAt'>;

/**
 * Inserts the monitor unless `max` monitors exist (counted under a lock, so two concurrent
 * creations cannot both pass). An existing id is answered with its monitor when the same person
 * made it with the same settings (a retried request); otherwise the id is taken.
 */
export async function insertMonitor(
  pool: Pool,
  monitor: NewMonitor,
  max: number,
): Promise<{ kind: 'created' | 'existing'; row: MonitorRow } | { kind: 'over-limit' } | { kind: 'id-taken' }> {
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
        row.walletKey === monitor.walletKey &&
        row.thresholdMinor === monitor.thresholdMinor &&
        row.direction === monitor.direction &&
        row.enabled === monitor.enabled;
      return same ? { kind: 'existing', row } : { kind: 'id-taken' };
    }
    const count = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM balance_monitors WHERE deleted_at IS NULL');
    if ((count.rows[0]?.n ?? 0) >= max) {
      await client.query('ROLLBACK');
      return { kind: 'over-limit' };
    }
    const inserted = await client.query<Row>(
      `INSERT INTO balance_monitors (id, wallet_key, threshold_minor, direction, enabled, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
      [monitor.id, monitor.walletKey, monitor.thresholdMinor, monitor.direction, monitor.enabled, monitor.createdBy],
    );
    await client.query('COMMIT');
    return { kind: 'created', row: monitorOf(inserted.rows[0] as Row) };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** Every monitor not deleted, oldest first (their number is bounded by the configured limit). */
export async function listMonitors(pool: Pool): Promise<MonitorRow[]> {
  const r = await pool.query<Row>(`SELECT ${columns} FROM balance_monitors WHERE deleted_at IS NULL ORDER BY created_at, id`);
  return r.rows.map(monitorOf);
}

export async function findMonitor(pool: Pool, id: string): Promise<MonitorRow | undefined> {
  const r = await pool.query<Row>(`SELECT ${columns} FROM balance_monitors WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return r.rows[0] ? monitorOf(r.rows[0]) : undefined;
}

/** Soft delete: its crossings keep their monitor; it fires nothing more. False when there was none. */
export async function deleteMonitor(pool: Pool, id: string): Promise<boolean> {
  const r = await pool.query('UPDATE balance_monitors SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL', [id]);
  return (r.rowCount ?? 0) > 0;
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
