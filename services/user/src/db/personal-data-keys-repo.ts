import type { Pool, PoolClient } from '@coin/db';

/**
 * The keys registrations are sealed under (docs/DESIGN.md "Erasure"): one per registration, made
 * for the gateway just before it sends the command, given to the account the registration names,
 * destroyed by the account's erasure. A key no registration used is purged after
 * `unboundKeyMaxAgeS`: by then its command is too old to be applied (COMMAND_MAX_AGE_S).
 */

type Queryable = Pool | PoolClient;

export async function insertPersonalDataKey(db: Queryable, keyId: string, key: Buffer): Promise<void> {
  await db.query('INSERT INTO personal_data_keys (id, key) VALUES ($1, $2)', [keyId, key]);
}

/** Purges at most `limit` unused keys older than the bound, oldest first: the table cannot grow with abandoned registrations. */
export async function purgeUnboundPersonalDataKeys(db: Queryable, maxAgeS: number, limit: number): Promise<number> {
  const result = await db.query(
    `DELETE FROM personal_data_keys WHERE id IN (
       SELECT id FROM personal_data_keys
        WHERE user_id IS NULL AND created_at < now() - make_interval(secs => $1::double precision)
        ORDER BY created_at LIMIT $2)`,
    [maxAgeS, limit],
  );
  return result.rowCount ?? 0;
}

export async function lockUnboundPersonalDataKey(client: PoolClient, keyId: string): Promise<Buffer | null> {
  const result = await client.query<{ key: Buffer }>('SELECT key FROM personal_data_keys WHERE id = $1 AND user_id IS NULL FOR UPDATE', [
    keyId,
  ]);
  return result.rows[0]?.key ?? null;
}

export async function bindPersonalDataKey(client: PoolClient, keyId: string, emailNormalized: string): Promise<void> {
  await client.query('UPDATE personal_data_keys SET user_id = (SELECT id FROM users WHERE email_normalized = $2) WHERE id = $1', [
    keyId,
    emailNormalized,
  ]);
}

/** Erasure: the account's keys are deleted, so what they sealed cannot be read again. */
export async function destroyPersonalDataKeys(client: PoolClient, userId: number): Promise<number> {
  const result = await client.query('DELETE FROM personal_data_keys WHERE user_id = $1', [userId]);
  return result.rowCount ?? 0;
}
