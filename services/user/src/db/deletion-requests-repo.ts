import type { PoolClient } from '@coin/db';
import type { DeletionRequestRow } from '../domain/deletion-requests';
import { twoPersonRequestsRepo, type CommonRow } from './two-person-requests-repo';

interface Row extends CommonRow {
  user_id: number | string;
  balance_minor: number | string;
}

/** deletion_requests: the common columns (two-person-requests-repo.ts) and the user with their balance. */
const deletionRequests = twoPersonRequestsRepo<DeletionRequestRow, Row>({
  table: 'deletion_requests',
  name: 'deletion request',
  ownColumns: ['user_id', 'balance_minor'],
  ownOf: (row) => ({ userId: Number(row.user_id), balanceMinor: Number(row.balance_minor) }),
  ownValues: (request) => [request.userId, request.balanceMinor],
});

export const {
  lock: lockDeletionRequest,
  find: findDeletionRequest,
  list: listDeletionRequests,
  insert: insertDeletionRequest,
  update: updateDeletionRequest,
} = deletionRequests;

/** The user's PENDING request (expired or not), locked: one per user (a partial unique index). */
export async function lockPendingDeletionRequest(client: PoolClient, userId: number): Promise<DeletionRequestRow | null> {
  const result = await client.query<Row>(
    `SELECT ${deletionRequests.columns} FROM deletion_requests WHERE user_id = $1 AND status = 'PENDING' FOR UPDATE`,
    [userId],
  );
  return result.rows[0] ? deletionRequests.rowOf(result.rows[0]) : null;
}
