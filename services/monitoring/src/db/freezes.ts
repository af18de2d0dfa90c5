import type { Pool } from '@coin/db';
import { type CaseRow, findCase } from './cases-repo';

/**
 * Open cases about a person's wallet at the freeze score whose freeze was decided (counted against
 * its rules, monitoring_rule_freezes) and never asked (a crash, a failed ask): at most 100. A case
 * whose freeze the per-rule bound withheld has no such row and is never asked.
 */
export async function dueFreezes(pool: Pool, freezeAt: number): Promise<CaseRow[]> {
  const r = await pool.query<{ id: string }>(
    `SELECT id FROM monitoring_cases c
      WHERE status = 'OPEN' AND score >= $1 AND freeze_requested_at IS NULL AND subject LIKE 'user:%'
        AND EXISTS (SELECT 1 FROM monitoring_rule_freezes f WHERE f.case_id = c.id)
      ORDER BY opened_at LIMIT 100`,
    [freezeAt],
  );
  const rows = await Promise.all(r.rows.map((row) => findCase(pool, row.id)));
  return rows.filter((row): row is CaseRow => row !== null);
}
