import type { Pool } from '@coin/db';

/**
 * Runs `statement`, a DELETE of at most `batch` rows (its `$2`; `$1` the age bound), until one
 * deletes fewer: each statement a short lock and a bounded WAL burst. Returns the rows deleted.
 */
export async function deleteInBatches(pool: Pool, statement: string, olderThan: number, batch: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const r = await pool.query(statement, [olderThan, batch]);
    deleted += r.rowCount ?? 0;
    if ((r.rowCount ?? 0) < batch) return deleted;
  }
}
