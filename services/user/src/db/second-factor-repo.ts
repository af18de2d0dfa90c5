import type { Pool, PoolClient } from '@coin/db';
import type { FailureWindow } from '../domain/second-factor';

type Queryable = Pool | PoolClient;

/** What the second-factor checks read of an account, locked for the one check that uses it. */
export interface SecondFactorRow {
  id: number;
  secret_sealed: string | null;
  pending_secret_sealed: string | null;
  last_step: number | null;
  failures: FailureWindow;
}

export async function lockSecondFactor(client: PoolClient, userId: number): Promise<SecondFactorRow | null> {
  const result = await client.query<{
    id: number;
    mfa_secret_sealed: string | null;
    mfa_pending_secret_sealed: string | null;
    mfa_last_step: string | null;
    mfa_failures: number;
    mfa_failures_since: Date | null;
  }>(
    `SELECT id, mfa_secret_sealed, mfa_pending_secret_sealed, mfa_last_step, mfa_failures, mfa_failures_since
       FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [userId],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    secret_sealed: row.mfa_secret_sealed,
    pending_secret_sealed: row.mfa_pending_secret_sealed,
    last_step: row.mfa_last_step === null ? null : Number(row.mfa_last_step),
    failures: { failures: row.mfa_failures, since: row.mfa_failures_since },
  };
}

/** Whether the account has a confirmed second factor (a password sign-in then answers a challenge). */
export async function hasSecondFactor(db: Queryable, userId: number): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM users WHERE id = $1 AND mfa_secret_sealed IS NOT NULL', [userId]);
  return (result.rowCount ?? 0) > 0;
}

export async function setPendingSecret(client: PoolClient, userId: number, sealed: string): Promise<void> {
  await client.query('UPDATE users SET mfa_pending_secret_sealed = $2, updated_at = now() WHERE id = $1', [userId, sealed]);
}

/** The pending secret becomes the account's second factor; its first code's step is the last used. */
export async function confirmSecret(client: PoolClient, userId: number, step: number, now: Date): Promise<void> {
  await client.query(
    `UPDATE users SET mfa_secret_sealed = mfa_pending_secret_sealed, mfa_pending_secret_sealed = NULL, mfa_enrolled_at = $3,
            mfa_last_step = $2, mfa_failures = 0, mfa_failures_since = NULL, updated_at = now()
      WHERE id = $1`,
    [userId, step, now],
  );
}

/** A code was accepted: its step (a TOTP code; null for a recovery code) is remembered and the failures forgotten. */
export async function recordSecondFactorSuccess(client: PoolClient, userId: number, step: number | null): Promise<void> {
  await client.query(
    `UPDATE users SET mfa_last_step = COALESCE($2, mfa_last_step), mfa_failures = 0, mfa_failures_since = NULL WHERE id = $1`,
    [userId, step],
  );
}

export async function recordSecondFactorFailure(db: Queryable, userId: number, window: FailureWindow): Promise<void> {
  await db.query('UPDATE users SET mfa_failures = $2, mfa_failures_since = $3 WHERE id = $1', [userId, window.failures, window.since]);
}

/** Removes the second factor and its recovery codes (operator reset; deletion). */
export async function clearSecondFactor(client: PoolClient, userId: number): Promise<boolean> {
  const result = await client.query(
    `UPDATE users SET mfa_secret_sealed = NULL, mfa_pending_secret_sealed = NULL, mfa_enrolled_at = NULL, mfa_last_step = NULL,
            mfa_failures = 0, mfa_failures_since = NULL, updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  await client.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
  await client.query('DELETE FROM mfa_challenges WHERE user_id = $1', [userId]);
  return (result.rowCount ?? 0) > 0;
}

export async function replaceRecoveryCodes(client: PoolClient, userId: number, hashes: string[]): Promise<void> {
  await client.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
  await client.query('INSERT INTO mfa_recovery_codes (user_id, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h', [userId, hashes]);
}

/** Uses up an unused recovery code of the user: true when there was one. */
export async function useRecoveryCode(client: PoolClient, userId: number, hash: string): Promise<boolean> {
  const result = await client.query(
    'UPDATE mfa_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [userId, hash],
  );
  return result.rowCount === 1;
}

export async function insertChallenge(db: Queryable, hash: string, userId: number, expiresAt: Date): Promise<void> {
  await db.query(
    `WITH expired AS (DELETE FROM mfa_challenges WHERE expires_at <= now())
     INSERT INTO mfa_challenges (challenge_hash, user_id, expires_at) VALUES ($1, $2, $3)`,
    [hash, userId, expiresAt],
  );
}

/** The user a live challenge is for, without using it up (a wrong code may be corrected). */
export async function findChallenge(db: Queryable, hash: string): Promise<number | null> {
  const result = await db.query<{ user_id: string }>(
    'SELECT user_id FROM mfa_challenges WHERE challenge_hash = $1 AND expires_at > now()',
    [hash],
  );
  const row = result.rows[0];
  return row ? Number(row.user_id) : null;
}

/** Uses up a challenge: true when it was still there (of two uses, only one finds it). */
export async function clearChallenge(db: Queryable, hash: string): Promise<boolean> {
  const result = await db.query('DELETE FROM mfa_challenges WHERE challenge_hash = $1 AND expires_at > now()', [hash]);
  return result.rowCount === 1;
}

// ---- Password reset codes ----
/** Stores a new reset code for the user; the previous ones stop working. */
export async function replaceResetCode(client: PoolClient, userId: number, hash: string, expiresAt: Date): Promise<void> {
  await client.query('DELETE FROM password_reset_codes WHERE user_id = $1 OR expires_at <= now()', [userId]);
  await client.query('INSERT INTO password_reset_codes (code_hash, user_id, expires_at) VALUES ($1, $2, $3)', [hash, userId, expiresAt]);
}

/** Uses up a live reset code: the user it was for, or null. One statement, so of two uses only one finds it. */
export async function consumeResetCode(client: PoolClient, hash: string): Promise<number | null> {
  const result = await client.query<{ user_id: string }>(
    'DELETE FROM password_reset_codes WHERE code_hash = $1 AND expires_at > now() RETURNING user_id',
    [hash],
  );
  const row = result.rows[0];
  return row ? Number(row.user_id) : null;
}

export async function setPasswordHash(client: PoolClient, userId: number, passwordHash: string): Promise<void> {
  await client.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND deleted_at IS NULL', [
    userId,
    passwordHash,
  ]);
}
