import type { Actor, DeletionRequestStatus } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';
import { InvariantViolation } from '@coin/errors';
import type { DeletionRequestRow } from '../domain/deletion-requests';

type Queryable = Pool | PoolClient;

const columns = 'id, user_id, requested_by, balance_minor, status, created_at, expires_at, decided_by, decided_at, rejection_reason';

interface Row {
  id: string;
  user_id: number | string;
  requested_by: Actor;
  balance_minor: number | string;
  status: DeletionRequestStatus;
  created_at: Date;
  expires_at: Date;
  decided_by: Actor | null;
  decided_at: Date | null;
  rejection_reason: string | null;
}

/** How many requests a list answers at most: they are rare (large deletions), newest first. */
export const deletionRequestsListMax = 200;

function rowOf(row: Row): DeletionRequestRow {
  return {
    id: row.id,
    userId: Number(row.user_id),
    requestedBy: row.requested_by,
    balanceMinor: Number(row.balance_minor),
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    rejectionReason: row.rejection_reason,
  };
}

export async function lockPendingDeletionRequest(client: PoolClient, userId: number): Promise<DeletionRequestRow | null> {
  const result = await client.query<Row>(`SELECT ${columns} FROM deletion_requests WHERE user_id = $1 AND status = 'PENDING' FOR UPDATE`, [
    userId,
  ]);
  return result.rows[0] ? rowOf(result.rows[0]) : null;
}

export async function lockDeletionRequest(client: PoolClient, id: string): Promise<DeletionRequestRow | null> {
  const result = await client.query<Row>(`SELECT ${columns} FROM deletion_requests WHERE id = $1 FOR UPDATE`, [id]);
  return result.rows[0] ? rowOf(result.rows[0]) : null;
}

export async function findDeletionRequest(db: Queryable, id: string): Promise<DeletionRequestRow | null> {
  const result = await db.query<Row>(`SELECT ${columns} FROM deletion_requests WHERE id = $1`, [id]);
  return result.rows[0] ? rowOf(result.rows[0]) : null;
}

/**
 * Requests newest first, of one stored status or all. EXPIRED is stored only once a decision
 * meets an expired request, so "PENDING" here includes expired ones: the caller's view tells them
 * apart by `expires_at` (requestStatusAt).
 */
export async function listDeletionRequests(db: Queryable, status: DeletionRequestStatus | undefined): Promise<DeletionRequestRow[]> {
  const result = await db.query<Row>(
    `SELECT ${columns} FROM deletion_requests
     WHERE $1::text IS NULL OR status = $1 OR ($1 = 'EXPIRED' AND status = 'PENDING' AND expires_at <= now())
     ORDER BY created_at DESC, id LIMIT $2`,
    [status ?? null, deletionRequestsListMax],
  );
  return result.rows.map(rowOf);
}

export async function insertDeletionRequest(client: PoolClient, request: DeletionRequestRow): Promise<void> {
  await client.query(
    `INSERT INTO deletion_requests (id, user_id, requested_by, balance_minor, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      request.id,
      request.userId,
      JSON.stringify(request.requestedBy),
      request.balanceMinor,
      request.status,
      request.createdAt,
      request.expiresAt,
    ],
  );
}

export async function updateDeletionRequest(client: PoolClient, request: DeletionRequestRow): Promise<void> {
  const result = await client.query(
    `UPDATE deletion_requests SET status = $2, decided_by = $3, decided_at = $4, rejection_reason = $5
     WHERE id = $1 AND status = 'PENDING'`,
    [request.id, request.status, request.decidedBy ? JSON.stringify(request.decidedBy) : null, request.decidedAt, request.rejectionReason],
  );
  if (result.rowCount !== 1) throw new InvariantViolation(`deletion request ${request.id} was decided but is not PENDING`);
}
