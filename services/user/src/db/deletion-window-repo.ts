import type { PoolClient } from '@coin/db';
import { deletionWindowMs, type DeletionWindow } from '../domain/deletion-requests';

/**
 * Takes the lock of one requester's deletion window and reads what they deleted alone in the
 * rolling day before `now` (docs/DESIGN.md "Deleting a user"). Every deletion of one requester
 * takes it, whatever partition the deleted user's commands travel on, so two at once are counted
 * one after the other: the second reads the first's row once the first commits.
 */
export async function lockDeletionWindow(client: PoolClient, requester: string, now: Date): Promise<DeletionWindow> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('deletion-window:' || $1))", [requester]);
  const result = await client.query<{ balance: string; n: string }>(
    'SELECT coalesce(sum(balance_minor), 0) AS balance, count(*) AS n FROM deletions_alone WHERE deleted_by = $1 AND deleted_at > $2',
    [requester, new Date(now.getTime() - deletionWindowMs)],
  );
  return { balanceMinor: Number(result.rows[0]?.balance ?? 0), count: Number(result.rows[0]?.n ?? 0) };
}

/** Counts a deletion one SUPERADMIN made alone in their window. */
export async function recordDeletionAlone(
  client: PoolClient,
  deletion: { userId: number; requester: string; balanceMinor: number; at: Date },
): Promise<void> {
  await client.query('INSERT INTO deletions_alone (user_id, deleted_by, balance_minor, deleted_at) VALUES ($1, $2, $3, $4)', [
    deletion.userId,
    deletion.requester,
    deletion.balanceMinor,
    deletion.at,
  ]);
}
