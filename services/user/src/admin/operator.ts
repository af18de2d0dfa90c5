import { errorOf } from '@coin/errors';
import { randomBytes, randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { topicNames, type Actor, type AuditAction, type AuditSummary, type PlatformClient } from '@coin/contracts';
import { inTransaction, type Pool, type PoolClient } from '@coin/db';
import { hashPassword, randomSecret, sha256Hex } from '@coin/security';
import { writeAccountChanges } from '../db/account-changes';
import { insertPlatformClient, listPlatformClients, platformClientOf, revokePlatformClient as markRevoked } from '../db/clients-repo';
import { insertAuditRecords, insertUserEvents } from '../db/user-events-outbox';
import { operatorAuditRecord, platformClientGrantsSummary } from '../domain/audit-records';
import { findCredentialsByEmail, insertUser, lockUser } from '../db/users-repo';
import { decideAccountCommand, type PlatformClientGrants } from '../domain/rules';
import { userEventOf } from '../domain/user-events';
import { groupedCodeHash, randomGroupedCode } from '../domain/second-factor';
import { newAccount, normalizeEmail, type UserRow } from '../domain/users';
import { clearSecondFactor, replaceResetCode, setPasswordHash } from '../db/second-factor-repo';

/**
 * Operator actions (scripts/admin.ts). They run with database access only and publish their
 * events through the outbox, which the running user service's sweeper sends to user.events.
 * Changes to an account are decided by the same rules as the commands, with the operator as actor.
 */

export const operator: Actor = { kind: 'operator', id: operatorName() };

/** Who runs the CLI, for the admin audit log: the OS user, else 'cli'. */
function operatorName(): string {
  try {
    const name = userInfo().username.trim();
    return name.length > 0 && name.length <= 100 ? name : 'cli';
  } catch {
    return 'cli';
  }
}

/** Records an operator action in the admin audit log, in the caller's transaction (its outbox). */
async function recordOperatorAction(
  client: PoolClient,
  topicPrefix: string,
  now: Date,
  action: AuditAction,
  target: string,
  summary: AuditSummary = {},
): Promise<void> {
  const record = operatorAuditRecord({ id: randomUUID(), at: now, operator, action, target, summary });
  await insertAuditRecords(client, topicNames(topicPrefix), [record]);
}

/** The account has this email already and the operator did not say to take it over (`--promote-existing`). */
export class ExistingAccountError extends Error {
  constructor(readonly userId: number) {
    super(
      `an account with this email exists (user id ${userId}); it is not promoted silently, as whoever registered it chose its password. ` +
        'To make it SUPERADMIN anyway, run again with --promote-existing: its password becomes the one given here, its second factor ' +
        'is removed (it enrols again) and all its sessions end.',
    );
  }
}

/**
 * Creates a SUPERADMIN. An account that already has the email is never promoted silently (it may
 * have been registered by anyone, with a password they chose): with `promoteExisting` it is
 * promoted and taken over (the operator's password replaces its own, its second factor is removed,
 * every session ends); without, ExistingAccountError.
 */
export async function createSuperadmin(
  pool: Pool,
  input: { email: string; password: string; fullName?: string; topicPrefix: string; now: Date; promoteExisting?: boolean },
): Promise<{ outcome: 'created' | 'promoted' | 'unchanged'; userId: number }> {
  const passwordHash = await hashPassword(input.password);
  const topics = topicNames(input.topicPrefix);
  return inTransaction(pool, async (client) => {
    const account = newAccount({ email: input.email, fullName: input.fullName ?? 'Super Admin', passwordHash, role: 'SUPERADMIN' });
    const created = await insertUser(client, account);
    if (created) {
      await insertUserEvents(client, topics, [userEventOf('user.registered', created, input.now)]);
      await recordOperatorAction(client, input.topicPrefix, input.now, 'user.create-superadmin', `user:${created.id}`, {
        role: 'SUPERADMIN',
      });
      return { outcome: 'created' as const, userId: created.id };
    }
    const existing = await findCredentialsByEmail(client, normalizeEmail(input.email));
    const locked = existing && (await lockUser(client, existing.id));
    if (!locked) throw new Error('the email is taken but no live account has it; retry');
    if (locked.role === 'SUPERADMIN') return { outcome: 'unchanged' as const, userId: locked.id };
    if (!input.promoteExisting) throw new ExistingAccountError(locked.id);
    const promotion = { type: 'user.change-role' as const, actor: operator, data: { userId: locked.id, role: 'SUPERADMIN' as const } };
    const decision = decideAccountCommand(promotion, { user: locked }, { now: input.now, newId: randomUUID });
    // A promotion removes no SUPERADMIN, so an operator's is never refused.
    if (!decision.ok) throw errorOf(decision);
    // Taken over: the operator's password, no second factor of the registrant's, no session of theirs.
    await setPasswordHash(client, locked.id, passwordHash);
    await clearSecondFactor(client, locked.id);
    await writeAccountChanges(client, [...decision.changes, { type: 'revoke-refresh-tokens', userId: locked.id }]);
    await insertUserEvents(client, topics, decision.events);
    await recordOperatorAction(client, input.topicPrefix, input.now, 'user.change-role', `user:${locked.id}`, {
      role: 'SUPERADMIN',
      previousRole: locked.role,
      passwordReplaced: true,
    });
    return { outcome: 'promoted' as const, userId: locked.id };
  });
}

/** Registers a platform client; the secret is returned once and only its SHA-256 is stored. */
export async function createPlatformClient(
  pool: Pool,
  name: string,
  options: { topicPrefix?: string; now?: Date; grants?: PlatformClientGrants } = {},
): Promise<{ clientId: string; clientSecret: string }> {
  const clientId = `pc_${randomBytes(9).toString('base64url')}`;
  const clientSecret = randomSecret('pcs_');
  const grants = options.grants ?? { treasuries: [], dailyRewardCap: null, cashout: false };
  await inTransaction(pool, async (client) => {
    await insertPlatformClient(client, { id: clientId, name, secretHash: sha256Hex(clientSecret), ...grants });
    // The name and the grants only: never the secret or its hash.
    await recordOperatorAction(
      client,
      options.topicPrefix ?? '',
      options.now ?? new Date(),
      'platform-client.create',
      `client:${clientId}`,
      {
        name,
        ...platformClientGrantsSummary(grants),
      },
    );
  });
  return { clientId, clientSecret };
}

/** A platform client as the operator CLI lists it (the API's view): never its secret or the secret's hash. */
export type PlatformClientInfo = PlatformClient;
const infoOf = platformClientOf;

export async function listClients(pool: Pool): Promise<PlatformClientInfo[]> {
  return (await listPlatformClients(pool)).map(infoOf);
}

/**
 * Revokes a platform client in the database, and every test client it made itself with it: it
 * gets no new SYSTEM token from then on, and the gateway refuses its tokens already issued as soon
 * as it asks the user service again. The caller (scripts/admin.ts) drops the gateway's cached
 * status of each (`testClients`: all the test clients it made) so that happens on the next request.
 * Null for an unknown id; `alreadyRevoked` when nothing changed.
 */
export async function revokePlatformClient(
  pool: Pool,
  input: { clientId: string; now: Date; topicPrefix?: string },
): Promise<{ client: PlatformClientInfo; alreadyRevoked: boolean; testClients: string[] } | null> {
  return inTransaction(pool, async (client) => {
    const result = await markRevoked(client, input.clientId, input.now);
    if (!result) return null;
    const children = result.testClientsRevoked;
    // Recorded when it changed something: a rerun (to retry the gateway's cache update) is no new action.
    if (result.revoked || children.length > 0) {
      await recordOperatorAction(client, input.topicPrefix ?? '', input.now, 'platform-client.revoke', `client:${input.clientId}`, {
        name: result.row.name,
        ...(children.length > 0 ? { testClientsRevoked: children.slice(0, 50), testClientsRevokedCount: children.length } : {}),
      });
    }
    return { client: infoOf(result.row), alreadyRevoked: !result.revoked, testClients: result.testClients };
  });
}

/**
 * A one-time password-reset code for a user (`npm run admin -- reset-password`; there is no mail
 * service): only its SHA-256 is stored, it expires after `ttlSeconds`, replaces any earlier code,
 * and the account's sessions end now (its credentials are in doubt). Null for an unknown user.
 */
export async function issuePasswordReset(
  pool: Pool,
  input: { userId: number; ttlSeconds: number; topicPrefix: string; now: Date },
): Promise<{ code: string; expiresAt: Date } | null> {
  const code = randomGroupedCode(5);
  const expiresAt = new Date(input.now.getTime() + input.ttlSeconds * 1000);
  return inTransaction(pool, async (client) => {
    const user = await lockUser(client, input.userId);
    if (!user) return null;
    await replaceResetCode(client, user.id, groupedCodeHash(code), expiresAt);
    await endSessionsAsOperator(client, user, input);
    await recordOperatorAction(client, input.topicPrefix, input.now, 'sessions.revoke', `user:${user.id}`, { passwordResetIssued: true });
    return { code, expiresAt };
  });
}

/**
 * Removes a user's second factor and recovery codes (`npm run admin -- reset-mfa`: the phone and
 * the recovery codes are lost) and ends their sessions; an admin then enrols again at the next
 * sign-in. Null for an unknown user.
 */
export async function resetSecondFactor(
  pool: Pool,
  input: { userId: number; topicPrefix: string; now: Date },
): Promise<{ tokenVersion: number } | null> {
  return inTransaction(pool, async (client) => {
    const user = await lockUser(client, input.userId);
    if (!user) return null;
    await clearSecondFactor(client, user.id);
    const tokenVersion = await endSessionsAsOperator(client, user, input);
    await recordOperatorAction(client, input.topicPrefix, input.now, 'sessions.revoke', `user:${user.id}`, { secondFactorReset: true });
    return { tokenVersion };
  });
}

async function endSessionsAsOperator(client: PoolClient, user: UserRow, input: { topicPrefix: string; now: Date }): Promise<number> {
  const revocation = { type: 'user.revoke-sessions' as const, actor: operator, data: { userId: user.id } };
  const decision = decideAccountCommand(revocation, { user }, { now: input.now, newId: randomUUID });
  if (!decision.ok) throw errorOf(decision);
  await writeAccountChanges(client, decision.changes);
  await insertUserEvents(client, topicNames(input.topicPrefix), decision.events);
  return decision.result.tokenVersion;
}

/** "Log out everywhere" for a user: new token version, every refresh token revoked. */
export async function revokeUserSessions(
  pool: Pool,
  input: { userId: number; topicPrefix: string; now: Date },
): Promise<{ tokenVersion: number } | null> {
  return inTransaction(pool, async (client) => {
    const user = await lockUser(client, input.userId);
    if (!user) return null;
    const tokenVersion = await endSessionsAsOperator(client, user, input);
    await recordOperatorAction(client, input.topicPrefix, input.now, 'sessions.revoke', `user:${input.userId}`);
    return { tokenVersion };
  });
}
