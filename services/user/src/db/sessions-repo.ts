import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from '@coin/db';
import { randomSecret, sha256Hex } from '@coin/security';
import type { NewSessionGrant } from '../domain/session-grants';

type Queryable = Pool | PoolClient;

/**
 * A session as its refresh tokens carry it: its family, when it began (the absolute lifetime
 * counts from there) and when its second factor was given (null: password only).
 */
export interface SessionOrigin {
  familyId: string;
  startedAt: Date;
  mfaAt: Date | null;
}

/** A new session (a login): a new family, starting now. */
export function newSessionOrigin(now: Date, mfaAt: Date | null): SessionOrigin {
  return { familyId: randomUUID(), startedAt: now, mfaAt };
}

/**
 * Issues a refresh token of a session, new (a login) or existing (a rotation). It expires after
 * `ttlSeconds` or when the session reaches `maxAgeSeconds`, whichever is first.
 */
export async function createRefreshToken(
  db: Queryable,
  userId: number,
  lifetime: { ttlSeconds: number; maxAgeSeconds: number },
  session: SessionOrigin,
): Promise<{ token: string; familyId: string }> {
  const token = randomSecret('rt_');
  await db.query(
    `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at, session_started_at, mfa_at)
     VALUES ($1, $2, $3, $4, least(now() + make_interval(secs => $5), $6::timestamptz + make_interval(secs => $7)), $6, $8)`,
    [
      randomUUID(),
      userId,
      session.familyId,
      sha256Hex(token),
      lifetime.ttlSeconds,
      session.startedAt,
      lifetime.maxAgeSeconds,
      session.mfaAt,
    ],
  );
  return { token, familyId: session.familyId };
}

export interface RefreshTokenRow {
  id: string;
  user_id: number;
  family_id: string;
  used_at: Date | null;
  revoked_at: Date | null;
  expired: boolean;
  session_started_at: Date;
  mfa_at: Date | null;
}

/** The token with this secret, locked for the rotation that reads it. */
export async function lockRefreshToken(client: PoolClient, token: string): Promise<RefreshTokenRow | null> {
  const result = await client.query<RefreshTokenRow>(
    `SELECT id, user_id, family_id, used_at, revoked_at, expires_at <= now() AS expired, session_started_at, mfa_at
       FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [sha256Hex(token)],
  );
  return result.rows[0] ?? null;
}

export async function markUsed(client: PoolClient, id: string): Promise<void> {
  await client.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [id]);
}

export async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}

export async function revokeAllOfUser(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}

export interface SessionRow {
  family_id: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  expired: boolean;
}

/**
 * A user's sessions (refresh-token families), most recently used first, at most `limit`: when
 * each started, its latest token (the login or the last rotation) and whether that token is
 * revoked or expired. Never a token or its hash.
 */
export async function listSessionsOfUser(db: Queryable, userId: number, limit: number): Promise<SessionRow[]> {
  const result = await db.query<SessionRow>(
    `SELECT family_id, created_at, last_used_at, expires_at, revoked_at, expired FROM (
       SELECT DISTINCT ON (family_id)
              family_id,
              min(created_at) OVER (PARTITION BY family_id) AS created_at,
              created_at AS last_used_at,
              expires_at,
              revoked_at,
              expires_at <= now() AS expired
         FROM refresh_tokens
        WHERE user_id = $1
        ORDER BY family_id, created_at DESC, id DESC
     ) AS latest
     ORDER BY last_used_at DESC, family_id
     LIMIT $2`,
    [userId, limit],
  );
  return result.rows;
}

/** Stores a registration's one-time session grant (in the registration's transaction). */
export async function insertSessionGrant(db: Queryable, grant: NewSessionGrant): Promise<void> {
  await db.query('INSERT INTO session_grants (grant_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    grant.grantHash,
    grant.userId,
    grant.expiresAt,
  ]);
}

/**
 * Uses up a session grant: true when the grant was this user's and unexpired. One statement
 * deletes it, so of two concurrent uses only one finds it (one use); expired grants nobody used
 * are deleted on the way.
 */
export async function consumeSessionGrant(db: Queryable, userId: number, grant: string): Promise<boolean> {
  const result = await db.query<{ live: boolean }>(
    `WITH expired AS (DELETE FROM session_grants WHERE expires_at <= now())
     DELETE FROM session_grants WHERE grant_hash = $1 AND user_id = $2 AND expires_at > now() RETURNING true AS live`,
    [sha256Hex(grant), userId],
  );
  return result.rowCount === 1;
}
