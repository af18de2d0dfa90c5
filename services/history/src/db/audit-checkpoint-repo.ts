import type { Pool, PoolClient } from '@coin/db';
import type { AuditCheckpoint, CheckpointAgainstLog } from '../domain/audit-checkpoint';

type Queryable = Pool | PoolClient;

/** The log's last entry, or null while it is empty. */
export async function auditLogHead(db: Queryable): Promise<{ seq: number; hash: string } | null> {
  const result = await db.query<{ seq: string; hash: string }>('SELECT seq, hash FROM admin_audit_log ORDER BY seq DESC LIMIT 1');
  const row = result.rows[0];
  return row ? { seq: Number(row.seq), hash: row.hash } : null;
}

/** The highest seq this key has checkpointed; 0 when none. */
export async function lastCheckpointedSeq(db: Queryable, keyId: string): Promise<number> {
  const result = await db.query<{ seq: string | null }>('SELECT max(seq) AS seq FROM admin_audit_checkpoints WHERE key_id = $1', [keyId]);
  return Number(result.rows[0]?.seq ?? 0);
}

/** Appends a checkpoint; one that is stored already (two replicas, same head) is left as it is. */
export async function insertCheckpoint(db: Queryable, c: AuditCheckpoint): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO admin_audit_checkpoints (seq, hash, signed_at, key_id, signature) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (seq, key_id) DO NOTHING`,
    [c.seq, c.hash, c.signedAt, c.keyId, c.signature],
  );
  return result.rowCount === 1;
}

/** Every checkpoint in seq order, each with the hash the log holds at its seq now (npm run audit). */
export async function checkpointsAgainstLog(db: Queryable): Promise<{ rows: CheckpointAgainstLog[]; logEnd: number }> {
  const result = await db.query<{ seq: string; hash: string; signed_at: Date; key_id: string; signature: string; log_hash: string | null }>(
    `SELECT c.seq, c.hash, c.signed_at, c.key_id, c.signature, l.hash AS log_hash
       FROM admin_audit_checkpoints c LEFT JOIN admin_audit_log l ON l.seq = c.seq
      ORDER BY c.seq, c.key_id`,
  );
  const head = await auditLogHead(db);
  return {
    logEnd: head?.seq ?? 0,
    rows: result.rows.map((r) => ({
      checkpoint: { seq: Number(r.seq), hash: r.hash, signedAt: r.signed_at.toISOString(), keyId: r.key_id, signature: r.signature },
      logHash: r.log_hash,
    })),
  };
}
