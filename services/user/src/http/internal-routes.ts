import { internalUser, loginAnswer, loginBody, sessionRequest, tokenPair, userIdParam, type Role, type TopicNames } from '@coin/contracts';
import { AppError } from '@coin/errors';
import type { App } from '@coin/http';
import type { Pool } from '@coin/db';
import { decoyPasswordHash, owaspScryptCost, randomSecret, type ScryptCost, sha256Hex, verifyPassword } from '@coin/security';
import { z } from 'zod';
import { takeUndeliveredNotices } from '../db/account-notices-repo';
import { hasSecondFactor, insertChallenge } from '../db/second-factor-repo';
import { consumeSessionGrant, createRefreshToken, newSessionOrigin, type SessionOrigin } from '../db/sessions-repo';
import { findCredentialsByEmail, findDeletionOf, findUserById } from '../db/users-repo';
import type { FailurePolicy } from '../domain/second-factor';
import type { SecretBox } from '../domain/secret-box';
import { signAccessToken, type SigningKeys, type TokenSettings } from '../domain/tokens';
import { normalizeEmail, toUser, type UserRow } from '../domain/users';
import { rehashIfWeaker } from './password-rehash';
import type { RevocationSignal } from './revocation-wait';

export interface SessionPolicy {
  refreshTokenTtlSeconds: number;
  /** Absolute session lifetime, by role: a session older than this is not refreshed. */
  maxAgeSeconds: { user: number; admin: number };
}

export interface InternalRouteDeps {
  pool: Pool;
  keys: SigningKeys;
  tokens: TokenSettings;
  /** How long the proof of an API key answered to a look-up is valid (API_KEY_PROOF_TTL_S). */
  apiKeyProofTtlSeconds: number;
  sessions: SessionPolicy;
  secondFactor: { box: SecretBox; failures: FailurePolicy; challengeTtlSeconds: number };
  topics: Pick<TopicNames, 'userEventsV2'>;
  now: () => Date;
  /** scrypt cost passwords are (re)hashed at (PASSWORD_SCRYPT_LOG2_N); default OWASP's minimum. */
  passwordHashCost?: ScryptCost;
  /** Writes the revocations committed so far into the ledger's partitions, before an answer that revoked (RevocationRelay). */
  revocations?: { flush(): Promise<void> };
  /**
   * What holds a GET /internal/revocations with nothing new until a revocation is committed
   * (RevocationSignal) and whether commits are heard now; without it, every read answers at once.
   */
  revocationWait?: { signal: RevocationSignal; heard: () => boolean };
}

const adminRoles: ReadonlySet<Role> = new Set(['ADMIN', 'SUPERADMIN']);

/** The absolute lifetime of a session of an account with this role (admins sign in again sooner). */
export function sessionMaxAgeSeconds(policy: SessionPolicy, role: Role): number {
  return adminRoles.has(role) ? policy.maxAgeSeconds.admin : policy.maxAgeSeconds.user;
}

export async function signSessionToken(deps: InternalRouteDeps, row: UserRow, mfaAt: Date | null): Promise<string> {
  return signAccessToken(
    deps.keys,
    deps.tokens,
    {
      subject: String(row.id),
      role: row.role,
      tokenVersion: row.token_version,
      mfaAt,
      verified: row.is_verified === true,
      roleSince: row.role_since,
    },
    deps.now().getTime(),
  );
}

/** A session's token pair: a new session (a login), or the next token of `origin` (a rotation). */
export async function issueSession(
  deps: InternalRouteDeps,
  row: UserRow,
  mfaAt: Date | null,
  origin?: SessionOrigin,
  db: Pool | undefined = deps.pool,
) {
  const session = origin ?? newSessionOrigin(deps.now(), mfaAt);
  const accessToken = await signSessionToken(deps, row, session.mfaAt);
  const { token: refreshToken } = await createRefreshToken(
    db,
    row.id,
    { ttlSeconds: deps.sessions.refreshTokenTtlSeconds, maxAgeSeconds: sessionMaxAgeSeconds(deps.sessions, row.role) },
    session,
  );
  return { user: toUser(row), accessToken, refreshToken, expiresIn: deps.tokens.ttlSeconds };
}

