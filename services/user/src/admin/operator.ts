import { randomBytes } from 'node:crypto';
import { topicNames, type UserEvent } from '@coin/contracts';
import { inTransaction, insertOutbox, type Pool, type PoolClient } from '@coin/db';
import { hashPassword, randomSecret, sha256Hex } from '@coin/security';
import { insertPlatformClient, listPlatformClients, revokePlatformClient as markRevoked, type PlatformClientRow } from '../db/clients-repo';
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

/** A platform client as the operator CLI lists it: never its secret or the secret's hash. */
export interface PlatformClientInfo {
  id: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

function infoOf(row: PlatformClientRow): PlatformClientInfo {
  return { id: row.id, name: row.name, createdAt: row.created_at.toISOString(), revokedAt: row.revoked_at?.toISOString() ?? null };
}

export async function listClients(pool: Pool): Promise<PlatformClientInfo[]> {
  return (await listPlatformClients(pool)).map(infoOf);
}

/**
 * Revokes a platform client in the database: it gets no new SYSTEM token from then on, and the
 * gateway refuses its tokens already issued as soon as it asks the user service again. The caller
 * (scripts/admin.ts) drops the gateway's cached status so that happens on the next request.
 * Null for an unknown id; `alreadyRevoked` when nothing changed.
 */
export async function revokePlatformClient(
  pool: Pool,
  input: { clientId: string; now: Date },
): Promise<{ client: PlatformClientInfo; alreadyRevoked: boolean } | null> {
  const result = await markRevoked(pool, input.clientId, input.now);
  if (!result) return null;
  return { client: infoOf(result.row), alreadyRevoked: !result.revoked };
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
