import type { Pool, PoolClient } from '@coin/db';
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

/**
 * The platform clients among `clientIds` revoked for good (a `client:<id>` floor with no token
 * version, in any partition: the user service writes one into every partition): what the apply
 * reads with the mandates a batch charges, so a revoked platform's mandate charges no more.
 * Kept in the home shard.
 */
export async function revokedClientsAmong(db: Pick<PoolClient, 'query'>, clientIds: readonly string[]): Promise<Set<string>> {
  if (clientIds.length === 0) return new Set();
  const result = await db.query<{ subject: string }>(
    'SELECT DISTINCT subject FROM revocation_floors WHERE subject = ANY($1::text[]) AND min_token_version IS NULL',
    [clientIds.map((id) => `client:${id}`)],
  );
  return new Set(result.rows.map((r) => r.subject.slice('client:'.length)));
}

/** The platform clients the mandates read name. */
export function clientIdsOfMandates(mandates: ReadonlyMap<string, { clientId: string }>): string[] {
  return [...new Set([...mandates.values()].map((m) => m.clientId))];
}

/** Every platform client revoked for good (home shard): the mandate scheduler cancels their mandates without waiting for a due charge. */
export async function revokedClients(pool: Pool): Promise<string[]> {
  const result = await pool.query<{ subject: string }>(
    "SELECT DISTINCT subject FROM revocation_floors WHERE subject LIKE 'client:%' AND min_token_version IS NULL",
  );
  return result.rows.map((r) => r.subject.slice('client:'.length));
}
