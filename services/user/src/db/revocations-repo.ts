import type { Pool } from '@coin/db';

/** A revocation the triggers recorded (migrations/010_authority_revocations.sql), not yet written to the ledger. */
export interface RevocationRow {
  id: number;
  subject: string;
  versionAfter: number | null;
  at: Date;
}

/** Revocations not yet published to ledger.commands, oldest first, at most `limit`. */
export async function unpublishedRevocations(pool: Pool, limit: number): Promise<RevocationRow[]> {
  const result = await pool.query<{ id: string; subject: string; version_after: number | null; at: Date }>(
    'SELECT id, subject, version_after, at FROM authority_revocations WHERE published_at IS NULL ORDER BY id LIMIT $1',
    [limit],
  );
  return result.rows.map((r) => ({ id: Number(r.id), subject: r.subject, versionAfter: r.version_after, at: r.at }));
}

export async function markRevocationsPublished(pool: Pool, ids: number[]): Promise<void> {
  await pool.query('UPDATE authority_revocations SET published_at = now() WHERE id = ANY($1::bigint[]) AND published_at IS NULL', [ids]);
}

/**
 * What had been revoked of `subject` at `at`: the lowest token version still valid then (null: no
 * rise yet), and whether it (a platform client) was revoked by then.
 */
export async function revocationAt(pool: Pool, subject: string, at: Date): Promise<{ minTokenVersion: number | null; revoked: boolean }> {
  const result = await pool.query<{ min_version: number | null; n: number }>(
    'SELECT max(version_after) AS min_version, count(*)::int AS n FROM authority_revocations WHERE subject = $1 AND at <= $2',
    [subject, at],
  );
  const row = result.rows[0];
  return { minTokenVersion: row?.min_version ?? null, revoked: (row?.n ?? 0) > 0 };
}

/** Whether a command was decided already (its outcome stored): a redelivery, judged when it first came. */
export async function commandDecided(pool: Pool, commandId: string): Promise<boolean> {
  const result = await pool.query('SELECT 1 FROM processed_commands WHERE command_id = $1', [commandId]);
  return (result.rowCount ?? 0) > 0;
}
