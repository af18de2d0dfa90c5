import type { Actor } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';
import { InvariantViolation } from '@coin/errors';
import type { TwoPersonRequest, TwoPersonStatus } from '../domain/two-person-requests';

type Queryable = Pool | PoolClient;

/** The columns every two-person request's table has (deletion_requests, grant_requests). */
const commonColumns = ['id', 'requested_by', 'status', 'created_at', 'expires_at', 'decided_by', 'decided_at', 'rejection_reason'];

export interface CommonRow {
  id: string;
  requested_by: Actor;
  status: TwoPersonStatus;
  created_at: Date;
  expires_at: Date;
  decided_by: Actor | null;
  decided_at: Date | null;
  rejection_reason: string | null;
}

/** How many requests a list answers at most: they are rare (large deletions, keys, clients, promotions), newest first. */
export const twoPersonRequestsListMax = 200;

/** What one kind of request adds to the common columns: its table, its own columns and their mapping. */
export interface RequestKind<R extends TwoPersonRequest, Row extends CommonRow> {
  table: 'deletion_requests' | 'grant_requests';
  /** The name an invariant's message gives it. */
  name: string;
  ownColumns: string[];
  ownOf(row: Row): Omit<R, keyof TwoPersonRequest>;
  /** The values of `ownColumns`, in order, as an insert writes them. */
  ownValues(request: R): unknown[];
}

/** The reads and writes of one kind of two-person request: the same SQL for both, on their own table. */
export function twoPersonRequestsRepo<R extends TwoPersonRequest, Row extends CommonRow>(kind: RequestKind<R, Row>) {
  const columns = [...commonColumns.slice(0, 1), ...kind.ownColumns, ...commonColumns.slice(1)].join(', ');
  const rowOf = (row: Row): R =>
    ({
      id: row.id,
      ...kind.ownOf(row),
      requestedBy: row.requested_by,
      status: row.status,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      decidedBy: row.decided_by,
      decidedAt: row.decided_at,
      rejectionReason: row.rejection_reason,
    }) as R;
  const one = (result: { rows: Row[] }) => (result.rows[0] ? rowOf(result.rows[0]) : null);
  return {
    rowOf,
    columns,
    lock: async (client: PoolClient, id: string): Promise<R | null> =>
      one(await client.query<Row>(`SELECT ${columns} FROM ${kind.table} WHERE id = $1 FOR UPDATE`, [id])),
    find: async (db: Queryable, id: string): Promise<R | null> =>
      one(await db.query<Row>(`SELECT ${columns} FROM ${kind.table} WHERE id = $1`, [id])),
    /**
     * Requests newest first, of one stored status or all. EXPIRED is stored only once a decision
     * meets an expired request, so "PENDING" here includes expired ones: the caller's view tells
     * them apart by `expires_at` (requestStatusAt).
     */
    list: async (db: Queryable, status: TwoPersonStatus | undefined): Promise<R[]> => {
      const result = await db.query<Row>(
        `SELECT ${columns} FROM ${kind.table}
         WHERE $1::text IS NULL OR status = $1 OR ($1 = 'EXPIRED' AND status = 'PENDING' AND expires_at <= now())
         ORDER BY created_at DESC, id LIMIT $2`,
        [status ?? null, twoPersonRequestsListMax],
      );
      return result.rows.map(rowOf);
    },
    insert: async (client: PoolClient, request: R): Promise<void> => {
      const own = kind.ownValues(request);
      const values = [request.id, ...own, JSON.stringify(request.requestedBy), request.status, request.createdAt, request.expiresAt];
      const names = ['id', ...kind.ownColumns, 'requested_by', 'status', 'created_at', 'expires_at'];
      await client.query(
        `INSERT INTO ${kind.table} (${names.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})`,
        values,
      );
    },
    /** Writes a PENDING request's new status and decision; a request that was not PENDING is a broken invariant. */
    update: async (client: PoolClient, request: R): Promise<void> => {
      const result = await client.query(
        `UPDATE ${kind.table} SET status = $2, decided_by = $3, decided_at = $4, rejection_reason = $5
         WHERE id = $1 AND status = 'PENDING'`,
        [
          request.id,
          request.status,
          request.decidedBy ? JSON.stringify(request.decidedBy) : null,
          request.decidedAt,
          request.rejectionReason,
        ],
      );
      if (result.rowCount !== 1) throw new InvariantViolation(`${kind.name} ${request.id} was decided but is not PENDING`);
    },
  };
}
