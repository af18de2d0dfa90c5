import type { Pool, PoolClient } from '@coin/db';

export interface RebuildCheckpoint {
  afterId: number;
  /** Transactions the ledger returned up to afterId in this run (the count check's reference). */
  ledgerCount: number;
  startedAt: Date;
  completedAt: Date | null;
}

export async function readCheckpoint(pool: Pool): Promise<RebuildCheckpoint | null> {
  const result = await pool.query<{ after_id: number; ledger_count: number; started_at: Date; completed_at: Date | null }>(
    'SELECT after_id, ledger_count, started_at, completed_at FROM history_rebuild_checkpoint WHERE id = 1',
  );
  const row = result.rows[0];
  return row ? { afterId: row.after_id, ledgerCount: row.ledger_count, startedAt: row.started_at, completedAt: row.completed_at } : null;
}

export async function startCheckpoint(pool: Pool, now: Date): Promise<RebuildCheckpoint> {
  await pool.query(
    `INSERT INTO history_rebuild_checkpoint (id, after_id, ledger_count, started_at, updated_at, completed_at)
     VALUES (1, 0, 0, $1, $1, NULL)
     ON CONFLICT (id) DO UPDATE SET after_id = 0, ledger_count = 0, started_at = $1, updated_at = $1, completed_at = NULL`,
    [now],
  );
  return { afterId: 0, ledgerCount: 0, startedAt: now, completedAt: null };
}

export async function advanceCheckpoint(client: PoolClient, afterId: number, ledgerCount: number, now: Date): Promise<void> {
  await client.query('UPDATE history_rebuild_checkpoint SET after_id = $1, ledger_count = $2, updated_at = $3 WHERE id = 1', [
    afterId,
    ledgerCount,
    now,
  ]);
}

export async function completeCheckpoint(pool: Pool, now: Date): Promise<void> {
  await pool.query('UPDATE history_rebuild_checkpoint SET completed_at = $1, updated_at = $1 WHERE id = 1', [now]);
}

/** Empties the projection (rebuild --reset): every read is empty until the rebuild refills it. */
export async function truncateProjection(pool: Pool): Promise<void> {
  await pool.query('TRUNCATE history_entries, history_transactions, history_rebuild_checkpoint');
}

/** The projection's newest transaction id and size: the rebuild's estimate of what lies ahead. */
export async function projectionExtent(pool: Pool): Promise<{ maxId: number; count: number }> {
  const result = await pool.query<{ max_id: number | null; n: number }>(
    'SELECT max(transaction_id) AS max_id, count(*)::bigint AS n FROM history_transactions',
  );
  return { maxId: result.rows[0]?.max_id ?? 0, count: result.rows[0]?.n ?? 0 };
}
