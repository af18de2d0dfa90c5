import { randomUUID } from 'node:crypto';
import type { Pool } from '@coin/db';
import { randomSecret, sha256Hex } from '@coin/security';

/** Issues a refresh token in a new family (a login) or an existing one (a rotation). */
export async function createRefreshToken(
  pool: Pool,
  userId: number,
  ttlSeconds: number,
  familyId: string = randomUUID(),
): Promise<{ token: string; familyId: string }> {
  const token = randomSecret('rt_');
  await pool.query(
    `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [randomUUID(), userId, familyId, sha256Hex(token), ttlSeconds],
  );
  return { token, familyId };
}
