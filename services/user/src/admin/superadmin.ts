import { randomUUID } from 'node:crypto';
import { topicNames } from '@coin/contracts';
import { inTransaction, type Pool } from '@coin/db';
import { hashPassword } from '@coin/security';
import { insertAuditRecords, insertUserEvents } from '../db/user-events-outbox';
import { operatorAuditRecord } from '../domain/audit-records';
import { hasSuperadminRow, insertUser, lockSuperadminBootstrap } from '../db/users-repo';
import { userEventOf } from '../domain/user-events';
import { newAccount } from '../domain/users';

export type BootstrapOutcome = 'created' | 'exists';

/**
 * Creates the first SUPERADMIN unless one exists (docs/CONTRACT.md "Authentication and roles": there is no unauthenticated way to
 * become an admin; this runs with database access only). The user.registered event goes through
 * the outbox, so the ledger opens the wallet as for any other user.
 */
export async function createFirstSuperadmin(
  pool: Pool,
  input: { email: string; password: string; fullName?: string; topicPrefix: string; now: Date },
): Promise<BootstrapOutcome> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(pool, async (client) => {
    await lockSuperadminBootstrap(client);
    if (await hasSuperadminRow(client)) return 'exists';
    const row = await insertUser(
      client,
      newAccount({ email: input.email, fullName: input.fullName ?? 'Super Admin', passwordHash, role: 'SUPERADMIN' }),
    );
    if (!row) throw new Error('the bootstrap email belongs to an existing non-admin account; promote it with a SUPERADMIN instead');
    await insertUserEvents(client, topicNames(input.topicPrefix), [userEventOf('user.registered', row, input.now)]);
    // The first admin action of all: recorded like the CLI's (actor: the bootstrap, no request).
    const record = operatorAuditRecord({
      id: randomUUID(),
      at: input.now,
      operator: { kind: 'operator', id: 'bootstrap' },
      action: 'user.create-superadmin',
      target: `user:${row.id}`,
      summary: { role: 'SUPERADMIN' },
    });
    await insertAuditRecords(client, topicNames(input.topicPrefix), [record]);
    return 'created';
  });
}
