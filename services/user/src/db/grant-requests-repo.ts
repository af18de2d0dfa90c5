import type { Actor, GrantRequestStatus } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';
import { InvariantViolation } from '@coin/errors';
import type { GrantRequestRow, StoredGrantAct } from '../domain/grant-requests';

type Queryable = Pool | PoolClient;

const columns = 'id, act, requested_by, status, created_at, expires_at, decided_by, decided_at, rejection_reason';

interface Row {
  id: string;
  act: StoredGrantAct;
  requested_by: Actor;
  status: GrantRequestStatus;
  created_at: Date;
  expires_at: Date;
  decided_by: Actor | null;
  decided_at: Date | null;
  rejection_reason: string | null;
}

/** How many requests a list answers at most: they are rare (keys, clients, promotions), newest first. */
export const grantRequestsListMax = 200;

function rowOf(row: Row): GrantRequestRow {
  return {
    id: row.id,
    act: row.act,
    requestedBy: row.requested_by,
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    rejectionReason: row.rejection_reason,
  };
}

export async function lockGrantRequest(client: PoolClient, id: string): Promise<GrantRequestRow | null> {
  const result = await client.query<Row>(`SELECT ${columns} FROM grant_requests WHERE id = $1 FOR UPDATE`, [id]);
  return result.rows[0] ? rowOf(result.rows[0]) : null;
}

export async function findGrantRequest(db: Queryable, id: string): Promise<GrantRequestRow | null> {
  const result = await db.query<Row>(`SELECT ${columns} FROM grant_requests WHERE id = $1`, [id]);
  return result.rows[0] ? rowOf(result.rows[0]) : null;
}

/**
 * Requests newest first, of one stored status or all. EXPIRED is stored only once a decision
 * meets an expired request, so "PENDING" here includes expired ones: the caller's view tells them
 * apart by `expires_at`.
 */
export async function listGrantRequests(db: Queryable, status: GrantRequestStatus | undefined): Promise<GrantRequestRow[]> {
  const result = await db.query<Row>(
    `SELECT ${columns} FROM grant_requests
     WHERE $1::text IS NULL OR status = $1 OR ($1 = 'EXPIRED' AND status = 'PENDING' AND expires_at <= now())
     ORDER BY created_at DESC, id LIMIT $2`,
    [status ?? null, grantRequestsListMax],
  );
  return result.rows.map(rowOf);
}

export async function insertGrantRequest(client: PoolClient, request: GrantRequestRow): Promise<void> {
  await client.query(`INSERT INTO grant_requests (id, act, requested_by, status, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
    request.id,
    JSON.stringify(request.act),
    JSON.stringify(request.requestedBy),
    request.status,
    request.createdAt,
    request.expiresAt,
  ]);
}

export async function updateGrantRequest(client: PoolClient, request: GrantRequestRow): Promise<void> {
  const result = await client.query(
    `UPDATE grant_requests SET status = $2, decided_by = $3, decided_at = $4, rejection_reason = $5
     WHERE id = $1 AND status = 'PENDING'`,
    [request.id, request.status, request.decidedBy ? JSON.stringify(request.decidedBy) : null, request.decidedAt, request.rejectionReason],
  );
  if (result.rowCount !== 1) throw new InvariantViolation(`grant request ${request.id} was decided but is not PENDING`);
}
