import { randomBytes } from 'node:crypto';
import { topicNames, type UserEvent } from '@coin/contracts';
import { inTransaction, insertOutbox, type Pool, type PoolClient } from '@coin/db';
import { hashPassword, randomSecret, sha256Hex } from '@coin/security';
import { insertPlatformClient } from '../db/clients-repo';
import { revokeAllOfUser } from '../db/sessions-repo';
import { bumpTokenVersion, findCredentialsByEmail, insertUser, lockUser, setRole } from '../db/users-repo';
import { normalizeEmail } from '../domain/users';
import { userEventOf } from '../kafka/user-commands';

/**
 * Operator actions (scripts/admin.ts). They run with database access only and publish their
 * events through the outbox, which the running user service's sweeper sends to user.events.
 */

async function publishLater(client: PoolClient, topicPrefix: string, events: UserEvent[]): Promise<void> {
  await insertOutbox(
    client,
    events.map((e) => ({ topic: topicNames(topicPrefix).userEvents, key: String(e.user.id), headers: { type: e.type }, payload: e })),
  );
}

/** Creates a SUPERADMIN, or promotes the account that already has this email (its password is kept). */
export async function createSuperadmin(
  pool: Pool,
  input: { email: string; password: string; fullName?: string; topicPrefix: string; now: Date },
): Promise<{ outcome: 'created' | 'promoted' | 'unchanged'; userId: number }> {
  const passwordHash = await hashPassword(input.password);
  return inTransaction(pool, async (client) => {
    const created = await insertUser(client, {
      email: input.email.trim(),
      emailNormalized: normalizeEmail(input.email),
      fullName: input.fullName ?? 'Super Admin',
      passwordHash,
      role: 'SUPERADMIN',
    });
    if (created) {
      await publishLater(client, input.topicPrefix, [userEventOf('user.registered', created, input.now) as UserEvent]);
      return { outcome: 'created' as const, userId: created.id };
    }
    const existing = await findCredentialsByEmail(client, normalizeEmail(input.email));
    if (!existing) throw new Error('the email is taken but no live account has it; retry');
    const locked = (await lockUser(client, existing.id))!;
    if (locked.role === 'SUPERADMIN') return { outcome: 'unchanged' as const, userId: locked.id };
    const promoted = await setRole(client, locked.id, 'SUPERADMIN');
    await publishLater(client, input.topicPrefix, [{ ...userEventOf('user.role-changed', promoted, input.now), previousRole: locked.role } as UserEvent]);
    return { outcome: 'promoted' as const, userId: locked.id };
  });
}

/** Registers a platform client; the secret is returned once and only its SHA-256 is stored. */
export async function createPlatformClient(pool: Pool, name: string): Promise<{ clientId: string; clientSecret: string }> {
  const clientId = `pc_${randomBytes(9).toString('base64url')}`;
  const clientSecret = randomSecret('pcs_');
  await insertPlatformClient(pool, { id: clientId, name, secretHash: sha256Hex(clientSecret) });
  return { clientId, clientSecret };
}

/** "Log out everywhere" for a user: new token version, every refresh token revoked. */
export async function revokeUserSessions(pool: Pool, input: { userId: number; topicPrefix: string; now: Date }): Promise<{ tokenVersion: number } | null> {
  return inTransaction(pool, async (client) => {
    const user = await lockUser(client, input.userId);
    if (!user) return null;
    const bumped = await bumpTokenVersion(client, input.userId);
    await revokeAllOfUser(client, input.userId);
    await publishLater(client, input.topicPrefix, [userEventOf('user.sessions-revoked', bumped, input.now) as UserEvent]);
    return { tokenVersion: bumped.token_version };
  });
}
