import type { Pool } from '@coin/db';
import type { RevocationFloor } from '../domain/revocation-floors';

/** Every floor recorded (docs/DESIGN.md "Who asks"): what the ledger loads at start. */
export async function loadRevocationFloors(pool: Pool): Promise<RevocationFloor[]> {
  const result = await pool.query<{ partition: number; record_offset: string; subject: string; min_token_version: number | null }>(
    'SELECT partition, record_offset, subject, min_token_version FROM revocation_floors',
  );
  return result.rows.map((r) => ({
    partition: r.partition,
    offset: Number(r.record_offset),
    subject: r.subject,
    minTokenVersion: r.min_token_version,
  }));
}

/** Records a floor met in the log; a redelivered record (same partition and offset) inserts nothing. */
export async function recordRevocationFloor(pool: Pool, floor: RevocationFloor, revokedAt: Date): Promise<void> {
  await pool.query(
    `INSERT INTO revocation_floors (partition, record_offset, subject, min_token_version, revoked_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (partition, record_offset) DO NOTHING`,
    [floor.partition, floor.offset, floor.subject, floor.minTokenVersion, revokedAt],
  );
}
