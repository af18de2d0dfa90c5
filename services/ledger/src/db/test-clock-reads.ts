import type { PoolClient } from '@coin/db';

type Queryable = Pick<PoolClient, 'query'>;

/** A test-mode client's stored clock offset in seconds (docs/decisions/0018-sandbox.md "The test clock"); null: none stored. */
export async function findTestClockOffset(db: Queryable, clientId: string): Promise<number | null> {
  const result = await db.query<{ offset_seconds: string }>('SELECT offset_seconds FROM test_clocks WHERE client_id = $1', [clientId]);
  const row = result.rows[0];
  return row ? Number(row.offset_seconds) : null;
}
