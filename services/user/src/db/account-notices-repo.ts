import type { Pool, PoolClient } from '@coin/db';
import { type AccountNotice, registrationAttemptDetail } from '@coin/contracts';

type Queryable = Pool | PoolClient;

/**
 * Records that someone tried to register the e-mail address of a live account: one undelivered
 * notice per account, its count raised by each further attempt (bounded rows). Nothing when no
 * live account has the address (the registration then failed for another reason).
 */
export async function noteRegistrationAttempt(db: Queryable, emailNormalized: string, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO account_notices (user_id, kind, attempts, first_at, last_at)
     SELECT id, 'REGISTRATION_ATTEMPT', 1, $2, $2 FROM users WHERE email_normalized = $1 AND deleted_at IS NULL
     ON CONFLICT (user_id, kind) WHERE delivered_at IS NULL
     DO UPDATE SET attempts = account_notices.attempts + 1, last_at = EXCLUDED.last_at`,
    [emailNormalized, at],
  );
}

interface NoticeRow {
  kind: 'REGISTRATION_ATTEMPT';
  attempts: number;
  first_at: Date;
  last_at: Date;
}

/** The account's undelivered notices, marked delivered in the same statement: each is shown once. */
export async function takeUndeliveredNotices(db: Queryable, userId: number, at: Date): Promise<AccountNotice[]> {
  const result = await db.query<NoticeRow>(
    `UPDATE account_notices SET delivered_at = $2 WHERE user_id = $1 AND delivered_at IS NULL
     RETURNING kind, attempts, first_at, last_at`,
    [userId, at],
  );
  return result.rows.map((row) => ({
    kind: row.kind,
    attempts: row.attempts,
    firstAt: row.first_at.toISOString(),
    lastAt: row.last_at.toISOString(),
    detail: registrationAttemptDetail,
  }));
}
