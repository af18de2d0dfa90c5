import type { Pool, PoolClient } from '@coin/db';

/** A change one ADMIN proposed, waiting for a different ADMIN+ (docs/design/monitoring.md "Two people"). */
export interface PendingChange {
  change: unknown;
  proposedBy: number;
  proposedAt: Date;
}

/** The pending change of a target, locked until the transaction ends; null when none. */
export async function pendingChange(client: PoolClient, target: string): Promise<PendingChange | null> {
  const r = await client.query<{ change: unknown; proposed_by: string; proposed_at: Date }>(
    `SELECT change, proposed_by, proposed_at FROM monitoring_pending_changes WHERE target = $1 FOR UPDATE`,
    [target],
  );
  const row = r.rows[0];
  return row ? { change: row.change, proposedBy: Number(row.proposed_by), proposedAt: row.proposed_at } : null;
}

/** A pending change listed, with the id of its target (a rule's, a case's). */
export interface ListedChange extends PendingChange {
  id: string;
}

/**
 * The pending changes of one kind of target (`<kind>:<id>`: `monitoring-rule`, `monitoring-case`,
 * `monitoring-freeze-lift`), newest first, at most `max`; expired ones too, until a send clears them.
 */
export async function pendingChangesOf(pool: Pool, kind: string, max: number): Promise<ListedChange[]> {
  const r = await pool.query<{ target: string; change: unknown; proposed_by: string; proposed_at: Date }>(
    `SELECT target, change, proposed_by, proposed_at FROM monitoring_pending_changes
     WHERE starts_with(target, $1) ORDER BY proposed_at DESC, target LIMIT $2`,
    [`${kind}:`, max],
  );
  return r.rows.map((row) => ({
    id: row.target.slice(kind.length + 1),
    change: row.change,
    proposedBy: Number(row.proposed_by),
    proposedAt: row.proposed_at,
  }));
}

/** Records (or replaces) the target's proposal; answers when it was proposed. */
export async function proposeChange(client: PoolClient, target: string, change: unknown, by: number): Promise<Date> {
  const r = await client.query<{ proposed_at: Date }>(
    `INSERT INTO monitoring_pending_changes (target, change, proposed_by) VALUES ($1, $2, $3)
     ON CONFLICT (target) DO UPDATE SET change = EXCLUDED.change, proposed_by = EXCLUDED.proposed_by, proposed_at = now()
     RETURNING proposed_at`,
    [target, JSON.stringify(change), by],
  );
  return r.rows[0]!.proposed_at;
}

export async function clearPendingChange(client: PoolClient, target: string): Promise<void> {
  await client.query(`DELETE FROM monitoring_pending_changes WHERE target = $1`, [target]);
}

/** Whether two changes are the same, whatever the order of their keys (jsonb reorders them). */
export function sameChange(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
