import type { SandboxTestUser } from '@coin/contracts';
import type { Pool, PoolClient } from '@coin/db';

type Queryable = Pool | PoolClient;

interface TestUserRow {
  id: string;
  name: string;
  created_at: Date;
}

const testUserOf = (row: TestUserRow): SandboxTestUser => ({
  userId: Number(row.id),
  name: row.name,
  createdAt: row.created_at.toISOString(),
});

/** Why no test user was made: the client is not registered and unrevoked, or it keeps `max` already. */
export type TestUserRefusal = 'revoked' | 'full';

/**
 * Makes a test user of the test-mode client (docs/decisions/0018-sandbox.md "Test users of a
 * client's own"), its id drawn from the test users' own sequence, unless no client of the id is
 * registered and unrevoked or it keeps `max` test users not deleted (one statement; a client's
 * creations travel under its key, one at a time). The command's id makes it idempotent
 * (processed_commands).
 */
export async function insertTestUser(
  db: Queryable,
  clientId: string,
  name: string,
  now: Date,
  max: number,
): Promise<SandboxTestUser | TestUserRefusal> {
  const result = await db.query<Partial<TestUserRow> & { live: boolean }>(
    `WITH live AS (SELECT EXISTS (SELECT 1 FROM platform_clients WHERE id = $1 AND revoked_at IS NULL) AS live),
          inserted AS (
            INSERT INTO sandbox_test_users (client_id, name, created_at)
            SELECT $1, $2, $3 WHERE (SELECT live FROM live)
              AND (SELECT count(*) FROM sandbox_test_users WHERE client_id = $1 AND deleted_at IS NULL) < $4
            RETURNING id, name, created_at)
     SELECT i.id, i.name, i.created_at, (SELECT live FROM live) AS live FROM (SELECT 1) one LEFT JOIN inserted i ON true`,
    [clientId, name, now, max],
  );
  const row = result.rows[0]!;
  if (row.id === null || row.id === undefined) return row.live ? 'full' : 'revoked';
  return testUserOf(row as TestUserRow);
}

/** A page of the client's own test users not deleted, oldest first, and how many there are. */
export async function listTestUsers(
  db: Queryable,
  clientId: string,
  page: { limit: number; offset: number },
): Promise<{ testUsers: SandboxTestUser[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<TestUserRow>(
      `SELECT id, name, created_at FROM sandbox_test_users WHERE client_id = $1 AND deleted_at IS NULL
        ORDER BY id LIMIT $2 OFFSET $3`,
      [clientId, page.limit, page.offset],
    ),
    db.query<{ total: string }>('SELECT count(*) AS total FROM sandbox_test_users WHERE client_id = $1 AND deleted_at IS NULL', [clientId]),
  ]);
  return { testUsers: rows.rows.map(testUserOf), total: Number(count.rows[0]!.total) };
}

/**
 * Marks every test user of the client deleted (deleting a client's sandbox data): from then on the
 * client names none of them (linkedUsersOf), as it names no id it never made. Answers how many it marked.
 */
export async function deleteTestUsersOf(db: Queryable, clientId: string, now: Date): Promise<number> {
  const result = await db.query('UPDATE sandbox_test_users SET deleted_at = $2 WHERE client_id = $1 AND deleted_at IS NULL', [
    clientId,
    now,
  ]);
  return result.rowCount ?? 0;
}