/**
 * The user service's internal API: reads, and the credential-bearing calls (login, refresh)
 * that must not pass through a retained Kafka topic. Reachable from the gateway only.
 */
export function registerInternalRoutes(app: App, deps: InternalRouteDeps): void {
  app.get('/.well-known/jwks.json', async () => deps.keys.jwks);

  app.post('/internal/auth/login', { schema: { body: loginBody, response: { 200: loginAnswer } } }, async (request) => {
    const row = await findCredentialsByEmail(deps.pool, normalizeEmail(request.body.email));
    // Verify against a decoy when the email is unknown, so timing does not reveal accounts.
    const passwordHashCost = deps.passwordHashCost ?? owaspScryptCost;
    const valid = await verifyPassword(request.body.password, row?.password_hash ?? (await decoyPasswordHash(passwordHashCost)));
    if (!row || !valid) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
    await rehashIfWeaker({ pool: deps.pool, passwordHashCost, log: request.log }, row, request.body.password);
    if (await hasSecondFactor(deps.pool, row.id)) {
      // No token yet: the password alone proves half. The challenge (hashed, one use) carries the
      // sign-in to POST /internal/auth/mfa/verify with a code.
      const challenge = randomSecret('mc_');
      const expiresAt = new Date(deps.now().getTime() + deps.secondFactor.challengeTtlSeconds * 1000);
      await insertChallenge(deps.pool, sha256Hex(challenge), row.id, expiresAt);
      return { mfaRequired: true as const, challenge, expiresIn: deps.secondFactor.challengeTtlSeconds };
    }
    // An admin without a second factor gets a password-only session: the gateway lets it enrol
    // and use the routes any user has, and refuses every admin route (MFA_REQUIRED).
    const session = await issueSession(deps, row, null);
    // What the owner must hear of (a registration attempt with their address), shown once.
    return { ...session, notices: await takeUndeliveredNotices(deps.pool, row.id, deps.now()) };
  });

  // Only the registration that just happened: its one-time grant, used up here, never a bare
  // user id (which would mint a session, a SUPERADMIN's included, for anyone who can call this).
  app.post('/internal/sessions', { schema: { body: sessionRequest, response: { 200: tokenPair } } }, async (request) => {
    const granted = await consumeSessionGrant(deps.pool, request.body.userId, request.body.grant);
    const row = granted ? await findUserById(deps.pool, request.body.userId) : null;
    if (!row) throw new AppError('UNAUTHENTICATED', 'The session grant is unknown, used or expired');
    return issueSession(deps, row, null);
  });

  app.get(
    '/internal/users/:id',
    { schema: { params: z.object({ id: userIdParam }), response: { 200: internalUser } } },
    async (request) => {
      const row = await findUserById(deps.pool, request.params.id);
      if (!row) throw new AppError('USER_NOT_FOUND', 'No such user');
      return { ...toUser(row), tokenVersion: row.token_version };
    },
  );

  // Whether an account is deleted, deleted or not (the route above hides deleted users): what the
  // ledger asks before it turns a user.deleted event into a wallet close (docs/DESIGN.md "Deleting
  // a user"), and the DLQ redrive before it sends a user event back. 404 for an id never issued.
  app.get(
    '/internal/users/:id/deletion',
    {
      schema: {
        params: z.object({ id: userIdParam }),
        response: { 200: z.object({ userId: z.number().int().positive(), deleted: z.boolean(), deletedAt: z.string().nullable() }) },
      },
    },
    async (request) => {
      const found = await findDeletionOf(deps.pool, request.params.id);
      if (!found) throw new AppError('USER_NOT_FOUND', 'No such user');
      return { userId: request.params.id, deleted: found.deletedAt !== null, deletedAt: found.deletedAt?.toISOString() ?? null };
    },
  );
}
