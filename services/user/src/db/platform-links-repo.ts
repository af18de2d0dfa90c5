import type { Pool, PoolClient } from '@coin/db';

type Queryable = Pool | PoolClient;

/**
 * Records that the user linked the client (docs/CONTRACT.md "Platform links"), and answers when
 * they first did: a second link changes nothing. The caller has checked the client is live.
 */
export async function linkPlatformClient(db: Queryable, clientId: string, userId: number, now: Date): Promise<Date> {
  const result = await db.query<{ linked_at: Date }>(
    `WITH inserted AS (
       INSERT INTO platform_client_users (client_id, user_id, linked_at) VALUES ($1, $2, $3)
       ON CONFLICT (client_id, user_id) DO NOTHING
       RETURNING linked_at
     )
     SELECT linked_at FROM inserted
     UNION ALL
     SELECT linked_at FROM platform_client_users WHERE client_id = $1 AND user_id = $2 AND NOT EXISTS (SELECT 1 FROM inserted)`,
    [clientId, userId, now],
  );
  return result.rows[0]!.linked_at;
}

/**
 * Which of `userIds` the client may name: linked to it and still with an account, or its own test
 * users not deleted (docs/decisions/0018-sandbox.md "Test users of a client's own"; only a
 * test-mode client has any). One statement whatever the ids are: an id no account has, an account
 * not linked and another client's test user take the same path and the same lookups, so neither
 * the answer nor its time tells them apart.
 */
export async function linkedUsersOf(db: Queryable, clientId: string, userIds: readonly number[]): Promise<Set<number>> {
  const result = await db.query<{ user_id: string }>(
    `SELECT l.user_id FROM platform_client_users l JOIN users u ON u.id = l.user_id
      WHERE l.client_id = $1 AND l.user_id = ANY($2::bigint[]) AND u.deleted_at IS NULL
     UNION
     SELECT t.id FROM sandbox_test_users t
      WHERE t.client_id = $1 AND t.id = ANY($2::bigint[]) AND t.deleted_at IS NULL`,
    [clientId, userIds],
  );
  return new Set(result.rows.map((row) => Number(row.user_id)));
}
