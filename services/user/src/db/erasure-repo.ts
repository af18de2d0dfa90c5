import type { PoolClient } from '@coin/db';
import type { ErasureSubject } from '../domain/erasure';

/** The account's deletion and erasure times, its row locked so that two erasures run one after the other. */
export async function lockErasureSubject(client: PoolClient, userId: number): Promise<ErasureSubject | null> {
  const result = await client.query<{ deleted_at: Date | null; erased_at: Date | null }>(
    'SELECT deleted_at, erased_at FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  const row = result.rows[0];
  return row ? { deletedAt: row.deleted_at, erasedAt: row.erased_at } : null;
}

/** How many of the account's events (keyed by its id on these topics) the relay has not sent yet. */
export async function countUnsentEvents(client: PoolClient, userId: number, topics: readonly string[]): Promise<number> {
  const result = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM outbox WHERE key = $1 AND topic = ANY($2::text[]) AND published_at IS NULL',
    [String(userId), topics],
  );
  return result.rows[0]?.n ?? 0;
}

/** The account's stored events that still name an e-mail address (user.events, version 1). */
export async function eventsNamingEmail(
  client: PoolClient,
  userId: number,
  topics: readonly string[],
): Promise<Array<{ id: string; payload: unknown }>> {
  const result = await client.query<{ id: string; payload: unknown }>(
    `SELECT id, payload FROM outbox
      WHERE key = $1 AND topic = ANY($2::text[]) AND jsonb_typeof(payload -> 'user') = 'object' AND (payload -> 'user') ? 'email'
      ORDER BY id FOR UPDATE`,
    [String(userId), topics],
  );
  return result.rows;
}

export async function replaceEventPayload(client: PoolClient, id: string, payload: unknown): Promise<void> {
  await client.query('UPDATE outbox SET payload = $2 WHERE id = $1', [id, JSON.stringify(payload)]);
}

export async function markErased(client: PoolClient, userId: number, at: Date): Promise<void> {
  await client.query('UPDATE users SET erased_at = $2, updated_at = $2 WHERE id = $1 AND deleted_at IS NOT NULL AND erased_at IS NULL', [
    userId,
    at,
  ]);
}
