import type { Pool } from '@coin/db';
import { type CaseRow, findCase } from './cases-repo';

/** Open cases about a person's wallet at the freeze score whose freeze was never asked (a crash, a failed ask): at most 100. */
export async function dueFreezes(pool: Pool, freezeAt: number): Promise<CaseRow[]> {
  const r = await pool.query<{ id: string }>(
    `SELECT id FROM monitoring_cases
      WHERE status = 'OPEN' AND score >= $1 AND freeze_requested_at IS NULL AND subject LIKE 'user:%'
      ORDER BY opened_at LIMIT 100`,
    [freezeAt],
  );
  const rows = await Promise.all(r.rows.map((row) => findCase(pool, row.id)));
  return rows.filter((row): row is CaseRow => row !== null);
}
