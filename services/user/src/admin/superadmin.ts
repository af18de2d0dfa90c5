import { topicNames, type UserEvent } from '@coin/contracts';
import { inTransaction, insertOutbox, type Pool } from '@coin/db';
import { hashPassword } from '@coin/security';
import { insertUser } from '../db/users-repo';
import { normalizeEmail } from '../domain/users';
import { userEventOf } from '../kafka/user-commands';

export type BootstrapOutcome = 'created' | 'exists';

/**
 * Creates the first SUPERADMIN unless one exists (SPEC §5: there is no unauthenticated way to
 * become an admin; this runs with database access only). The user.registered event goes through
 * the outbox, so the ledger opens the wallet as for any other user.
 */
export async function createFirstSuperadmin(
  pool: Pool,
  input: { email: string; password: string; fullName?: string; topicPrefix: string; now: Date },
): Promise<BootstrapOutcome> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(pool, async (client) => {
    // Serialise concurrent bootstraps (two replicas starting at once).
    await client.query("SELECT pg_advisory_xact_lock(hashtext('bootstrap-superadmin'))");
    const existing = await client.query("SELECT 1 FROM users WHERE role = 'SUPERADMIN' LIMIT 1");
    if ((existing.rowCount ?? 0) > 0) return 'exists';
    const row = await insertUser(client, {
      email: input.email.trim(),
      emailNormalized: normalizeEmail(input.email),
      fullName: input.fullName ?? 'Super Admin',
      passwordHash,
      role: 'SUPERADMIN',
    });
    if (!row) throw new Error('the bootstrap email belongs to an existing non-admin account; promote it with a SUPERADMIN instead');
    const event = userEventOf('user.registered', row, input.now) as UserEvent;
    await insertOutbox(client, [
      { topic: topicNames(input.topicPrefix).userEvents, key: String(row.id), headers: { type: event.type }, payload: event },
    ]);
    return 'created';
  });
}
